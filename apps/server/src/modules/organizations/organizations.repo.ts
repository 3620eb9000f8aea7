import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import { contains, countAll } from '../../db/sql-helpers.ts';
import type { OrganizationInvitationTable, OrganizationTable } from '../../db/tables/org.ts';
import type { DeviceScope } from '../devices/device-policy.ts';
import { scopeCondition } from '../devices/devices.repo.ts';

export type OrganizationRow = Selectable<OrganizationTable> & { creatorName: string };
export type InvitationRow = Selectable<OrganizationInvitationTable>;

/** The permission a role needs to manage an organization it is held in. */
export const MANAGE_KEY = 'organization.list:edit';

export interface MembershipRow {
  organizationId: number;
  organizationName: string;
  roleId: number | null;
  roleName: string | null;
  roleCode: string | null;
  /** The role grants organization.list:edit. */
  manages: boolean;
}

export interface InvitationView extends InvitationRow {
  organizationName: string;
  inviterName: string;
  roleName: string | null;
  roleCode: string | null;
  inviteeName: string | null;
}

/** Who an invitation may be meant for: an account, or its phone and e-mail. */
export interface InviteeKey {
  accountId: number;
  platformId: number;
  phone: string | null;
  email: string | null;
}

/** Organizations, members and invitations: every query of the organization pages. */
export class OrganizationsRepo {
  constructor(private readonly db: Db) {}

  private organizations() {
    return this.db
      .selectFrom('organization')
      .innerJoin('account', 'account.id', 'organization.creatorAccountId')
      .selectAll('organization')
      .select('account.userName as creatorName');
  }

  byIds(platformId: number, ids: readonly number[]): Promise<OrganizationRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.organizations()
      .where('organization.platformId', '=', platformId)
      .where('organization.id', 'in', ids)
      .execute();
  }

  createdBy(platformId: number, accountId: number): Promise<OrganizationRow[]> {
    return this.organizations()
      .where('organization.platformId', '=', platformId)
      .where('organization.creatorAccountId', '=', accountId)
      .execute();
  }

  childrenOf(platformId: number, parentIds: readonly number[]): Promise<OrganizationRow[]> {
    if (parentIds.length === 0) return Promise.resolve([]);
    return this.organizations()
      .where('organization.platformId', '=', platformId)
      .where('organization.parentId', 'in', parentIds)
      .execute();
  }

  /** The organizations an account is a member of, by name, with the role held and whether it manages. */
  async memberships(platformId: number, accountId: number): Promise<MembershipRow[]> {
    const rows = await this.db
      .selectFrom('organizationMember')
      .innerJoin('organization', 'organization.id', 'organizationMember.organizationId')
      .leftJoin('role', 'role.id', 'organizationMember.roleId')
      .where('organization.platformId', '=', platformId)
      .where('organizationMember.accountId', '=', accountId)
      .select((eb) => [
        'organizationMember.organizationId',
        'organization.name as organizationName',
        'organizationMember.roleId',
        'role.roleName',
        'role.code as roleCode',
        eb
          .exists(
            eb
              .selectFrom('rolePermission')
              .select('rolePermission.roleId')
              .whereRef('rolePermission.roleId', '=', 'organizationMember.roleId')
              .where('rolePermission.permissionKey', '=', MANAGE_KEY),
          )
          .as('manages'),
      ])
      .orderBy('organization.name')
      .orderBy('organization.id')
      .execute();
    return rows.map((r) => ({ ...r, manages: Boolean(r.manages) }));
  }

  async insert(
    row: Insertable<OrganizationTable>,
    creatorRoleId: number | null,
  ): Promise<Selectable<OrganizationTable>> {
    return this.db.transaction().execute(async (trx) => {
      const created = await trx
        .insertInto('organization')
        .values(row)
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('organizationMember')
        .values({
          organizationId: created.id,
          accountId: row.creatorAccountId,
          roleId: creatorRoleId,
          permissionModelId: null,
          createdAt: row.createdAt,
        })
        .execute();
      return created;
    });
  }

  async rename(id: number, name: string, now: string): Promise<void> {
    await this.db.updateTable('organization').set({ name, updatedAt: now }).where('id', '=', id).execute();
  }

  async setCreator(id: number, accountId: number, now: string): Promise<void> {
    await this.db
      .updateTable('organization')
      .set({ creatorAccountId: accountId, updatedAt: now })
      .where('id', '=', id)
      .execute();
  }

  async hasChildren(id: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('organization')
      .select('id')
      .where('parentId', '=', id)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Deletes an organization; its devices and assets stay with their owners, outside any organization. */
  async delete(id: number, now: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('device')
        .set({ organizationId: null, updatedAt: now })
        .where('organizationId', '=', id)
        .execute();
      await trx
        .updateTable('asset')
        .set({ organizationId: null, updatedAt: now })
        .where('organizationId', '=', id)
        .execute();
      await trx.deleteFrom('organizationInvitation').where('organizationId', '=', id).execute();
      await trx.deleteFrom('organizationMember').where('organizationId', '=', id).execute();
      await trx.deleteFrom('organization').where('id', '=', id).execute();
    });
  }

  /** Member counts per organization. */
  async memberCounts(ids: readonly number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('organizationMember')
      .where('organizationId', 'in', ids)
      .groupBy('organizationId')
      .select(['organizationId', countAll().as('n')])
      .execute();
    return new Map(rows.map((r) => [r.organizationId, Number(r.n)]));
  }

  /** Devices per organization among those of a scope. */
  async deviceCounts(scope: DeviceScope, ids: readonly number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('device')
      .where('device.deletedFlag', '=', 0)
      .where(scopeCondition(scope))
      .where('device.organizationId', 'in', ids)
      .groupBy('device.organizationId')
      .select(['device.organizationId', countAll().as('n')])
      .execute();
    return new Map(rows.map((r) => [r.organizationId as number, Number(r.n)]));
  }

  // ---- members

  member(organizationId: number, accountId: number) {
    return this.db
      .selectFrom('organizationMember')
      .selectAll()
      .where('organizationId', '=', organizationId)
      .where('accountId', '=', accountId)
      .executeTakeFirst();
  }

  async memberPage(
    organizationId: number,
    q: { start: number; pageSize: number; keyword?: string | undefined },
  ) {
    let query = this.db
      .selectFrom('organizationMember')
      .innerJoin('account', 'account.id', 'organizationMember.accountId')
      .leftJoin('role', 'role.id', 'organizationMember.roleId')
      .where('organizationMember.organizationId', '=', organizationId)
      .where('account.deletedFlag', '=', 0);
    if (q.keyword) {
      const k = q.keyword;
      query = query.where((eb) => eb.or([contains('account.userName', k), contains('account.realName', k)]));
    }
    const total = await query.select(countAll().as('n')).executeTakeFirstOrThrow();
    const rows = await query
      .select([
        'organizationMember.organizationId',
        'organizationMember.accountId',
        'organizationMember.roleId',
        'organizationMember.permissionModelId',
        'organizationMember.createdAt',
        'account.userName',
        'account.realName',
        'account.phone',
        'account.email',
        'role.roleName',
        'role.code as roleCode',
      ])
      .orderBy('organizationMember.createdAt')
      .orderBy('organizationMember.accountId')
      .limit(q.pageSize)
      .offset((q.start - 1) * q.pageSize)
      .execute();
    return { rows, totalCount: Number(total.n) };
  }

  async removeMember(organizationId: number, accountId: number): Promise<void> {
    await this.db
      .deleteFrom('organizationMember')
      .where('organizationId', '=', organizationId)
      .where('accountId', '=', accountId)
      .execute();
  }

  async updateMember(
    organizationId: number,
    accountId: number,
    changes: { roleId?: number; permissionModelId?: number | null },
  ): Promise<void> {
    if (Object.keys(changes).length === 0) return;
    await this.db
      .updateTable('organizationMember')
      .set(changes)
      .where('organizationId', '=', organizationId)
      .where('accountId', '=', accountId)
      .execute();
  }

  /** Moves a membership to another organization, keeping or changing its role and template. */
  async moveMember(
    from: number,
    to: number,
    accountId: number,
    grant: { roleId: number | null; permissionModelId: number | null },
    now: string,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('organizationMember')
        .where('organizationId', '=', from)
        .where('accountId', '=', accountId)
        .execute();
      await trx
        .insertInto('organizationMember')
        .values({ organizationId: to, accountId, ...grant, createdAt: now })
        .execute();
    });
  }

  // ---- roles

  /** Roles an organization member may hold: the organization system roles and the platform's own. */
  assignableRoles(platformId: number, systemCodes: readonly string[]) {
    return this.db
      .selectFrom('role')
      .select(['id', 'code', 'roleName', 'roleType'])
      .where((eb) =>
        eb.or([
          eb.and([eb('roleType', '=', 'system'), eb('code', 'in', systemCodes)]),
          eb.and([eb('roleType', '<>', 'system'), eb('platformId', '=', platformId)]),
        ]),
      )
      .orderBy('id')
      .execute();
  }

  roleIdByCode(code: string): Promise<number | null> {
    return this.db
      .selectFrom('role')
      .select('id')
      .where('code', '=', code)
      .executeTakeFirst()
      .then((r) => r?.id ?? null);
  }

  // ---- invitations

  private invitationViews() {
    return this.db
      .selectFrom('organizationInvitation')
      .innerJoin('organization', 'organization.id', 'organizationInvitation.organizationId')
      .innerJoin('account as inviter', 'inviter.id', 'organizationInvitation.inviterAccountId')
      .leftJoin('account as invitee', 'invitee.id', 'organizationInvitation.inviteeAccountId')
      .leftJoin('role', 'role.id', 'organizationInvitation.roleId')
      .selectAll('organizationInvitation')
      .select([
        'organization.name as organizationName',
        'inviter.userName as inviterName',
        'invitee.userName as inviteeName',
        'role.roleName',
        'role.code as roleCode',
      ]);
  }

  insertInvitation(row: Insertable<OrganizationInvitationTable>): Promise<InvitationRow> {
    return this.db.insertInto('organizationInvitation').values(row).returningAll().executeTakeFirstOrThrow();
  }

  /** A pending invitation of an organization to the same account or contact. */
  pendingFor(organizationId: number, accountId: number | null, contact: string | null) {
    return this.db
      .selectFrom('organizationInvitation')
      .select('id')
      .where('organizationId', '=', organizationId)
      .where('state', '=', 'pending')
      .where((eb) => {
        const alternatives = [];
        if (accountId !== null) alternatives.push(eb('inviteeAccountId', '=', accountId));
        if (contact !== null) alternatives.push(eb('contact', '=', contact));
        return eb.or(alternatives);
      })
      .executeTakeFirst();
  }

  pendingOfOrganization(organizationId: number): Promise<InvitationView[]> {
    return this.invitationViews()
      .where('organizationInvitation.organizationId', '=', organizationId)
      .where('organizationInvitation.state', '=', 'pending')
      .orderBy('organizationInvitation.id', 'desc')
      .execute();
  }

  invitation(id: number): Promise<InvitationView | undefined> {
    return this.invitationViews().where('organizationInvitation.id', '=', id).executeTakeFirst();
  }

  /**
   * Pending invitations meant for an account: to it by id, or to its phone or e-mail (also those
   * sent before it registered).
   */
  pendingForInvitee(key: InviteeKey, id?: number): Promise<InvitationView[]> {
    let query = this.invitationViews()
      .where('organizationInvitation.platformId', '=', key.platformId)
      .where('organizationInvitation.state', '=', 'pending')
      .where((eb) => {
        const alternatives = [eb('organizationInvitation.inviteeAccountId', '=', key.accountId)];
        if (key.phone)
          alternatives.push(
            eb.and([
              eb('organizationInvitation.channel', '=', 'phone'),
              eb('organizationInvitation.contact', '=', key.phone),
            ]),
          );
        if (key.email)
          alternatives.push(
            eb.and([
              eb('organizationInvitation.channel', '=', 'email'),
              eb('organizationInvitation.contact', '=', key.email.toLowerCase()),
            ]),
          );
        return eb.or(alternatives);
      });
    if (id !== undefined) query = query.where('organizationInvitation.id', '=', id);
    return query.orderBy('organizationInvitation.id', 'desc').execute();
  }

  /** Accepts an invitation: the member row and the answered invitation, together. */
  async accept(invitation: InvitationRow, accountId: number, now: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const answered = await trx
        .updateTable('organizationInvitation')
        .set({ state: 'accepted', inviteeAccountId: accountId, respondedAt: now })
        .where('id', '=', invitation.id)
        .where('state', '=', 'pending')
        .executeTakeFirst();
      if (Number(answered.numUpdatedRows) === 0) return;
      const existing = await trx
        .selectFrom('organizationMember')
        .select('accountId')
        .where('organizationId', '=', invitation.organizationId)
        .where('accountId', '=', accountId)
        .executeTakeFirst();
      if (existing) return;
      await trx
        .insertInto('organizationMember')
        .values({
          organizationId: invitation.organizationId,
          accountId,
          roleId: invitation.roleId,
          permissionModelId: invitation.permissionModelId,
          createdAt: now,
        })
        .execute();
    });
  }

  async answer(id: number, state: 'declined' | 'cancelled', now: string, accountId?: number): Promise<void> {
    await this.db
      .updateTable('organizationInvitation')
      .set({ state, respondedAt: now, ...(accountId !== undefined ? { inviteeAccountId: accountId } : {}) })
      .where('id', '=', id)
      .where('state', '=', 'pending')
      .execute();
  }

  // ---- devices

  /** Devices of an organization among those of a scope, by id, newest first. */
  async devicePage(
    scope: DeviceScope,
    organizationId: number,
    q: { start: number; pageSize: number; deviceName?: string | undefined },
  ) {
    let query = this.db
      .selectFrom('device')
      .where('device.deletedFlag', '=', 0)
      .where(scopeCondition(scope))
      .where('device.organizationId', '=', organizationId);
    if (q.deviceName) query = query.where(contains('device.deviceName', q.deviceName));
    const total = await query.select(countAll().as('n')).executeTakeFirstOrThrow();
    const ids = await query
      .select('device.id')
      .orderBy('device.id', 'desc')
      .limit(q.pageSize)
      .offset((q.start - 1) * q.pageSize)
      .execute();
    return { ids: ids.map((r) => r.id), totalCount: Number(total.n) };
  }

  async setDeviceOrganization(deviceIds: readonly number[], organizationId: number | null, now: string) {
    await this.db
      .updateTable('device')
      .set({ organizationId, updatedAt: now })
      .where('id', 'in', deviceIds)
      .execute();
  }
}
