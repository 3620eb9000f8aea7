import {
  type DeviceDataChart,
  type DeviceDataPage,
  PDF_EXPORT_ROW_CAP,
  type QuickSearchAnswer,
} from '@coldchain/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { translatorFor } from '../i18n/i18n.ts';
import { RolesRepo } from '../modules/roles/roles.repo.ts';
import { createAccount } from '../test/factories.ts';
import { call, createTestApp, login, type TestApp } from '../test/harness.ts';
import { embeddedText, pdfText } from '../test/pdf-text.ts';
import { minMaxBuckets, type Point, planBuckets, seriesFromBuckets } from './downsample.ts';
import { HistoryRepo } from './history.repo.ts';
import { HistoryService } from './history.service.ts';
import { createOwnedDevice, insertReadings } from './test-support.ts';

const DATA = '/api/device/DeviceData';
const MINUTE = 60_000;
/** 2026-01-01 00:00 in Asia/Shanghai. */
const DAY = Date.UTC(2025, 11, 31, 16, 0, 0);
const T1 = 101;
const H2 = 202;

/** A day of 1-minute readings near +4 °C with +15 °C at 11:40 and -5 °C three minutes later. */
function excursionDay(): Point[] {
  const points: Point[] = [];
  for (let i = 0; i < 1440; i += 1)
    points.push([DAY + i * MINUTE, Math.round((4 + Math.sin(i / 60)) * 10) / 10]);
  points[700] = [DAY + 700 * MINUTE, 15];
  points[703] = [DAY + 703 * MINUTE, -5];
  return points;
}

async function download(t: TestApp, token: string, query: Record<string, string>, locale = 'en-US') {
  return t.app.inject({
    method: 'GET',
    url: `${DATA}/export`,
    query,
    headers: { authorization: `Bearer ${token}`, 'accept-language': locale },
  });
}

describe('device history', () => {
  let t: TestApp;
  let ownerToken: string;
  let otherToken: string;
  let operatorToken: string;
  let owner: { id: number; platformId: number };
  let device: { id: number; deviceGuid: string; deviceName: string };
  let foreign: { id: number };

  beforeAll(async () => {
    t = await createTestApp();
    const a = await createAccount(t.app);
    const b = await createAccount(t.app);
    owner = a.account;
    ownerToken = await login(t.app, a.account.userName, a.password);
    otherToken = await login(t.app, b.account.userName, b.password);
    operatorToken = await login(t.app, 'demo_operator');
    device = await createOwnedDevice(t.app, owner, { name: '冷库一号' });
    foreign = await createOwnedDevice(t.app, b.account);
    await insertReadings(t.app.ctx.db, device.id, T1, excursionDay());
    // Humidity every 10 minutes, plus one instant where only humidity reported.
    const humidity: Point[] = [];
    for (let i = 0; i < 1440; i += 10) humidity.push([DAY + i * MINUTE, 60 + (i % 7)]);
    humidity.push([DAY + 30 * 1000, 55]);
    await insertReadings(t.app.ctx.db, device.id, H2, humidity);
    await insertReadings(t.app.ctx.db, foreign.id, T1, [[DAY, 1]]);
  });
  afterAll(async () => t.close());

  const chart = (token: string, body: Record<string, unknown>, locale?: string) =>
    call<DeviceDataChart>(t.app, 'POST', `${DATA}/chart`, { token, body, ...(locale ? { locale } : {}) });

  it('downsamples a day in SQL and keeps the -5 °C excursion beside +15 °C', async () => {
    const answer = await chart(ownerToken, {
      deviceId: device.id,
      startTime: DAY,
      endTime: DAY + 1440 * MINUTE,
      points: 100,
      channels: [T1],
    });
    expect(answer.code).toBe(0);
    expect(answer.data).toMatchObject({ deviceId: device.id, downsampled: true });
    const [series] = answer.data.series;
    expect(series).toMatchObject({
      channel: T1,
      kind: 'temperature',
      probe: 1,
      unit: '°C',
      count: 1440,
      min: -5,
      max: 15,
    });
    expect(series?.points.length).toBeLessThanOrEqual(100);
    expect(series?.points).toContainEqual([DAY + 700 * MINUTE, 15]);
    expect(series?.points).toContainEqual([DAY + 703 * MINUTE, -5]);
    const times = series?.points.map(([ts]) => ts) ?? [];
    expect(times).toEqual([...times].sort((x, y) => x - y));
  });

  it('answers exactly what the in-memory reference computes, ties and all', async () => {
    const points: Point[] = [];
    let seed = 7;
    for (let i = 0; i < 3000; i += 1) {
      seed = (seed * 16807) % 2147483647;
      points.push([DAY + i * 20_000, (seed % 21) - 10]);
    }
    const probe = await createOwnedDevice(t.app, owner);
    await insertReadings(t.app.ctx.db, probe.id, T1, points);
    const from = DAY + 1234;
    const to = DAY + 3000 * 20_000;
    const answer = await chart(ownerToken, { deviceId: probe.id, startTime: from, endTime: to, points: 300 });
    const { width } = planBuckets(from, to, 300);
    const inRange = points.filter(([ts]) => ts >= from && ts < to);
    const [expected] = seriesFromBuckets(minMaxBuckets(inRange, from, width, T1), [T1]);
    expect(answer.data.bucketMs).toBe(width);
    expect(answer.data.series[0]?.points).toEqual(expected?.points);
    expect(answer.data.series[0]?.count).toBe(inRange.length);
  });

  it('gives short ranges exactly, every channel by default, and applies corrections and °F', async () => {
    const short = await chart(ownerToken, { deviceId: device.id, startTime: DAY, endTime: DAY + 5 * MINUTE });
    expect(short.data.downsampled).toBe(false);
    expect(short.data.series.map((s) => s.channel)).toEqual([T1, H2]);
    expect(short.data.series[0]?.points).toEqual(excursionDay().slice(0, 5));
    expect(short.data.series[1]?.points).toEqual([
      [DAY, 60],
      [DAY + 30_000, 55],
    ]);

    await t.app.ctx.db
      .insertInto('deviceProbeSetting')
      .values({
        deviceId: device.id,
        probeId: 1,
        probeName: null,
        upperLimit: 8,
        lowerLimit: 2,
        correctionValue: 0.3,
        updatedAt: new Date().toISOString(),
      })
      .execute();
    const { account, password } = await createAccount(t.app);
    await t.app.ctx.db
      .updateTable('account')
      .set({ temperatureUnit: 'F' })
      .where('id', '=', account.id)
      .execute();
    await t.app.ctx.db
      .updateTable('device')
      .set({ accountId: account.id })
      .where('id', '=', device.id)
      .execute();
    try {
      const fahrenheit = await chart(await login(t.app, account.userName, password), {
        deviceId: device.id,
        startTime: DAY,
        endTime: DAY + MINUTE,
        channels: [T1, H2],
      });
      const first = excursionDay()[0]?.[1] ?? 0;
      expect(fahrenheit.data.series[0]).toMatchObject({
        unit: '°F',
        points: [[DAY, Math.round(((first + 0.3) * 1.8 + 32) * 1e4) / 1e4]],
      });
      expect(fahrenheit.data.series[1]).toMatchObject({
        unit: '%RH',
        points: [
          [DAY, 60],
          [DAY + 30_000, 55],
        ],
      });
    } finally {
      await t.app.ctx.db
        .updateTable('device')
        .set({ accountId: owner.id })
        .where('id', '=', device.id)
        .execute();
      await t.app.ctx.db.deleteFrom('deviceProbeSetting').where('deviceId', '=', device.id).execute();
    }
  });

  it('refuses bad input with a message naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ deviceId: device.id, startTime: DAY, endTime: DAY }, 'End time: must be after the start time'],
      [
        { deviceId: device.id, startTime: DAY, endTime: DAY + 1, points: 5000 },
        'Points: must be at most 2000',
      ],
      [{ deviceId: device.id, startTime: -1, endTime: DAY }, 'Start time: must be at least 0'],
      [{ startTime: DAY, endTime: DAY + 1 }, 'Device: is required'],
      [
        { deviceId: device.id, startTime: DAY, endTime: DAY + 1, channels: [] },
        'Channels: needs at least 1 items',
      ],
      [{ deviceId: device.id, startTime: 'yesterday', endTime: DAY + 1 }, 'Start time: has the wrong type'],
    ];
    for (const [body, message] of cases) {
      const answer = await chart(ownerToken, body, 'en-US');
      expect(answer.code, message).toBe(1001);
      expect(answer.msg).toBe(message);
    }
  });

  it("answers another account's device exactly like a missing one, and 401 without a session", async () => {
    const body = (id: number) => ({ deviceId: id, startTime: DAY, endTime: DAY + MINUTE });
    const theirs = await chart(otherToken, body(device.id));
    const missing = await chart(otherToken, body(999_999));
    expect(theirs.code).toBe(4006);
    expect(theirs).toEqual(missing);
    const page = await call(t.app, 'POST', `${DATA}/page`, { token: otherToken, body: body(device.id) });
    expect(page.code).toBe(4006);
    const exported = await download(t, otherToken, {
      deviceId: String(device.id),
      startTime: String(DAY),
      endTime: String(DAY + MINUTE),
      format: 'csv',
    });
    expect(JSON.parse(exported.body).code).toBe(4006);
    // The back office sees every device of its platform.
    expect((await chart(operatorToken, body(device.id))).code).toBe(0);
    for (const [method, path] of [
      ['POST', `${DATA}/chart`],
      ['POST', `${DATA}/page`],
      ['GET', `${DATA}/export`],
      ['POST', '/api/device/Device/clearData'],
    ] as const) {
      const anonymous = await call(t.app, method, path, {
        body: method === 'POST' ? body(device.id) : undefined,
      });
      expect(anonymous.status).toBe(401);
    }
  });

  it('checks the permission of each action on a device the caller can see', async () => {
    await new RolesRepo(t.app.ctx.db).upsertSystemRole(
      'historyViewer',
      'History viewer',
      'charts only',
      ['device.list', 'device.list:query'],
      new Date().toISOString(),
    );
    const { account, password } = await createAccount(t.app);
    await t.app.ctx.db
      .updateTable('account')
      .set({ roleCode: 'historyViewer' })
      .where('id', '=', account.id)
      .execute();
    const own = await createOwnedDevice(t.app, account);
    const token = await login(t.app, account.userName, password);
    const range = { startTime: String(DAY), endTime: String(DAY + MINUTE) };
    expect((await chart(token, { deviceId: own.id, startTime: DAY, endTime: DAY + MINUTE })).code).toBe(0);
    expect((await download(t, token, { deviceId: String(own.id), ...range, format: 'csv' })).statusCode).toBe(
      403,
    );
    const clear = await call(t.app, 'POST', '/api/device/Device/clearData', { token, body: { id: own.id } });
    expect(clear.status).toBe(403);
    const toggle = await call(t.app, 'PUT', '/api/device/Device/quickSearch', {
      token,
      body: { id: own.id, quickSearch: 1 },
    });
    expect(toggle.status).toBe(403);
  });

  it('pages the raw table, one row per instant with a value per channel', async () => {
    const page = await call<DeviceDataPage>(t.app, 'POST', `${DATA}/page`, {
      token: ownerToken,
      body: { deviceId: device.id, startTime: DAY, endTime: DAY + 20 * MINUTE, start: 1, pageSize: 5 },
    });
    expect(page.code).toBe(0);
    // 20 minutes of temperature plus the extra humidity instant at 00:00:30.
    expect(page.data.totalCount).toBe(21);
    expect(page.data.channels.map((c) => c.channel)).toEqual([T1, H2]);
    expect(page.data.data.map((r) => r.ts)).toEqual([19, 18, 17, 16, 15].map((m) => DAY + m * MINUTE));
    expect(page.data.data[0]?.values[1]).toBeNull();
    const ascending = await call<DeviceDataPage>(t.app, 'POST', `${DATA}/page`, {
      token: ownerToken,
      body: {
        deviceId: device.id,
        startTime: DAY,
        endTime: DAY + 20 * MINUTE,
        start: 1,
        pageSize: 3,
        sortOrder: 'ascend',
      },
    });
    expect(ascending.data.data).toEqual([
      { ts: DAY, values: [excursionDay()[0]?.[1], 60] },
      { ts: DAY + 30_000, values: [null, 55] },
      { ts: DAY + MINUTE, values: [excursionDay()[1]?.[1], null] },
    ]);
    const last = await call<DeviceDataPage>(t.app, 'POST', `${DATA}/page`, {
      token: ownerToken,
      body: {
        deviceId: device.id,
        startTime: DAY,
        endTime: DAY + 20 * MINUTE,
        start: 5,
        pageSize: 5,
        channels: [T1],
      },
    });
    expect(last.data.totalCount).toBe(20);
    expect(last.data.data).toEqual([]);
    const bad = await call(t.app, 'POST', `${DATA}/page`, {
      token: ownerToken,
      body: { deviceId: device.id, startTime: DAY, endTime: DAY + 1, pageSize: 500 },
      locale: 'en-US',
    });
    expect(bad.msg).toBe('Page size: must be at most 200');
  });

  it('exports CSV with local times and a column per channel', async () => {
    const response = await download(t, ownerToken, {
      deviceId: String(device.id),
      startTime: String(DAY),
      endTime: String(DAY + 3 * MINUTE),
      format: 'csv',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain(`${device.deviceGuid}_20260101-20260101.csv`);
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe('\uFEFFTime (Asia/Shanghai),Temperature 1 (°C),Humidity 2 (%RH)');
    const day = excursionDay();
    expect(lines.slice(1, 5)).toEqual([
      `2026-01-01 00:00:00,${day[0]?.[1]},60`,
      '2026-01-01 00:00:30,,55',
      `2026-01-01 00:01:00,${day[1]?.[1]},`,
      `2026-01-01 00:02:00,${day[2]?.[1]},`,
    ]);
    expect(lines[5]).toBe('');
  });

  it('exports XLSX that opens, with dates, the summary and the statistics', async () => {
    const response = await download(
      t,
      ownerToken,
      {
        deviceId: String(device.id),
        startTime: String(DAY),
        endTime: String(DAY + 1440 * MINUTE),
        format: 'xlsx',
        channels: String(T1),
      },
      'zh-CN',
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
    const [data, summary] = workbook.worksheets;
    expect(data?.name).toBe('数据');
    expect(data?.rowCount).toBe(1441);
    expect(data?.getRow(1).values).toEqual([undefined, '时间 (Asia/Shanghai)', '温度1 (°C)']);
    const firstTime = data?.getRow(2).getCell(1).value;
    expect(firstTime).toBeInstanceOf(Date);
    // Wall-clock time stored as the date Excel shows: 2026-01-01 00:00 Shanghai.
    expect((firstTime as Date).toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(data?.getRow(702).getCell(2).value).toBe(15);
    expect(summary?.name).toBe('统计');
    const cells = new Map<string, unknown>();
    summary?.eachRow((row) => cells.set(String(row.getCell(1).value), row.getCell(2).value));
    expect(cells.get('设备名称')).toBe('冷库一号');
    expect(cells.get('读数')).toBe(1440);
    expect(cells.get('最小值')).toBe(-5);
    expect(cells.get('最大值')).toBe(15);
    expect(cells.get('上限')).toBe(8);
    expect(typeof cells.get('平均动力学温度')).toBe('number');
    // +15 rises from ~4.x over a minute and falls back: time above 8 °C is part of two minutes.
    expect(String(cells.get('超上限时长'))).toMatch(/^00:01:\d\d$/);
    expect(String(cells.get('超下限时长'))).toMatch(/^00:0[12]:\d\d$/);
  });

  it('exports a PDF whose text shows the CJK device name and the statistics', async () => {
    const response = await download(
      t,
      ownerToken,
      {
        deviceId: String(device.id),
        startTime: String(DAY),
        endTime: String(DAY + 120 * MINUTE),
        format: 'pdf',
      },
      'zh-CN',
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain('/FontFile2');
    for (const text of [pdfText(pdf), embeddedText(pdf)]) {
      expect(text).toContain('冷库一号');
      expect(text).toContain('平均动力学温度');
      expect(text).toContain('2026-01-01 01:59:00');
    }
  });

  it('caps PDF exports, validates export queries and needs the font', async () => {
    const big = await createOwnedDevice(t.app, owner);
    const points: Point[] = [];
    for (let i = 0; i <= PDF_EXPORT_ROW_CAP; i += 1) points.push([DAY + i * 1000, 5]);
    await insertReadings(t.app.ctx.db, big.id, T1, points);
    const query = { deviceId: String(big.id), startTime: String(DAY), endTime: String(DAY + 86_400_000) };
    const capped = JSON.parse((await download(t, ownerToken, { ...query, format: 'pdf' })).body);
    expect(capped).toMatchObject({
      code: 1001,
      msg: `End time: a PDF holds at most ${PDF_EXPORT_ROW_CAP} rows; choose a shorter period or export CSV or XLSX`,
    });
    const csv = await download(t, ownerToken, { ...query, format: 'csv' });
    expect(csv.body.split('\r\n').length).toBe(PDF_EXPORT_ROW_CAP + 3);

    const format = JSON.parse((await download(t, ownerToken, { ...query, format: 'docx' })).body);
    expect(format).toMatchObject({ code: 1001, msg: 'Format: must be one of: csv, xlsx, pdf' });
    const channels = JSON.parse(
      (await download(t, ownerToken, { ...query, format: 'csv', channels: '1,x' })).body,
    );
    expect(channels).toMatchObject({
      code: 1001,
      msg: 'Channels: must be channel numbers separated by commas',
    });

    const caller = {
      accountId: owner.id,
      userName: 'x',
      platformId: owner.platformId,
      platformIsDefault: true,
      permissions: ['device.list:export'],
      temperatureUnit: 'C',
      sourceIp: null,
    };
    const noFont = new HistoryService(
      new HistoryRepo(t.app.ctx.db),
      t.app.ctx.clock,
      '/nonexistent/font.ttc',
      t.app.ctx.audit,
    );
    await expect(
      noFont.export(
        caller,
        { deviceId: device.id, startTime: DAY, endTime: DAY + MINUTE, format: 'pdf' },
        translatorFor('en-US'),
      ),
    ).rejects.toThrow(new AppError('notConfigured', { feature: 'features.pdfFont' }));
  });

  it('clears a device’s readings only for whoever may delete on it, and audits it', async () => {
    const doomed = await createOwnedDevice(t.app, owner);
    await insertReadings(t.app.ctx.db, doomed.id, T1, [
      [DAY, 1],
      [DAY + MINUTE, 2],
    ]);
    const count = async () =>
      Number(
        (
          await t.app.ctx.db
            .selectFrom('reading')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('deviceId', '=', doomed.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const clear = (token: string, body: unknown) =>
      call<{ deleted: number }>(t.app, 'POST', '/api/device/Device/clearData', {
        token,
        body,
        locale: 'en-US',
      });

    expect((await clear(otherToken, { id: doomed.id })).code).toBe(4006);
    expect(await count()).toBe(2);
    expect((await clear(ownerToken, { id: 'x' })).msg).toBe('ID: has the wrong type');
    expect((await clear(ownerToken, { id: doomed.id, all: true })).msg).toBe('all: is not an accepted field');
    const member = await createAccount(t.app, { roleCode: 'organizationMember' });
    const memberDevice = await createOwnedDevice(t.app, member.account);
    const memberToken = await login(t.app, member.account.userName, member.password);
    expect((await clear(memberToken, { id: memberDevice.id })).status).toBe(403);

    const done = await clear(ownerToken, { id: doomed.id });
    expect(done).toMatchObject({ code: 0, data: { deleted: 2 } });
    expect(await count()).toBe(0);
    const entry = await t.app.ctx.db
      .selectFrom('operationLog')
      .selectAll()
      .where('action', '=', 'device.clearData')
      .where('entityId', '=', String(doomed.id))
      .executeTakeFirstOrThrow();
    expect(entry.accountId).toBe(owner.id);
    expect(JSON.parse(entry.oldValue ?? '{}')).toMatchObject({ deviceGuid: doomed.deviceGuid, readings: 2 });
    // The other device's history is untouched.
    expect(
      (await chart(ownerToken, { deviceId: device.id, startTime: DAY, endTime: DAY + MINUTE })).data.series[0]
        ?.count,
    ).toBe(1);
  });

  it('answers the public quick query only for devices whose owner opened it', async () => {
    const quick = (body: Record<string, unknown>, host?: string) =>
      call<QuickSearchAnswer>(t.app, 'POST', '/api/device/QuickSearch/query', {
        body,
        locale: 'en-US',
        ...(host ? { host } : {}),
      });
    const now = t.app.ctx.clock.now().getTime();
    const open = await createOwnedDevice(t.app, owner, { name: '冷柜二号' });
    await insertReadings(t.app.ctx.db, open.id, T1, [
      [now - 2 * 3600_000, 3],
      [now - 3600_000, 4],
    ]);
    await insertReadings(t.app.ctx.db, open.id, 601, [[now - 3600_000, 31.2]]);

    const closed = await quick({ deviceGuid: open.deviceGuid });
    expect(closed.code).toBe(4006);
    expect(closed).toEqual(await quick({ deviceGuid: '99999999999999999999' }));

    const toggle = (token: string, body: unknown) =>
      call(t.app, 'PUT', '/api/device/Device/quickSearch', { token, body, locale: 'en-US' });
    expect((await toggle(otherToken, { id: open.id, quickSearch: 1 })).code).toBe(4006);
    expect((await toggle(ownerToken, { id: open.id, quickSearch: 2 })).msg).toBe(
      'quickSearch: must be one of: 0, 1',
    );
    expect((await toggle(ownerToken, { id: open.id, quickSearch: 1 })).code).toBe(0);

    const answer = await quick({ deviceGuid: open.deviceGuid });
    expect(answer.code).toBe(0);
    expect(answer.data.device).toMatchObject({
      deviceGuid: open.deviceGuid,
      deviceName: '冷柜二号',
      upperLimit: 8,
      lowerLimit: 2,
    });
    expect(answer.data.latest).toEqual([{ channel: T1, ts: now - 3600_000, value: 4 }]);
    // Where the device is stays private: no position channel in a public answer.
    expect(answer.data.chart.series.map((s) => s.channel)).toEqual([T1]);
    expect(answer.data.chart.series[0]?.points).toEqual([
      [now - 2 * 3600_000, 3],
      [now - 3600_000, 4],
    ]);
    expect(answer.data.chart.endTime - answer.data.chart.startTime).toBe(86_400_000);

    expect((await quick({ deviceGuid: 'abc' })).msg).toBe('Device ID: must be 1-20 digits');
    expect(
      (await quick({ deviceGuid: open.deviceGuid, startTime: now - 40 * 86_400_000, endTime: now })).msg,
    ).toBe('Start time: the period may span at most 30 days');
    // Another platform's host does not find this platform's device.
    const other = await call<{ id: number }>(t.app, 'POST', '/api/base/BaseCustomPage/insert', {
      token: operatorToken,
      body: { topDomain: 'quick-elsewhere.example.com', title: 'Elsewhere' },
    });
    expect(other.code).toBe(0);
    expect((await quick({ deviceGuid: open.deviceGuid }, 'quick-elsewhere.example.com')).code).toBe(4006);

    expect((await toggle(ownerToken, { id: open.id, quickSearch: 0 })).code).toBe(0);
    expect((await quick({ deviceGuid: open.deviceGuid })).code).toBe(4006);
  });
});
