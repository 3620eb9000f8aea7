import type { Platform, ServicePackageDetail, SmsPackage } from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { addDevice, publishedType, signedIn } from '../devices/test-support.ts';
import { CATALOGUE_PROBES, type CatalogueTarget } from './isolation-probes.ts';
import { ITEM, PACKAGE, packageBody, RELATION, SMS } from './test-support.ts';

const HOST_B = 'catalogue-tenant-b.example.com';
const MISSING = 9_999_999;

describe('service catalogue isolation: per platform, and devices per account', () => {
  let t: TestApp;
  const victim: Record<CatalogueTarget, number> = { item: 0, package: 0, level: 0, sms: 0, device: 0 };
  let typeId = 0;
  let victimCode = '';
  const intruders: { name: string; token: string; host?: string; ownDevice: number }[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const operator = await login(t.app, 'demo_operator');
    typeId = (await publishedType(t.app, operator)).type.id;
    const owner = await signedIn(t.app);
    victim.device = (await addDevice(t.app, owner.token, typeId)).id;
    victim.item = (
      await call<{ id: number }>(t.app, 'POST', `${ITEM}/insert`, {
        token: operator,
        body: { itemCode: 'ALARM_VOICE', itemName: 'Voice alarms' },
      })
    ).data.id;
    const pkg = await call<ServicePackageDetail>(t.app, 'POST', `${PACKAGE}/insert`, {
      token: operator,
      body: packageBody({ packageName: 'Platform A' }),
    });
    victim.package = pkg.data.id;
    victimCode = pkg.data.packageCode;
    victim.level = pkg.data.levelList[1]?.id ?? 0;
    await call(t.app, 'PUT', `${RELATION}/update`, {
      token: operator,
      body: { packageId: victim.package, deviceTypeIds: [typeId] },
    });
    await call(t.app, 'POST', `${PACKAGE}/enablePackage`, { token: operator, body: { id: victim.package } });
    victim.sms = (
      await call<SmsPackage>(t.app, 'POST', `${SMS}/insert`, {
        token: operator,
        body: {
          kind: 'sms',
          countryCode: '86',
          currency: 'CNY',
          packageName: 'Platform A SMS',
          count: 100,
          packageFee: 900,
          initialFee: 1000,
        },
      })
    ).data.id;

    const platformB = await call<Platform>(t.app, 'POST', '/api/base/BaseCustomPage/insert', {
      token: operator,
      body: { topDomain: HOST_B, title: 'Tenant B' },
    });
    for (const roleCode of ['operator', 'personalUser'] as const) {
      const account = await signedIn(t.app, { roleCode, platformId: platformB.data.id, host: HOST_B });
      const ownDevice = (
        await call<{ id: number }>(t.app, 'POST', '/api/device/Device/insert', {
          token: account.token,
          host: HOST_B,
          body: {
            deviceGuid: `9${Date.now() % 1e9}${roleCode.length}`,
            deviceName: 'B',
            deviceTypeId: typeId,
            timeZone: 'UTC',
          },
        })
      ).data?.id;
      intruders.push({
        name: `${roleCode} of another platform`,
        token: account.token,
        host: HOST_B,
        ownDevice: ownDevice ?? MISSING,
      });
    }
    const neighbour = await signedIn(t.app);
    intruders.push({
      name: 'another account of the same platform',
      token: neighbour.token,
      ownDevice: (await addDevice(t.app, neighbour.token, typeId)).id,
    });
  });
  afterAll(async () => t.close());

  it('answers every call naming another platform’s catalogue or another account’s device as for a missing id', async () => {
    for (const intruder of intruders) {
      // The catalogue is shared by a platform's accounts: from the same platform only devices are foreign.
      const probes = intruder.host ? CATALOGUE_PROBES : CATALOGUE_PROBES.filter((p) => p.target === 'device');
      for (const probe of probes) {
        const ask = (id: number) =>
          call(t.app, probe.method, probe.url, {
            token: intruder.token,
            locale: 'en-US',
            ...(intruder.host ? { host: intruder.host } : {}),
            ...(probe.body ? { body: probe.body(id, intruder.ownDevice) } : {}),
            ...(probe.query ? { query: probe.query(id, intruder.ownDevice) } : {}),
          });
        const foreign = await ask(victim[probe.target]);
        const missing = await ask(MISSING);
        const label = `${intruder.name}: ${probe.name}`;
        expect([foreign.status, foreign.code, foreign.msg, foreign.data], label).toEqual([
          missing.status,
          missing.code,
          missing.msg,
          missing.data,
        ]);
        expect(foreign.code, label).not.toBe(0);
      }
    }
    const db = t.app.ctx.db;
    expect(
      await db
        .selectFrom('payServicePackage')
        .select(['packageName', 'packageStatus'])
        .where('id', '=', victim.package)
        .executeTakeFirstOrThrow(),
    ).toEqual({ packageName: 'Platform A', packageStatus: 1 });
    expect(
      await db
        .selectFrom('payServiceItem')
        .select('itemName')
        .where('id', '=', victim.item)
        .executeTakeFirstOrThrow(),
    ).toEqual({ itemName: 'Voice alarms' });
    expect(
      await db
        .selectFrom('paySmsPackage')
        .select('packageName')
        .where('id', '=', victim.sms)
        .executeTakeFirstOrThrow(),
    ).toEqual({ packageName: 'Platform A SMS' });
    expect(
      await db
        .selectFrom('payDeviceTypeService')
        .select('deviceTypeId')
        .where('packageId', '=', victim.package)
        .execute(),
    ).toEqual([{ deviceTypeId: typeId }]);
    expect(
      await db.selectFrom('payServicePackage').select('id').where('packageName', '=', 'Taken').execute(),
    ).toEqual([]);
  });

  it('keeps each platform’s catalogue apart: a device of platform B sees platform B’s packages only', async () => {
    const [operatorB, userB] = intruders;
    if (!operatorB || !userB) throw new Error('intruders missing');
    const list = await call<{ data: unknown[] }>(t.app, 'POST', `${PACKAGE}/selectPackageList`, {
      token: operatorB.token,
      host: HOST_B,
      body: { start: 1, pageSize: 10 },
    });
    expect(list.data.data).toEqual([]);
    const view = await call<{ smsList: unknown[] }>(t.app, 'POST', `${SMS}/selectDepositView`, {
      token: userB.token,
      host: HOST_B,
      body: { countryCode: '86' },
    });
    expect(view.data.smsList).toEqual([]);
    // Platform A relates the type; platform B does not, so its device has nothing to buy.
    const items = await call<{ levelList: unknown[] }>(t.app, 'GET', `${ITEM}/selectAllServiceItemByDevice`, {
      token: userB.token,
      host: HOST_B,
      query: { deviceId: String(userB.ownDevice) },
    });
    expect(items.data.levelList).toEqual([]);
    // The same package code is free on platform B.
    const own = await call(t.app, 'POST', `${PACKAGE}/insert`, {
      token: operatorB.token,
      host: HOST_B,
      body: packageBody({ packageName: 'Platform B', packageCode: victimCode }),
    });
    expect(own.code).toBe(0);
  });
});
