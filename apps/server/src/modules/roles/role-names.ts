import { SYSTEM_ROLE_CODES, type SystemRoleCode } from '@coldchain/shared';
import type { Translate } from '../../i18n/i18n.ts';

export const isSystemRoleCode = (code: string | null | undefined): code is SystemRoleCode =>
  (SYSTEM_ROLE_CODES as readonly (string | null | undefined)[]).includes(code);

/**
 * A role's name as the reader sees it: a system role's by its code in the reader's language
 * (locales/roles), a user-defined role's as its maker wrote it.
 */
export function roleNameFor(t: Translate, code: string | null, stored: string): string {
  return isSystemRoleCode(code) ? t(`systemRoles.${code}.name`) : stored;
}

/** The same for descriptions. */
export function roleDescriptionFor(t: Translate, code: string | null, stored: string | null): string | null {
  return isSystemRoleCode(code) ? t(`systemRoles.${code}.description`) : stored;
}

/** A row naming a role (by its code) with the name put in the reader's language. */
export function withRoleName<R extends { roleCode: string | null; roleName: string | null }>(
  t: Translate,
  row: R,
): R {
  return row.roleName === null ? row : { ...row, roleName: roleNameFor(t, row.roleCode, row.roleName) };
}

/** Every system role's name in the reader's language, by code. */
export function systemRoleNames(t: Translate): Record<SystemRoleCode, string> {
  return Object.fromEntries(SYSTEM_ROLE_CODES.map((code) => [code, roleNameFor(t, code, code)])) as Record<
    SystemRoleCode,
    string
  >;
}
