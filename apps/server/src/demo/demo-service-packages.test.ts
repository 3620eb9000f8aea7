import type { DepositView, DeviceServiceItems } from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDevice, publishedType, signedIn } from '../modules/devices/test-support.ts';
import { ServicePricing } from '../modules/service-packages/pricing.ts';
import { call, createTestApp, login, type TestApp } from '../test/harness.ts';
import { seedDemoServicePackages } from './demo-service-packages.ts';

describe('demo service catalogue', () => {
  let t: TestApp;
  let owner: { token: string };
  let deviceId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const operator = await login(t.app, 'demo_operator');
    const typeId = (await publishedType(t.app, operator)).type.id;
    owner = await signedIn(t.app);
    deviceId = (await addDevice(t.app, owner.token, typeId)).id;
    await seedDemoServicePackages(t.app.ctx);
    await seedDemoServicePackages(t.app.ctx);
  });
  afterAll(async () => t.close());

  it('offers a free, a standard and a discounted premium level with 1-3 year rows, once', async () => {
    const items = await call<DeviceServiceItems>(
      t.app,
      'GET',
      '/api/payment/PayServiceItem/selectAllServiceItemByDevice',
      {
        token: owner.token,
        query: { deviceId: String(deviceId) },
      },
    );
    const levels = items.data.levelList;
    expect(levels.map((l) => [l.levelName, l.free])).toEqual([
      ['Basic', true],
      ['Standard', false],
      ['Premium', false],
    ]);
    const premium = levels[2];
    expect(premium).toMatchObject({ activityDiscount: 85, presentationMonth: 1 });
    expect(premium?.activityId).not.toBeNull();
    expect(items.data.itemList.map((i) => i.itemCode)).toEqual([
      'DATA_QUERY_EXPORT',
      'ALARM_SMS',
      'ALARM_VOICE',
      'AI_QA',
    ]);
    const years = await call<{
      levelYearList: { timeLength: number; payFee: number; presentationMonth: number }[];
    }>(t.app, 'GET', '/api/payment/PayServiceLevel/selectLevelYear', {
      token: owner.token,
      query: {
        deviceId: String(deviceId),
        levelId: String(premium?.levelId),
        packageId: String(items.data.servicePackageId),
      },
    });
    // 3 years: (199 + 30) × 3 yuan × 90 % × 85 %
    expect(years.data.levelYearList.map((y) => [y.timeLength, y.payFee, y.presentationMonth])).toEqual([
      [12, 19_465, 1],
      [24, 36_984, 0],
      [36, 52_556, 6],
    ]);
    expect(await new ServicePricing(t.app.ctx.db).freePackage()).toMatchObject({
      months: 2,
      smsCount: 20,
      voiceCount: 5,
    });
    const packages = await t.app.ctx.db.selectFrom('payServicePackage').select('id').execute();
    expect(packages).toHaveLength(1);
  });

  it('sells SMS and voice packages for country codes 86 and 1', async () => {
    for (const [countryCode, currency] of [
      ['86', 'CNY'],
      ['1', 'USD'],
    ]) {
      const view = await call<DepositView>(t.app, 'POST', '/api/payment/PaySmsPackages/selectDepositView', {
        token: owner.token,
        body: { countryCode },
      });
      expect(view.data.smsList.map((p) => p.smsCount)).toEqual([100, 500, 1000]);
      expect(view.data.voiceList.map((p) => p.voiceCount)).toEqual([50, 200]);
      expect(new Set([...view.data.smsList, ...view.data.voiceList].map((p) => p.currency))).toEqual(
        new Set([currency]),
      );
    }
  });
});
