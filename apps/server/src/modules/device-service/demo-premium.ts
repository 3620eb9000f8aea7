import { DEVICE_TRIAL_MONTHS } from '@coldchain/shared';
import type { AppContext } from '../../context.ts';
import { addMonths } from '../devices/device-time.ts';

/** The demo's premium plans, sold on every platform (fees in cents). */
const PLANS = [
  { planName: '1 month', months: 1, fee: 1_990, originalFee: 1_990, recommend: 0, sortNo: 1 },
  { planName: '3 months', months: 3, fee: 4_990, originalFee: 5_970, recommend: 0, sortNo: 2 },
  { planName: '12 months', months: 12, fee: 16_800, originalFee: 23_880, recommend: 1, sortNo: 3 },
] as const;

/**
 * Premium plans for /vip/service, written once when there are none. demo_user stays a standard
 * account: browser specs copy it for their accounts, and buying a plan shows the header's days.
 */
export async function seedDemoPremium(ctx: AppContext): Promise<void> {
  const now = ctx.clock.now();
  const at = now.toISOString();
  const any = await ctx.db.selectFrom('premiumPlan').select('id').executeTakeFirst();
  if (!any)
    await ctx.db
      .insertInto('premiumPlan')
      .values(
        PLANS.map((p) => ({
          ...p,
          platformId: null,
          currency: 'CNY',
          status: 1,
          createdAt: at,
          updatedAt: at,
        })),
      )
      .execute();
  await seedDemoTrialClaim(ctx);
}

const CLAIMED_DAYS_AGO = 20;

/**
 * One past trial claim (shown on the back office's /experience/data): demo_user's second device
 * claimed its 2 months 20 days ago. History, like the demo orders: the device's expiry stays, and the
 * record's before and after are read back from it. Written once.
 */
async function seedDemoTrialClaim(ctx: AppContext): Promise<void> {
  const db = ctx.db;
  if (await db.selectFrom('deviceTrialClaim').select('id').executeTakeFirst()) return;
  const device = await db
    .selectFrom('device')
    .innerJoin('account', 'account.id', 'device.accountId')
    .select([
      'device.id',
      'device.platformId',
      'device.deviceGuid',
      'device.accountId',
      'device.serviceExpiredDate',
    ])
    .where('account.userName', '=', 'demo_user')
    .orderBy('device.id')
    .offset(1)
    .limit(1)
    .executeTakeFirst();
  if (!device) return;
  const claimedAt = new Date(ctx.clock.now().getTime() - CLAIMED_DAYS_AGO * 86_400_000);
  await db
    .insertInto('deviceTrialClaim')
    .values({
      platformId: device.platformId,
      deviceId: device.id,
      deviceGuid: device.deviceGuid,
      ownerAccountId: device.accountId,
      claimedBy: device.accountId,
      months: DEVICE_TRIAL_MONTHS,
      serviceBefore: addMonths(new Date(device.serviceExpiredDate), -DEVICE_TRIAL_MONTHS).toISOString(),
      serviceAfter: device.serviceExpiredDate,
      createdAt: claimedAt.toISOString(),
    })
    .execute();
}
