import {
  type DeviceDetail,
  type DownloadRow,
  ERRORS,
  type GuidBatch,
  type GuidRow,
  type PageResponse,
} from '@coldchain/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { addDevice, publishedType, signedIn } from '../devices/test-support.ts';
import { allDevicesExportsSettled } from './all-devices-export.ts';

const EXPORT = '/api/device/DeviceGuidExport';
const GUID = '/api/device/DeviceGuid';

describe('GUID batches', () => {
  let t: TestApp;
  let operator: string;
  let typeId: number;
  let otherTypeId: number;
  beforeAll(async () => {
    t = await createTestApp();
    operator = await login(t.app, 'demo_operator');
    typeId = (await publishedType(t.app, operator)).type.id;
    otherTypeId = (await publishedType(t.app, operator)).type.id;
  });
  afterAll(async () => t.close());

  const generate = (body: Record<string, unknown>) =>
    call<GuidBatch>(t.app, 'POST', `${EXPORT}/insert`, { token: operator, body, locale: 'en-US' });
  const guids = (body: Record<string, unknown>) =>
    call<PageResponse<GuidRow>>(t.app, 'POST', `${GUID}/page`, {
      token: operator,
      body: { pageSize: 200, ...body },
    });

  it('refuses a request for 1,000 GUIDs and other bad input, naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ orderCode: 'PO-1', num: 1000, deviceTypeId: typeId }, 'Quantity'],
      [{ orderCode: 'PO-1', num: 0, deviceTypeId: typeId }, 'Quantity'],
      [{ orderCode: 'PO-1', num: 2.5, deviceTypeId: typeId }, 'Quantity'],
      [{ orderCode: 'P'.repeat(21), num: 5, deviceTypeId: typeId }, 'Order code'],
      [{ orderCode: '', num: 5, deviceTypeId: typeId }, 'Order code'],
      [{ orderCode: 'PO-1', num: 5, deviceTypeId: typeId, deviceTag: 'odd' }, 'Device tag'],
      [{ orderCode: 'PO-1', num: 5, deviceTypeId: 999_999 }, 'Device type'],
      [{ orderCode: 'PO-1', num: 5, deviceTypeId: typeId, domainId: 999_999 }, 'Domain'],
    ];
    for (const [body, field] of cases) {
      const answer = await generate(body);
      expect(answer.code, JSON.stringify(body)).toBe(ERRORS.validation.code);
      expect(answer.msg, JSON.stringify(body)).toContain(field);
    }
    const count = await t.app.ctx.db
      .selectFrom('deviceGuid')
      .select(t.app.ctx.db.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('generates 999 unique GUIDs at most and exports them, counting each export', async () => {
    const big = await generate({ orderCode: 'PO-999', num: 999, deviceTypeId: typeId, deviceTag: 'neutral' });
    expect(big.code, big.msg).toBe(0);
    expect(big.data).toMatchObject({ num: 999, deviceTag: 'neutral', usedCount: 0, exportCount: 0 });
    const rows = await t.app.ctx.db
      .selectFrom('deviceGuid')
      .select('guid')
      .where('batchId', '=', big.data.id)
      .execute();
    expect(rows).toHaveLength(999);
    expect(new Set(rows.map((r) => r.guid)).size).toBe(999);
    for (const r of rows) expect(r.guid).toMatch(/^[1-9]\d{15}$/);

    const response = await t.app.inject({
      method: 'GET',
      url: `${EXPORT}/export`,
      query: { id: String(big.data.id) },
      headers: { authorization: `Bearer ${operator}`, 'accept-language': 'en-US' },
    });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.rowCount).toBe(1000);
    const exported = new Set<string>();
    sheet?.eachRow((row, n) => {
      if (n > 1) exported.add(String(row.getCell(1).value));
    });
    expect(exported).toEqual(new Set(rows.map((r) => r.guid)));
    expect(String(sheet?.getRow(2).getCell(3).value)).toBe('Neutral');

    const records = await call<PageResponse<GuidBatch>>(t.app, 'POST', `${EXPORT}/page`, {
      token: operator,
      body: { orderCode: 'po-999' },
    });
    expect(records.data.data).toEqual([
      expect.objectContaining({ id: big.data.id, exportCount: 1, lastExportedAt: expect.any(String) }),
    ]);
  });

  it('adds a device with a generated GUID, marking it used; a locked GUID or another type is refused', async () => {
    const batch = (await generate({ orderCode: 'PO-ADD', num: 3, deviceTypeId: typeId })).data;
    const list = await guids({ batchId: batch.id, sortOrder: 'ascend' });
    expect(list.data.totalCount).toBe(3);
    const [first, second, third] = list.data.data as [GuidRow, GuidRow, GuidRow];
    const user = await signedIn(t.app);

    const added = await addDevice(t.app, user.token, typeId, {
      deviceGuid: first.guid,
      deviceName: 'From batch',
    });
    expect(added.deviceGuid).toBe(first.guid);
    const used = await guids({ batchId: batch.id, usedFlag: 1 });
    expect(used.data.data).toEqual([
      expect.objectContaining({
        guid: first.guid,
        usedFlag: 1,
        deviceName: 'From batch',
        usedAt: expect.any(String),
      }),
    ]);

    const locked = await call<{ count: number }>(t.app, 'PUT', `${GUID}/lock`, {
      token: operator,
      body: { ids: [second.id] },
    });
    expect(locked.data.count).toBe(1);
    const insert = (deviceGuid: string, deviceTypeId: number) =>
      call<DeviceDetail>(t.app, 'POST', '/api/device/Device/insert', {
        token: user.token,
        locale: 'en-US',
        body: { deviceGuid, deviceName: 'Locked one', deviceTypeId, timeZone: 'Asia/Shanghai' },
      });
    const refused = await insert(second.guid, typeId);
    expect(refused.code).toBe(ERRORS.guidLocked.code);
    expect(refused.msg).toContain(second.guid);
    expect((await guids({ batchId: batch.id, lockedFlag: 1 })).data.data.map((g) => g.id)).toEqual([
      second.id,
    ]);

    await call(t.app, 'PUT', `${GUID}/unlock`, { token: operator, body: { ids: [second.id] } });
    expect((await insert(second.guid, typeId)).code).toBe(0);
    expect((await insert(third.guid, otherTypeId)).code).toBe(ERRORS.guidTypeMismatch.code);
    // A GUID never generated here stays free to add, as before.
    expect((await addDevice(t.app, user.token, typeId)).id).toBeGreaterThan(0);
    const batchNow = await call<PageResponse<GuidBatch>>(t.app, 'POST', `${EXPORT}/page`, {
      token: operator,
      body: { orderCode: 'PO-ADD' },
    });
    expect(batchNow.data.data[0]).toMatchObject({ usedCount: 2, lockedCount: 0 });
    expect(
      (await call(t.app, 'PUT', `${GUID}/lock`, { token: operator, body: { ids: [third.id, 999_999] } }))
        .code,
    ).toBe(ERRORS.guidNotFound.code);
    expect((await guids({ batchId: batch.id, lockedFlag: 1 })).data.totalCount).toBe(0);
  });

  it('exports every account’s devices as a download-centre file made in the background', async () => {
    const owner = await signedIn(t.app);
    await addDevice(t.app, owner.token, typeId, { deviceName: 'Owner A' });
    const requested = await call<DownloadRow>(t.app, 'POST', '/api/device/Device/exportAll', {
      token: operator,
      body: { condition: { deviceTypeId: typeId } },
    });
    expect(requested.code, requested.msg).toBe(0);
    expect(requested.data.state).toBe('generating');
    await allDevicesExportsSettled(t.app.ctx);
    const files = await call<PageResponse<DownloadRow>>(t.app, 'POST', '/api/device/FileDownload/page', {
      token: operator,
      body: {},
    });
    const file = files.data.data.find((f) => f.id === requested.data.id);
    const expected = await t.app.ctx.db
      .selectFrom('device')
      .select('id')
      .where('deviceTypeId', '=', typeId)
      .where('deletedFlag', '=', 0)
      .execute();
    expect(file).toMatchObject({ state: 'generated', progress: 100, rowCount: expected.length });
    expect(expected.length).toBeGreaterThanOrEqual(4);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/device/FileDownload/download',
      query: { id: String(requested.data.id) },
      headers: { authorization: `Bearer ${operator}` },
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]?.rowCount).toBe(expected.length + 1);

    const user = await signedIn(t.app);
    const refused = await call(t.app, 'POST', '/api/device/Device/exportAll', {
      token: user.token,
      body: {},
    });
    expect(refused.status).toBe(403);
  });
});
