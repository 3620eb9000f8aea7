import type {
  PageResponse,
  PublicWaybillDetail,
  WaybillChartAnswer,
  WaybillDetail,
  WaybillRow,
} from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/harness.ts';
import { startSmtp, type TestSmtp } from '../accounts/test-support.ts';
import {
  changeState,
  insertFence,
  insertWaybill,
  userWithDevice,
  WAYBILL,
  type WaybillWorld,
  waybillBody,
  waybillWorld,
} from './test-support.ts';
import { waybillsOf } from './waybills.module.ts';

const HOUR = 3_600_000;

describe('waybills: fields, rules and lifecycle', () => {
  let t: TestApp;
  let world: WaybillWorld;
  let smtp: TestSmtp;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ env: { SMTP_URL: smtp.url } });
    world = await waybillWorld(t.app);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('creates a waybill with every field, shows it in detail and list, and updates it', async () => {
    const user = await userWithDevice(t.app, world.typeId);
    const start = Date.now() + HOUR;
    const created = await call<WaybillDetail>(t.app, 'POST', `${WAYBILL}/insert`, {
      token: user.token,
      body: waybillBody(user.device.id, {
        orderNum: 'ORD-0001',
        expressNumber: 'SF1001， JD2002 ,YT3003',
        recordInterval: 60,
        uploadInterval: 300,
        alarmRecordInterval: 30,
        alarmUploadInterval: 60,
        timeZone: 'Europe/Berlin',
        warnUpperLimit: 7,
        warnLowerLimit: 3,
        humidityUpperLimit: 80,
        humidityLowerLimit: 20,
        startTrigger: 'timed',
        startTime: start,
        stopTrigger: 'timed',
        endTime: start + 10 * HOUR,
        airFlag: 1,
        airStartWay: 'timed',
        airStartTime: start + HOUR,
        airStopTime: start + 3 * HOUR,
        devicePower: 1,
        startDelay: 15,
        expectedReceiveTime: start + 12 * HOUR,
        receiveAlarm: 1,
      }),
    });
    expect(created.code, created.msg).toBe(0);
    expect(created.data).toMatchObject({
      orderNum: 'ORD-0001',
      expressNumber: 'SF1001,JD2002,YT3003',
      deviceGuid: user.device.deviceGuid,
      waybillState: 0,
      recordInterval: 60,
      alarmUploadInterval: 60,
      timeZone: 'Europe/Berlin',
      warnUpperLimit: 7,
      humidityLowerLimit: 20,
      startTrigger: 'timed',
      startTime: start,
      endTime: start + 10 * HOUR,
      airFlag: 1,
      airStartTime: start + HOUR,
      devicePower: 1,
      startDelay: 15,
      receiveAlarm: 1,
      startAtDeviceOnly: 0,
      contacts: [{ name: 'Duty desk', phone: '13700137000', email: 'duty@example.com' }],
    });
    expect(created.data.waybillPk).toMatch(/^[A-Za-z0-9_-]{20,}$/);

    const detail = await call<WaybillDetail>(t.app, 'GET', `${WAYBILL}/detail`, {
      token: user.token,
      query: { id: String(created.data.id) },
    });
    expect(detail.data).toEqual(created.data);

    // Not started: no data belongs to it yet, and every data call still answers.
    const chart = await call<WaybillChartAnswer>(t.app, 'POST', `${WAYBILL}/chart`, {
      token: user.token,
      body: { id: created.data.id },
    });
    expect(chart.code, chart.msg).toBe(0);
    expect(chart.data.series.every((series) => series.points.length === 0)).toBe(true);
    const open = await call<PublicWaybillDetail>(t.app, 'POST', '/api/device/QuickSearch/waybillDetail', {
      body: { waybillPk: created.data.waybillPk },
    });
    expect(open.code, open.msg).toBe(0);
    expect(open.data.waybill).toMatchObject({ orderNum: 'ORD-0001', waybillState: 0, startedAt: null });

    const page = await call<PageResponse<WaybillRow>>(t.app, 'POST', `${WAYBILL}/page`, {
      token: user.token,
      body: { start: 1, pageSize: 10, keyword: 'jd2002' },
    });
    expect(page.data.totalCount).toBe(1);
    expect(page.data.data[0]).toMatchObject({ id: created.data.id, deviceName: user.device.deviceName });

    const updated = await call<WaybillDetail>(t.app, 'PUT', `${WAYBILL}/update`, {
      token: user.token,
      body: { id: created.data.id, ...waybillBody(user.device.id, { orderNum: 'ORD-0002', upperLimit: 6 }) },
    });
    expect(updated.code, updated.msg).toBe(0);
    expect(updated.data).toMatchObject({
      orderNum: 'ORD-0002',
      upperLimit: 6,
      startTrigger: 'manual',
      airFlag: 0,
    });
  });

  it('enforces every length and rule, naming the field, and stores nothing', async () => {
    const user = await userWithDevice(t.app, world.typeId);
    const fence = await insertFence(t.app, user.token, 'Depot', [
      { shape: 'circle', center: { lat: 31.2, lon: 121.4 }, radius: 500 },
    ]);
    const now = Date.now();
    const cases: [Record<string, unknown>, string][] = [
      [{ orderNum: 'O'.repeat(21) }, 'Order number: must be at most 20 characters'],
      [{ orderNum: '' }, 'Order number: is required'],
      [{ goodsName: 'G'.repeat(21) }, 'Goods: must be at most 20 characters'],
      [
        { expressNumber: `${'1'.repeat(60)},${'2'.repeat(40)}` },
        'Express numbers: must be at most 100 characters',
      ],
      [
        { expressNumber: 'SF#1' },
        'Express numbers: must be numbers of letters, digits or hyphens separated by commas',
      ],
      [{ coolerCode: 'C'.repeat(21) }, 'Cooler code: must be at most 20 characters'],
      [{ deliveryMan: 'D'.repeat(21) }, 'Shipper: must be at most 20 characters'],
      [{ receiverMan: 'R'.repeat(21) }, 'Receiver: must be at most 20 characters'],
      [{ receiverCompany: 'C'.repeat(21) }, 'Receiving company: must be at most 20 characters'],
      [{ receiverPhone: '12ab' }, 'Receiver phone: is not a valid phone number'],
      [{ contacts: [{ name: 'N'.repeat(21), phone: '13700137000' }] }, 'Name: must be at most 20 characters'],
      [{ contacts: [{ name: 'Nobody' }] }, 'Phone: give a phone number or an e-mail address'],
      [{ contacts: [{ name: 'A', email: 'bad@' }] }, 'E-mail: is not a valid e-mail address'],
      [
        {
          contacts: [
            { name: 'A', phone: '13700137000' },
            { name: 'B', phone: '13700137000' },
          ],
        },
        'Alarm contacts: contains duplicates',
      ],
      [{ upperLimit: undefined }, 'Upper limit: is required'],
      [{ upperLimit: 2, lowerLimit: 2 }, 'Lower limit: must be below the upper limit'],
      [{ upperLimit: 2, lowerLimit: 8 }, 'Lower limit: must be below the upper limit'],
      [{ warnUpperLimit: 9 }, 'Warning upper limit: must lie within the upper and lower limits'],
      [{ warnUpperLimit: 4, warnLowerLimit: 5 }, 'Warning lower limit: must be below the upper limit'],
      [
        { humidityUpperLimit: 30, humidityLowerLimit: 60 },
        'Humidity lower limit: must be below the upper limit',
      ],
      [{ humidityUpperLimit: 101 }, 'Humidity upper limit: must be at most 100'],
      [{ recordInterval: 5 }, 'Record interval: must be at least 10'],
      [
        { recordInterval: 600, uploadInterval: 60 },
        'Upload interval: must not be shorter than the record interval',
      ],
      [{ timeZone: 'Mars/Base' }, 'Time zone: is not a known time zone'],
      [{ startTrigger: 'timed' }, 'Start time: is required for a timed start or stop'],
      [{ stopTrigger: 'timed', startTime: now }, 'End time: is required for a timed start or stop'],
      [{ startTime: now + HOUR, endTime: now }, 'End time: must be after the start time'],
      [{ startTrigger: 'geofence' }, 'Start geofence: is required for a geofence start or stop'],
      [{ stopTrigger: 'geofence' }, 'Stop geofence: is required for a geofence start or stop'],
      [{ airFlag: 1 }, 'Air-mode start way: is required in air mode'],
      [
        { airFlag: 1, airStartWay: 'timed', airStopTime: now },
        'Air-mode start time: is required in air mode',
      ],
      [
        { airFlag: 1, airStartWay: 'geofence', airStopTime: now },
        'Air-mode geofence: is required in air mode',
      ],
      [
        { airFlag: 1, airStartWay: 'timed', airStartTime: now + HOUR, airStopTime: now },
        'Air-mode start time: must not be after the air-mode stop time',
      ],
      [{ receiveAlarm: 1 }, 'Expected receipt time: is required'],
      [{ startDelay: 1441 }, 'Start delay: must be at most 1440'],
      [{ unknownField: 1 }, 'unknownField: is not an accepted field'],
    ];
    for (const [extra, message] of cases) {
      const body = { ...waybillBody(user.device.id, { startFenceId: null }), ...extra };
      const answer = await call(t.app, 'POST', `${WAYBILL}/insert`, {
        token: user.token,
        body,
        locale: 'en-US',
      });
      expect(answer.code, message).toBe(1001);
      expect(answer.msg).toBe(message);
    }
    expect(fence.id).toBeGreaterThan(0);
    const stored = await t.app.ctx.db
      .selectFrom('waybill')
      .select('id')
      .where('deviceId', '=', user.device.id)
      .execute();
    expect(stored).toEqual([]);
  });

  it('moves air-mode times into the waybill period and says so', async () => {
    const user = await userWithDevice(t.app, world.typeId);
    const start = Date.now() + HOUR;
    const answer = await call<WaybillDetail>(t.app, 'POST', `${WAYBILL}/insert`, {
      token: user.token,
      locale: 'en-US',
      body: waybillBody(user.device.id, {
        startTime: start,
        endTime: start + 4 * HOUR,
        airFlag: 1,
        airStartWay: 'timed',
        airStartTime: start - HOUR,
        airStopTime: start + 9 * HOUR,
      }),
    });
    expect(answer.code).toBe(0);
    expect(answer.msg).toBe('The selected time has been corrected to the waybill time');
    expect(answer.data).toMatchObject({ airStartTime: start, airStopTime: start + 4 * HOUR });
  });

  it('goes not started -> in progress -> ended -> received by hand, queueing the device parameters', async () => {
    const user = await userWithDevice(t.app, world.typeId);
    const waybill = await insertWaybill(t.app, user.token, user.device.id, {
      recordInterval: 120,
      uploadInterval: 600,
      warnUpperLimit: 7,
      startDelay: 10,
    });
    expect((await changeState(t.app, user.token, { id: waybill.id, action: 'stop' })).code).toBe(4501);
    expect((await changeState(t.app, user.token, { id: waybill.id, action: 'receive' })).code).toBe(4501);

    const started = await changeState(t.app, user.token, { id: waybill.id, action: 'start' });
    expect(started.code, started.msg).toBe(0);
    expect(started.data).toMatchObject({ waybillState: 1, startedBy: 'manual' });
    expect(started.data.startedAt).toBeGreaterThan(0);
    const command = await t.app.ctx.db
      .selectFrom('deviceCommand')
      .selectAll()
      .where('id', '=', started.data.startCommandId ?? 0)
      .executeTakeFirstOrThrow();
    expect(command).toMatchObject({
      deviceId: user.device.id,
      commandType: 'waybillStart',
      state: 'pending',
    });
    expect(JSON.parse(command.payload)).toMatchObject({
      waybillId: waybill.id,
      recordInterval: 120,
      uploadInterval: 600,
      upperLimit: 8,
      lowerLimit: 2,
      warnUpperLimit: 7,
      startDelayMinutes: 10,
      timeZone: 'Asia/Shanghai',
    });
    expect((await changeState(t.app, user.token, { id: waybill.id, action: 'start' })).code).toBe(4501);

    // A started waybill keeps its limits; the parties may still change.
    const locked = await call(t.app, 'PUT', `${WAYBILL}/update`, {
      token: user.token,
      body: {
        id: waybill.id,
        ...waybillBody(user.device.id, { orderNum: waybill.orderNum, upperLimit: 10 }),
      },
    });
    expect(locked.code).toBe(4507);
    const parties = await call<WaybillDetail>(t.app, 'PUT', `${WAYBILL}/update`, {
      token: user.token,
      body: {
        id: waybill.id,
        ...waybillBody(user.device.id, {
          orderNum: waybill.orderNum,
          // Intervals left out keep the waybill's own (120 s and 600 s), not the device's.
          warnUpperLimit: 7,
          startDelay: 10,
          receiverMan: 'Zhao Lei',
        }),
      },
    });
    expect(parties.code, parties.msg).toBe(0);
    expect(parties.data).toMatchObject({ receiverMan: 'Zhao Lei', recordInterval: 120, uploadInterval: 600 });

    const deleting = await call(t.app, 'DELETE', `${WAYBILL}/delete`, {
      token: user.token,
      query: { ids: String(waybill.id) },
    });
    expect(deleting.code).toBe(4501);

    const stopped = await changeState(t.app, user.token, { id: waybill.id, action: 'stop' });
    expect(stopped.data).toMatchObject({ waybillState: 2, stoppedBy: 'manual' });
    const stopCommand = await t.app.ctx.db
      .selectFrom('deviceCommand')
      .select('commandType')
      .where('deviceId', '=', user.device.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(stopCommand.commandType).toBe('waybillStop');

    const received = await changeState(t.app, user.token, {
      id: waybill.id,
      action: 'receive',
      receiverMan: 'Li Na',
    });
    expect(received.data).toMatchObject({ waybillState: 3, receivedBy: 'manual', receiverMan: 'Li Na' });
    expect(received.data.receivedAt).toBeGreaterThanOrEqual(received.data.stoppedAt ?? 0);
    const frozen = await call(t.app, 'PUT', `${WAYBILL}/update`, {
      token: user.token,
      body: { id: waybill.id, ...waybillBody(user.device.id) },
    });
    expect(frozen.code).toBe(4501);

    const removed = await call<{ deleted: number }>(t.app, 'DELETE', `${WAYBILL}/delete`, {
      token: user.token,
      query: { ids: String(waybill.id) },
    });
    expect(removed.data.deleted).toBe(1);
  });

  it('sends air mode with its geofence to the device at the start', async () => {
    const user = await userWithDevice(t.app, world.typeId);
    const airport = { shape: 'circle' as const, center: { lat: 31.15, lon: 121.8 }, radius: 3000 };
    const fence = await insertFence(t.app, user.token, 'Airport', [airport]);
    const stop = Date.now() + 5 * HOUR;
    const waybill = await insertWaybill(t.app, user.token, user.device.id, {
      airFlag: 1,
      airStartWay: 'geofence',
      fenceModelId: fence.id,
      airStopTime: stop,
    });
    expect(waybill).toMatchObject({
      airFlag: 1,
      airStartWay: 'geofence',
      fenceModelId: fence.id,
      airStopTime: stop,
    });
    const started = await changeState(t.app, user.token, { id: waybill.id, action: 'start' });
    const command = await t.app.ctx.db
      .selectFrom('deviceCommand')
      .select('payload')
      .where('id', '=', started.data.startCommandId ?? 0)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(command.payload).airMode).toEqual({
      startWay: 'geofence',
      startTime: null,
      stopTime: new Date(stop).toISOString(),
      fence: [airport],
    });
  });

  it('asks for confirmation when the device is offline, unless the call confirms', async () => {
    const user = await userWithDevice(t.app, world.typeId, { status: 'offline' });
    const waybill = await insertWaybill(t.app, user.token, user.device.id);
    const asked = await changeState(t.app, user.token, { id: waybill.id, action: 'start' });
    expect(asked).toMatchObject({ code: 4011, msg: 'The device is offline; confirm to use it' });
    const confirmed = await changeState(t.app, user.token, { id: waybill.id, action: 'start', confirm: 1 });
    expect(confirmed.data.waybillState).toBe(1);
    expect((await changeState(t.app, user.token, { id: waybill.id, action: 'stop' })).code).toBe(4011);
    expect(
      (await changeState(t.app, user.token, { id: waybill.id, action: 'stop', confirm: 1 })).data
        .waybillState,
    ).toBe(2);
  });

  it('refuses a start from the platform for devices that start only at the device', async () => {
    const user = await userWithDevice(t.app, world.deviceOnlyTypeId);
    const timed = await call(t.app, 'POST', `${WAYBILL}/insert`, {
      token: user.token,
      locale: 'en-US',
      body: waybillBody(user.device.id, { startTrigger: 'timed', startTime: Date.now() + HOUR }),
    });
    expect(timed).toMatchObject({ code: 4502, msg: 'This device can only be started at the device' });
    const waybill = await insertWaybill(t.app, user.token, user.device.id);
    expect(waybill.startAtDeviceOnly).toBe(1);
    expect((await changeState(t.app, user.token, { id: waybill.id, action: 'start' })).code).toBe(4502);
  });

  it('lets a device carry one waybill at a time', async () => {
    const user = await userWithDevice(t.app, world.typeId);
    const first = await insertWaybill(t.app, user.token, user.device.id);
    const second = await call(t.app, 'POST', `${WAYBILL}/insert`, {
      token: user.token,
      body: waybillBody(user.device.id),
    });
    expect(second.code).toBe(4503);
    await changeState(t.app, user.token, { id: first.id, action: 'start' });
    await changeState(t.app, user.token, { id: first.id, action: 'stop' });
    expect((await insertWaybill(t.app, user.token, user.device.id)).waybillState).toBe(0);

    // Two inserts at once for a free device: exactly one wins.
    const other = await userWithDevice(t.app, world.typeId);
    const racing = await Promise.all(
      [1, 2].map(() =>
        call(t.app, 'POST', `${WAYBILL}/insert`, { token: other.token, body: waybillBody(other.device.id) }),
      ),
    );
    expect(racing.map((a) => a.code).sort()).toEqual([0, 4503]);
  });

  it('starts and stops timed waybills and alarms a late receipt from the sweep, once', async () => {
    const user = await userWithDevice(t.app, world.typeId);
    const account = await t.app.ctx.db
      .selectFrom('account')
      .select('id')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    await t.app.ctx.db
      .updateTable('account')
      .set({ email: `owner${account.id}@example.com` })
      .where('id', '=', account.id)
      .execute();
    const start = Date.now() + HOUR;
    const waybill = await insertWaybill(t.app, user.token, user.device.id, {
      orderNum: `LATE${account.id}`,
      startTrigger: 'timed',
      startTime: start,
      stopTrigger: 'timed',
      endTime: start + 2 * HOUR,
      expectedReceiveTime: start + 3 * HOUR,
      receiveAlarm: 1,
      contacts: [{ name: 'Duty', email: `duty${account.id}@example.com` }],
    });
    const { sweep } = waybillsOf(t.app.ctx);
    const detail = () =>
      call<WaybillDetail>(t.app, 'GET', `${WAYBILL}/detail`, {
        token: user.token,
        query: { id: String(waybill.id) },
      });

    expect((await sweep.tick(new Date(start - 1))).started).not.toContain(waybill.id);
    expect((await detail()).data.waybillState).toBe(0);
    expect((await sweep.tick(new Date(start))).started).toContain(waybill.id);
    expect((await detail()).data).toMatchObject({ waybillState: 1, startedBy: 'timed', startedAt: start });
    expect((await sweep.tick(new Date(start + 2 * HOUR))).stopped).toContain(waybill.id);
    expect((await detail()).data).toMatchObject({
      waybillState: 2,
      stoppedBy: 'timed',
      stoppedAt: start + 2 * HOUR,
    });

    expect((await sweep.tick(new Date(start + 3 * HOUR - 1))).receiveAlarms).not.toContain(waybill.id);
    expect((await sweep.tick(new Date(start + 3 * HOUR))).receiveAlarms).toContain(waybill.id);
    expect((await sweep.tick(new Date(start + 4 * HOUR))).receiveAlarms).not.toContain(waybill.id);
    expect((await detail()).data.receiveAlarmAt).toBe(start + 3 * HOUR);
    const mails = smtp.messages.filter((m) => m.subject.includes(`LATE${account.id}`));
    expect(mails.map((m) => m.to[0]).sort()).toEqual([
      `duty${account.id}@example.com`,
      `owner${account.id}@example.com`,
    ]);
  });

  it('keeps waybill and track templates with their limits', async () => {
    const user = await userWithDevice(t.app, world.typeId);
    const tooLong = await call(t.app, 'POST', '/api/device/DeviceWaybillModel/insert', {
      token: user.token,
      locale: 'en-US',
      body: { modelName: 'M'.repeat(33), content: {} },
    });
    expect(tooLong.msg).toBe('Model name: must be at most 32 characters');
    const template = await call<{ id: number }>(t.app, 'POST', '/api/device/DeviceWaybillModel/insert', {
      token: user.token,
      body: {
        modelName: 'M'.repeat(32),
        content: { upperLimit: 8, lowerLimit: 2, receiverCompany: 'City Hospital' },
      },
    });
    expect(template.code, template.msg).toBe(0);
    const templates = await call<PageResponse<{ content: Record<string, unknown> }>>(
      t.app,
      'POST',
      '/api/device/DeviceWaybillModel/page',
      { token: user.token, body: { start: 1, pageSize: 10 } },
    );
    expect(templates.data.data[0]?.content).toMatchObject({
      upperLimit: 8,
      lowerLimit: 2,
      receiverCompany: 'City Hospital',
    });

    const longTrack = await call(t.app, 'POST', '/api/device/DeviceTrackModel/insert', {
      token: user.token,
      locale: 'en-US',
      body: {
        name: 'R'.repeat(11),
        points: [
          { lat: 1, lon: 1 },
          { lat: 2, lon: 2 },
        ],
      },
    });
    expect(longTrack.msg).toBe('Name: must be at most 10 characters');
    const track = await call<{ id: number }>(t.app, 'POST', '/api/device/DeviceTrackModel/insert', {
      token: user.token,
      body: {
        name: 'R'.repeat(10),
        points: [
          { lat: 31.2, lon: 121.4 },
          { lat: 30.3, lon: 120.2 },
        ],
      },
    });
    expect(track.code).toBe(0);
    const waybill = await insertWaybill(t.app, user.token, user.device.id, {
      trackTemplateId: track.data.id,
    });
    expect(waybill.trackTemplateId).toBe(track.data.id);
    const removed = await call<{ deleted: number }>(t.app, 'DELETE', '/api/device/DeviceTrackModel/delete', {
      token: user.token,
      query: { ids: String(track.data.id) },
    });
    expect(removed.data.deleted).toBe(1);
  });
});
