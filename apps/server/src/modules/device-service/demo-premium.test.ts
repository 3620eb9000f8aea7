import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../../test/harness.ts';
import { addDevice, publishedType } from '../devices/test-support.ts';
import { seedDemoPremium } from './demo-premium.ts';
import { premiumStatusOf } from './service-status.ts';

describe('demo premium', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('writes the plans and one past trial claim once and leaves demo_user a standard account', async () => {
    const operator = await login(t.app, 'demo_operator');
    const user = await login(t.app, 'demo_user');
    const { type } = await publishedType(t.app, operator);
    await addDevice(t.app, user, type.id, { deviceName: 'Demo fridge' });
    const second = await addDevice(t.app, user, type.id, { deviceName: 'Demo freezer' });
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
    // One past trial claim for the back office's experience data, written once.
    const claims = await t.app.ctx.db
      .selectFrom('deviceTrialClaim')
      .select(['deviceId', 'months', 'serviceAfter'])
      .execute();
    const device = await t.app.ctx.db
      .selectFrom('device')
      .select('serviceExpiredDate')
      .where('id', '=', second.id)
      .executeTakeFirstOrThrow();
    expect(claims).toEqual([{ deviceId: second.id, months: 2, serviceAfter: device.serviceExpiredDate }]);
  });
});
