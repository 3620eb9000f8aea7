import type { DeviceCounts, DeviceRow, MaintainRecord, Platform } from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { DEVICE_PROBES, type DeviceProbe, OWNER_PROBES } from './isolation-probes.ts';
import { addDevice, publishedType, signedIn } from './test-support.ts';

const DEVICE = '/api/device/Device';
const MAINTAIN = '/api/device/DeviceMaintainRecord';
const MISSING = 999_999;

/** The route with its `:name` parameters filled in. */
const pathOf = (probe: DeviceProbe, id: number, record: number) =>
  Object.entries(probe.params?.(id, record) ?? {}).reduce(
    (url, [name, value]) => url.replace(`:${name}`, value),
    probe.url,
  );

describe('tenant isolation of devices', () => {
  let t: TestApp;
  let device: { id: number; deviceGuid: string };
  let record: number;
  let owner: { id: number; token: string };
  const intruders: { name: string; token: string; host?: string }[] = [];
  const HOST_B = 'tenant-b.example.com';

  beforeAll(async () => {
    t = await createTestApp();
    const operator = await login(t.app, 'demo_operator');
    const typeId = (await publishedType(t.app, operator)).type.id;
    owner = await signedIn(t.app);
    device = await addDevice(t.app, owner.token, typeId, {
      deviceName: 'Owned',
      deviceDesc: 'original',
      latitude: 1,
      longitude: 2,
    });
    record = (
      await call<MaintainRecord>(t.app, 'POST', `${MAINTAIN}/insert`, {
        token: owner.token,
        body: {
          deviceId: device.id,
          reportDate: '2026-03-01T00:00:00.000Z',
          startTime: '2026-03-01T00:00:00.000Z',
          endTime: '2026-03-01T01:00:00.000Z',
          maintainer: 'Owner',
        },
      })
    ).data.id;
    const platformB = await call<Platform>(t.app, 'POST', '/api/base/BaseCustomPage/insert', {
      token: operator,
      body: { topDomain: HOST_B, title: 'Tenant B' },
    });
    intruders.push({ name: 'personal user', token: (await signedIn(t.app)).token });
    intruders.push({
      name: 'enterprise admin',
      token: (await signedIn(t.app, { roleCode: 'enterpriseAdmin' })).token,
    });
    intruders.push({
      name: 'organization member',
      token: (await signedIn(t.app, { roleCode: 'organizationMember' })).token,
    });
    intruders.push({ name: 'dealer', token: (await signedIn(t.app, { roleCode: 'dealer' })).token });
    for (const roleCode of ['personalUser', 'operator', 'serviceEngineer'] as const)
      intruders.push({
        name: `${roleCode} of another platform`,
        host: HOST_B,
        token: (await signedIn(t.app, { roleCode, platformId: platformB.data.id, host: HOST_B })).token,
      });
  });
  afterAll(async () => t.close());

  it('answers every id-bearing call about another account device exactly as for a missing one', async () => {
    const matrix: [DeviceProbe[], number, number][] = [
      [DEVICE_PROBES, device.id, record],
      [OWNER_PROBES, owner.id, record],
    ];
    for (const intruder of intruders) {
      for (const [probes, id, rec] of matrix) {
        for (const probe of probes) {
          const ask = (which: number, whichRecord: number) =>
            call(t.app, probe.method, pathOf(probe, which, whichRecord), {
              token: intruder.token,
              locale: 'en-US',
              ...(intruder.host ? { host: intruder.host } : {}),
              ...(probe.body ? { body: probe.body(which, whichRecord) } : {}),
              ...(probe.query ? { query: probe.query(which, whichRecord) } : {}),
            });
          const foreign = await ask(id, rec);
          const missing = await ask(MISSING, MISSING);
          const label = `${intruder.name} ${probe.name}`;
          expect([foreign.status, foreign.code, foreign.msg, foreign.data], label).toEqual([
            missing.status,
            missing.code,
            missing.msg,
            missing.data,
          ]);
          if (!probe.list) expect(foreign.code, label).not.toBe(0);
        }
      }
    }
    const row = await t.app.ctx.db
      .selectFrom('device')
      .selectAll()
      .where('id', '=', device.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      deviceName: 'Owned',
      deviceDesc: 'original',
      useState: 'enabled',
      deletedFlag: 0,
      credentialRotation: 0,
      recordInterval: 300,
      quickSearch: 0,
      accountId: owner.id,
    });
    expect(
      await t.app.ctx.db.selectFrom('deviceCommand').select('id').where('deviceId', '=', device.id).execute(),
    ).toEqual([]);
    expect(
      await t.app.ctx.db
        .selectFrom('devicePushConfig')
        .select('deviceId')
        .where('deviceId', '=', device.id)
        .execute(),
    ).toEqual([]);
    const records = await t.app.ctx.db
      .selectFrom('deviceMaintainRecord')
      .selectAll()
      .where('deviceId', '=', device.id)
      .execute();
    expect(records.map((r) => [r.id, r.maintainer, r.result])).toEqual([[record, 'Owner', null]]);
    const log = await t.app.ctx.db
      .selectFrom('operationLog')
      .select('accountId')
      .where('entityType', '=', 'device')
      .where('entityId', '=', String(device.id))
      .execute();
    expect(new Set(log.map((l) => l.accountId))).toEqual(new Set([owner.id]));
  });

  it('shows nothing of the device in other callers lists, counts and positions', async () => {
    for (const intruder of intruders) {
      const opts = { token: intruder.token, ...(intruder.host ? { host: intruder.host } : {}) };
      const page = await call<{ data: DeviceRow[] }>(t.app, 'POST', `${DEVICE}/page`, { ...opts, body: {} });
      if (page.code === 0)
        expect(
          page.data.data.map((d) => d.id),
          intruder.name,
        ).not.toContain(device.id);
      const sys = await call<{ data: DeviceRow[] }>(t.app, 'POST', `${DEVICE}/sysPage`, {
        ...opts,
        body: {},
      });
      if (sys.code === 0)
        expect(
          sys.data.data.map((d) => d.id),
          intruder.name,
        ).not.toContain(device.id);
      else expect(sys.status).toBe(403);
      const counts = await call<DeviceCounts>(t.app, 'GET', `${DEVICE}/getStatusCount`, opts);
      if (counts.code === 0) expect(counts.data.total, intruder.name).toBe(0);
      const positions = await call<{ id: number }[]>(t.app, 'GET', `${DEVICE}/getPositions`, opts);
      if (positions.code === 0) expect(positions.data, intruder.name).toEqual([]);
    }
  });

  it('lets operators of the default platform reach the device through the back office', async () => {
    const operator = await login(t.app, 'demo_operator');
    const detail = await call(t.app, 'GET', `${DEVICE}/detail`, {
      token: operator,
      query: { id: String(device.id) },
    });
    expect(detail.code).toBe(0);
    const settings = await call(t.app, 'GET', `${DEVICE}/getParamSetting`, {
      token: operator,
      query: { id: String(device.id) },
    });
    expect(settings.code).toBe(0);
  });
});
