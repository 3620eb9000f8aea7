import type { PushConfigUpdate } from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { AlarmEngine } from './alarm-engine.ts';
import { alarmEngineOf } from './alarms.routes.ts';
import { at, deviceWithLimits, iso, ManualClock, MINUTE, messagesOf, outboxOf } from './test-support.ts';

/**
 * Replayed temperature traces against the whole app (HTTP ingest, engine, database of the dialect
 * under test): alarms rise and clear at exactly the device times the trace dictates.
 */
const T0 = Date.parse('2026-11-20T00:00:00.000Z');

const LEVELS: PushConfigUpdate = {
  alarmEnabled: 1,
  levels: [
    { level: 1, delayMinutes: 0 },
    { level: 2, delayMinutes: 5 },
    { level: 3, delayMinutes: 10 },
  ],
  recipients: [
    {
      name: 'Night shift',
      phone: '13800138000',
      email: 'night@example.com',
      levels: [
        { level: 1, channels: ['email'] },
        { level: 2, channels: ['email', 'sms'] },
        { level: 3, channels: ['sms', 'voice'] },
      ],
    },
  ],
  offlineTimeoutMinutes: null,
  repeatIntervalMinutes: null,
  warningEnabled: 1,
};

describe('alarm engine traces', () => {
  let t: TestApp;
  const clock = new ManualClock(T0);
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(async () => t.close());

  /** Sends a trace one reading at a time, like a live device, the clock a few seconds behind each. */
  async function live(d: Awaited<ReturnType<typeof deviceWithLimits>>, trace: [number, number][]) {
    const log: string[] = [];
    let last = '';
    for (const [ts, value] of trace) {
      clock.ms = ts + 5_000;
      await d.readings([[ts, value]]);
      const record = (await messagesOf(t.app, d.device.id)).find((m) => m.messageType === 'gradedAlarm');
      const now = record ? `L${record.level}${record.endTime ? ` cleared ${record.endTime}` : ''}` : '';
      if (now !== last) log.push(`${iso(ts)} ${now}`);
      last = now;
    }
    return log;
  }

  it('raises levels 1, 2 and 3 at their delays in device time and clears when back in range', async () => {
    const d = await deviceWithLimits(t.app);
    expect((await d.pushConfig(LEVELS)).code).toBe(0);
    const trace: [number, number][] = [];
    for (let m = 0; m <= 18; m += 1) trace.push([at(T0, m), m >= 4 && m <= 16 ? 10 : 5]);

    const log = await live(d, trace);
    expect(log).toEqual([
      `${iso(at(T0, 4))} L1`,
      `${iso(at(T0, 9))} L2`,
      `${iso(at(T0, 14))} L3`,
      `${iso(at(T0, 17))} L3 cleared ${iso(at(T0, 17))}`,
    ]);

    const messages = await messagesOf(t.app, d.device.id);
    expect(messages).toHaveLength(2);
    const [record, cleared] = messages;
    expect(record).toMatchObject({
      messageType: 'gradedAlarm',
      cause: 'high',
      level: 3,
      probeId: 1,
      value: 10,
      limitValue: 8,
      startTime: iso(at(T0, 4)),
      endTime: iso(at(T0, 17)),
      state: 'cleared',
      accountId: d.user.id,
    });
    expect(cleared).toMatchObject({
      messageType: 'clearedAlarm',
      recordId: record?.id,
      endTime: iso(at(T0, 17)),
    });

    const outbox = await outboxOf(t.app, d.device.id);
    expect(outbox.map((o) => `${o.kind}:${o.level}:${o.channel}`)).toEqual([
      'level:1:email',
      'level:2:email',
      'level:2:sms',
      'level:3:sms',
      'level:3:voice',
      'cleared:3:email',
      'cleared:3:sms',
      'cleared:3:voice',
    ]);
    expect(new Set(outbox.map((o) => o.dedupeKey)).size).toBe(outbox.length);
    expect(outbox[0]?.body).toContain(d.device.deviceName);
    expect(outbox[0]?.subject).toContain(d.device.deviceName);
  });

  it('makes one late record of a backfilled outage, notifies once, and replays late readings in device order', async () => {
    const d = await deviceWithLimits(t.app);
    expect((await d.pushConfig(LEVELS)).code).toBe(0);
    await live(d, [
      [at(T0, 0), 5],
      [at(T0, 1), 5],
      [at(T0, 2), 5],
    ]);

    // The device was cut off for an hour; its buffer arrives in one batch.
    clock.ms = at(T0, 60);
    const buffer: [number, number][] = [];
    for (let m = 3; m <= 40; m += 1) buffer.push([at(T0, m), m >= 10 && m <= 30 ? 10 : 5]);
    await d.readings(buffer);
    await d.readings(buffer); // the device resends: duplicates change nothing

    let messages = await messagesOf(t.app, d.device.id);
    expect(messages.map((m) => [m.messageType, m.level, m.startTime, m.endTime])).toEqual([
      ['gradedAlarm', 3, iso(at(T0, 10)), iso(at(T0, 31))],
      ['clearedAlarm', 3, iso(at(T0, 10)), iso(at(T0, 31))],
    ]);
    // No storm: the recipient hears the highest level once, then the all-clear.
    let outbox = await outboxOf(t.app, d.device.id);
    expect(outbox.map((o) => `${o.kind}:${o.level}:${o.channel}`)).toEqual([
      'level:3:sms',
      'level:3:voice',
      'cleared:3:email',
      'cleared:3:sms',
      'cleared:3:voice',
    ]);

    // A live reading overtakes the rest of a buffer: the late readings are evaluated in device order.
    clock.ms = at(T0, 70) + 5_000;
    await d.readings([[at(T0, 70), 5]]);
    const late: [number, number][] = [];
    for (let m = 41; m <= 69; m += 1) late.push([at(T0, m), m >= 50 && m <= 56 ? 10 : 5]);
    await d.readings(late);

    messages = await messagesOf(t.app, d.device.id);
    expect(
      messages.filter((m) => m.messageType === 'gradedAlarm').map((m) => [m.level, m.startTime, m.endTime]),
    ).toEqual([
      [3, iso(at(T0, 10)), iso(at(T0, 31))],
      [2, iso(at(T0, 50)), iso(at(T0, 57))],
    ]);
    outbox = await outboxOf(t.app, d.device.id);
    expect(outbox.slice(5).map((o) => `${o.kind}:${o.level}:${o.channel}`)).toEqual([
      'level:2:email',
      'level:2:sms',
      'cleared:2:email',
      'cleared:2:sms',
    ]);
  });

  it('does not touch an ended record while a new excursion has not reached its first level', async () => {
    const d = await deviceWithLimits(t.app);
    const delayed = { ...LEVELS, levels: [{ level: 1, delayMinutes: 5 }], recipients: [] };
    expect((await d.pushConfig(delayed)).code).toBe(0);
    const base = at(T0, 100);
    clock.ms = at(base, 11);
    const points: [number, number][] = [];
    for (let m = 0; m <= 6; m += 1) points.push([at(base, m), 10]);
    await d.readings(points);
    await d.readings([
      [at(base, 7), 5],
      [at(base, 8), 12],
    ]);
    await d.readings([[at(base, 9), 15]]);
    const records = (await messagesOf(t.app, d.device.id)).filter((m) => m.messageType === 'gradedAlarm');
    expect(records.map((m) => [m.value, m.startTime, m.endTime])).toEqual([
      [10, iso(base), iso(at(base, 7))],
    ]);
  });

  it('judges the next reading by limits changed a moment ago', async () => {
    const d = await deviceWithLimits(t.app);
    expect((await d.pushConfig(LEVELS)).code).toBe(0);
    clock.ms = at(T0, 0) + 5_000;
    await d.readings([[at(T0, 0), 7]]);
    const changed = await call(t.app, 'PUT', '/api/device/Device/updateParamSetting', {
      token: d.user.token,
      body: { id: d.device.id, probes: [{ probeId: 1, upperLimit: 6, lowerLimit: 2 }] },
    });
    expect(changed.code, changed.msg).toBe(0);
    clock.ms = at(T0, 1) + 5_000;
    await d.readings([[at(T0, 1), 7]]);
    const [record] = await messagesOf(t.app, d.device.id);
    expect(record).toMatchObject({
      messageType: 'gradedAlarm',
      level: 1,
      limitValue: 6,
      startTime: iso(at(T0, 1)),
    });
  });

  it('raises an offline alarm on time for a silent device, without waiting for a reading', async () => {
    const d = await deviceWithLimits(t.app);
    expect((await d.pushConfig({ ...LEVELS, offlineTimeoutMinutes: 15 })).code).toBe(0);
    const heard = at(T0, 200);
    clock.ms = heard;
    await d.readings([[heard - 1_000, 5]]);
    const engine = alarmEngineOf(t.app);

    clock.ms = heard + 15 * MINUTE - 1;
    await engine.tick();
    expect(await messagesOf(t.app, d.device.id)).toHaveLength(0);

    clock.ms = heard + 15 * MINUTE;
    await engine.tick();
    await engine.tick();
    const [offline] = await messagesOf(t.app, d.device.id);
    expect(await messagesOf(t.app, d.device.id)).toHaveLength(1);
    expect(offline).toMatchObject({
      messageType: 'alarm',
      cause: 'offline',
      startTime: iso(heard),
      endTime: null,
      createdAt: iso(heard + 15 * MINUTE),
      state: 'untreated',
    });
    expect((await outboxOf(t.app, d.device.id)).map((o) => `${o.kind}:${o.channel}`)).toEqual([
      'offline:email',
    ]);

    // The device comes back: the offline alarm ends when its data arrives.
    clock.ms = heard + 20 * MINUTE;
    await d.readings([[heard + 19 * MINUTE, 5]]);
    const messages = await messagesOf(t.app, d.device.id);
    expect(messages.map((m) => [m.messageType, m.cause, m.endTime])).toEqual([
      ['alarm', 'offline', iso(heard + 20 * MINUTE)],
      ['clearedAlarm', 'offline', iso(heard + 20 * MINUTE)],
    ]);
  });

  it('raises door and power alarms from device events and clears them when they end', async () => {
    const d = await deviceWithLimits(t.app);
    expect((await d.pushConfig(LEVELS)).code).toBe(0);
    const base = at(T0, 300);
    clock.ms = at(T0, 306);
    await d.events([
      { ts: base, type: 'door', state: 'open', probe: 1 },
      { ts: at(base, 2), type: 'door', state: 'closed', probe: 1 },
      { ts: at(base, 3), type: 'power', state: 'off' },
    ]);
    await d.events([{ ts: at(base, 5), type: 'power', state: 'on' }]);
    const records = (await messagesOf(t.app, d.device.id)).filter((m) => m.messageType === 'alarm');
    expect(records.map((m) => [m.cause, m.startTime, m.endTime, m.state])).toEqual([
      ['door', iso(base), iso(at(base, 2)), 'cleared'],
      ['power', iso(at(base, 3)), iso(at(base, 5)), 'cleared'],
    ]);
    const outbox = await outboxOf(t.app, d.device.id);
    expect(outbox.filter((o) => o.kind === 'event').map((o) => o.channel)).toEqual(['email', 'email']);

    // A door opens live; an earlier opening and closing arrive late: evaluated in device-time order.
    clock.ms = at(base, 21);
    await d.events([{ ts: at(base, 20), type: 'door', state: 'open', probe: 1 }]);
    await d.events([
      { ts: at(base, 12), type: 'door', state: 'open', probe: 1 },
      { ts: at(base, 14), type: 'door', state: 'closed', probe: 1 },
    ]);
    const doors = (await messagesOf(t.app, d.device.id)).filter(
      (m) => m.messageType === 'alarm' && m.cause === 'door',
    );
    expect(doors.map((m) => [m.startTime, m.endTime])).toEqual([
      [iso(base), iso(at(base, 2))],
      [iso(at(base, 20)), null],
      [iso(at(base, 12)), iso(at(base, 14))],
    ]);
  });

  it('keeps an excursion across a restart: no second record, no repeated notification, missed readings caught up', async () => {
    const d = await deviceWithLimits(t.app);
    expect((await d.pushConfig(LEVELS)).code).toBe(0);
    const base = at(T0, 400);
    await live(d, [
      [base, 5],
      [at(base, 1), 10],
      [at(base, 2), 10],
    ]);
    await alarmEngineOf(t.app).stop();
    // Readings stored while no engine listened (a crash between commit and evaluation).
    clock.ms = at(base, 12);
    const points: [number, number][] = [];
    for (let m = 3; m <= 11; m += 1) points.push([at(base, m), 10]);
    await d.readings(points);
    expect((await messagesOf(t.app, d.device.id)).map((m) => m.level)).toEqual([1]);

    const engine = new AlarmEngine(t.app.ctx, t.app.log);
    await engine.start({ timers: false });
    await d.readings([[at(base, 12), 10]]);
    const messages = await messagesOf(t.app, d.device.id);
    expect(messages.map((m) => [m.level, m.startTime, m.endTime])).toEqual([[3, iso(at(base, 1)), null]]);
    const outbox = await outboxOf(t.app, d.device.id);
    expect(outbox.map((o) => `${o.kind}:${o.level}:${o.channel}`)).toEqual([
      'level:1:email',
      'level:3:sms',
      'level:3:voice',
    ]);
  });

  it('reminds while untreated, never replays missed reminders, and stops once handled', async () => {
    const d = await deviceWithLimits(t.app);
    expect((await d.pushConfig({ ...LEVELS, repeatIntervalMinutes: 30 })).code).toBe(0);
    const engine = alarmEngineOf(t.app);
    const base = at(T0, 600);
    clock.ms = base;
    await d.readings([[base, 10]]);
    const reminders = async () => (await outboxOf(t.app, d.device.id)).filter((o) => o.kind === 'reminder');

    clock.ms = base + 30 * MINUTE - 1;
    await engine.tick();
    expect(await reminders()).toHaveLength(0);
    clock.ms = base + 30 * MINUTE;
    await engine.tick();
    await engine.tick();
    expect((await reminders()).map((r) => r.dedupeKey.split(':').slice(2, 4).join(':'))).toEqual([
      'reminder:1',
    ]);

    // The server was down for five hours: one reminder, not ten.
    clock.ms = base + 5 * 60 * MINUTE;
    await engine.tick();
    await engine.tick();
    expect(await reminders()).toHaveLength(2);

    const [record] = await messagesOf(t.app, d.device.id);
    const handled = await call(t.app, 'PUT', '/api/device/alarm/handle', {
      token: d.user.token,
      body: { ids: [record?.id], treatment: 'approved', reason: 'defrost', result: 'Defrost cycle' },
    });
    expect(handled.code).toBe(0);
    clock.ms = base + 7 * 60 * MINUTE;
    await engine.tick();
    expect(await reminders()).toHaveLength(2);
  });

  it('raises warnings from warning rules without a cleared message', async () => {
    const operator = await login(t.app, 'demo_operator');
    const rule = await call<{ id: number }>(t.app, 'POST', '/api/device/DeviceWarnRule/insert', {
      token: operator,
      body: {
        ruleName: 'Near the upper limit',
        channelKind: 'temperature',
        comparator: 'ge',
        value: -1,
        targetType: 'param',
        targetParam: 'upperLimit',
      },
    });
    expect(rule.code).toBe(0);
    try {
      const d = await deviceWithLimits(t.app);
      expect((await d.pushConfig(LEVELS)).code).toBe(0);
      const base = at(T0, 1200);
      await live(d, [
        [base, 5],
        [at(base, 1), 7.5],
        [at(base, 2), 7.6],
        [at(base, 3), 6],
      ]);
      const messages = await messagesOf(t.app, d.device.id);
      expect(
        messages.map((m) => [m.messageType, m.cause, m.value, m.limitValue, m.startTime, m.endTime]),
      ).toEqual([['warning', 'warning', 7.6, 7, iso(at(base, 1)), iso(at(base, 3))]]);
      expect((await outboxOf(t.app, d.device.id)).map((o) => `${o.kind}:${o.channel}`)).toEqual([
        'warning:email',
      ]);
    } finally {
      await call(t.app, 'DELETE', '/api/device/DeviceWarnRule/delete', {
        token: operator,
        query: { id: String(rule.data.id) },
      });
    }
  });
  /** Reminders of a device so far, as `reminder:<n>` from their dedupe keys. */
  async function remindersOf(deviceId: number) {
    const outbox = await outboxOf(t.app, deviceId);
    expect(new Set(outbox.map((o) => o.dedupeKey)).size).toBe(outbox.length);
    return outbox
      .filter((o) => o.kind === 'reminder')
      .map((o) => o.dedupeKey.split(':').slice(2, 4).join(':'));
  }

  async function handle(d: Awaited<ReturnType<typeof deviceWithLimits>>, treatment: string) {
    const [record] = await messagesOf(t.app, d.device.id);
    const handled = await call(t.app, 'PUT', '/api/device/alarm/handle', {
      token: d.user.token,
      body: { ids: [record?.id], treatment, reason: 'goodsInOut' },
    });
    expect(handled.code, handled.msg).toBe(0);
  }

  it('keeps reminding a postponed alarm, a full interval after the postponement, until it is approved', async () => {
    const d = await deviceWithLimits(t.app);
    expect((await d.pushConfig({ ...LEVELS, repeatIntervalMinutes: 30 })).code).toBe(0);
    const engine = alarmEngineOf(t.app);
    const base = at(T0, 2000);
    const tickAt = async (ms: number) => {
      clock.ms = ms;
      await engine.tick();
      await engine.tick();
    };
    clock.ms = base;
    await d.readings([[base, 10]]);
    await tickAt(at(base, 30));
    expect(await remindersOf(d.device.id)).toEqual(['reminder:1']);

    clock.ms = at(base, 50);
    await handle(d, 'postponed');
    // The reminder planned for minute 60 waits until a full interval after the postponement.
    await tickAt(at(base, 60));
    await tickAt(at(base, 80) - 1);
    expect(await remindersOf(d.device.id)).toEqual(['reminder:1']);
    await tickAt(at(base, 80));
    expect(await remindersOf(d.device.id)).toEqual(['reminder:1', 'reminder:2']);

    // The server was down for five hours: one reminder when it is back, not ten.
    await tickAt(at(base, 80 + 5 * 60));
    expect(await remindersOf(d.device.id)).toEqual(['reminder:1', 'reminder:2', 'reminder:3']);
    await tickAt(at(base, 80 + 5 * 60 + 29));
    expect(await remindersOf(d.device.id)).toHaveLength(3);

    await handle(d, 'approved');
    await tickAt(at(base, 80 + 7 * 60));
    expect(await remindersOf(d.device.id)).toHaveLength(3);
    const [record] = await messagesOf(t.app, d.device.id);
    expect(record).toMatchObject({ state: 'treated', treatment: 'approved', endTime: null });
  });

  it('stops reminding a postponed alarm once its excursion clears', async () => {
    const d = await deviceWithLimits(t.app);
    expect((await d.pushConfig({ ...LEVELS, repeatIntervalMinutes: 30 })).code).toBe(0);
    const engine = alarmEngineOf(t.app);
    const base = at(T0, 3000);
    clock.ms = base;
    await d.readings([[base, 10]]);
    clock.ms = at(base, 1);
    await handle(d, 'postponed');
    for (const minute of [30, 31]) {
      clock.ms = at(base, minute);
      await engine.tick();
    }
    expect(await remindersOf(d.device.id)).toEqual(['reminder:1']);

    clock.ms = at(base, 40);
    await d.readings([[at(base, 40), 5]]);
    clock.ms = at(base, 5 * 60);
    await engine.tick();
    expect(await remindersOf(d.device.id)).toEqual(['reminder:1']);
    const [record] = await messagesOf(t.app, d.device.id);
    expect(record).toMatchObject({ treatment: 'postponed', endTime: iso(at(base, 40)) });
    const state = await t.app.ctx.db
      .selectFrom('alarmState')
      .select(['sinceTs', 'nextReminderAt'])
      .where('deviceId', '=', d.device.id)
      .where('stateKey', '=', record?.stateKey as string)
      .executeTakeFirstOrThrow();
    expect(state).toEqual({ sinceTs: null, nextReminderAt: null });
  });
});
