import type { Geofence, PageResponse } from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/harness.ts';
import { signedIn } from '../devices/test-support.ts';
import { changeState, FENCE, insertWaybill, userWithDevice, waybillWorld } from '../waybills/test-support.ts';
import { distanceM, inFence, inPolygon } from './geometry.ts';

const circle = (radius = 500) => ({ shape: 'circle' as const, center: { lat: 31.2, lon: 121.4 }, radius });
const square = [
  { lat: 0, lon: 0 },
  { lat: 0, lon: 1 },
  { lat: 1, lon: 1 },
  { lat: 1, lon: 0 },
];

describe('geofence geometry', () => {
  it('measures great-circle distances', () => {
    // One degree of latitude is about 111.2 km anywhere.
    expect(distanceM({ lat: 10, lon: 20 }, { lat: 11, lon: 20 })).toBeCloseTo(111_195, -2);
    expect(distanceM({ lat: 31.2, lon: 121.4 }, { lat: 31.2, lon: 121.4 })).toBe(0);
  });

  it('tells inside from outside for circles and polygons, edges inside', () => {
    expect(inPolygon({ lat: 0.5, lon: 0.5 }, square)).toBe(true);
    expect(inPolygon({ lat: 1.5, lon: 0.5 }, square)).toBe(false);
    expect(inPolygon({ lat: 0, lon: 0.5 }, square)).toBe(true);
    const concave = [
      { lat: 0, lon: 0 },
      { lat: 0, lon: 2 },
      { lat: 2, lon: 2 },
      { lat: 1, lon: 1 },
      { lat: 2, lon: 0 },
    ];
    expect(inPolygon({ lat: 1.8, lon: 1 }, concave)).toBe(false);
    expect(inPolygon({ lat: 0.5, lon: 1 }, concave)).toBe(true);
    const areas = [circle(1000), { shape: 'polygon' as const, points: square }];
    expect(inFence({ lat: 31.205, lon: 121.4 }, areas)).toBe(true);
    expect(inFence({ lat: 31.21, lon: 121.4 }, areas)).toBe(false);
    expect(inFence({ lat: 0.2, lon: 0.2 }, areas)).toBe(true);
  });
});

describe('geofences', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('keeps circles and polygons, lists, updates and deletes them', async () => {
    const user = await signedIn(t.app);
    const created = await call<Geofence>(t.app, 'POST', `${FENCE}/insert`, {
      token: user.token,
      body: { name: 'N'.repeat(20), areas: [circle(), { shape: 'polygon', points: square }] },
    });
    expect(created.code, created.msg).toBe(0);
    expect(created.data).toMatchObject({
      name: 'N'.repeat(20),
      areas: [circle(), { shape: 'polygon', points: square }],
      inUse: 0,
    });
    const page = await call<PageResponse<Geofence>>(t.app, 'POST', `${FENCE}/page`, {
      token: user.token,
      body: { start: 1, pageSize: 10, name: 'NNN' },
    });
    expect(page.data.totalCount).toBe(1);
    const updated = await call<Geofence>(t.app, 'PUT', `${FENCE}/update`, {
      token: user.token,
      body: { id: created.data.id, name: 'Depot', areas: [circle(2000)] },
    });
    expect(updated.data).toMatchObject({ name: 'Depot', areas: [circle(2000)] });
    const detail = await call<Geofence>(t.app, 'GET', `${FENCE}/detail`, {
      token: user.token,
      query: { id: String(created.data.id) },
    });
    expect(detail.data).toEqual(updated.data);
    const deleted = await call<{ deleted: number }>(t.app, 'DELETE', `${FENCE}/delete`, {
      token: user.token,
      query: { ids: String(created.data.id) },
    });
    expect(deleted.data.deleted).toBe(1);
  });

  it('enforces name, radius and area limits with messages naming the field', async () => {
    const user = await signedIn(t.app);
    const eleven = Array.from({ length: 11 }, () => circle());
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'N'.repeat(21), areas: [circle()] }, 'Name: must be at most 20 characters'],
      [{ name: '', areas: [circle()] }, 'Name: is required'],
      [{ name: 'Depot', areas: [] }, 'Areas: draw at least one area'],
      [{ name: 'Depot', areas: eleven }, 'Areas: allows at most 10 items'],
      [{ name: 'Depot', areas: [{ shape: 'circle', center: { lat: 1, lon: 1 } }] }, 'Radius: is required'],
      [{ name: 'Depot', areas: [circle(5)] }, 'Radius: must be at least 10'],
      [
        { name: 'Depot', areas: [{ shape: 'polygon', points: square.slice(0, 2) }] },
        'Points: needs at least 3 items',
      ],
      [
        { name: 'Depot', areas: [{ shape: 'circle', center: { lat: 91, lon: 1 }, radius: 50 }] },
        'Latitude: must be at most 90',
      ],
    ];
    for (const [body, message] of cases) {
      const answer = await call(t.app, 'POST', `${FENCE}/insert`, {
        token: user.token,
        body,
        locale: 'en-US',
      });
      expect(answer.code, message).toBe(1001);
      expect(answer.msg).toBe(message);
    }
    const ten = await call(t.app, 'POST', `${FENCE}/insert`, {
      token: user.token,
      body: { name: 'Ten', areas: Array.from({ length: 10 }, () => circle()) },
    });
    expect(ten.code).toBe(0);
  });

  it('refuses to delete a fence a waybill not yet ended uses', async () => {
    const world = await waybillWorld(t.app);
    const user = await userWithDevice(t.app, world.typeId);
    const fence = await call<Geofence>(t.app, 'POST', `${FENCE}/insert`, {
      token: user.token,
      body: { name: 'Depot', areas: [circle()] },
    });
    const waybill = await insertWaybill(t.app, user.token, user.device.id, {
      startTrigger: 'geofence',
      startFenceId: fence.data.id,
    });
    const refused = await call(t.app, 'DELETE', `${FENCE}/delete`, {
      token: user.token,
      query: { ids: String(fence.data.id) },
      locale: 'en-US',
    });
    expect(refused).toMatchObject({ code: 4103, msg: 'Geofence is still in use and cannot be deleted' });
    await changeState(t.app, user.token, { id: waybill.id, action: 'start' });
    await changeState(t.app, user.token, { id: waybill.id, action: 'stop' });
    const deleted = await call<{ deleted: number }>(t.app, 'DELETE', `${FENCE}/delete`, {
      token: user.token,
      query: { ids: String(fence.data.id) },
    });
    expect(deleted.data.deleted).toBe(1);
  });
});
