import type { AlarmMessage, PushConfigUpdate } from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offsetName, zonedTime } from '../../history/time-format.ts';
import { call, createTestApp, type TestApp } from '../../test/harness.ts';
import { at, deviceWithLimits, ManualClock, outboxOf } from './test-support.ts';

/** 2026-11-20 00:00 UTC: 2026-11-19 19:00 in New York (standard time), 05:30 in Kolkata. */
const T0 = Date.parse('2026-11-20T00:00:00.000Z');

const CONTACT_AND_CENTRE: PushConfigUpdate = {
  alarmEnabled: 1,
  levels: [{ level: 1, delayMinutes: 0 }],
  recipients: [
    {
      name: 'Night shift',
      phone: '13800138000',
      email: 'night@example.com',
      levels: [{ level: 1, channels: ['email', 'system'] }],
    },
  ],
  offlineTimeoutMinutes: null,
  repeatIntervalMinutes: null,
  warningEnabled: 0,
};

describe('times in alarm texts', () => {
  let t: TestApp;
  const clock = new ManualClock(T0);
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(async () => t.close());

  it('names the zone of a time, with daylight saving time and half-hour offsets, never as UTC', () => {
    expect(offsetName('America/New_York', Date.parse('2026-07-01T12:00:00Z'))).toBe('GMT-4');
    expect(offsetName('America/New_York', Date.parse('2026-01-01T12:00:00Z'))).toBe('GMT-5');
    expect(offsetName('Asia/Kolkata', T0)).toBe('GMT+5:30');
    expect(zonedTime(T0, 'UTC')).toBe('2026-11-20 00:00:00 GMT');
    expect(zonedTime(T0, 'Asia/Shanghai')).toBe('2026-11-20 08:00:00 GMT+8');
  });

  it("writes a contact's text in the device zone and the owner's message centre in the owner's zone", async () => {
    const d = await deviceWithLimits(t.app);
    await t.app.ctx.db
      .updateTable('device')
      .set({ timeZone: 'America/New_York' })
      .where('id', '=', d.device.id)
      .execute();
    await t.app.ctx.db
      .updateTable('account')
      .set({ timeZone: 'Asia/Kolkata' })
      .where('id', '=', d.user.id)
      .execute();
    expect((await d.pushConfig(CONTACT_AND_CENTRE)).code).toBe(0);
    for (const m of [0, 4, 5]) {
      clock.ms = at(T0, m) + 5_000;
      await d.readings([[at(T0, m), m >= 4 ? 10 : 5]]);
    }

    const outbox = await outboxOf(t.app, d.device.id);
    const email = outbox.find((o) => o.channel === 'email');
    const centre = outbox.find((o) => o.channel === 'system');
    expect(email?.body).toContain('2026-11-19 19:04:00 GMT-5');
    expect(centre?.body).toContain('2026-11-20 05:34:00 GMT+5:30');
    for (const o of outbox) expect(o.body).not.toContain('UTC');

    const page = await call<{ data: AlarmMessage[] }>(t.app, 'POST', '/api/device/alarm/page', {
      token: d.user.token,
      body: { start: 1, pageSize: 10, deviceId: d.device.id },
      locale: 'en-US',
    });
    expect(page.code).toBe(0);
    const record = page.data.data.find((m) => m.messageType === 'gradedAlarm');
    expect(record).toMatchObject({ timeZone: 'America/New_York' });
    expect(record?.text).toContain('2026-11-19 19:04:00 GMT-5');
  });
});
