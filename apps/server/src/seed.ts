import { SYSTEM_ROLE_CODES, SYSTEM_ROLE_PERMISSIONS, type SystemRoleCode } from '@coldchain/shared';
import { hashPassword } from './auth/passwords.ts';
import type { AppContext } from './context.ts';
import { newAccountRow, newProfileRow } from './modules/accounts/new-account.ts';
import { seedDemoAlarmRules } from './modules/alarms/demo-alarms.ts';
import { newPlatformRow } from './modules/platforms/new-platform.ts';
import { RolesRepo } from './modules/roles/roles.repo.ts';
import { seedDemoWaybills } from './modules/waybills/demo-waybills.ts';

const ROLE_NAMES: Record<SystemRoleCode, string> = {
  operator: 'Operator',
  dealer: 'Dealer',
  serviceEngineer: 'Service engineer',
  calibrationAdmin: 'Calibration admin',
  enterpriseAdmin: 'Enterprise admin',
  organizationMember: 'Member',
  personalUser: 'Personal user',
};

/** The default platform and the system roles; every start brings the role permissions up to date. */
export async function seedPlatform(ctx: AppContext): Promise<void> {
  await ctx.audit.ensureHead();
  const now = ctx.clock.now().toISOString();
  const existing = await ctx.db
    .selectFrom('platform')
    .select('id')
    .where('isDefault', '=', 1)
    .executeTakeFirst();
  if (!existing) {
    await ctx.db
      .insertInto('platform')
      .values(
        newPlatformRow(
          { topDomain: 'localhost', title: 'Coldchain Cloud', enableHttps: 0, defaultCamp: 1, isDefault: 1 },
          now,
        ),
      )
      .execute();
  }
  const roles = new RolesRepo(ctx.db);
  for (const code of SYSTEM_ROLE_CODES) {
    await roles.upsertSystemRole(
      code,
      ROLE_NAMES[code],
      ROLE_NAMES[code],
      SYSTEM_ROLE_PERMISSIONS[code],
      now,
    );
  }
}

export const DEMO_ACCOUNTS = [
  { userName: 'demo_operator', roleCode: 'operator', accountType: 2, realName: 'Demo Operator' },
  { userName: 'demo_user', roleCode: 'personalUser', accountType: 1, realName: 'Demo User' },
] as const;

/** Creates the demo accounts once, with DEMO_PASSWORD; later starts leave them as users changed them. */
export async function seedDemoAccounts(ctx: AppContext): Promise<void> {
  const platform = await ctx.db
    .selectFrom('platform')
    .select('id')
    .where('isDefault', '=', 1)
    .executeTakeFirstOrThrow();
  const now = ctx.clock.now().toISOString();
  for (const demo of DEMO_ACCOUNTS) {
    const found = await ctx.db
      .selectFrom('account')
      .select('id')
      .where('platformId', '=', platform.id)
      .where('userName', '=', demo.userName)
      .executeTakeFirst();
    if (found) continue;
    const account = await ctx.db
      .insertInto('account')
      .values(
        newAccountRow(
          {
            platformId: platform.id,
            userName: demo.userName,
            passwordHash: await hashPassword(ctx.config.demoPassword),
            realName: demo.realName,
            companyName: demo.accountType === 2 ? 'Coldchain Demo Ltd' : null,
            accountType: demo.accountType,
            roleCode: demo.roleCode,
          },
          now,
        ),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('userProfile')
      .values({ accountId: account.id, ...newProfileRow(now, { identity: 'manager', industry: 'pharma' }) })
      .execute();
  }
  // Geofences at once; the waybill itself once the demo truck exists (main.ts).
  await seedDemoWaybills(ctx);
  await seedDemoAlarmRules(ctx);
}
