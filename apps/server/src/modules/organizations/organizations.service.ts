import {
  type DeviceBinding,
  type Invite,
  type MemberPageRequest,
  ORGANIZATION_DEPTH_MAX,
  type OrganizationAddUser,
  type OrganizationInsert,
  type OrganizationTransfer,
  type OrganizationUpdate,
  type OwnedDevicePageRequest,
  type UpdateAccountOrganizationRel,
  type UpdateRoleInOrganization,
} from '@coldchain/shared';
import type { AppContext } from '../../context.ts';
import { AppError, fieldError } from '../../errors.ts';
import { translate } from '../../i18n/i18n.ts';
import type { AuthState } from '../../types.d.ts';
import { AccountsRepo } from '../accounts/accounts.repo.ts';
import { accountByContact, type Contact, contactOf } from '../accounts/contacts.ts';
import { type DeviceCaller, visibleDevices } from '../devices/device-policy.ts';
import type { DevicesRepo } from '../devices/devices.repo.ts';
import { PermissionModelsRepo } from '../permission-models/permission-models.repo.ts';
import { authorizedDevices, devicePageOf } from './org-devices.ts';
import type {
  InvitationView,
  MembershipRow,
  OrganizationRow,
  OrganizationsRepo,
} from './organizations.repo.ts';

/** The system roles an organization member may hold; the creator holds the first. */
export const ORG_ADMIN_ROLE = 'enterpriseAdmin';
export const ORG_MEMBER_ROLE = 'organizationMember';
const ORG_SYSTEM_ROLES = [ORG_ADMIN_ROLE, ORG_MEMBER_ROLE] as const;

/** An organization as one caller sees it. */
export interface OrganizationAccess {
  org: OrganizationRow;
  isCreator: boolean;
  membership: MembershipRow | null;
  /** Creator of it or of an organization above it, or holding a managing role in one of them. */
  canManage: boolean;
}

/** What an invitation or organization call needs to know of the caller. */
export type OrgCaller = DeviceCaller & { locale: AuthLocale };
type AuthLocale = Parameters<typeof translate>[0];

/**
 * Organizations (002 §3, §6): a tree of organizations per platform; members hold a role per
 * organization; invitations wait for the invitee's acceptance. Who sees an organization: its
 * creator, its members and whoever manages an organization above it; another account's organization
 * answers "not found" like a missing one.
 */
export class OrganizationsService {
  private readonly accounts: AccountsRepo;
  private readonly templates: PermissionModelsRepo;

  constructor(
    private readonly ctx: AppContext,
    private readonly repo: OrganizationsRepo,
    private readonly devices: DevicesRepo,
  ) {
    this.accounts = new AccountsRepo(ctx.db);
    this.templates = new PermissionModelsRepo(ctx.db);
  }

  private now(): string {
    return this.ctx.clock.now().toISOString();
  }

  /**
   * Every organization the caller may see, with its access: those it created or is a member of, and
   * everything below those it manages.
   */
  async visible(caller: DeviceCaller): Promise<Map<number, OrganizationAccess>> {
    const { platformId, accountId } = caller;
    const [created, memberships] = await Promise.all([
      this.repo.createdBy(platformId, accountId),
      this.repo.memberships(platformId, accountId),
    ]);
    const byMembership = new Map(memberships.map((m) => [m.organizationId, m]));
    const joined = await this.repo.byIds(
      platformId,
      memberships.map((m) => m.organizationId),
    );
    const all = new Map<number, OrganizationRow>();
    for (const org of [...created, ...joined]) all.set(org.id, org);
    const managed = new Set<number>([
      ...created.map((o) => o.id),
      ...memberships.filter((m) => m.manages).map((m) => m.organizationId),
    ]);
    // Management reaches down the tree; the tree is at most ORGANIZATION_DEPTH_MAX levels deep.
    let frontier = [...managed];
    for (let level = 0; level < ORGANIZATION_DEPTH_MAX && frontier.length; level += 1) {
      const children = await this.repo.childrenOf(platformId, frontier);
      frontier = children.filter((c) => !managed.has(c.id)).map((c) => c.id);
      for (const child of children) {
        all.set(child.id, child);
        managed.add(child.id);
      }
    }
    const result = new Map<number, OrganizationAccess>();
    for (const org of all.values()) {
      result.set(org.id, {
        org,
        isCreator: org.creatorAccountId === accountId,
        membership: byMembership.get(org.id) ?? null,
        canManage: managed.has(org.id),
      });
    }
    return result;
  }

  /** One organization the caller may see, or "not found". */
  async access(caller: DeviceCaller, id: number): Promise<OrganizationAccess> {
    const found = (await this.visible(caller)).get(id);
    if (!found) throw new AppError('notFound', { entity: 'entities.organization' });
    return found;
  }

  /**
   * One organization the caller manages: not visible answers "not found"; visible but not managed
   * answers a business error, not 403, because the console ends the session on 403.
   */
  async managed(caller: DeviceCaller, id: number): Promise<OrganizationAccess> {
    const found = await this.access(caller, id);
    if (!found.canManage) throw new AppError('organizationManageDenied');
    return found;
  }

  /** Counts shown with each organization: members, and devices the caller can see. */
  async counts(caller: DeviceCaller, ids: readonly number[]) {
    const [members, devices] = await Promise.all([
      this.repo.memberCounts(ids),
      this.repo.deviceCounts(visibleDevices(caller, 'console'), ids),
    ]);
    return { members, devices };
  }

  /** Depth of an organization: 1 for a root. */
  private async depthOf(platformId: number, org: OrganizationRow): Promise<number> {
    let depth = 1;
    let parentId = org.parentId;
    while (parentId !== null && depth <= ORGANIZATION_DEPTH_MAX) {
      const [parent] = await this.repo.byIds(platformId, [parentId]);
      if (!parent) break;
      depth += 1;
      parentId = parent.parentId;
    }
    return depth;
  }

  async insert(caller: DeviceCaller, input: OrganizationInsert) {
    let parentId: number | null = null;
    if (input.parentId) {
      const parent = await this.managed(caller, input.parentId);
      if ((await this.depthOf(caller.platformId, parent.org)) >= ORGANIZATION_DEPTH_MAX)
        throw new AppError('organizationDepth', { max: ORGANIZATION_DEPTH_MAX });
      parentId = parent.org.id;
    }
    const now = this.now();
    return this.repo.insert(
      {
        platformId: caller.platformId,
        name: input.name,
        parentId,
        creatorAccountId: caller.accountId,
        createdAt: now,
        updatedAt: now,
      },
      await this.repo.roleIdByCode(ORG_ADMIN_ROLE),
    );
  }

  async update(caller: DeviceCaller, input: OrganizationUpdate) {
    const { org } = await this.managed(caller, input.id);
    await this.repo.rename(org.id, input.name, this.now());
    return { before: { name: org.name }, after: { name: input.name } };
  }

  /** Only the creator deletes an organization, and only one without sub-organizations. */
  async delete(caller: DeviceCaller, id: number) {
    const found = await this.access(caller, id);
    if (!found.isCreator) throw new AppError('organizationCreatorOnly');
    if (await this.repo.hasChildren(id)) throw new AppError('organizationHasChildren');
    await this.repo.delete(id, this.now());
    return found.org;
  }

  /** Only the creator hands the organization identity on, and only to a member (002 §6). */
  async transfer(caller: DeviceCaller, input: OrganizationTransfer) {
    const found = await this.access(caller, input.id);
    if (!found.isCreator) throw new AppError('organizationCreatorOnly');
    if (input.accountId === caller.accountId) throw fieldError('accountId', 'rules.nothingToChange');
    const member = await this.repo.member(input.id, input.accountId);
    if (!member) throw new AppError('transferTargetNotMember');
    await this.repo.setCreator(input.id, input.accountId, this.now());
    return { before: { creatorAccountId: caller.accountId }, after: { creatorAccountId: input.accountId } };
  }

  // ---- roles and members

  assignableRoles(caller: DeviceCaller) {
    return this.repo.assignableRoles(caller.platformId, ORG_SYSTEM_ROLES);
  }

  /** The role asked for, or the plain member role; one the organization may not hold is refused. */
  private async roleFor(caller: DeviceCaller, roleId: number | undefined): Promise<number | null> {
    if (roleId === undefined) return this.repo.roleIdByCode(ORG_MEMBER_ROLE);
    const roles = await this.assignableRoles(caller);
    if (!roles.some((r) => r.id === roleId)) throw fieldError('roleId', 'rules.unknownReference');
    return roleId;
  }

  /** A permission template for a member must be one of the caller's own templates. */
  private async templateFor(caller: DeviceCaller, id: number | null | undefined): Promise<number | null> {
    if (id === undefined || id === null) return null;
    if (!(await this.templates.owned(caller.accountId, id)))
      throw fieldError('permissionModelId', 'rules.unknownReference');
    return id;
  }

  async memberPage(caller: DeviceCaller, q: MemberPageRequest) {
    const { org } = await this.access(caller, q.organizationId);
    const page = await this.repo.memberPage(org.id, q);
    return { ...page, creatorAccountId: org.creatorAccountId };
  }

  /**
   * Invites by phone or e-mail. A registered holder of the contact gets an invitation to accept; an
   * unregistered person gets a message inviting them to register, and the invitation waits for the
   * account that registers with that contact.
   */
  async invite(caller: OrgCaller, input: Invite) {
    const { org } = await this.managed(caller, input.organizationId);
    const contact = contactOf(input);
    const roleId = await this.roleFor(caller, input.roleId);
    const account = await accountByContact(this.accounts, caller.platformId, contact);
    if (account) await this.assertInvitable(org.id, caller, account.id);
    if (await this.repo.pendingFor(org.id, account?.id ?? null, contact.target))
      throw new AppError('invitationPending');
    const invitation = await this.insertInvitation(caller, org.id, input, {
      channel: contact.channel,
      contact: contact.target,
      inviteeAccountId: account?.id ?? null,
      roleId,
    });
    const notified = await this.notify(caller, org.name, contact, account !== undefined);
    return { invitation, registered: account !== undefined, notified };
  }

  /** Invites an account found through the lookups (by phone, e-mail or name); it accepts like any other. */
  async addUser(caller: OrgCaller, input: OrganizationAddUser) {
    const { org } = await this.managed(caller, input.organizationId);
    const account = await this.accounts.byId(input.accountId);
    if (!account || account.deletedFlag === 1 || account.platformId !== caller.platformId)
      throw new AppError('notFound', { entity: 'entities.account' });
    await this.assertInvitable(org.id, caller, account.id);
    const roleId = await this.roleFor(caller, input.roleId);
    if (await this.repo.pendingFor(org.id, account.id, null)) throw new AppError('invitationPending');
    const invitation = await this.insertInvitation(caller, org.id, input, {
      channel: 'account',
      contact: null,
      inviteeAccountId: account.id,
      roleId,
    });
    const reach: Contact | null = account.email
      ? { channel: 'email', target: account.email }
      : account.phone
        ? { channel: 'phone', target: account.phone }
        : null;
    const notified = reach ? await this.notify(caller, org.name, reach, true) : false;
    return { invitation, registered: true, notified };
  }

  /** A pending invitation from the caller, with the template it grants checked to be the caller's. */
  private async insertInvitation(
    caller: DeviceCaller,
    organizationId: number,
    input: { permissionModelId?: number | null | undefined },
    invitee: {
      channel: string;
      contact: string | null;
      inviteeAccountId: number | null;
      roleId: number | null;
    },
  ) {
    return this.repo.insertInvitation({
      platformId: caller.platformId,
      organizationId,
      inviterAccountId: caller.accountId,
      ...invitee,
      permissionModelId: await this.templateFor(caller, input.permissionModelId),
      state: 'pending',
      createdAt: this.now(),
      respondedAt: null,
    });
  }

  private async assertInvitable(organizationId: number, caller: DeviceCaller, accountId: number) {
    if (accountId === caller.accountId) throw new AppError('selfInvite');
    if (await this.repo.member(organizationId, accountId)) throw new AppError('alreadyMember');
  }

  /**
   * Tells the invitee by e-mail or SMS. The invitation stands when the message cannot be sent (the
   * invitee still finds it after signing in); the answer says whether it went out.
   */
  private async notify(caller: OrgCaller, organization: string, contact: Contact, registered: boolean) {
    const t = (key: string, params: Record<string, string>) => translate(caller.locale, key, params);
    const params = {
      inviter: caller.userName,
      organization,
      url: this.ctx.config.publicUrl ?? '',
    };
    try {
      if (contact.channel === 'phone') {
        await this.ctx.sms.send(
          contact.target,
          t(registered ? 'sms.orgInvite' : 'sms.orgInviteRegister', params),
        );
      } else {
        await this.ctx.mailer.send({
          to: contact.target,
          subject: t('mail.orgInviteSubject', params),
          text: t(registered ? 'mail.orgInviteBody' : 'mail.orgInviteRegisterBody', params),
        });
      }
      return true;
    } catch {
      return false;
    }
  }

  /** Pending invitations of an organization, for those who manage it. */
  async invitationsOf(caller: DeviceCaller, organizationId: number) {
    const { org } = await this.managed(caller, organizationId);
    return this.repo.pendingOfOrganization(org.id);
  }

  async cancelInvitation(caller: DeviceCaller, id: number) {
    const invitation = await this.repo.invitation(id);
    const visible = invitation ? (await this.visible(caller)).get(invitation.organizationId) : undefined;
    if (!invitation || !visible || invitation.state !== 'pending')
      throw new AppError('notFound', { entity: 'entities.invitation' });
    if (!visible.canManage) throw new AppError('organizationManageDenied');
    await this.repo.answer(id, 'cancelled', this.now());
    return invitation;
  }

  /** Invitations waiting for the signed-in account (also those sent to its phone or e-mail). */
  myInvitations(auth: AuthState): Promise<InvitationView[]> {
    const { account } = auth;
    return this.repo.pendingForInvitee({
      accountId: account.id,
      platformId: account.platformId,
      phone: account.phone,
      email: account.email,
    });
  }

  private async mine(auth: AuthState, id: number): Promise<InvitationView> {
    const [invitation] = await this.repo.pendingForInvitee(
      {
        accountId: auth.account.id,
        platformId: auth.account.platformId,
        phone: auth.account.phone,
        email: auth.account.email,
      },
      id,
    );
    if (!invitation) throw new AppError('notFound', { entity: 'entities.invitation' });
    return invitation;
  }

  async accept(auth: AuthState, id: number) {
    const invitation = await this.mine(auth, id);
    await this.repo.accept(invitation, auth.account.id, this.now());
    return invitation;
  }

  async decline(auth: AuthState, id: number) {
    const invitation = await this.mine(auth, id);
    await this.repo.answer(invitation.id, 'declined', this.now(), auth.account.id);
    return invitation;
  }

  /** Removes a member; a member may also leave. The creator stays until the organization is transferred. */
  async removeMember(caller: DeviceCaller, organizationId: number, accountId: number) {
    const found = await this.access(caller, organizationId);
    if (accountId !== caller.accountId && !found.canManage) throw new AppError('organizationManageDenied');
    const member = await this.repo.member(organizationId, accountId);
    if (!member) throw new AppError('notFound', { entity: 'entities.member' });
    if (found.org.creatorAccountId === accountId) throw new AppError('cannotRemoveCreator');
    await this.repo.removeMember(organizationId, accountId);
    return member;
  }

  private async managedMember(caller: DeviceCaller, organizationId: number, accountId: number) {
    const found = await this.managed(caller, organizationId);
    const member = await this.repo.member(organizationId, accountId);
    if (!member) throw new AppError('notFound', { entity: 'entities.member' });
    return { found, member };
  }

  async updateRole(caller: DeviceCaller, input: UpdateRoleInOrganization) {
    const { member } = await this.managedMember(caller, input.organizationId, input.accountId);
    const roleId = await this.roleFor(caller, input.roleId);
    await this.repo.updateMember(input.organizationId, input.accountId, { roleId: roleId ?? input.roleId });
    return { before: { roleId: member.roleId }, after: { roleId } };
  }

  /**
   * Changes a member's relation: another organization the caller also manages, another role, another
   * permission template.
   */
  async updateRelation(caller: DeviceCaller, input: UpdateAccountOrganizationRel) {
    const { found, member } = await this.managedMember(caller, input.organizationId, input.accountId);
    const roleId = input.roleId === undefined ? member.roleId : await this.roleFor(caller, input.roleId);
    const permissionModelId =
      input.permissionModelId === undefined
        ? member.permissionModelId
        : await this.templateFor(caller, input.permissionModelId);
    const target = input.targetOrganizationId;
    if (target !== undefined && target !== input.organizationId) {
      if (found.org.creatorAccountId === input.accountId) throw new AppError('cannotRemoveCreator');
      await this.managed(caller, target);
      if (await this.repo.member(target, input.accountId)) throw new AppError('alreadyMember');
      await this.repo.moveMember(
        input.organizationId,
        target,
        input.accountId,
        { roleId, permissionModelId },
        this.now(),
      );
    } else {
      await this.repo.updateMember(input.organizationId, input.accountId, {
        ...(roleId !== null ? { roleId } : {}),
        permissionModelId,
      });
    }
    return {
      before: {
        organizationId: member.organizationId,
        roleId: member.roleId,
        permissionModelId: member.permissionModelId,
      },
      after: { organizationId: target ?? input.organizationId, roleId, permissionModelId },
    };
  }

  // ---- devices

  async devicePage(caller: DeviceCaller, q: OwnedDevicePageRequest) {
    const { org } = await this.access(caller, q.id);
    const { ids, totalCount } = await this.repo.devicePage(visibleDevices(caller, 'console'), org.id, q);
    return devicePageOf(this.devices, this.ctx.clock, caller, ids, q.start, totalCount);
  }

  /** Puts devices the caller may edit into an organization it manages (a device belongs to one). */
  async bindDevices(caller: DeviceCaller, input: DeviceBinding) {
    const { org } = await this.managed(caller, input.id);
    const devices = await authorizedDevices(this.devices, caller, input.deviceIds, 'edit');
    await this.repo.setDeviceOrganization(
      devices.map((d) => d.id),
      org.id,
      this.now(),
    );
    return devices.map((d) => d.id);
  }

  async unbindDevices(caller: DeviceCaller, input: DeviceBinding) {
    const { org } = await this.managed(caller, input.id);
    const devices = await authorizedDevices(this.devices, caller, input.deviceIds, 'edit');
    const ours = devices.filter((d) => d.organizationId === org.id).map((d) => d.id);
    if (ours.length) await this.repo.setDeviceOrganization(ours, null, this.now());
    return ours;
  }
}
