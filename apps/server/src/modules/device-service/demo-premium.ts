import type { AppContext } from '../../context.ts';

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
}
