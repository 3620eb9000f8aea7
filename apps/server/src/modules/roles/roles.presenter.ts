import type { RoleRow as RoleAnswer, RoleDetail } from '@coldchain/shared';
import type { RoleRow } from './roles.repo.ts';

export function presentRole(row: RoleRow, userCount: number): RoleAnswer {
  return {
    id: row.id,
    code: row.code,
    roleName: row.roleName,
    roleType: row.roleType === 'system' ? 'system' : 'custom',
    description: row.description,
    platformId: row.platformId,
    ownerAccountId: row.ownerAccountId,
    userCount,
    createdAt: row.createdAt,
  };
}

export function presentRoleDetail(row: RoleRow, userCount: number, permissions: string[]): RoleDetail {
  return { ...presentRole(row, userCount), permissions };
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
