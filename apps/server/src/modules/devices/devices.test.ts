import type { DeviceCredentials, DeviceDetail, DeviceRow, OperationLog } from '@coldchain/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceSecret } from '../../ingest/device-credentials.ts';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { acceptsData, DeviceDirectory } from './device-directory.ts';
import { addMonths } from './device-time.ts';
import { addDevice, nextGuid, publishedType, signedIn } from './test-support.ts';

const DEVICE = '/api/device/Device';
type Page = { data: DeviceRow[]; start: number; totalCount: number };

describe('devices', () => {
  let t: TestApp;
  let operator: string;
  let typeId: number;
  let storageTypeId: number;
  beforeAll(async () => {
    t = await createTestApp();
    operator = await login(t.app, 'demo_operator');
    typeId = (await publishedType(t.app, operator, { typeScenes: [1] })).type.id;
    storageTypeId = (await publishedType(t.app, operator, { typeScenes: [2, 1] })).type.id;
  });
  afterAll(async () => t.close());

  it('adds a device by GUID with two months of free service, enabled and offline', async () => {
    const user = await signedIn(t.app);
    const before = Date.now();
    const guid = nextGuid();
    const answer = await call<DeviceDetail>(t.app, 'POST', `${DEVICE}/insert`, {
      token: user.token,
      body: {
        deviceGuid: guid,
        deviceName: 'n'.repeat(50),
        deviceTypeId: typeId,
        timeZone: 'Europe/Berlin',
        deviceDesc: 'Pharmacy fridge',
        latitude: 31.23,
        longitude: 121.47,
        address: 'Shanghai',
      },
    });
    expect(answer.code).toBe(0);
    expect(answer.data).toMatchObject({
      deviceGuid: guid,
      useState: 'enabled',
      status: 'offline',
      timeZone: 'Europe/Berlin',
      accountId: user.id,
      ownerName: user.userName,
      creatorName: user.userName,
      expired: 0,
      scenes: [1],
      recordInterval: 300,
      uploadInterval: 300,
    });
    const service = Date.parse(answer.data.serviceExpiredDate);
    expect(service).toBeGreaterThanOrEqual(addMonths(new Date(before), 2).getTime());
    expect(service).toBeLessThanOrEqual(addMonths(new Date(), 2).getTime());
    expect(answer.data.dataExpiredDate).toBe(addMonths(new Date(service), 3).toISOString());
    const again = await call(t.app, 'POST', `${DEVICE}/insert`, {
      token: (await signedIn(t.app)).token,
      body: { deviceGuid: guid, deviceName: 'Mine', deviceTypeId: typeId, timeZone: 'UTC' },
      locale: 'en-US',
    });
    expect(again.code).toBe(4102);
    expect(again.msg).toBe('This device ID has already been added');
  });

  it('validates a new device with a message naming the field, storing nothing', async () => {
    const user = await signedIn(t.app);
    const ok = { deviceGuid: '7770001', deviceName: 'Valid', deviceTypeId: typeId, timeZone: 'UTC' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...ok, deviceGuid: 'ABC123' }, 'Device ID: must be 1-20 digits'],
      [{ ...ok, deviceGuid: '1'.repeat(21) }, 'Device ID: must be 1-20 digits'],
      [{ ...ok, deviceName: '' }, 'Device name: is required'],
      [{ ...ok, deviceName: '   ' }, 'Device name: is required'],
      [{ ...ok, deviceName: 'n'.repeat(51) }, 'Device name: must be at most 50 characters'],
      [{ ...ok, deviceDesc: 'r'.repeat(121) }, 'Remark: must be at most 120 characters'],
      [{ ...ok, timeZone: undefined }, 'Time zone: is required'],
      [{ ...ok, timeZone: 'Mars/Olympus' }, 'Time zone: is not a known time zone'],
      [{ ...ok, deviceTypeId: 999999 }, 'Device type: does not exist'],
      [{ ...ok, deviceTypeId: 'x' }, 'Device type: has the wrong type'],
      [{ ...ok, latitude: 91 }, 'Latitude: must be at most 90'],
      [{ ...ok, deviceModelId: 999999 }, 'Model: does not exist'],
      [{ ...ok, useState: 'stopped' }, 'Use state: is not an accepted field'],
      [{ ...ok, accountId: 1 }, ''],
    ];
    for (const [body, message] of cases) {
      const answer = await call(t.app, 'POST', `${DEVICE}/insert`, {
        token: user.token,
        body,
        locale: 'en-US',
      });
      if (message === '') {
        expect(answer.status).toBe(403);
        continue;
      }
      expect(answer.status, message).toBe(200);
      expect(answer.code, message).toBe(1001);
      expect(answer.msg).toBe(message);
    }
    const stored = await t.app.ctx.db
      .selectFrom('device')
      .select('id')
      .where('deviceGuid', '=', '7770001')
      .execute();
    expect(stored).toEqual([]);
  });

  it('lists the caller own devices with query, paging, sorting and scene tabs', async () => {
    const user = await signedIn(t.app);
    const other = await signedIn(t.app);
    const names = ['Alpha fridge', 'Beta freezer', 'Gamma room', 'Delta fridge'];
    const ids: number[] = [];
    for (const [i, name] of names.entries())
      ids.push(
        (await addDevice(t.app, user.token, i === 2 ? storageTypeId : typeId, { deviceName: name })).id,
      );
    await addDevice(t.app, other.token, typeId, { deviceName: 'Alpha elsewhere' });
    await t.app.ctx.db
      .updateTable('device')
      .set({ status: 'alarm' })
      .where('id', '=', ids[1] as number)
      .execute();
    const page = (body: Record<string, unknown>) =>
      call<Page>(t.app, 'POST', `${DEVICE}/page`, {
        token: user.token,
        body: { start: 1, pageSize: 10, ...body },
      });
    expect((await page({})).data.totalCount).toBe(4);
    expect((await page({ deviceName: 'FRIDGE' })).data.data.map((d) => d.deviceName).sort()).toEqual([
      'Alpha fridge',
      'Delta fridge',
    ]);
    const guid = (await page({})).data.data[0]?.deviceGuid as string;
    expect((await page({ deviceGuid: guid.slice(-4) })).data.data.map((d) => d.deviceGuid)).toContain(guid);
    expect((await page({ status: 'alarm' })).data.data.map((d) => d.id)).toEqual([ids[1]]);
    expect((await page({ deviceTypeId: storageTypeId })).data.data.map((d) => d.id)).toEqual([ids[2]]);
    expect((await page({ scene: 2 })).data.data.map((d) => d.id)).toEqual([ids[2]]);
    expect((await page({ scene: 1 })).data.totalCount).toBe(4);
    expect((await page({ scene: 3 })).data.totalCount).toBe(0);
    expect((await page({ useState: 'enabled' })).data.totalCount).toBe(4);
    const sorted = await page({ sortField: 'deviceName', sortOrder: 'ascend', pageSize: 2, start: 2 });
    expect(sorted.data).toMatchObject({ start: 2, totalCount: 4 });
    expect(sorted.data.data.map((d) => d.deviceName)).toEqual(['Delta fridge', 'Gamma room']);
    const row = (await page({ deviceName: 'Gamma' })).data.data[0];
    expect(row).toMatchObject({
      scenes: [2, 1],
      latitude: null,
      typeName: expect.any(String),
      ownerName: user.userName,
    });
    const bad = await page({ status: 'sleeping' });
    expect(bad.code).toBe(1001);
    const big = await page({ pageSize: 1000 });
    expect(big.code).toBe(1001);
  });

  it('shows and edits basic info and the remark, writing the device operation log', async () => {
    const user = await signedIn(t.app);
    const device = await addDevice(t.app, user.token, typeId);
    const detail = await call<DeviceDetail>(t.app, 'GET', `${DEVICE}/detail`, {
      token: user.token,
      query: { id: String(device.id) },
    });
    expect(detail.data).toMatchObject({
      id: device.id,
      deviceName: 'Freezer A',
      smsCount: 0,
      serverLevel: 0,
    });
    const updated = await call<DeviceDetail>(t.app, 'PUT', `${DEVICE}/update`, {
      token: user.token,
      body: {
        id: device.id,
        deviceName: 'Vaccine fridge',
        latitude: 22.5,
        longitude: 114.1,
        address: 'Shenzhen',
      },
    });
    expect(updated.data).toMatchObject({ deviceName: 'Vaccine fridge', latitude: 22.5, address: 'Shenzhen' });
    const remark = await call<DeviceDetail>(t.app, 'PUT', `${DEVICE}/updateRemark/${device.id}`, {
      token: user.token,
      body: { deviceDesc: 'Second floor' },
    });
    expect(remark.data.deviceDesc).toBe('Second floor');
    const tooLong = await call(t.app, 'PUT', `${DEVICE}/updateRemark/${device.id}`, {
      token: user.token,
      body: { deviceDesc: 'r'.repeat(121) },
      locale: 'en-US',
    });
    expect(tooLong.msg).toBe('Remark: must be at most 120 characters');
    const badName = await call(t.app, 'PUT', `${DEVICE}/update`, {
      token: user.token,
      body: { id: device.id, deviceName: '' },
      locale: 'en-US',
    });
    expect(badName.msg).toBe('Device name: is required');
    const log = await call<{ data: OperationLog[]; totalCount: number }>(
      t.app,
      'POST',
      `${DEVICE}/operationLog`,
      {
        token: user.token,
        body: { deviceId: device.id, start: 1, pageSize: 10 },
      },
    );
    expect(log.data.data.map((l) => l.action)).toEqual([
      'device.updateRemark',
      'device.update',
      'device.insert',
    ]);
    expect(log.data.data[0]).toMatchObject({
      entityType: 'device',
      entityId: String(device.id),
      oldValue: { deviceDesc: null },
      newValue: { deviceDesc: 'Second floor' },
    });
  });

  it('enables, stops, scraps and deletes devices of one type; data is accepted only while enabled', async () => {
    const user = await signedIn(t.app);
    const a = await addDevice(t.app, user.token, typeId);
    const b = await addDevice(t.app, user.token, typeId);
    const c = await addDevice(t.app, user.token, storageTypeId);
    const directory = DeviceDirectory.for(t.app.ctx.db);
    const accepted = async (guid: string) => {
      const entry = await directory.byGuid(guid);
      return entry !== undefined && acceptsData(entry);
    };
    expect(await accepted(a.deviceGuid)).toBe(true);
    const batch = (path: string, ids: number[]) =>
      call<{ count: number }>(t.app, 'PUT', `${DEVICE}/${path}`, {
        token: user.token,
        body: { ids },
        locale: 'en-US',
      });
    const mixed = await batch('batchStop', [a.id, c.id]);
    expect(mixed.code).toBe(4101);
    expect(mixed.msg).toBe('Batch operations need devices of one type');
    expect((await batch('batchStop', [])).code).toBe(1201);
    const states = async () =>
      (
        await t.app.ctx.db
          .selectFrom('device')
          .select(['id', 'useState', 'deletedFlag'])
          .where('id', 'in', [a.id, b.id, c.id])
          .orderBy('id')
          .execute()
      ).map((r) => `${r.useState}/${r.deletedFlag}`);
    expect(await states()).toEqual(['enabled/0', 'enabled/0', 'enabled/0']);
    expect((await batch('batchStop', [a.id, b.id])).data.count).toBe(2);
    expect(await states()).toEqual(['stopped/0', 'stopped/0', 'enabled/0']);
    // The directory entry was dropped on change, so ingest sees "stopped" at once on this node.
    const stopped = await directory.byGuid(a.deviceGuid);
    expect(stopped?.useState).toBe('stopped');
    expect(stopped && acceptsData(stopped)).toBe(false);
    expect((await batch('batchEnable', [a.id])).code).toBe(0);
    expect(await accepted(a.deviceGuid)).toBe(true);
    expect((await batch('batchScrap', [b.id])).code).toBe(0);
    expect(await accepted(b.deviceGuid)).toBe(false);
    const revive = await batch('batchEnable', [b.id]);
    expect(revive.code).toBe(4111);
    const edit = await call(t.app, 'PUT', `${DEVICE}/update`, {
      token: user.token,
      body: { id: b.id, deviceName: 'New name' },
    });
    expect(edit.code).toBe(4111);
    // A scrapped device keeps its history: still listed and readable.
    const detail = await call<DeviceDetail>(t.app, 'GET', `${DEVICE}/detail`, {
      token: user.token,
      query: { id: String(b.id) },
    });
    expect(detail.data.useState).toBe('scrapped');
    const removed = await call<{ count: number }>(t.app, 'DELETE', `${DEVICE}/batchDelete`, {
      token: user.token,
      query: { ids: `${a.id},${b.id}` },
    });
    expect(removed.data.count).toBe(2);
    expect(await accepted(a.deviceGuid)).toBe(false);
    const gone = await call(t.app, 'GET', `${DEVICE}/detail`, {
      token: user.token,
      query: { id: String(a.id) },
    });
    expect(gone.code).toBe(4006);
    const badIds = await call(t.app, 'DELETE', `${DEVICE}/batchDelete`, {
      token: user.token,
      query: { ids: '1;drop' },
      locale: 'en-US',
    });
    expect(badIds.msg).toBe('Selection: must be a comma-separated list of ids');
    const log = await t.app.ctx.db
      .selectFrom('operationLog')
      .select(['action', 'entityId'])
      .where('entityType', '=', 'device')
      .where('entityId', '=', String(a.id))
      .orderBy('seq')
      .execute();
    expect(log.map((l) => l.action)).toEqual([
      'device.insert',
      'device.stop',
      'device.enable',
      'device.delete',
    ]);
  });

  it('lets another account add a deleted device again, without its former history', async () => {
    const first = await signedIn(t.app);
    const device = await addDevice(t.app, first.token, typeId, { deviceName: 'Sold' });
    await call(t.app, 'PUT', `${DEVICE}/updateRemark/${device.id}`, {
      token: first.token,
      body: { deviceDesc: 'old' },
    });
    await call(t.app, 'DELETE', `${DEVICE}/batchDelete`, {
      token: first.token,
      query: { ids: String(device.id) },
    });
    const second = await signedIn(t.app);
    const again = await addDevice(t.app, second.token, typeId, {
      deviceGuid: device.deviceGuid,
      deviceName: 'Bought',
    });
    expect(again).toMatchObject({
      id: device.id,
      accountId: second.id,
      deviceName: 'Bought',
      deviceDesc: null,
    });
    const log = await call<{ data: OperationLog[] }>(t.app, 'POST', `${DEVICE}/operationLog`, {
      token: second.token,
      body: { deviceId: device.id },
    });
    expect(log.data.data.map((l) => l.action)).toEqual(['device.insert']);
    const old = await call(t.app, 'GET', `${DEVICE}/detail`, {
      token: first.token,
      query: { id: String(device.id) },
    });
    expect(old.code).toBe(4006);
    const rotation = await t.app.ctx.db
      .selectFrom('device')
      .select('credentialRotation')
      .where('id', '=', device.id)
      .executeTakeFirstOrThrow();
    expect(rotation.credentialRotation).toBe(1);
  });

  it('exports chosen devices of one type as XLSX in the caller language', async () => {
    const user = await signedIn(t.app);
    const a = await addDevice(t.app, user.token, typeId, { deviceName: 'Export one' });
    const b = await addDevice(t.app, user.token, typeId, { deviceName: 'Export two' });
    const c = await addDevice(t.app, user.token, storageTypeId);
    const response = await t.app.inject({
      method: 'POST',
      url: `${DEVICE}/export`,
      payload: { ids: [a.id, b.id] },
      headers: { authorization: `Bearer ${user.token}`, 'accept-language': 'en-US' },
    });
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).value).toBe('Device ID');
    expect(sheet?.getRow(2).getCell(2).value).toBe('Export one');
    expect(sheet?.getRow(3).getCell(4).value).toBe('Offline');
    expect(sheet?.getRow(3).getCell(5).value).toBe('Enabled');
    const mixed = await call(t.app, 'POST', `${DEVICE}/export`, {
      token: user.token,
      body: { ids: [a.id, c.id] },
    });
    expect(mixed.code).toBe(4101);
    const logged = await t.app.ctx.db
      .selectFrom('operationLog')
      .select('entityId')
      .where('action', '=', 'device.export')
      .execute();
    expect(logged.map((l) => l.entityId).sort()).toEqual([String(a.id), String(b.id)].sort());
  });

  it('downloads credentials with the per-device secret and rotates it', async () => {
    const user = await signedIn(t.app);
    const device = await addDevice(t.app, user.token, typeId);
    const download = async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: `${DEVICE}/credentials?id=${device.id}`,
        headers: { authorization: `Bearer ${user.token}`, host: 'cloud.example.com' },
      });
      expect(response.headers['content-disposition']).toContain(
        `device-${device.deviceGuid}-credentials.json`,
      );
      expect(response.headers['cache-control']).toBe('no-store');
      return JSON.parse(response.body) as DeviceCredentials;
    };
    const first = await download();
    expect(first).toMatchObject({
      deviceGuid: device.deviceGuid,
      rotation: 0,
      secret: deviceSecret(t.app.ctx.deviceKey, device.deviceGuid, 0),
      mqtt: {
        clientId: device.deviceGuid,
        username: device.deviceGuid,
        topicRoot: `devices/${device.deviceGuid}`,
      },
      http: {
        url: `http://cloud.example.com/api/mqtt-broker/transport/service/devices/${device.deviceGuid}`,
      },
    });
    expect(first.mqtt.password).toBe(first.secret);
    const rotated = await call<{ rotation: number }>(t.app, 'PUT', `${DEVICE}/rotateCredentials`, {
      token: user.token,
      body: { id: device.id },
    });
    expect(rotated.data.rotation).toBe(1);
    const second = await download();
    expect(second.secret).toBe(deviceSecret(t.app.ctx.deviceKey, device.deviceGuid, 1));
    expect(second.secret).not.toBe(first.secret);
    expect((await DeviceDirectory.for(t.app.ctx.db).byGuid(device.deviceGuid))?.credentialRotation).toBe(1);
    const log = await t.app.ctx.db
      .selectFrom('operationLog')
      .select(['action', 'newValue'])
      .where('entityId', '=', String(device.id))
      .where('action', 'in', ['device.credentials', 'device.rotateCredentials'])
      .orderBy('seq')
      .execute();
    expect(log.map((l) => l.action)).toEqual([
      'device.credentials',
      'device.rotateCredentials',
      'device.credentials',
    ]);
    expect(log.every((l) => !String(l.newValue).includes(first.secret))).toBe(true);
  });

  it('gives the back office every device and lets it add devices for an account', async () => {
    const user = await signedIn(t.app);
    const device = await addDevice(t.app, user.token, typeId, { deviceName: 'Backoffice visible' });
    const all = await call<Page>(t.app, 'POST', `${DEVICE}/sysPage`, {
      token: operator,
      body: { deviceName: 'Backoffice visible' },
    });
    expect(all.data.data.map((d) => d.id)).toEqual([device.id]);
    const own = await call<Page>(t.app, 'POST', `${DEVICE}/page`, {
      token: operator,
      body: { deviceName: 'Backoffice visible' },
    });
    expect(own.data.totalCount).toBe(0);
    const denied = await call(t.app, 'POST', `${DEVICE}/sysPage`, { token: user.token, body: {} });
    expect(denied.status).toBe(403);
    const forUser = await call<DeviceDetail>(t.app, 'POST', `${DEVICE}/insert`, {
      token: operator,
      body: {
        deviceGuid: nextGuid(),
        deviceName: 'Installed',
        deviceTypeId: typeId,
        timeZone: 'UTC',
        accountId: user.id,
      },
    });
    expect(forUser.data).toMatchObject({ accountId: user.id, creatorName: 'demo_operator' });
    const stop = await call(t.app, 'PUT', `${DEVICE}/batchStop`, {
      token: operator,
      body: { ids: [device.id] },
    });
    expect(stop.code).toBe(0);
    const unknown = await call(t.app, 'POST', `${DEVICE}/insert`, {
      token: operator,
      body: {
        deviceGuid: nextGuid(),
        deviceName: 'X',
        deviceTypeId: typeId,
        timeZone: 'UTC',
        accountId: 999999,
      },
      locale: 'en-US',
    });
    expect(unknown.msg).toBe('User: does not exist');
  });

  it('gives organization members read-only devices', async () => {
    const member = await signedIn(t.app, { roleCode: 'organizationMember' });
    const add = await call(t.app, 'POST', `${DEVICE}/insert`, {
      token: member.token,
      body: { deviceGuid: nextGuid(), deviceName: 'X', deviceTypeId: typeId, timeZone: 'UTC' },
    });
    expect(add.status).toBe(403);
    const list = await call<Page>(t.app, 'POST', `${DEVICE}/page`, { token: member.token, body: {} });
    expect(list.code).toBe(0);
  });
});
