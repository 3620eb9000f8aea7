import type { DeviceCounts, DeviceRow, MaintainRecord, Platform } from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { addDevice, nextGuid, publishedType, signedIn } from './test-support.ts';

const DEVICE = '/api/device/Device';
const MAINTAIN = '/api/device/DeviceMaintainRecord';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Probe {
  name: string;
  method: Method;
  url: (id: number, record: number) => string;
  body?: (id: number, record: number) => unknown;
  query?: (id: number, record: number) => Record<string, string>;
}

/** Every call that names a device (or one of its records) by id. */
const CALLS: Probe[] = [
  { name: 'detail', method: 'GET', url: () => `${DEVICE}/detail`, query: (id) => ({ id: String(id) }) },
  {
    name: 'update',
    method: 'PUT',
    url: () => `${DEVICE}/update`,
    body: (id) => ({ id, deviceName: 'Taken over' }),
  },
  {
    name: 'updateRemark',
    method: 'PUT',
    url: (id) => `${DEVICE}/updateRemark/${id}`,
    body: () => ({ deviceDesc: 'mine' }),
  },
  { name: 'batchEnable', method: 'PUT', url: () => `${DEVICE}/batchEnable`, body: (id) => ({ ids: [id] }) },
  { name: 'batchStop', method: 'PUT', url: () => `${DEVICE}/batchStop`, body: (id) => ({ ids: [id] }) },
  { name: 'batchScrap', method: 'PUT', url: () => `${DEVICE}/batchScrap`, body: (id) => ({ ids: [id] }) },
  {
    name: 'batchDelete',
    method: 'DELETE',
    url: () => `${DEVICE}/batchDelete`,
    query: (id) => ({ ids: String(id) }),
  },
  { name: 'export', method: 'POST', url: () => `${DEVICE}/export`, body: (id) => ({ ids: [id] }) },
  {
    name: 'credentials',
    method: 'GET',
    url: () => `${DEVICE}/credentials`,
    query: (id) => ({ id: String(id) }),
  },
  {
    name: 'rotateCredentials',
    method: 'PUT',
    url: () => `${DEVICE}/rotateCredentials`,
    body: (id) => ({ id }),
  },
  {
    name: 'getParamSetting',
    method: 'GET',
    url: () => `${DEVICE}/getParamSetting`,
    query: (id) => ({ id: String(id) }),
  },
  {
    name: 'updateParamSetting',
    method: 'PUT',
    url: () => `${DEVICE}/updateParamSetting`,
    body: (id) => ({ id, recordInterval: 60, probes: [{ probeId: 1, upperLimit: 8, lowerLimit: 2 }] }),
  },
  {
    name: 'operationLog',
    method: 'POST',
    url: () => `${DEVICE}/operationLog`,
    body: (id) => ({ deviceId: id }),
  },
  {
    name: 'maintain list',
    method: 'GET',
    url: () => `${MAINTAIN}/list`,
    query: (id) => ({ deviceId: String(id) }),
  },
  {
    name: 'maintain insert',
    method: 'POST',
    url: () => `${MAINTAIN}/insert`,
    body: (id) => ({
      deviceId: id,
      reportDate: '2026-03-01T00:00:00.000Z',
      startTime: '2026-03-01T00:00:00.000Z',
      endTime: '2026-03-01T01:00:00.000Z',
      maintainer: 'Intruder',
    }),
  },
  {
    name: 'maintain update',
    method: 'PUT',
    url: () => `${MAINTAIN}/update`,
    body: (_id, record) => ({ id: record, result: 'forged' }),
  },
  {
    name: 'maintain delete',
    method: 'DELETE',
    url: () => `${MAINTAIN}/delete`,
    query: (_id, record) => ({ id: String(record) }),
  },
];

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
    for (const intruder of intruders) {
      for (const probe of CALLS) {
        const ask = (id: number, rec: number) =>
          call(t.app, probe.method, probe.url(id, rec), {
            token: intruder.token,
            locale: 'en-US',
            ...(intruder.host ? { host: intruder.host } : {}),
            ...(probe.body ? { body: probe.body(id, rec) } : {}),
            ...(probe.query ? { query: probe.query(id, rec) } : {}),
          });
        const foreign = await ask(device.id, record);
        const missing = await ask(999_999, 999_999);
        const label = `${intruder.name} ${probe.name}`;
        expect(foreign.status, label).toBe(missing.status);
        expect(foreign.code, label).toBe(missing.code);
        expect(foreign.msg, label).toBe(missing.msg);
        expect([4006, 1004, 403], label).toContain(foreign.status === 403 ? 403 : foreign.code);
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
      accountId: owner.id,
    });
    expect(
      await t.app.ctx.db.selectFrom('deviceCommand').select('id').where('deviceId', '=', device.id).execute(),
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

  it('shows nothing of the device in other callers lists, counts, positions and expiry lists', async () => {
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
      const expired = await call<{ total: number }>(t.app, 'GET', `${DEVICE}/getExpiredServiceDevice`, {
        ...opts,
        query: { accountId: String(owner.id), expiredFlag: '4' },
      });
      expect(expired.data.total, intruder.name).toBe(0);
      const guidTaken = await call(t.app, 'POST', `${DEVICE}/insert`, {
        ...opts,
        body: {
          deviceGuid: nextGuid(),
          deviceName: 'Probe',
          deviceTypeId: 1,
          timeZone: 'UTC',
          accountId: owner.id,
        },
      });
      expect(guidTaken.code, intruder.name).not.toBe(0);
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
