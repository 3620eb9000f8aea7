import type { AppContext } from '../../context.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The demo's auto-renew agreement: demo_user's first device renews automatically (the purchase
 * drawer opens the un-agreement drawer for it, and unAgreement cancels it). Added once; a cancelled
 * agreement stays cancelled.
 */
export async function seedDemoPayments(ctx: AppContext): Promise<void> {
  const device = await ctx.db
    .selectFrom('device')
    .innerJoin('account', 'account.id', 'device.accountId')
    .select(['device.id', 'device.accountId', 'device.serverLevel', 'device.serviceExpiredDate'])
    .where('account.userName', '=', 'demo_user')
    .where('device.deletedFlag', '=', 0)
    .orderBy('device.id')
    .executeTakeFirst();
  if (!device) return;
  const now = ctx.clock.now();
  const next = new Date(Math.max(now.getTime() + DAY_MS, Date.parse(device.serviceExpiredDate) - DAY_MS));
  await ctx.db
    .insertInto('payDeviceAgreement')
    .values({
      deviceId: device.id,
      accountId: device.accountId,
      agreementStatus: 1,
      levelId: device.serverLevel || null,
      levelYearId: null,
      nextExecutionTime: next.toISOString(),
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    })
    .onConflict((oc) => oc.column('deviceId').doNothing())
    .execute();
}
