import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { acceptsData, DeviceDirectory } from './device-directory.ts';
import { addDevice, publishedType, signedIn } from './test-support.ts';

describe('device directory for ingest', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('accepts data only from enabled, live devices', () => {
    expect(acceptsData({ useState: 'enabled', deletedFlag: 0 })).toBe(true);
    expect(acceptsData({ useState: 'enabled', deletedFlag: 1 })).toBe(false);
    for (const useState of ['stopped', 'scrapped', 'notEnabled'] as const)
      expect(acceptsData({ useState, deletedFlag: 0 }), useState).toBe(false);
  });

  it('finds devices by GUID and caches lookups, unknown GUIDs included, for its TTL', async () => {
    const operator = await login(t.app, 'demo_operator');
    const typeId = (await publishedType(t.app, operator)).type.id;
    const user = await signedIn(t.app);
    const device = await addDevice(t.app, user.token, typeId);
    let now = Date.parse('2026-05-01T00:00:00.000Z');
    const directory = new DeviceDirectory(t.app.ctx.db, { now: () => new Date(now) }, 5000);
    expect(await directory.byGuid(device.deviceGuid)).toEqual({
      id: device.id,
      platformId: expect.any(Number),
      accountId: user.id,
      guid: device.deviceGuid,
      useState: 'enabled',
      deletedFlag: 0,
      credentialRotation: 0,
      dataExpiredDate: expect.any(String),
    });
    expect(await directory.byGuid('123')).toBeUndefined();
    await t.app.ctx.db
      .updateTable('device')
      .set({ useState: 'stopped' })
      .where('id', '=', device.id)
      .execute();
    expect((await directory.byGuid(device.deviceGuid))?.useState).toBe('enabled');
    now += 5001;
    expect((await directory.byGuid(device.deviceGuid))?.useState).toBe('stopped');
    await t.app.ctx.db
      .updateTable('device')
      .set({ useState: 'enabled' })
      .where('id', '=', device.id)
      .execute();
    directory.invalidate(device.deviceGuid);
    expect((await directory.byGuid(device.deviceGuid))?.useState).toBe('enabled');
    // The shared directory is the one the device service invalidates on every change.
    const shared = DeviceDirectory.for(t.app.ctx.db);
    expect(shared).toBe(DeviceDirectory.for(t.app.ctx.db));
    expect((await shared.byGuid(device.deviceGuid))?.useState).toBe('enabled');
    await call(t.app, 'PUT', '/api/device/Device/batchStop', {
      token: user.token,
      body: { ids: [device.id] },
    });
    expect((await shared.byGuid(device.deviceGuid))?.useState).toBe('stopped');
  });
});
