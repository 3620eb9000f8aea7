import type {
  PublicWaybillDetail,
  PublicWaybillList,
  WaybillAlarmPageAnswer,
  WaybillChartAnswer,
  WaybillDetail,
  WaybillOverview,
  WaybillShareAnswer,
} from '@coldchain/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/harness.ts';
import { embeddedText, pdfText } from '../../test/pdf-text.ts';
import { createPlatform } from '../accounts/test-support.ts';
import {
  changeState,
  insertFence,
  insertWaybill,
  QUICK,
  sendTelemetry,
  userWithDevice,
  WAYBILL,
  waybillWorld,
} from './test-support.ts';
import { waybillsOf } from './waybills.module.ts';

const MINUTE = 60_000;
const PUBLIC_KEYS = [
  'deviceGuid',
  'expressNumber',
  'goodsName',
  'lowerLimit',
  'orderNum',
  'receivedAt',
  'startedAt',
  'stoppedAt',
  'timeZone',
  'upperLimit',
  'waybillPk',
  'waybillState',
];
/** Texts of the waybill that public pages must never show. */
const PRIVATE_TEXTS = [
  'Wang Wei',
  '13800138000',
  'Li Na',
  '13900139000',
  'City Hospital',
  'Dock 3',
  'Ward 2',
  'duty@example.com',
  'Duty desk',
];

describe('public waybill pages, sharing, receipt and exports', () => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof userWithDevice>>;
  let waybill: WaybillDetail;
  let startedAt: number;
  const orderNum = `PUB${process.pid}`.slice(0, 20);

  beforeAll(async () => {
    t = await createTestApp();
    const world = await waybillWorld(t.app);
    user = await userWithDevice(t.app, world.typeId);
    const depot = await insertFence(t.app, user.token, 'Depot', [
      { shape: 'circle', center: { lat: 31.2, lon: 121.4 }, radius: 1000 },
    ]);
    waybill = await insertWaybill(t.app, user.token, user.device.id, {
      orderNum,
      expressNumber: 'SF778899,JD-1122',
      startTrigger: 'geofence',
      startFenceId: depot.id,
    });
    // Two hours of readings every 5 minutes: out of the depot after the first, one hot spell of 12 °C.
    const from = Date.now() - 2 * 60 * MINUTE;
    const records = Array.from({ length: 24 }, (_, i) => ({
      ts: from + i * 5 * MINUTE,
      values: [
        { kind: 'temperature', probe: 1, value: i >= 10 && i <= 12 ? 12 : 5 },
        { kind: 'humidity', probe: 1, value: 50 },
      ],
      position: { lat: 31.2 + i * 0.01, lon: 121.4 },
    }));
    await sendTelemetry(t.app, user.device, records);
    await waybillsOf(t.app.ctx).tracker.idle();
    startedAt = records[1]?.ts ?? 0;
    const stopped = await changeState(t.app, user.token, { id: waybill.id, action: 'stop' });
    expect(stopped.data).toMatchObject({ waybillState: 2, startedAt });
  });
  afterAll(() => t.close());

  it('finds waybills by order number, express number or device, showing only public fields', async () => {
    for (const body of [
      { trackingNumber: orderNum },
      { trackingNumber: 'JD-1122' },
      { deviceGuid: user.device.deviceGuid },
    ]) {
      const found = await call<PublicWaybillList>(t.app, 'POST', `${QUICK}/waybillList`, { body });
      expect(found.code, JSON.stringify(body)).toBe(0);
      expect(found.data.data).toHaveLength(1);
      expect(Object.keys(found.data.data[0] ?? {}).sort()).toEqual(PUBLIC_KEYS);
      for (const text of PRIVATE_TEXTS) expect(JSON.stringify(found.data)).not.toContain(text);
    }
    for (const trackingNumber of ['SF7788', 'JD', '%', 'nothing']) {
      const none = await call<PublicWaybillList>(t.app, 'POST', `${QUICK}/waybillList`, {
        body: { trackingNumber },
      });
      expect(none.data.data, trackingNumber).toEqual([]);
    }
    const both = await call(t.app, 'POST', `${QUICK}/waybillList`, {
      body: { trackingNumber: orderNum, deviceGuid: user.device.deviceGuid },
      locale: 'en-US',
    });
    expect(both.msg).toBe('Tracking number: give either a tracking number or a device ID');
  });

  it('answers nothing about a waybill on another platform’s address', async () => {
    await createPlatform(t.app, { topDomain: `other${process.pid}.example.com` });
    const host = `other${process.pid}.example.com`;
    const list = await call<PublicWaybillList>(t.app, 'POST', `${QUICK}/waybillList`, {
      host,
      body: { trackingNumber: orderNum },
    });
    expect(list.data.data).toEqual([]);
    const detail = await call(t.app, 'POST', `${QUICK}/waybillDetail`, {
      host,
      body: { waybillPk: waybill.waybillPk },
    });
    const missing = await call(t.app, 'POST', `${QUICK}/waybillDetail`, {
      host,
      body: { waybillPk: 'y'.repeat(22) },
    });
    expect(detail).toEqual(missing);
    expect(detail.code).toBe(4506);
  });

  it('shows the public detail with curve and statistics but no position, and the track only through a share', async () => {
    const detail = await call<PublicWaybillDetail>(t.app, 'POST', `${QUICK}/waybillDetail`, {
      body: { waybillPk: waybill.waybillPk },
    });
    expect(detail.code, detail.msg).toBe(0);
    expect(detail.data.track).toBeNull();
    expect(detail.data.shared).toBe(0);
    expect(detail.data.chart.series.map((s) => s.kind).sort()).toEqual(['humidity', 'temperature']);
    const temperature = detail.data.stats.find((s) => s.unit === '°C');
    expect(temperature).toMatchObject({ min: 5, max: 12 });
    expect(temperature?.aboveMs).toBeGreaterThan(0);
    for (const text of [...PRIVATE_TEXTS, '31.21']) expect(JSON.stringify(detail.data)).not.toContain(text);
    const wrong = await call(t.app, 'POST', `${QUICK}/waybillDetail`, {
      body: { waybillPk: 'x'.repeat(22) },
    });
    expect(wrong.code).toBe(4506);

    const share = await call<WaybillShareAnswer>(t.app, 'POST', `${WAYBILL}/share`, {
      token: user.token,
      body: { id: waybill.id, validity: '8h' },
    });
    expect(share.data.path).toContain(waybill.waybillPk);
    expect(share.data.expiresAt).toBeGreaterThan(Date.now() + 7 * 60 * MINUTE);
    const shared = await call<PublicWaybillDetail>(t.app, 'POST', `${QUICK}/waybillDetail`, {
      body: { shareToken: share.data.shareToken },
    });
    expect(shared.data.shared).toBe(1);
    expect(shared.data.track?.[0]).toEqual([startedAt, 31.21, 121.4]);

    const badCustom = await call(t.app, 'POST', `${WAYBILL}/share`, {
      token: user.token,
      body: { id: waybill.id, validity: 'custom', expiresAt: Date.now() + 100 * 86_400_000 },
      locale: 'en-US',
    });
    expect(badCustom.msg).toBe('Expiry: must lie in the future and at most 90 days ahead');
    await t.app.ctx.db
      .updateTable('waybillShare')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('waybillId', '=', waybill.id)
      .execute();
    const expired = await call(t.app, 'POST', `${QUICK}/waybillDetail`, {
      body: { shareToken: share.data.shareToken },
      locale: 'en-US',
    });
    expect(expired).toMatchObject({ code: 4506, msg: 'This waybill link is invalid or has expired' });
  });

  it('corrects a curve range outside the waybill period and reports MKT and alarms for the period', async () => {
    const chart = await call<WaybillChartAnswer>(t.app, 'POST', `${WAYBILL}/chart`, {
      token: user.token,
      locale: 'en-US',
      body: { id: waybill.id, startTime: startedAt - 60 * MINUTE, endTime: startedAt + 30 * MINUTE },
    });
    expect(chart.data).toMatchObject({
      startTime: startedAt,
      endTime: startedAt + 30 * MINUTE,
      timeCorrected: 1,
      notice: 'The selected time has been corrected to the waybill time',
    });
    const inside = await call<WaybillChartAnswer>(t.app, 'POST', `${WAYBILL}/chart`, {
      token: user.token,
      body: { id: waybill.id },
    });
    expect(inside.data.timeCorrected).toBe(0);
    const temperature = inside.data.stats.find((s) => s.unit === '°C');
    expect(temperature?.mkt).toBeGreaterThan(5);
    expect(temperature?.mkt).toBeLessThan(12);
    const overview = await call<WaybillOverview>(t.app, 'POST', `${WAYBILL}/overview`, {
      token: user.token,
      body: { id: waybill.id },
    });
    expect(overview.data.lastPosition).toMatchObject({ lat: 31.43, lon: 121.4 });
    expect(overview.data.waybill.id).toBe(waybill.id);
  });

  it('lists the alarms of the device within the waybill period in the alarm record and the report', async () => {
    const platformId = (
      await t.app.ctx.db
        .selectFrom('waybill')
        .select('platformId')
        .where('id', '=', waybill.id)
        .executeTakeFirstOrThrow()
    ).platformId;
    const alarm = (createdAt: number, value: number) => ({
      platformId,
      accountId: user.id,
      deviceId: user.device.id,
      messageType: 'alarm',
      state: 'untreated',
      newFlag: 1,
      cause: 'high',
      level: 1,
      value,
      limitValue: 8,
      startTime: new Date(createdAt).toISOString(),
      createdAt: new Date(createdAt).toISOString(),
    });
    await t.app.ctx.db
      .insertInto('alarmMessage')
      .values([alarm(startedAt + 50 * MINUTE, 12), alarm(startedAt - 10 * MINUTE, 9)])
      .execute();
    const alarms = await call<WaybillAlarmPageAnswer>(t.app, 'POST', `${WAYBILL}/alarms`, {
      token: user.token,
      body: { id: waybill.id, start: 1, pageSize: 10 },
    });
    expect(alarms.data.totalCount).toBe(1);
    expect(alarms.data.data[0]).toMatchObject({
      ts: startedAt + 50 * MINUTE,
      alarmType: 'high',
      level: 1,
      content: '12 / 8',
      state: 'untreated',
    });
    const overview = await call<WaybillOverview>(t.app, 'POST', `${WAYBILL}/overview`, {
      token: user.token,
      body: { id: waybill.id },
    });
    expect(overview.data.alarmCount).toBe(1);
  });

  it('exports the list as XLSX with rows and the report as a PDF with MKT and the tracking number', async () => {
    const xlsx = await t.app.inject({
      method: 'GET',
      url: `${WAYBILL}/export`,
      headers: { authorization: `Bearer ${user.token}`, 'accept-language': 'en-US' },
    });
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).value).toBe('Order number');
    expect(sheet?.getRow(2).getCell(1).value).toBe(orderNum);
    expect(sheet?.getRow(2).getCell(2).value).toBe('SF778899,JD-1122');

    const pdf = await t.app.inject({
      method: 'GET',
      url: `${WAYBILL}/report`,
      query: { id: String(waybill.id) },
      headers: { authorization: `Bearer ${user.token}`, 'accept-language': 'zh-CN' },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    for (const text of [pdfText(pdf.rawPayload), embeddedText(pdf.rawPayload)]) {
      expect(text).toContain(orderNum);
      expect(text).toContain('SF778899');
      expect(text).toContain('平均动力学温度');
      expect(text).toContain('运单报告');
      expect(text).toContain('超上限');
    }
    // The QR code is an image in the PDF.
    expect(pdf.rawPayload.toString('latin1')).toContain('/Subtype /Image');
  });

  it('lets the receiver confirm receipt through the share link', async () => {
    const share = await call<WaybillShareAnswer>(t.app, 'POST', `${WAYBILL}/share`, {
      token: user.token,
      body: { id: waybill.id, validity: '1d' },
    });
    const received = await call<PublicWaybillDetail>(t.app, 'POST', `${QUICK}/waybillReceive`, {
      body: { shareToken: share.data.shareToken, receiverMan: 'Gate' },
    });
    expect(received.code, received.msg).toBe(0);
    expect(received.data.waybill.waybillState).toBe(3);
    const detail = await call<WaybillDetail>(t.app, 'GET', `${WAYBILL}/detail`, {
      token: user.token,
      query: { id: String(waybill.id) },
    });
    expect(detail.data).toMatchObject({ waybillState: 3, receivedBy: 'receiver', receiverMan: 'Gate' });
    const again = await call(t.app, 'POST', `${QUICK}/waybillReceive`, {
      body: { shareToken: share.data.shareToken },
    });
    expect(again.code).toBe(4501);
  });

  it('limits public look-ups per address like the device quick query', async () => {
    let refusedAt = 0;
    for (let i = 1; i <= 40 && !refusedAt; i += 1) {
      const answer = await call(t.app, 'POST', `${QUICK}/waybillList`, { body: { trackingNumber: 'RATE' } });
      if (answer.status === 429) {
        expect(answer.code).toBe(1029);
        refusedAt = i;
      }
    }
    expect(refusedAt).toBeGreaterThan(0);
    expect(refusedAt).toBeLessThanOrEqual(31);
  });
});
