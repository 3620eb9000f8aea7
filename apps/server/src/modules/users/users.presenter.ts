import type { UserRow } from '@coldchain/shared';
import type { Translate } from '../../i18n/i18n.ts';
import { withRoleName } from '../roles/role-names.ts';
import type { AccountRow, UserView } from './users.repo.ts';

const flag = (v: number): 0 | 1 => (v === 1 ? 1 : 0);

/** A user with the role's name in the reader's language. */
export function presentUser(t: Translate, view: UserView): UserRow {
  const a = withRoleName(t, view);
  return {
    id: a.id,
    platformId: a.platformId,
    userName: a.userName,
    realName: a.realName,
    companyName: a.companyName,
    phone: a.phone,
    email: a.email,
    accountType: a.accountType,
    roleCode: a.roleCode,
    roleName: a.roleName,
    foreignFlag: flag(a.foreignFlag),
    timeZone: a.timeZone,
    temperatureUnit: a.temperatureUnit === 'F' ? 'F' : 'C',
    deletedFlag: flag(a.deletedFlag),
    parentAccountId: a.parentAccountId,
    createdAt: a.createdAt,
  };
}

/** What the operation log keeps of an account: never its password hash or lock counters. */
export function auditUser(a: AccountRow, fields?: readonly string[]) {
  const kept = {
    userName: a.userName,
    realName: a.realName,
    companyName: a.companyName,
    phone: a.phone,
    email: a.email,
    accountType: a.accountType,
    roleCode: a.roleCode,
    timeZone: a.timeZone,
    temperatureUnit: a.temperatureUnit,
    parentAccountId: a.parentAccountId,
    deletedFlag: a.deletedFlag,
  };
  if (!fields) return kept;
  return Object.fromEntries(Object.entries(kept).filter(([k]) => fields.includes(k)));
}
