import type { DownloadRow, PageResponse } from '@coldchain/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { newAccountRow } from '../accounts/new-account.ts';
import { addDevice, publishedType, signedIn } from '../devices/test-support.ts';
import { downloadsSettled } from './downloads.service.ts';

const FILE = '/api/device/FileDownload';

/** A row's cell values (ExcelJS keeps index 0 empty). */
const rowValues = (sheet: ExcelJS.Worksheet | undefined, n: number): unknown[] =>
  sheet ? (sheet.getRow(n).values as unknown[]) : [];

async function workbookOf(payload: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  return workbook;
}

describe('download centre', () => {
  let t: TestApp;
  let owner: { id: number; token: string };
  let operator: string;

  beforeAll(async () => {
    t = await createTestApp();
    operator = await login(t.app, 'demo_operator');
    const typeId = (await publishedType(t.app, operator)).type.id;
    owner = await signedIn(t.app);
    await addDevice(t.app, owner.token, typeId, { deviceName: 'Cold room' });
    await addDevice(t.app, owner.token, typeId, { deviceName: 'Truck' });
    const other = await signedIn(t.app);
    await addDevice(t.app, other.token, typeId, { deviceName: 'Not mine' });
  });
  afterAll(async () => t.close());

  const page = (token: string) =>
    call<PageResponse<DownloadRow>>(t.app, 'POST', `${FILE}/page`, { token, body: {} });
  const download = (token: string, id: number) =>
    t.app.inject({
      method: 'GET',
      url: `${FILE}/download?id=${id}`,
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'en-US' },
    });

  it('generates the device list in the background, then serves it to its owner as XLSX', async () => {
    const requested = await call<DownloadRow>(t.app, 'POST', `${FILE}/insert`, {
      token: owner.token,
      locale: 'en-US',
      body: { kind: 'devices', condition: {} },
    });
    expect(requested.code).toBe(0);
    expect(requested.data).toMatchObject({
      kind: 'devices',
      state: 'generating',
      progress: 0,
      rowCount: null,
    });
    expect(requested.data.fileName).toMatch(/^devices-\d{8}-\d{6}\.xlsx$/);

    await downloadsSettled(t.app.ctx);
    const listed = await page(owner.token);
    expect(listed.data.data).toHaveLength(1);
    expect(listed.data.data[0]).toMatchObject({
      id: requested.data.id,
      state: 'generated',
      progress: 100,
      rowCount: 2,
    });

    const response = await download(owner.token, requested.data.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${requested.data.fileName}"`);
    const sheet = (await workbookOf(response.rawPayload)).worksheets[0];
    expect(sheet?.rowCount).toBe(3);
    const names = [2, 3].map((n) => rowValues(sheet, n)[2]);
    expect(names.sort()).toEqual(['Cold room', 'Truck']);
    expect(listed.data.data[0]?.sizeBytes).toBe(response.rawPayload.length);
  });

  it('answers "not generated" while a file is generating, and shows one whose node stopped as failed', async () => {
    const now = new Date();
    const base = {
      platformId: 1,
      accountId: owner.id,
      kind: 'devices',
      fileName: 'devices-x.xlsx',
      condition: '{}',
      state: 'generating',
      progress: 40,
      rowCount: null,
      sizeBytes: null,
      storageName: null,
      finishedAt: null,
    };
    const platform = await t.app.ctx.db
      .selectFrom('account')
      .select('platformId')
      .where('id', '=', owner.id)
      .executeTakeFirstOrThrow();
    const fresh = await t.app.ctx.db
      .insertInto('downloadFile')
      .values({ ...base, platformId: platform.platformId, createdAt: now.toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const stale = await t.app.ctx.db
      .insertInto('downloadFile')
      .values({
        ...base,
        platformId: platform.platformId,
        createdAt: new Date(now.getTime() - 60 * 60_000).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const early = await download(owner.token, fresh.id);
    expect(JSON.parse(early.body).code).toBe(4005);
    const states = new Map((await page(owner.token)).data.data.map((r) => [r.id, r.state]));
    expect(states.get(fresh.id)).toBe('generating');
    expect(states.get(stale.id)).toBe('failed');

    const removed = await call(t.app, 'DELETE', `${FILE}/delete`, {
      token: owner.token,
      query: { id: String(fresh.id) },
    });
    expect(removed.code).toBe(0);
    expect((await page(owner.token)).data.data.map((r) => r.id)).not.toContain(fresh.id);
  });

  it('exports the back office’s users for those who may export them, and nobody else', async () => {
    const refused = await call(t.app, 'POST', `${FILE}/insert`, {
      token: owner.token,
      body: { kind: 'users', condition: {} },
    });
    expect(refused.status).toBe(403);
    const requested = await call<DownloadRow>(t.app, 'POST', `${FILE}/insert`, {
      token: operator,
      locale: 'en-US',
      body: { kind: 'users', condition: { userName: 'demo_' } },
    });
    expect(requested.data.state).toBe('generating');
    await downloadsSettled(t.app.ctx);
    const sheet = (await workbookOf((await download(operator, requested.data.id)).rawPayload)).worksheets[0];
    const names = [];
    for (let n = 2; n <= (sheet?.rowCount ?? 0); n += 1) names.push(rowValues(sheet, n)[1]);
    expect(names.sort()).toEqual(['demo_operator', 'demo_user']);

    // Larger lists are read in chunks; every row arrives once, in order.
    const now = new Date().toISOString();
    const platformId = (
      await t.app.ctx.db
        .selectFrom('account')
        .select('platformId')
        .where('userName', '=', 'demo_operator')
        .executeTakeFirstOrThrow()
    ).platformId;
    const bulk = Array.from({ length: 450 }, (_, i) =>
      newAccountRow(
        {
          platformId,
          userName: `bulk_${String(i).padStart(3, '0')}`,
          passwordHash: 'x',
          accountType: 1,
          roleCode: 'personalUser',
        },
        now,
      ),
    );
    await t.app.ctx.db.insertInto('account').values(bulk).execute();
    const big = await call<DownloadRow>(t.app, 'POST', `${FILE}/insert`, {
      token: operator,
      body: { kind: 'users', condition: { userName: 'bulk_' } },
    });
    await downloadsSettled(t.app.ctx);
    const done = (await page(operator)).data.data.find((r) => r.id === big.data.id);
    expect(done).toMatchObject({ state: 'generated', rowCount: 450, progress: 100 });
    const bigSheet = (await workbookOf((await download(operator, big.data.id)).rawPayload)).worksheets[0];
    expect(bigSheet?.rowCount).toBe(451);
    expect([2, 451].map((n) => rowValues(bigSheet, n)[1])).toEqual(['bulk_000', 'bulk_449']);

    const bad = await call(t.app, 'POST', `${FILE}/insert`, {
      token: operator,
      locale: 'en-US',
      body: { kind: 'photos', condition: {} },
    });
    expect(bad.code).toBe(1001);
  });
});
