import type { RoleRow as RoleAnswer, RoleDetail, RolePick } from '@coldchain/shared';
import type { Translate } from '../../i18n/i18n.ts';
import { roleDescriptionFor, roleNameFor } from './role-names.ts';
import type { RoleRow } from './roles.repo.ts';

const roleTypeOf = (row: RoleRow) => (row.roleType === 'system' ? ('system' as const) : ('custom' as const));

/** A role in the role pickers, named in the reader's language when it is a system role. */
export function presentRolePick(t: Translate, row: RoleRow): RolePick {
  return {
    id: row.id,
    code: row.code,
    roleName: roleNameFor(t, row.code, row.roleName),
    roleType: roleTypeOf(row),
  };
}

export function presentRole(t: Translate, row: RoleRow, userCount: number): RoleAnswer {
  return {
    id: row.id,
    code: row.code,
    roleName: roleNameFor(t, row.code, row.roleName),
    roleType: roleTypeOf(row),
    description: roleDescriptionFor(t, row.code, row.description),
    platformId: row.platformId,
    ownerAccountId: row.ownerAccountId,
    userCount,
    createdAt: row.createdAt,
  };
}

export function presentRoleDetail(
  t: Translate,
  row: RoleRow,
  userCount: number,
  permissions: string[],
): RoleDetail {
  return { ...presentRole(t, row, userCount), permissions };
}

/** What the operation log keeps of a role. */
export function auditRole(row: RoleRow, permissions?: readonly string[]) {
  return {
    code: row.code,
    roleName: row.roleName,
    description: row.description,
    ...(permissions ? { permissions: [...permissions] } : {}),
  };
}
