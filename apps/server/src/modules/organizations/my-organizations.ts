import type { AccountInfo, SystemRoleCode } from '@coldchain/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/create-db.ts';

/** A membership without a role row holds what invitees get by default. */
const DEFAULT_MEMBER_ROLE: SystemRoleCode = 'organizationMember';

/**
 * accountInfo.orgWithMyRole (000 §3, §6): the organizations the account is a direct member of on its
 * platform, with the code of the role it holds in each, ordered by name.
 */
export async function orgWithMyRole(
  db: Db,
  platformId: number,
  accountId: number,
): Promise<AccountInfo['orgWithMyRole']> {
  return db
    .selectFrom('organizationMember')
    .innerJoin('organization', 'organization.id', 'organizationMember.organizationId')
    .leftJoin('role', 'role.id', 'organizationMember.roleId')
    .where('organization.platformId', '=', platformId)
    .where('organizationMember.accountId', '=', accountId)
    .select((eb) => [
      'organization.id as organizationId',
      'organization.name as organizationName',
      eb.fn.coalesce('role.code', sql.lit(DEFAULT_MEMBER_ROLE)).as('roleCode'),
    ])
    .orderBy('organization.name')
    .orderBy('organization.id')
    .execute();
}
