import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceSecret } from '../../ingest/device-credentials.ts';
import { readingsOf, records } from '../../ingest/test-support.ts';
import { call, createTestApp, type TestApp } from '../../test/harness.ts';
import { alarmEngineOf } from '../alarms/alarms.routes.ts';
import { deviceWithLimits, messagesOf } from '../alarms/test-support.ts';
import { DeviceDirectory } from '../devices/device-directory.ts';
import { addMonths } from '../devices/device-time.ts';
import { signedIn } from '../devices/test-support.ts';
import { creditDeviceService } from './credit.ts';
import { servicePhase } from './service-lapse.ts';

const DAY = 86_400_000;
const INGEST = '/api/mqtt-broker/transport/service';

describe('service lapse: uploads, history, exports and alarms', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  type World = Awaited<ReturnType<typeof deviceWithLimits>>;

  /** Moves a device's service dates: service ended `serviceAgoDays` ago, data ends `dataInDays` from now. */
  async function setDates(w: World, serviceAgoDays: number, dataInDays: number) {
    const now = Date.now();
    await t.app.ctx.db
      .updateTable('device')
      .set({
        serviceExpiredDate: new Date(now - serviceAgoDays * DAY).toISOString(),
        dataExpiredDate: new Date(now + dataInDays * DAY).toISOString(),
      })
      .where('id', '=', w.device.id)
      .execute();
    DeviceDirectory.for(t.app.ctx.db).invalidate(w.device.deviceGuid);
    await alarmEngineOf(t.app).invalidate(w.device.id);
  }

  async function upload(w: World, end = Date.now() - 60_000) {
    const secret = deviceSecret(t.app.ctx.deviceKey, w.device.deviceGuid, 0);
    const response = await t.app.inject({
      method: 'POST',
      url: `${INGEST}/devices/${w.device.deviceGuid}/telemetry`,
      headers: {
        authorization: `Basic ${Buffer.from(`${w.device.deviceGuid}:${secret}`).toString('base64')}`,
        'content-type': 'application/json',
        'accept-language': 'en-US',
      },
      payload: JSON.stringify({ records: records(5, end) }),
    });
    await alarmEngineOf(t.app).idle();
    return { status: response.statusCode, ...(JSON.parse(response.body) as { code: number; msg: string }) };
  }

  const page = (w: World, token = w.user.token, locale = 'en-US') =>
    call(t.app, 'POST', '/api/device/DeviceData/page', {
      token,
      locale,
      body: {
        deviceId: w.device.id,
        startTime: Date.now() - DAY,
        endTime: Date.now(),
        start: 1,
        pageSize: 10,
      },
    });

  it('a new device gets 2 months of service and 3 more months of data', async () => {
    const w = await deviceWithLimits(t.app);
    const row = await t.app.ctx.db
      .selectFrom('device')
      .select(['serviceExpiredDate', 'dataExpiredDate', 'createdAt'])
      .where('id', '=', w.device.id)
      .executeTakeFirstOrThrow();
    expect(row.serviceExpiredDate).toBe(addMonths(new Date(row.createdAt), 2).toISOString());
    expect(row.dataExpiredDate).toBe(addMonths(new Date(row.serviceExpiredDate), 3).toISOString());
    expect(servicePhase(row, Date.now())).toBe('active');
  });

  it('a device in the 3-month grace still uploads and its history and export stay readable', async () => {
    const w = await deviceWithLimits(t.app);
    await setDates(w, 10, 80);
    const sent = await upload(w);
    expect(sent).toMatchObject({ status: 200, code: 0 });
    expect(await readingsOf(t.app.ctx.db, w.device.id)).toHaveLength(10);
    const answer = await page(w);
    expect(answer.code).toBe(0);
    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/device/DeviceData/export',
      headers: { authorization: `Bearer ${w.user.token}` },
      query: {
        deviceId: String(w.device.id),
        startTime: String(Date.now() - DAY),
        endTime: String(Date.now()),
        format: 'csv',
      },
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('text/csv');
  });

  it('a lapsed device raises no alarm; the same reading on an active device does', async () => {
    const active = await deviceWithLimits(t.app);
    await active.readings([[Date.now() - 60_000, 25]]);
    expect(await messagesOf(t.app, active.device.id)).toHaveLength(1);

    const lapsed = await deviceWithLimits(t.app);
    await setDates(lapsed, 1, 89);
    await lapsed.readings([[Date.now() - 60_000, 25]]);
    expect(await readingsOf(t.app.ctx.db, lapsed.device.id)).toHaveLength(1);
    expect(await messagesOf(t.app, lapsed.device.id)).toHaveLength(0);
  });

  it('past its data expiry a device is refused on ingest with the message and the refusal is counted', async () => {
    const w = await deviceWithLimits(t.app);
    await setDates(w, 100, -1);
    const sent = await upload(w);
    expect(sent.status).toBe(403);
    expect(sent.code).toBe(3406);
    expect(sent.msg).toContain('cloud monitoring is no longer possible');
    expect(await readingsOf(t.app.ctx.db, w.device.id)).toHaveLength(0);
    let reject: { reason: string; count: number } | undefined;
    for (let i = 0; i < 100 && !reject; i += 1) {
      reject = await t.app.ctx.db
        .selectFrom('ingestReject')
        .select(['reason', 'count'])
        .where('deviceId', '=', w.device.id)
        .executeTakeFirst();
      if (!reject) await new Promise((r) => setTimeout(r, 20));
    }
    expect(reject).toEqual({ reason: 'serviceLapsed', count: 1 });
  });

  it('past its data expiry history, export and quick query answer the expired-service message', async () => {
    const w = await deviceWithLimits(t.app);
    await setDates(w, 100, -1);
    const en = await page(w);
    expect(en.code).toBe(3402);
    expect(en.msg).toContain('cloud monitoring is no longer possible');
    const zh = await page(w, w.user.token, 'zh-CN');
    expect(zh.msg).toContain('无法进行云端监控');
    const chart = await call(t.app, 'POST', '/api/device/DeviceData/chart', {
      token: w.user.token,
      body: { deviceId: w.device.id, startTime: Date.now() - DAY, endTime: Date.now(), points: 100 },
    });
    expect(chart.code).toBe(3402);
    const exported = await call(t.app, 'GET', '/api/device/DeviceData/export', {
      token: w.user.token,
      query: {
        deviceId: String(w.device.id),
        startTime: String(Date.now() - DAY),
        endTime: String(Date.now()),
        format: 'csv',
      },
    });
    expect(exported.code).toBe(3402);
    await t.app.ctx.db.updateTable('device').set({ quickSearch: 1 }).where('id', '=', w.device.id).execute();
    const quick = await call(t.app, 'POST', '/api/device/QuickSearch/query', {
      body: { deviceGuid: w.device.deviceGuid },
    });
    expect(quick.code).toBe(3402);
  });

  it('another account asking for a lapsed device hears "device not found", not the lapse', async () => {
    const w = await deviceWithLimits(t.app);
    await setDates(w, 100, -1);
    const stranger = await signedIn(t.app);
    const answer = await page(w, stranger.token);
    expect(answer.code).toBe(4006);
  });

  it('renewing a stopped device resumes uploads and history', async () => {
    const w = await deviceWithLimits(t.app);
    await setDates(w, 100, -1);
    expect((await upload(w)).status).toBe(403);
    await creditDeviceService(
      t.app.ctx.db,
      { deviceId: w.device.id, months: 12, bonusMonths: 0, levelId: 1, dataOnly: false },
      new Date(),
    );
    DeviceDirectory.for(t.app.ctx.db).invalidate(w.device.deviceGuid);
    expect(await upload(w)).toMatchObject({ status: 200, code: 0 });
    expect((await page(w)).code).toBe(0);
  });
});
