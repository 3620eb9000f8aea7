import {
  GEOFENCE_SORT_FIELDS,
  type Geofence,
  type PageResponse,
  TRACK_TEMPLATE_SORT_FIELDS,
  type TrackTemplate,
  WAYBILL_SORT_FIELDS,
  WAYBILL_TEMPLATE_SORT_FIELDS,
  type WaybillRow,
  type WaybillTemplate,
} from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/harness.ts';
import { addDevice } from '../devices/test-support.ts';
import {
  changeState,
  FENCE,
  insertFence,
  insertWaybill,
  userWithDevice,
  WAYBILL,
  type WaybillWorld,
  waybillWorld,
} from './test-support.ts';

const TEMPLATE = '/api/device/DeviceWaybillModel';
const TRACK = '/api/device/DeviceTrackModel';
const circle = { shape: 'circle' as const, center: { lat: 31.2, lon: 121.4 }, radius: 500 };
const route = [
  { lat: 31.2, lon: 121.4 },
  { lat: 31.3, lon: 121.5 },
];

describe('waybill lists: server-side sorting', () => {
  let t: TestApp;
  let world: WaybillWorld;
  let owner: Awaited<ReturnType<typeof userWithDevice>>;
  let other: Awaited<ReturnType<typeof userWithDevice>>;
  /** The owner's waybill ids by order number. */
  const ids = new Map<string, number>();

  beforeAll(async () => {
    t = await createTestApp();
    world = await waybillWorld(t.app);
    owner = await userWithDevice(t.app, world.typeId);
    other = await userWithDevice(t.app, world.typeId);
    // One device carries one open waybill, so each waybill gets its own device.
    const devices = [
      owner.device,
      await addDevice(t.app, owner.token, world.typeId, { deviceName: 'dev-a' }),
      await addDevice(t.app, owner.token, world.typeId, { deviceName: 'dev-c' }),
    ];
    await t.app.ctx.db
      .updateTable('device')
      .set({ deviceName: 'dev-b' })
      .where('id', '=', owner.device.id)
      .execute();
    for (const [orderNum, device] of [
      ['ord-2', devices[0]],
      ['ord-3', devices[1]],
      ['ord-1', devices[2]],
    ] as const) {
      if (!device) throw new Error('device missing');
      ids.set(orderNum, (await insertWaybill(t.app, owner.token, device.id, { orderNum })).id);
    }
    const started = await changeState(t.app, owner.token, {
      id: ids.get('ord-3') ?? 0,
      action: 'start',
      confirm: 1,
    });
    expect(started.code, started.msg).toBe(0);
    await insertWaybill(t.app, other.token, other.device.id, { orderNum: 'ord-0' });

    for (const modelName of ['tpl-b', 'tpl-c', 'tpl-a']) {
      const saved = await call(t.app, 'POST', `${TEMPLATE}/insert`, {
        token: owner.token,
        body: { modelName, content: { upperLimit: 8 } },
      });
      expect(saved.code, saved.msg).toBe(0);
    }
    for (const name of ['trk-b', 'trk-c', 'trk-a']) {
      const saved = await call(t.app, 'POST', `${TRACK}/insert`, {
        token: owner.token,
        body: { name, points: route },
      });
      expect(saved.code, saved.msg).toBe(0);
    }
    for (const name of ['fen-b', 'fen-c', 'fen-a']) await insertFence(t.app, owner.token, name, [circle]);
    await call(t.app, 'POST', `${TEMPLATE}/insert`, {
      token: other.token,
      body: { modelName: 'tpl-0', content: {} },
    });
    await call(t.app, 'POST', `${TRACK}/insert`, {
      token: other.token,
      body: { name: 'trk-0', points: route },
    });
    await insertFence(t.app, other.token, 'fen-0', [circle]);
  });
  afterAll(async () => t.close());

  async function page<T>(url: string, token: string, body: Record<string, unknown>) {
    const answer = await call<PageResponse<T>>(t.app, 'POST', url, { token, body, locale: 'en-US' });
    expect(answer.code, answer.msg).toBe(0);
    return answer.data;
  }
  const orderNums = async (body: Record<string, unknown>) =>
    (await page<WaybillRow>(`${WAYBILL}/page`, owner.token, body)).data.map((r) => r.orderNum);

  it('keeps the default order, newest first, and only the caller’s waybills', async () => {
    expect(await orderNums({})).toEqual(['ord-1', 'ord-3', 'ord-2']);
    expect(await orderNums({ sortOrder: 'ascend' })).toEqual(['ord-2', 'ord-3', 'ord-1']);
  });

  it('sorts waybills by a column in either direction, within the page asked', async () => {
    expect(await orderNums({ sortField: 'orderNum', sortOrder: 'ascend' })).toEqual([
      'ord-1',
      'ord-2',
      'ord-3',
    ]);
    expect(await orderNums({ sortField: 'orderNum', sortOrder: 'descend' })).toEqual([
      'ord-3',
      'ord-2',
      'ord-1',
    ]);
    expect(await orderNums({ sortField: 'deviceName', sortOrder: 'ascend' })).toEqual([
      'ord-3',
      'ord-2',
      'ord-1',
    ]);
    const second = await page<WaybillRow>(`${WAYBILL}/page`, owner.token, {
      sortField: 'orderNum',
      sortOrder: 'ascend',
      start: 2,
      pageSize: 2,
    });
    expect(second.data.map((r) => r.orderNum)).toEqual(['ord-3']);
    expect(second.totalCount).toBe(3);
    const filtered = await orderNums({ sortField: 'orderNum', sortOrder: 'descend', waybillState: 0 });
    expect(filtered).toEqual(['ord-2', 'ord-1']);
  });

  it('puts waybills without the value last in both directions, the same on every database', async () => {
    // Only ord-3 has started; the others tie on "not yet" and follow by id in the same direction.
    expect(await orderNums({ sortField: 'startedAt', sortOrder: 'ascend' })).toEqual([
      'ord-3',
      'ord-2',
      'ord-1',
    ]);
    expect(await orderNums({ sortField: 'startedAt', sortOrder: 'descend' })).toEqual([
      'ord-3',
      'ord-1',
      'ord-2',
    ]);
  });

  it('sorts waybill templates, track templates and geofences by name, each the caller’s own', async () => {
    // Another account's tpl-0, trk-0 and fen-0 would sort first if they leaked.
    const templates = await page<WaybillTemplate>(`${TEMPLATE}/page`, owner.token, {
      sortField: 'modelName',
      sortOrder: 'ascend',
    });
    expect(templates.data.map((r) => r.modelName)).toEqual(['tpl-a', 'tpl-b', 'tpl-c']);
    const tracks = await page<TrackTemplate>(`${TRACK}/page`, owner.token, {
      sortField: 'name',
      sortOrder: 'descend',
    });
    expect(tracks.data.map((r) => r.name)).toEqual(['trk-c', 'trk-b', 'trk-a']);
    const fences = await page<Geofence>(`${FENCE}/page`, owner.token, {
      sortField: 'name',
      sortOrder: 'ascend',
    });
    expect(fences.data.map((r) => r.name)).toEqual(['fen-a', 'fen-b', 'fen-c']);
    const newest = await page<Geofence>(`${FENCE}/page`, owner.token, {});
    expect(newest.data.map((r) => r.name)).toEqual(['fen-a', 'fen-c', 'fen-b']);
  });

  it('refuses a column outside the list’s whitelist with a translated error naming sortField', async () => {
    for (const [url, sortField, allowed] of [
      [`${WAYBILL}/page`, 'receiverPhone', WAYBILL_SORT_FIELDS],
      [`${WAYBILL}/page`, 'waybill.id; drop table waybill', WAYBILL_SORT_FIELDS],
      [`${TEMPLATE}/page`, 'content', WAYBILL_TEMPLATE_SORT_FIELDS],
      [`${TRACK}/page`, 'modelName', TRACK_TEMPLATE_SORT_FIELDS],
      [`${FENCE}/page`, 'areas', GEOFENCE_SORT_FIELDS],
    ] as const) {
      const refused = await call<{ fields: { field: string; message: string }[] }>(t.app, 'POST', url, {
        token: owner.token,
        body: { sortField, sortOrder: 'ascend' },
        locale: 'en-US',
      });
      expect(refused.status, url).toBe(200);
      expect(refused.code, url).toBe(1001);
      expect(refused.data.fields[0]?.field).toBe('sortField');
      expect(refused.msg).toBe(`Sort field: must be one of: ${allowed.join(', ')}`);
    }
    const german = await call(t.app, 'POST', `${FENCE}/page`, {
      token: owner.token,
      body: { sortField: 'areas' },
      locale: 'de-DE',
    });
    expect(german.msg).toContain('Sortierfeld');
  });
});
