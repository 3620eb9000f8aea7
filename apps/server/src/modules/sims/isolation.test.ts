import type { GuidBatch, GuidRow, PageResponse, Platform, SimRow } from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { addDevice, publishedType, signedIn } from '../devices/test-support.ts';
import { SIMS_GUIDS_PROBES, type SimsGuidsTarget } from './isolation-probes.ts';
import { importSims, nextIccId } from './test-support.ts';

const HOST_B = 'sims-b.example.com';
const MISSING = 999_999;

describe('isolation between platforms: SIM cards and GUIDs', () => {
  let t: TestApp;
  let operatorA: string;
  let operatorB: string;
  let deviceA: { id: number; deviceGuid: string };
  let simA: SimRow;
  const victim: Record<SimsGuidsTarget, number> = { sim: 0, batch: 0, guid: 0, platform: 0 };

  beforeAll(async () => {
    t = await createTestApp();
    operatorA = await login(t.app, 'demo_operator');
    const { type } = await publishedType(t.app, operatorA);
    const user = await signedIn(t.app);
    deviceA = await addDevice(t.app, user.token, type.id);
    simA = (
      await call<SimRow>(t.app, 'POST', '/api/device/DeviceSimCard/insert', {
        token: operatorA,
        body: { iccId: nextIccId(), description: 'Platform A card' },
      })
    ).data;
    victim.sim = simA.id;
    const batch = await call<GuidBatch>(t.app, 'POST', '/api/device/DeviceGuidExport/insert', {
      token: operatorA,
      body: { orderCode: 'A-ONLY', num: 2, deviceTypeId: type.id },
    });
    victim.batch = batch.data.id;
    const guids = await call<PageResponse<GuidRow>>(t.app, 'POST', '/api/device/DeviceGuid/page', {
      token: operatorA,
      body: { batchId: batch.data.id },
    });
    victim.guid = guids.data.data[0]?.id ?? 0;
    victim.platform = (
      await t.app.ctx.db
        .selectFrom('platform')
        .select('id')
        .where('isDefault', '=', 1)
        .executeTakeFirstOrThrow()
    ).id;
    const platformB = await call<Platform>(t.app, 'POST', '/api/base/BaseCustomPage/insert', {
      token: operatorA,
      body: { topDomain: HOST_B, title: 'Tenant B' },
    });
    operatorB = (await signedIn(t.app, { roleCode: 'operator', platformId: platformB.data.id, host: HOST_B }))
      .token;
  });
  afterAll(async () => t.close());

  it('answers every call naming another platform’s card, batch, GUID or domain as for a missing id', async () => {
    for (const probe of SIMS_GUIDS_PROBES) {
      const ask = (id: number) =>
        call(t.app, probe.method, probe.url, {
          token: operatorB,
          host: HOST_B,
          locale: 'en-US',
          ...(probe.body ? { body: probe.body(id) } : {}),
          ...(probe.query ? { query: probe.query(id) } : {}),
        });
      const foreign = await ask(victim[probe.target]);
      const missing = await ask(MISSING);
      expect([foreign.status, foreign.code, foreign.msg, foreign.data], probe.name).toEqual([
        missing.status,
        missing.code,
        missing.msg,
        missing.data,
      ]);
      if (!probe.url.endsWith('/page')) expect(foreign.code, probe.name).not.toBe(0);
    }
    const card = await t.app.ctx.db
      .selectFrom('simCard')
      .select(['description', 'useState', 'deviceId'])
      .where('id', '=', simA.id)
      .executeTakeFirstOrThrow();
    expect(card).toEqual({ description: 'Platform A card', useState: 'notActivated', deviceId: null });
    const guid = await t.app.ctx.db
      .selectFrom('deviceGuid')
      .select('lockedFlag')
      .where('id', '=', victim.guid)
      .executeTakeFirstOrThrow();
    expect(guid.lockedFlag).toBe(0);
    expect(
      await t.app.ctx.db.selectFrom('guidBatch').select('id').where('orderCode', '=', 'Taken').execute(),
    ).toEqual([]);
  });

  it('lists only the platform’s own rows, and binds only to the platform’s own devices', async () => {
    const pages = [
      ['/api/device/DeviceSimCard/page', {}],
      ['/api/device/DeviceGuidExport/page', {}],
      ['/api/device/DeviceGuid/page', {}],
    ] as const;
    for (const [url, body] of pages) {
      const answer = await call<PageResponse<unknown>>(t.app, 'POST', url, {
        token: operatorB,
        host: HOST_B,
        body,
      });
      expect(answer.data.totalCount, url).toBe(0);
    }
    const own = await call<SimRow>(t.app, 'POST', '/api/device/DeviceSimCard/insert', {
      token: operatorB,
      host: HOST_B,
      // The same ICCID on another platform is another platform's business: no clash, no leak.
      body: { iccId: simA.iccId },
    });
    expect(own.code).toBe(0);
    const bind = (deviceGuid: string) =>
      call(t.app, 'POST', '/api/device/DeviceSimCard/bind', {
        token: operatorB,
        host: HOST_B,
        locale: 'en-US',
        body: { id: own.data.id, deviceGuid },
      });
    const foreign = await bind(deviceA.deviceGuid);
    const missing = await bind('99999999999999999');
    expect([foreign.code, foreign.msg]).toEqual([missing.code, missing.msg]);
    expect(foreign.code).not.toBe(0);
    const device = await t.app.ctx.db
      .selectFrom('device')
      .select('iccId')
      .where('id', '=', deviceA.id)
      .executeTakeFirstOrThrow();
    expect(device.iccId).toBeNull();
    // An import on B sees only B's ICCIDs: A's card number is B's to have, B's own is a repeat.
    const imported = await importSims(
      t.app,
      operatorB,
      'b.csv',
      `ICCID\n${simA.iccId}\n${nextIccId()}`,
      HOST_B,
    );
    expect(imported.data).toMatchObject({ total: 2, imported: 1 });
    const exportAll = await call(t.app, 'POST', '/api/device/Device/exportAll', {
      token: operatorB,
      host: HOST_B,
      body: {},
    });
    expect(exportAll.code).toBe(0);
  });
});
