import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { seedDemoPremium } from './demo-premium.ts';
import { premiumStatusOf } from './service-status.ts';

describe('demo premium', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('writes the plans once and leaves demo_user a standard account', async () => {
    await seedDemoPremium(t.app.ctx);
    const first = await t.app.ctx.db
      .selectFrom('account')
      .select('premiumExpiresAt')
      .where('userName', '=', 'demo_user')
      .executeTakeFirstOrThrow();
    await seedDemoPremium(t.app.ctx);
    const plans = await t.app.ctx.db.selectFrom('premiumPlan').select(['planName', 'fee']).execute();
    expect(plans.map((p) => p.planName)).toEqual(['1 month', '3 months', '12 months']);
    const again = await t.app.ctx.db
      .selectFrom('account')
      .select('premiumExpiresAt')
      .where('userName', '=', 'demo_user')
      .executeTakeFirstOrThrow();
    expect(again.premiumExpiresAt).toBe(first.premiumExpiresAt);
    expect(premiumStatusOf(again.premiumExpiresAt, new Date()).state).toBe(0);
  });
});
