import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/harness.ts';
import {
  FENCE,
  insertFence,
  insertWaybill,
  userWithDevice,
  WAYBILL,
  waybillBody,
  waybillWorld,
} from './test-support.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Probe {
  name: string;
  method: Method;
  url: string;
  body?: (id: number, deviceId: number) => unknown;
  query?: (id: number) => Record<string, string>;
}

/** Every call that names a waybill by id. */
const WAYBILL_CALLS: Probe[] = [
  { name: 'detail', method: 'GET', url: `${WAYBILL}/detail`, query: (id) => ({ id: String(id) }) },
  {
    name: 'update',
    method: 'PUT',
    url: `${WAYBILL}/update`,
    body: (id, deviceId) => ({ id, ...waybillBody(deviceId) }),
  },
  { name: 'delete', method: 'DELETE', url: `${WAYBILL}/delete`, query: (id) => ({ ids: String(id) }) },
  {
    name: 'start',
    method: 'POST',
    url: `${WAYBILL}/changeState`,
    body: (id) => ({ id, action: 'start', confirm: 1 }),
  },
  { name: 'share', method: 'POST', url: `${WAYBILL}/share`, body: (id) => ({ id, validity: '1d' }) },
  { name: 'overview', method: 'POST', url: `${WAYBILL}/overview`, body: (id) => ({ id }) },
  { name: 'track', method: 'POST', url: `${WAYBILL}/track`, body: (id) => ({ id }) },
  { name: 'chart', method: 'POST', url: `${WAYBILL}/chart`, body: (id) => ({ id }) },
  {
    name: 'alarms',
    method: 'POST',
    url: `${WAYBILL}/alarms`,
    body: (id) => ({ id, start: 1, pageSize: 10 }),
  },
];

const FENCE_CALLS: Probe[] = [
  { name: 'detail', method: 'GET', url: `${FENCE}/detail`, query: (id) => ({ id: String(id) }) },
  {
    name: 'update',
    method: 'PUT',
    url: `${FENCE}/update`,
    body: (id) => ({
      id,
      name: 'Taken',
      areas: [{ shape: 'circle', center: { lat: 1, lon: 1 }, radius: 50 }],
    }),
  },
  { name: 'delete', method: 'DELETE', url: `${FENCE}/delete`, query: (id) => ({ ids: String(id) }) },
];

describe('waybill, geofence and template isolation between accounts', () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof userWithDevice>>;
  let intruder: Awaited<ReturnType<typeof userWithDevice>>;
  let waybillId: number;
  let fenceId: number;
  let templateId: number;
  let trackId: number;
  const missing = 9_999_999;

  beforeAll(async () => {
    t = await createTestApp();
    const world = await waybillWorld(t.app);
    owner = await userWithDevice(t.app, world.typeId);
    intruder = await userWithDevice(t.app, world.typeId);
    fenceId = (
      await insertFence(t.app, owner.token, 'Depot', [
        { shape: 'circle', center: { lat: 1, lon: 1 }, radius: 50 },
      ])
    ).id;
    waybillId = (await insertWaybill(t.app, owner.token, owner.device.id, { startFenceId: fenceId })).id;
    templateId = (
      await call<{ id: number }>(t.app, 'POST', '/api/device/DeviceWaybillModel/insert', {
        token: owner.token,
        body: { modelName: 'Mine', content: { upperLimit: 8 } },
      })
    ).data.id;
    trackId = (
      await call<{ id: number }>(t.app, 'POST', '/api/device/DeviceTrackModel/insert', {
        token: owner.token,
        body: {
          name: 'Route',
          points: [
            { lat: 1, lon: 1 },
            { lat: 2, lon: 2 },
          ],
        },
      })
    ).data.id;
  });
  afterAll(() => t.close());

  const ask = (probe: Probe, id: number) =>
    call(t.app, probe.method, probe.url, {
      token: intruder.token,
      locale: 'en-US',
      ...(probe.body ? { body: probe.body(id, intruder.device.id) } : {}),
      ...(probe.query ? { query: probe.query(id) } : {}),
    });

  it.each(WAYBILL_CALLS.map((p) => [p.name, p] as const))(
    'waybill %s: another account’s id answers exactly like a missing one',
    async (_name, probe) => {
      const foreign = await ask(probe, waybillId);
      const absent = await ask(probe, missing);
      expect(foreign).toEqual(absent);
      expect(foreign).toMatchObject({ code: 4500, data: null });
    },
  );

  it.each(FENCE_CALLS.map((p) => [p.name, p] as const))(
    'geofence %s: another account’s id answers exactly like a missing one',
    async (_name, probe) => {
      const foreign = await ask(probe, fenceId);
      const absent = await ask(probe, missing);
      expect(foreign).toEqual(absent);
      expect(foreign).toMatchObject({ code: 4504, data: null });
    },
  );

  it('refuses another account’s fence, track template and device inside a waybill', async () => {
    const withFence = await call(t.app, 'POST', `${WAYBILL}/insert`, {
      token: intruder.token,
      body: waybillBody(intruder.device.id, { startTrigger: 'geofence', startFenceId: fenceId }),
    });
    expect(withFence.code).toBe(4504);
    const withTrack = await call(t.app, 'POST', `${WAYBILL}/insert`, {
      token: intruder.token,
      body: waybillBody(intruder.device.id, { trackTemplateId: trackId }),
    });
    expect(withTrack.code).toBe(4505);
    const withDevice = await call(t.app, 'POST', `${WAYBILL}/insert`, {
      token: intruder.token,
      body: waybillBody(owner.device.id),
    });
    expect(withDevice.code).toBe(4006);
  });

  it('deletes no template of another account and lists none of its rows', async () => {
    for (const [path, id] of [
      ['/api/device/DeviceWaybillModel/delete', templateId],
      ['/api/device/DeviceTrackModel/delete', trackId],
    ] as const) {
      const foreign = await call(t.app, 'DELETE', path, {
        token: intruder.token,
        query: { ids: String(id) },
      });
      const absent = await call(t.app, 'DELETE', path, {
        token: intruder.token,
        query: { ids: String(missing) },
      });
      expect(foreign).toEqual(absent);
      expect(foreign.code).toBe(4505);
    }
    for (const path of [
      `${WAYBILL}/page`,
      `${FENCE}/page`,
      '/api/device/DeviceWaybillModel/page',
      '/api/device/DeviceTrackModel/page',
    ]) {
      const page = await call<{ totalCount: number }>(t.app, 'POST', path, {
        token: intruder.token,
        body: { start: 1, pageSize: 10 },
      });
      expect(page.data.totalCount, path).toBe(0);
    }
    const still = await call(t.app, 'GET', `${WAYBILL}/detail`, {
      token: owner.token,
      query: { id: String(waybillId) },
    });
    expect(still.code).toBe(0);
  });
});
