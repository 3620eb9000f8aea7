import type { DeviceRow, DownloadRow, PageResponse, Platform, UserRow } from '@coldchain/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test/factories.ts';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { addDevice, publishedType, signedIn } from '../devices/test-support.ts';
import { downloadsSettled } from './downloads.service.ts';

const FILE = '/api/device/FileDownload';
const HOST_B = 'exports-b.example.com';

/** Column `column` of every data row of the file's first sheet (ExcelJS counts from 1). */
async function columnOf(payload: Buffer, column: number): Promise<string[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  const values: string[] = [];
  for (let n = 2; n <= sheet.rowCount; n += 1)
    values.push(String((sheet.getRow(n).values as unknown[])[column]));
  return values.sort();
}

describe('download centre: an export holds what its list shows', () => {
  let t: TestApp;
  let operator: string;
  let owner: { id: number; token: string };
  let other: { id: number; token: string };
  let storageTypeId: number;
  let operatorB: string;

  beforeAll(async () => {
    t = await createTestApp();
    operator = await login(t.app, 'demo_operator');
    const monitoring = (await publishedType(t.app, operator, { typeScenes: [1] })).type.id;
    storageTypeId = (await publishedType(t.app, operator, { typeScenes: [2] })).type.id;
    owner = await signedIn(t.app);
    other = await signedIn(t.app);
    await addDevice(t.app, owner.token, monitoring, { deviceName: 'Truck north' });
    const stopped = await addDevice(t.app, owner.token, monitoring, { deviceName: 'Truck south' });
    await addDevice(t.app, owner.token, monitoring, { deviceName: 'Shelf' });
    await addDevice(t.app, owner.token, storageTypeId, { deviceName: 'Truck bay store' });
    await addDevice(t.app, other.token, monitoring, { deviceName: 'Truck of someone else' });
    await t.app.ctx.db
      .updateTable('device')
      .set({ useState: 'stopped' })
      .where('id', '=', stopped.id)
      .execute();

    const platformB = (
      await call<Platform>(t.app, 'POST', '/api/base/BaseCustomPage/insert', {
        token: operator,
        body: { topDomain: HOST_B, title: 'Tenant B' },
      })
    ).data.id;
    operatorB = (await signedIn(t.app, { roleCode: 'operator', platformId: platformB, host: HOST_B })).token;
    for (const userName of ['export_one', 'export_two']) await createAccount(t.app, { userName });
    await createAccount(t.app, { userName: 'export_ent', roleCode: 'enterpriseAdmin' });
    await createAccount(t.app, { userName: 'export_b_one', platformId: platformB });
  });
  afterAll(async () => t.close());

  /** Requests the export, waits for it and answers the file's rows (column `column`). */
  async function exported(
    token: string,
    body: { kind: 'devices' | 'users'; condition: Record<string, unknown> },
    column: number,
    host?: string,
  ) {
    const requested = await call<DownloadRow>(t.app, 'POST', `${FILE}/insert`, {
      token,
      body,
      locale: 'en-US',
      ...(host ? { host } : {}),
    });
    expect(requested.code, requested.msg).toBe(0);
    await downloadsSettled(t.app.ctx);
    const response = await t.app.inject({
      method: 'GET',
      url: `${FILE}/download?id=${requested.data.id}`,
      headers: { authorization: `Bearer ${token}`, ...(host ? { host } : {}) },
    });
    expect(response.statusCode, response.body).toBe(200);
    return { id: requested.data.id, rows: await columnOf(response.rawPayload, column) };
  }

  const listedDevices = async (token: string, condition: Record<string, unknown>) => {
    const page = await call<PageResponse<DeviceRow>>(t.app, 'POST', '/api/device/Device/page', {
      token,
      body: { ...condition, pageSize: 100 },
    });
    expect(page.code, page.msg).toBe(0);
    return page.data.data.map((r) => r.deviceName).sort();
  };

  it('exports the devices of the list’s filters and tab, and never another account’s', async () => {
    for (const [condition, expected] of [
      [{ deviceName: 'truck' }, ['Truck bay store', 'Truck north', 'Truck south']],
      [{ deviceName: 'truck', scene: 1 }, ['Truck north', 'Truck south']],
      [{ deviceName: 'truck', scene: 1, useState: 'enabled' }, ['Truck north']],
      [{ deviceTypeId: storageTypeId }, ['Truck bay store']],
      [{ scene: 3 }, []],
    ] as const) {
      const file = await exported(owner.token, { kind: 'devices', condition }, 2);
      expect(file.rows, JSON.stringify(condition)).toEqual(expected);
      expect(await listedDevices(owner.token, condition)).toEqual(file.rows);
    }
    const theirs = await exported(other.token, { kind: 'devices', condition: { deviceName: 'truck' } }, 2);
    expect(theirs.rows).toEqual(['Truck of someone else']);
  });

  it('exports the users of the list’s filters, within the operator’s own platform only', async () => {
    const listedUsers = async (token: string, condition: Record<string, unknown>, host?: string) => {
      const page = await call<PageResponse<UserRow>>(
        t.app,
        'POST',
        '/api/base/BaseAccount/queryUserByCondition',
        {
          token,
          body: { ...condition, pageSize: 100 },
          ...(host ? { host } : {}),
        },
      );
      expect(page.code, page.msg).toBe(0);
      return page.data.data.map((r) => r.userName).sort();
    };
    for (const [condition, expected] of [
      [{ userName: 'export_' }, ['export_b_one', 'export_ent', 'export_one', 'export_two']],
      [{ userName: 'export_', accountType: 2 }, ['export_ent']],
      [
        { userName: 'export_', roleCode: 'personalUser', accountType: 1 },
        ['export_b_one', 'export_one', 'export_two'],
      ],
    ] as const) {
      const file = await exported(operator, { kind: 'users', condition }, 1);
      expect(file.rows, JSON.stringify(condition)).toEqual(expected);
      expect(await listedUsers(operator, condition)).toEqual(file.rows);
    }
    // An operator of another platform sees only that platform's users, in the list and in the file.
    const tenant = await exported(
      operatorB,
      { kind: 'users', condition: { userName: 'export_' } },
      1,
      HOST_B,
    );
    expect(tenant.rows).toEqual(['export_b_one']);
    expect(await listedUsers(operatorB, { userName: 'export_' }, HOST_B)).toEqual(tenant.rows);
  });

  it('refuses a condition the list refuses, naming the field, and keeps each file to its owner', async () => {
    const refused = await call(t.app, 'POST', `${FILE}/insert`, {
      token: owner.token,
      locale: 'en-US',
      body: { kind: 'devices', condition: { status: 'melting' } },
    });
    expect(refused.code).toBe(1001);
    expect(refused.msg).toMatch(/^Status/);

    const mine = await exported(owner.token, { kind: 'devices', condition: { deviceName: 'shelf' } }, 2);
    expect(mine.rows).toEqual(['Shelf']);
    const seen = await call<PageResponse<DownloadRow>>(t.app, 'POST', `${FILE}/page`, {
      token: other.token,
      body: {},
    });
    expect(seen.data.data.map((r) => r.id)).not.toContain(mine.id);
    const taken = await call(t.app, 'GET', `${FILE}/download`, {
      token: other.token,
      query: { id: String(mine.id) },
    });
    const missing = await call(t.app, 'GET', `${FILE}/download`, {
      token: other.token,
      query: { id: String(mine.id + 1000) },
    });
    expect(taken.code).toBe(1004);
    expect(taken.msg).toBe(missing.msg);
  });
});
