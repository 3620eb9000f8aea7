import type { WaybillDetail, WaybillTrack } from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/harness.ts';
import {
  changeState,
  insertFence,
  insertWaybill,
  sendTelemetry,
  userWithDevice,
  WAYBILL,
  type WaybillWorld,
  waybillWorld,
} from './test-support.ts';
import { waybillsOf } from './waybills.module.ts';

const MINUTE = 60_000;
/** A depot (circle, 1 km) and a hospital (a square polygon) about 20 km apart. */
const DEPOT = { lat: 31.2, lon: 121.4 };
const HOSPITAL = [
  { lat: 31.29, lon: 121.59 },
  { lat: 31.29, lon: 121.61 },
  { lat: 31.31, lon: 121.61 },
  { lat: 31.31, lon: 121.59 },
];

/** A truck leaving the depot and driving into the hospital's area: 20 positions 5 minutes apart. */
function drive(from: number) {
  const route: { lat: number; lon: number }[] = [];
  for (let i = 0; i < 3; i += 1) route.push({ lat: DEPOT.lat + i * 0.001, lon: DEPOT.lon });
  for (let i = 1; i <= 14; i += 1) route.push({ lat: 31.2 + (0.1 * i) / 14, lon: 121.4 + (0.2 * i) / 14 });
  for (let i = 0; i < 3; i += 1) route.push({ lat: 31.3, lon: 121.6 + i * 0.001 });
  return route.map((position, i) => ({
    ts: from + i * 5 * MINUTE,
    values: [{ kind: 'temperature', probe: 1, value: 4 + (i % 3) }],
    position,
  }));
}

describe('waybills started and stopped by geofences from device positions', () => {
  let t: TestApp;
  let world: WaybillWorld;

  beforeAll(async () => {
    t = await createTestApp();
    world = await waybillWorld(t.app);
  });
  afterAll(() => t.close());

  it('starts on leaving the depot and ends on entering the hospital, through the real ingest', async () => {
    const user = await userWithDevice(t.app, world.typeId);
    const depot = await insertFence(t.app, user.token, 'Depot', [
      { shape: 'circle', center: DEPOT, radius: 1000 },
    ]);
    const hospital = await insertFence(t.app, user.token, 'Hospital', [
      { shape: 'polygon', points: HOSPITAL },
    ]);
    const waybill = await insertWaybill(t.app, user.token, user.device.id, {
      startTrigger: 'geofence',
      startFenceId: depot.id,
      startFenceEvent: 'leave',
      stopTrigger: 'geofence',
      stopFenceId: hospital.id,
      stopFenceEvent: 'enter',
    });
    const records = drive(Date.now() - 3 * 60 * MINUTE);
    const { tracker } = waybillsOf(t.app.ctx);

    // Still inside the depot: nothing happens.
    await sendTelemetry(t.app, user.device, records.slice(0, 3));
    await tracker.idle();
    const detail = () =>
      call<WaybillDetail>(t.app, 'GET', `${WAYBILL}/detail`, {
        token: user.token,
        query: { id: String(waybill.id) },
      });
    expect((await detail()).data.waybillState).toBe(0);

    // Out of the depot and along the road: started at the first position outside.
    await sendTelemetry(t.app, user.device, records.slice(3, 10));
    await tracker.idle();
    expect((await detail()).data).toMatchObject({
      waybillState: 1,
      startedBy: 'geofence',
      startedAt: records[3]?.ts,
    });
    const command = await t.app.ctx.db
      .selectFrom('deviceCommand')
      .select('commandType')
      .where('deviceId', '=', user.device.id)
      .executeTakeFirstOrThrow();
    expect(command.commandType).toBe('waybillStart');

    // Into the hospital's polygon: ended at the first position inside.
    await sendTelemetry(t.app, user.device, records.slice(10));
    await tracker.idle();
    const ended = (await detail()).data;
    const arrival = records.find((r) => r.position.lat >= 31.29 && r.position.lon >= 121.59);
    expect(ended).toMatchObject({ waybillState: 2, stoppedBy: 'geofence', stoppedAt: arrival?.ts });

    const track = await call<WaybillTrack>(t.app, 'POST', `${WAYBILL}/track`, {
      token: user.token,
      body: { id: waybill.id },
    });
    expect(track.data.points[0]).toEqual([
      records[3]?.ts,
      records[3]?.position.lat,
      records[3]?.position.lon,
    ]);
    expect(track.data.points.at(-1)?.[0]).toBe(arrival?.ts);
    expect(track.data.fences.map((f) => f.name).sort()).toEqual(['Depot', 'Hospital']);
    expect(track.data.timeCorrected).toBe(0);

    // The same positions again (a device resending) move nothing on.
    await sendTelemetry(t.app, user.device, records);
    await tracker.idle();
    expect((await detail()).data.waybillState).toBe(2);
  });

  it('starts on entering a fence when asked to, and only on a crossing', async () => {
    const user = await userWithDevice(t.app, world.typeId);
    const hospital = await insertFence(t.app, user.token, 'Hospital', [
      { shape: 'polygon', points: HOSPITAL },
    ]);
    const waybill = await insertWaybill(t.app, user.token, user.device.id, {
      startTrigger: 'geofence',
      startFenceId: hospital.id,
      startFenceEvent: 'enter',
    });
    const records = drive(Date.now() - 3 * 60 * MINUTE);
    await sendTelemetry(t.app, user.device, records.slice(0, 18));
    await waybillsOf(t.app.ctx).tracker.idle();
    const started = await call<WaybillDetail>(t.app, 'GET', `${WAYBILL}/detail`, {
      token: user.token,
      query: { id: String(waybill.id) },
    });
    const arrival = records.find((r) => r.position.lat >= 31.29 && r.position.lon >= 121.59);
    expect(started.data).toMatchObject({ waybillState: 1, startedAt: arrival?.ts, startedBy: 'geofence' });
    expect((await changeState(t.app, user.token, { id: waybill.id, action: 'stop' })).data.waybillState).toBe(
      2,
    );
  });

  it('starts a waybill of a device that starts only at the device with its first readings', async () => {
    const user = await userWithDevice(t.app, world.deviceOnlyTypeId);
    const waybill = await insertWaybill(t.app, user.token, user.device.id);
    await waybillsOf(t.app.ctx).tracker.refresh();
    const now = Date.now();
    await sendTelemetry(t.app, user.device, [
      { ts: now, values: [{ kind: 'temperature', probe: 1, value: 5 }] },
    ]);
    await waybillsOf(t.app.ctx).tracker.idle();
    const started = await call<WaybillDetail>(t.app, 'GET', `${WAYBILL}/detail`, {
      token: user.token,
      query: { id: String(waybill.id) },
    });
    expect(started.data).toMatchObject({
      waybillState: 1,
      startedBy: 'device',
      startedAt: now,
      startCommandId: null,
    });
  });
});
