import type { AccountInfo, SystemRoleCode } from '@coldchain/shared';
import type { Db } from '../../db/create-db.ts';
import { OrganizationsRepo } from './organizations.repo.ts';

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
  const memberships = await new OrganizationsRepo(db).memberships(platformId, accountId);
  return memberships.map((m) => ({
    organizationId: m.organizationId,
    organizationName: m.organizationName,
    roleCode: m.roleCode ?? DEFAULT_MEMBER_ROLE,
  }));
}
