import {
  MKT_DELTA_H_OVER_R_K,
  type PageResponse,
  type PublicWaybillDetail,
  type WaybillAlarmPageAnswer,
  type WaybillChartAnswer,
  type WaybillDetail,
  type WaybillOverview,
  type WaybillRow,
  type WaybillTemplate,
} from '@coldchain/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/harness.ts';
import { embeddedText, pdfText } from '../../test/pdf-text.ts';
import {
  changeState,
  QUICK,
  sendTelemetry,
  userWithDevice,
  WAYBILL,
  waybillBody,
  waybillWorld,
} from './test-support.ts';

const MINUTE = 60_000;
/** Readings of the known series, °C, every 10 minutes. */
const SERIES = [4, 6, 10, 10, 12, 8, 5];
const fahrenheit = (c: number) => Math.round(((c * 9) / 5 + 32) * 10_000) / 10_000;
/** MKT of SERIES in °C, from kelvin (ΔH/R in K). */
const EXPECTED_MKT_C = (() => {
  const mean =
    SERIES.reduce((sum, c) => sum + Math.exp(-MKT_DELTA_H_OVER_R_K / (c + 273.15)), 0) / SERIES.length;
  return -MKT_DELTA_H_OVER_R_K / Math.log(mean) - 273.15;
})();

describe('waybill temperatures in the account’s unit (°C or °F)', () => {
  let t: TestApp;
  let typeId: number;
  let user: Awaited<ReturnType<typeof userWithDevice>>;

  const setUnit = (accountId: number, unit: 'C' | 'F') =>
    t.app.ctx.db.updateTable('account').set({ temperatureUnit: unit }).where('id', '=', accountId).execute();
  const stored = (id: number) =>
    t.app.ctx.db
      .selectFrom('waybill')
      .select(['upperLimit', 'lowerLimit', 'warnUpperLimit', 'warnLowerLimit', 'humidityUpperLimit'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const detail = (token: string, id: number) =>
    call<WaybillDetail>(t.app, 'GET', `${WAYBILL}/detail`, { token, query: { id: String(id) } });
  const chart = (token: string, id: number) =>
    call<WaybillChartAnswer>(t.app, 'POST', `${WAYBILL}/chart`, { token, body: { id } });

  beforeAll(async () => {
    t = await createTestApp();
    typeId = (await waybillWorld(t.app)).typeId;
    user = await userWithDevice(t.app, typeId);
    await setUnit(user.id, 'F');
  });
  afterAll(() => t.close());

  it('takes a °F account’s limits in °F, stores them in °C and answers them in °F', async () => {
    const created = await call<WaybillDetail>(t.app, 'POST', `${WAYBILL}/insert`, {
      token: user.token,
      body: waybillBody(user.device.id, {
        upperLimit: 46.4,
        lowerLimit: 35.6,
        warnUpperLimit: 44.6,
        warnLowerLimit: 37.4,
        humidityUpperLimit: 80,
        humidityLowerLimit: 20,
      }),
    });
    expect(created.code, created.msg).toBe(0);
    expect(await stored(created.data.id)).toEqual({
      upperLimit: 8,
      lowerLimit: 2,
      warnUpperLimit: 7,
      warnLowerLimit: 3,
      humidityUpperLimit: 80,
    });
    const shown = await detail(user.token, created.data.id);
    expect(shown.data).toMatchObject({
      temperatureUnit: 'F',
      upperLimit: 46.4,
      lowerLimit: 35.6,
      warnUpperLimit: 44.6,
      warnLowerLimit: 37.4,
      humidityUpperLimit: 80,
      humidityLowerLimit: 20,
    });
    const page = await call<PageResponse<WaybillRow>>(t.app, 'POST', `${WAYBILL}/page`, {
      token: user.token,
      body: { start: 1, pageSize: 10 },
    });
    expect(page.data.data.find((r) => r.id === created.data.id)).toMatchObject({
      temperatureUnit: 'F',
      upperLimit: 46.4,
      lowerLimit: 35.6,
    });
    await call(t.app, 'DELETE', `${WAYBILL}/delete`, {
      token: user.token,
      query: { ids: String(created.data.id) },
    });
  });

  it('checks the rules after converting and names the field in either unit', async () => {
    const celsius = await userWithDevice(t.app, typeId);
    const cases: [token: string, deviceId: number, extra: Record<string, unknown>, message: string][] = [
      [
        user.token,
        user.device.id,
        { upperLimit: 35.6, lowerLimit: 46.4 },
        'Lower limit: must be below the upper limit',
      ],
      [
        user.token,
        user.device.id,
        { upperLimit: 46.4, lowerLimit: 46.4 },
        'Lower limit: must be below the upper limit',
      ],
      [
        celsius.token,
        celsius.device.id,
        { upperLimit: 2, lowerLimit: 8 },
        'Lower limit: must be below the upper limit',
      ],
      [
        user.token,
        user.device.id,
        { warnUpperLimit: 48.2 },
        'Warning upper limit: must lie within the upper and lower limits',
      ],
      [user.token, user.device.id, { upperLimit: 400 }, 'Upper limit: must be at most 392'],
      [user.token, user.device.id, { lowerLimit: -329 }, 'Lower limit: must be at least -328'],
      [celsius.token, celsius.device.id, { upperLimit: 250 }, 'Upper limit: must be at most 200'],
      [celsius.token, celsius.device.id, { upperLimit: 400 }, 'Upper limit: must be at most 200'],
      [celsius.token, celsius.device.id, { lowerLimit: -250 }, 'Lower limit: must be at least -200'],
    ];
    for (const [token, deviceId, extra, message] of cases) {
      const answer = await call(t.app, 'POST', `${WAYBILL}/insert`, {
        token,
        body: waybillBody(deviceId, { upperLimit: 46.4, lowerLimit: 35.6, ...extra }),
        locale: 'en-US',
      });
      expect(answer.msg, JSON.stringify(extra)).toBe(message);
      expect(answer.code).toBe(1001);
    }
    expect(
      await t.app.ctx.db
        .selectFrom('waybill')
        .select('id')
        .where('accountId', 'in', [user.id, celsius.id])
        .execute(),
    ).toEqual([]);

    const plain = await call<WaybillDetail>(t.app, 'POST', `${WAYBILL}/insert`, {
      token: celsius.token,
      body: waybillBody(celsius.device.id),
    });
    expect(plain.data).toMatchObject({ temperatureUnit: 'C', upperLimit: 8, lowerLimit: 2 });
    expect(await stored(plain.data.id)).toMatchObject({ upperLimit: 8, lowerLimit: 2 });
    const foreign = await detail(user.token, plain.data.id);
    expect(foreign.code).toBe(4500);
    await call(t.app, 'DELETE', `${WAYBILL}/delete`, {
      token: celsius.token,
      query: { ids: String(plain.data.id) },
    });
  });

  it('shows curve, statistics, MKT, alarms and exports in °F, reckoned in °C, and the public page in °C', async () => {
    const created = await call<WaybillDetail>(t.app, 'POST', `${WAYBILL}/insert`, {
      token: user.token,
      body: waybillBody(user.device.id, { upperLimit: 46.4, lowerLimit: 35.6 }),
    });
    expect(created.code, created.msg).toBe(0);
    const id = created.data.id;
    // A stored limit no °F value maps to exactly: sending back what the account sees keeps it.
    await t.app.ctx.db.updateTable('waybill').set({ upperLimit: 8.33333 }).where('id', '=', id).execute();
    expect((await changeState(t.app, user.token, { id, action: 'start' })).code).toBe(0);
    const from = Date.now() - 2 * 60 * MINUTE;
    await t.app.ctx.db
      .updateTable('waybill')
      .set({ startedAt: new Date(from).toISOString() })
      .where('id', '=', id)
      .execute();
    await sendTelemetry(
      t.app,
      user.device,
      SERIES.map((value, i) => ({
        ts: from + i * 10 * MINUTE,
        values: [
          { kind: 'temperature', probe: 1, value },
          { kind: 'humidity', probe: 1, value: 50 },
        ],
      })),
    );

    const started = await detail(user.token, id);
    expect(started.data.upperLimit).toBe(47);
    const fields = started.data;
    const kept = await call<WaybillDetail>(t.app, 'PUT', `${WAYBILL}/update`, {
      token: user.token,
      body: {
        id,
        ...waybillBody(user.device.id, {
          orderNum: fields.orderNum,
          upperLimit: fields.upperLimit,
          lowerLimit: fields.lowerLimit,
          recordInterval: fields.recordInterval,
          uploadInterval: fields.uploadInterval,
          timeZone: fields.timeZone,
          goodsName: 'Insulin',
        }),
      },
    });
    expect(kept.code, kept.msg).toBe(0);
    expect(await stored(id)).toMatchObject({ upperLimit: 8.33333, lowerLimit: 2 });
    await t.app.ctx.db.updateTable('waybill').set({ upperLimit: 8 }).where('id', '=', id).execute();

    const f = await chart(user.token, id);
    expect(f.code, f.msg).toBe(0);
    expect(f.data).toMatchObject({ upperLimit: 46.4, lowerLimit: 35.6 });
    const curve = f.data.series.find((s) => s.kind === 'temperature');
    expect(curve?.unit).toBe('°F');
    expect(curve?.points.find(([ts]) => ts === from + 2 * 10 * MINUTE)?.[1]).toBe(50);
    expect(f.data.series.find((s) => s.kind === 'humidity')?.points[0]?.[1]).toBe(50);
    const statsF = f.data.stats.find((s) => s.unit === '°F');
    expect(statsF).toMatchObject({ min: fahrenheit(4), max: fahrenheit(12) });

    await setUnit(user.id, 'C');
    const c = await chart(user.token, id);
    const statsC = c.data.stats.find((s) => s.unit === '°C');
    expect(c.data).toMatchObject({ upperLimit: 8, lowerLimit: 2 });
    expect(statsC).toMatchObject({ min: 4, max: 12, aboveMs: statsF?.aboveMs, belowMs: statsF?.belowMs });
    expect(statsC?.mkt).toBeCloseTo(EXPECTED_MKT_C, 3);
    expect(statsF?.mkt).toBeCloseTo(fahrenheit(statsC?.mkt ?? 0), 3);
    expect(statsF?.mkt).toBeCloseTo((EXPECTED_MKT_C * 9) / 5 + 32, 3);
    expect(statsF?.mean).toBeCloseTo(fahrenheit(statsC?.mean ?? 0), 3);
    await setUnit(user.id, 'F');

    const overview = await call<WaybillOverview>(t.app, 'POST', `${WAYBILL}/overview`, {
      token: user.token,
      body: { id },
    });
    expect(overview.data.waybill).toMatchObject({ temperatureUnit: 'F', upperLimit: 46.4 });
    expect(overview.data.stats.find((s) => s.unit === '°F')?.mkt).toBe(statsF?.mkt);
    const temperatureChannel = curve?.channel ?? 0;
    expect(overview.data.latest.find((r) => r.channel === temperatureChannel)?.value).toBe(fahrenheit(5));

    const platformId = (
      await t.app.ctx.db
        .selectFrom('waybill')
        .select('platformId')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).platformId;
    await t.app.ctx.db
      .insertInto('alarmMessage')
      .values({
        platformId,
        accountId: user.id,
        deviceId: user.device.id,
        messageType: 'alarm',
        state: 'untreated',
        newFlag: 1,
        cause: 'high',
        level: 1,
        channel: temperatureChannel,
        channelKind: 'temperature',
        value: 12,
        limitValue: 8,
        startTime: new Date(from + 40 * MINUTE).toISOString(),
        createdAt: new Date(from + 40 * MINUTE).toISOString(),
      })
      .execute();
    const alarms = await call<WaybillAlarmPageAnswer>(t.app, 'POST', `${WAYBILL}/alarms`, {
      token: user.token,
      body: { id, start: 1, pageSize: 10 },
    });
    expect(alarms.data.data[0]?.content).toBe('53.6 °F / 46.4 °F');

    const xlsx = await t.app.inject({
      method: 'GET',
      url: `${WAYBILL}/export`,
      headers: { authorization: `Bearer ${user.token}`, 'accept-language': 'en-US' },
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const header = (sheet?.getRow(1).values ?? []) as unknown[];
    const lowerColumn = header.indexOf('Lower limit (°F)');
    expect(lowerColumn).toBeGreaterThan(0);
    expect(sheet?.getRow(2).getCell(lowerColumn).value).toBe(35.6);
    expect(sheet?.getRow(2).getCell(lowerColumn + 1).value).toBe(46.4);

    const pdf = await t.app.inject({
      method: 'GET',
      url: `${WAYBILL}/report`,
      query: { id: String(id) },
      headers: { authorization: `Bearer ${user.token}`, 'accept-language': 'en-US' },
    });
    expect(pdf.statusCode).toBe(200);
    const text = `${pdfText(pdf.rawPayload)}\n${embeddedText(pdf.rawPayload)}`;
    expect(text).toContain('35.6 – 46.4 °F');
    expect(text).toContain('(°F)');
    expect(text).not.toContain('(°C)');

    const open = await call<PublicWaybillDetail>(t.app, 'POST', `${QUICK}/waybillDetail`, {
      body: { waybillPk: created.data.waybillPk },
    });
    expect(open.data.waybill).toMatchObject({ upperLimit: 8, lowerLimit: 2 });
    expect(open.data.stats.find((s) => s.unit === '°C')).toMatchObject({ min: 4, max: 12, mkt: statsC?.mkt });
    expect(open.data.chart.series.find((s) => s.kind === 'temperature')?.unit).toBe('°C');
  });

  it('keeps template temperatures in °C and answers them in the reader’s unit', async () => {
    const saved = await call<WaybillTemplate>(t.app, 'POST', '/api/device/DeviceWaybillModel/insert', {
      token: user.token,
      body: {
        modelName: 'Cold chain',
        content: { upperLimit: 46.4, lowerLimit: 35.6, humidityUpperLimit: 80 },
      },
    });
    expect(saved.code, saved.msg).toBe(0);
    expect(saved.data.content).toMatchObject({ upperLimit: 46.4, lowerLimit: 35.6, humidityUpperLimit: 80 });
    const row = await t.app.ctx.db
      .selectFrom('waybillTemplate')
      .select('content')
      .where('id', '=', saved.data.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.content)).toMatchObject({ upperLimit: 8, lowerLimit: 2, humidityUpperLimit: 80 });
    const page = (token: string) =>
      call<PageResponse<WaybillTemplate>>(t.app, 'POST', '/api/device/DeviceWaybillModel/page', {
        token,
        body: { start: 1, pageSize: 10 },
      });
    expect((await page(user.token)).data.data[0]?.content).toMatchObject({
      upperLimit: 46.4,
      lowerLimit: 35.6,
    });
    await setUnit(user.id, 'C');
    expect((await page(user.token)).data.data[0]?.content).toMatchObject({ upperLimit: 8, lowerLimit: 2 });
    await setUnit(user.id, 'F');
    const tooHot = await call(t.app, 'POST', '/api/device/DeviceWaybillModel/insert', {
      token: user.token,
      body: { modelName: 'Hot', content: { upperLimit: 392.5 } },
      locale: 'en-US',
    });
    expect(tooHot.msg).toBe('Upper limit: must be at most 392');
  });
});
