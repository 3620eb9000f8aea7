import {
  insertFence,
  insertWaybill,
  userWithDevice,
  WAYBILL,
  waybillWorld,
} from '@coldchain/server/modules/waybills/test-support';
import { waybillsOf } from '@coldchain/server/modules/waybills/waybills.module';
import { call, createTestApp, type TestApp } from '@coldchain/server/test/harness';
import type { WaybillDetail } from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFleet } from './fleet.ts';
import { crossingRoute, parseRoute, positionAlong } from './route.ts';

describe('routes', () => {
  it('moves along a route at constant speed and stays at its end', () => {
    const route = [
      { lat: 0, lon: 0 },
      { lat: 0, lon: 2 },
      { lat: 1, lon: 2 },
    ];
    expect(positionAlong(route, 0)).toEqual({ lat: 0, lon: 0 });
    expect(positionAlong(route, 1 / 3)).toEqual({ lat: 0, lon: 1 });
    expect(positionAlong(route, 5 / 6)).toEqual({ lat: 0.5, lon: 2 });
    expect(positionAlong(route, 3)).toEqual({ lat: 1, lon: 2 });
  });

  it('reads routes from the command line and builds geofence crossings', () => {
    expect(parseRoute('31.2,121.4; 31.3,121.6')).toEqual([
      { lat: 31.2, lon: 121.4 },
      { lat: 31.3, lon: 121.6 },
    ]);
    expect(() => parseRoute('31.2,121.4')).toThrow('at least two points');
    expect(() => parseRoute('91,0;0,0')).toThrow('out of range');
    const crossing = crossingRoute({ lat: 31.2, lon: 121.4 }, { lat: 31.3, lon: 121.6 }, 4);
    expect(crossing).toHaveLength(5);
    expect(crossing[2]).toEqual({ lat: 31.25, lon: 121.5 });
  });
});

describe('a truck driving a route through geofences', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SEED_DEMO: 'false' } });
    await t.app.ingest.startMqtt({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('starts a waybill on leaving the depot and ends it on reaching the hospital, over MQTT', async () => {
    const world = await waybillWorld(t.app);
    const user = await userWithDevice(t.app, world.typeId);
    const depot = { lat: 31.2, lon: 121.4 };
    const hospital = { lat: 31.3, lon: 121.6 };
    const start = await insertFence(t.app, user.token, 'Depot', [
      { shape: 'circle', center: depot, radius: 2000 },
    ]);
    const stop = await insertFence(t.app, user.token, 'Hospital', [
      { shape: 'circle', center: hospital, radius: 2000 },
    ]);
    const waybill = await insertWaybill(t.app, user.token, user.device.id, {
      startTrigger: 'geofence',
      startFenceId: start.id,
      stopTrigger: 'geofence',
      stopFenceId: stop.id,
    });
    const fleet = await startFleet({
      devices: [
        {
          guid: user.device.deviceGuid,
          secret: user.device.secret,
          profile: 'truck',
          route: crossingRoute(depot, hospital),
        },
      ],
      url: `mqtt://127.0.0.1:${t.app.ingest.mqttPort}`,
      recordIntervalMs: 30,
      uploadIntervalMs: 100,
      // The whole drive takes about 1.2 s of real time.
      routeMinutes: 0.02,
    });
    const detail = async () =>
      (
        await call<WaybillDetail>(t.app, 'GET', `${WAYBILL}/detail`, {
          token: user.token,
          query: { id: String(waybill.id) },
        })
      ).data;
    // Drive until the truck has reported from the hospital (the last route point) or 30 s pass.
    const deadline = Date.now() + 30_000;
    let state = await detail();
    while (state.waybillState < 2 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      await fleet.flush();
      await waybillsOf(t.app.ctx).tracker.idle();
      state = await detail();
    }
    await fleet.stop();
    expect(state).toMatchObject({ waybillState: 2, startedBy: 'geofence', stoppedBy: 'geofence' });
    expect(state.stoppedAt).toBeGreaterThan(state.startedAt ?? Number.POSITIVE_INFINITY);
  });
});
