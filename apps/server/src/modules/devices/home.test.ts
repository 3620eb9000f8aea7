import type { DeviceCounts, DevicePosition, ExpireInfo } from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { addDevice, publishedType, signedIn } from './test-support.ts';

const DAY = 86_400_000;
type Expired = {
  list: { id: number; deviceTypeName: string; typeId: number; serviceExpiredDate: string }[];
  total: number;
};

describe('home dashboard and expired devices', () => {
  let t: TestApp;
  let typeId: number;
  beforeAll(async () => {
    t = await createTestApp();
    typeId = (await publishedType(t.app, await login(t.app, 'demo_operator'))).type.id;
  });
  afterAll(async () => t.close());

  const set = (id: number, values: Record<string, string | number>) =>
    t.app.ctx.db.updateTable('device').set(values).where('id', '=', id).execute();

  it('counts the caller visible devices by status and lists their positions', async () => {
    const user = await signedIn(t.app);
    const other = await signedIn(t.app);
    const ids: number[] = [];
    for (let i = 0; i < 8; i += 1)
      ids.push((await addDevice(t.app, user.token, typeId, { deviceName: `D${i}` })).id);
    await addDevice(t.app, other.token, typeId);
    const [online, normal, alarm, fault, offline, stopped, scrapped, notEnabled] = ids as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    await set(online, { status: 'online', latitude: 31.2, longitude: 121.5 });
    await set(normal, { status: 'normal' });
    await set(alarm, { status: 'alarm', latitude: 39.9, longitude: 116.4 });
    await set(fault, { status: 'fault', serviceExpiredDate: new Date(Date.now() - DAY).toISOString() });
    await set(offline, { status: 'offline' });
    await set(stopped, { useState: 'stopped', status: 'online' });
    await set(scrapped, {
      useState: 'scrapped',
      serviceExpiredDate: new Date(Date.now() - DAY).toISOString(),
    });
    await set(notEnabled, { useState: 'notEnabled' });
    const counts = await call<DeviceCounts>(t.app, 'GET', '/api/device/Device/getStatusCount', {
      token: user.token,
    });
    expect(counts.data).toEqual({
      total: 8,
      online: 4,
      offline: 1,
      alarm: 1,
      disabled: 1,
      scrapped: 1,
      expired: 1,
      notEnabled: 1,
    });
    const positions = await call<DevicePosition[]>(t.app, 'GET', '/api/device/Device/getPositions', {
      token: user.token,
    });
    expect(positions.data.map((p) => [p.id, p.status, p.latitude])).toEqual([
      [online, 'online', 31.2],
      [alarm, 'alarm', 39.9],
    ]);
  });

  it('keeps at least 5 home tiles per account, validated on the server', async () => {
    const user = await signedIn(t.app);
    const read = async () =>
      (await call<{ tiles: string[] }>(t.app, 'GET', '/api/base/BaseHomeOption/list', { token: user.token }))
        .data.tiles;
    expect(await read()).toEqual([
      'deviceCount',
      'deviceMap',
      'alarmTrend',
      'recentAlarms',
      'onlineRate',
      'expiringDevices',
    ]);
    const chosen = ['deviceMap', 'deviceCount', 'waybills', 'assets', 'projects'];
    const saved = await call(t.app, 'PUT', '/api/base/BaseHomeOption/update', {
      token: user.token,
      body: { tiles: chosen },
    });
    expect(saved.code).toBe(0);
    expect(await read()).toEqual(chosen);
    const cases: [unknown, string][] = [
      [chosen.slice(0, 4), 'Home tiles: needs at least 5 items'],
      [[...chosen.slice(0, 4), 'deviceMap'], 'Home tiles: contains duplicates'],
      [
        [...chosen.slice(0, 4), 'weather'],
        'Home tiles: must be one of: deviceCount, deviceMap, alarmTrend, recentAlarms, onlineRate, expiringDevices, waybills, assets, projects, energy',
      ],
    ];
    for (const [tiles, message] of cases) {
      const answer = await call(t.app, 'PUT', '/api/base/BaseHomeOption/update', {
        token: user.token,
        body: { tiles },
        locale: 'en-US',
      });
      expect(answer.code).toBe(1001);
      expect(answer.msg).toBe(message);
    }
    expect(await read()).toEqual(chosen);
    const other = await signedIn(t.app);
    expect(
      (await call<{ tiles: string[] }>(t.app, 'GET', '/api/base/BaseHomeOption/list', { token: other.token }))
        .data.tiles,
    ).toHaveLength(6);
  });

  it('lists expired and expiring devices by flag and tells the modal whether to open', async () => {
    const user = await signedIn(t.app);
    const info = async () =>
      (
        await call<ExpireInfo>(t.app, 'GET', '/api/device/DeviceExpireInfo/getExpiredInfoByType', {
          token: user.token,
          query: { type: '1' },
        })
      ).data;
    const counts = (c1: number, c2: number, c3: number, c4: number) =>
      [c1, c2, c3, c4].map((count, i) => ({ expiredFlag: i + 1, count }));
    expect(await info()).toEqual({ id: 0, pushMessages: 0, expiredFlag: 2, counts: counts(0, 0, 0, 0) });
    const ids: number[] = [];
    for (let i = 0; i < 5; i += 1) ids.push((await addDevice(t.app, user.token, typeId)).id);
    const [expired, in3, in20, in90, scrapped] = ids as [number, number, number, number, number];
    const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();
    await set(expired, { serviceExpiredDate: at(-2) });
    await set(in3, { serviceExpiredDate: at(3) });
    await set(in20, { serviceExpiredDate: at(20) });
    await set(in90, { serviceExpiredDate: at(90) });
    await set(scrapped, { serviceExpiredDate: at(-5), useState: 'scrapped' });
    const list = async (query: Record<string, string>) =>
      (
        await call<Expired>(t.app, 'GET', '/api/device/Device/getExpiredServiceDevice', {
          token: user.token,
          query,
        })
      ).data;
    expect((await list({ expiredFlag: '1' })).list.map((d) => d.id)).toEqual([expired]);
    expect((await list({})).list.map((d) => d.id)).toEqual([in3, in20]);
    expect((await list({ expiredFlag: '3' })).list.map((d) => d.id)).toEqual([in3]);
    const all = await list({ expiredFlag: '4', pageSize: '2', start: '1' });
    expect(all.total).toBe(3);
    expect(all.list.map((d) => d.id)).toEqual([expired, in3]);
    expect(all.list[0]).toMatchObject({ typeId, deviceTypeName: expect.any(String) });
    const bad = await call(t.app, 'GET', '/api/device/Device/getExpiredServiceDevice', {
      token: user.token,
      query: { expiredFlag: '5' },
      locale: 'en-US',
    });
    expect(bad.msg).toBe('Expiry filter: must be 1, 2, 3 or 4');
    // Another account's id reveals nothing to an ordinary user.
    const other = await signedIn(t.app);
    expect(
      (
        await call<Expired>(t.app, 'GET', '/api/device/Device/getExpiredServiceDevice', {
          token: other.token,
          query: { accountId: String(user.id), expiredFlag: '4' },
        })
      ).data.total,
    ).toBe(0);
    const operator = await login(t.app, 'demo_operator');
    expect(
      (
        await call<Expired>(t.app, 'GET', '/api/device/Device/getExpiredServiceDevice', {
          token: operator,
          query: { accountId: String(user.id), expiredFlag: '4' },
        })
      ).data.total,
    ).toBe(3);

    expect(await info()).toEqual({ id: 0, pushMessages: 1, expiredFlag: 1, counts: counts(1, 2, 1, 3) });
    const off = await call<ExpireInfo>(t.app, 'PUT', '/api/device/DeviceExpireInfo/update', {
      token: user.token,
      body: { type: 1, pushMessages: 0 },
    });
    expect(off.data).toMatchObject({ pushMessages: 0, expiredFlag: 1 });
    expect(off.data.id).toBeGreaterThan(0);
    const badType = await call(t.app, 'GET', '/api/device/DeviceExpireInfo/getExpiredInfoByType', {
      token: user.token,
      query: { type: '2' },
      locale: 'en-US',
    });
    expect(badType.msg).toBe('Type: must be 1');
  });
});
