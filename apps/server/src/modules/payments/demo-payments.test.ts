import type { PurchaseDevice } from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { addDevice } from '../devices/test-support.ts';
import { seedDemoPayments } from './demo-payments.ts';
import { DEPOSIT, purchaseWorld } from './test-support.ts';

describe('demo payments', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('gives demo_user’s first device an auto-renew agreement once, which unAgreement cancels for good', async () => {
    const world = await purchaseWorld(t.app);
    const token = await login(t.app, 'demo_user');
    const device = await addDevice(t.app, token, world.typeId);
    await seedDemoPayments(t.app.ctx);
    await seedDemoPayments(t.app.ctx);
    const first = await t.app.ctx.db
      .selectFrom('device')
      .innerJoin('account', 'account.id', 'device.accountId')
      .select('device.id')
      .where('account.userName', '=', 'demo_user')
      .orderBy('device.id')
      .executeTakeFirstOrThrow();
    const list = async () =>
      (
        await call<PurchaseDevice[]>(t.app, 'POST', `${DEPOSIT}/selectDeviceList`, {
          token,
          body: { deviceIdList: [first.id] },
        })
      ).data[0];
    expect(await list()).toMatchObject({ deviceId: first.id, agreementStatus: 1 });
    expect((await list())?.nextExecutionTime).toBeTruthy();
    await call(t.app, 'GET', `${DEPOSIT}/unAgreement`, { token, query: { deviceId: String(first.id) } });
    await seedDemoPayments(t.app.ctx);
    expect(await list()).toMatchObject({ agreementStatus: 0 });
    expect(device.id).toBeGreaterThan(0);
  });
});
