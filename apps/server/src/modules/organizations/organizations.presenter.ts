import type { Invitation, Member, Organization, OrganizationNode } from '@coldchain/shared';
import type { Translate } from '../../i18n/i18n.ts';
import { withRoleName } from '../roles/role-names.ts';
import type { InvitationView } from './organizations.repo.ts';
import type { OrganizationAccess } from './organizations.service.ts';

/** Keeps the first three and last four digits of a phone number. */
export function maskPhone(phone: string | null): string | null {
  if (!phone) return null;
  return phone.length <= 7 ? `${phone.slice(0, 1)}***` : `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}

/** Keeps the first character of the local part and the domain of an e-mail address. */
export function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const at = email.indexOf('@');
  return at <= 0 ? '***' : `${email.slice(0, 1)}***${email.slice(at)}`;
}

/** Role names (the caller's own role, members', invitations') are in the reader's language. */
export function presentOrganization(
  t: Translate,
  access: OrganizationAccess,
  counts: { members: Map<number, number>; devices: Map<number, number> },
): Organization {
  const { org } = access;
  const membership = access.membership && withRoleName(t, access.membership);
  return {
    id: org.id,
    name: org.name,
    parentId: org.parentId,
    creatorAccountId: org.creatorAccountId,
    creatorName: org.creatorName,
    isCreator: access.isCreator,
    canManage: access.canManage,
    myRole:
      membership?.roleId != null
        ? { roleId: membership.roleId, roleName: membership.roleName ?? '', code: membership.roleCode ?? '' }
        : null,
    memberCount: counts.members.get(org.id) ?? 0,
    deviceCount: counts.devices.get(org.id) ?? 0,
    createdAt: org.createdAt,
  };
}

/**
 * The visible organizations as a tree: an organization whose parent the caller cannot see is shown
 * as a root. Siblings sorted by name.
 */
export function presentTree(
  t: Translate,
  visible: Map<number, OrganizationAccess>,
  counts: { members: Map<number, number>; devices: Map<number, number> },
): OrganizationNode[] {
  const nodes = new Map<number, OrganizationNode>();
  for (const access of visible.values())
    nodes.set(access.org.id, { ...presentOrganization(t, access, counts), children: [] });
  const roots: OrganizationNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId !== null ? nodes.get(node.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  const sort = (list: OrganizationNode[]) => {
    list.sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
    for (const n of list) sort(n.children);
  };
  sort(roots);
  return roots;
}

export function presentMember(
  t: Translate,
  row: {
    organizationId: number;
    accountId: number;
    roleId: number | null;
    permissionModelId: number | null;
    createdAt: string;
    userName: string;
    realName: string | null;
    phone: string | null;
    email: string | null;
    roleName: string | null;
    roleCode: string | null;
  },
  creatorAccountId: number,
): Member {
  return {
    organizationId: row.organizationId,
    accountId: row.accountId,
    userName: row.userName,
    realName: row.realName,
    phone: maskPhone(row.phone),
    email: maskEmail(row.email),
    roleId: row.roleId,
    roleName: withRoleName(t, row).roleName,
    permissionModelId: row.permissionModelId,
    isCreator: row.accountId === creatorAccountId,
    createdAt: row.createdAt,
  };
}

/** For the inviter the contact is masked; for the invitee it names the organization's inviter only. */
export function presentInvitation(t: Translate, row: InvitationView): Invitation {
  const contact =
    row.channel === 'phone'
      ? maskPhone(row.contact)
      : row.channel === 'email'
        ? maskEmail(row.contact)
        : row.inviteeName;
  return {
    id: row.id,
    organizationId: row.organizationId,
    organizationName: row.organizationName,
    inviterName: row.inviterName,
    channel: row.channel,
    contact: contact ?? '',
    registered: row.inviteeAccountId !== null,
    roleId: row.roleId,
    roleName: withRoleName(t, row).roleName,
    state: row.state as Invitation['state'],
    createdAt: row.createdAt,
  };
}
