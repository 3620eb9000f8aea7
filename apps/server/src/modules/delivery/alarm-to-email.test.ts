import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.ts';
import { deviceWithLimits, messagesOf } from '../alarms/test-support.ts';
import { type CapturingSmtp, deliveryTestApp, drivenClock, startCapturingSmtp } from './test-support.ts';

/** The whole path: a reading out of range, the engine's alarm record, its e-mail at a real SMTP server. */
let smtp: CapturingSmtp;
let test: TestApp;
const clock = drivenClock(new Date('2026-11-20T08:00:00.000Z'));

beforeAll(async () => {
  smtp = await startCapturingSmtp();
  test = await deliveryTestApp({ smtpUrl: smtp.url, clock });
});

afterAll(async () => {
  await test?.close();
  await smtp?.close();
});

describe('reading out of range to e-mail', () => {
  it('sends the level-1 e-mail of an alarm raised by ingested readings, once', async () => {
    const device = await deviceWithLimits(test.app);
    const configured = await device.pushConfig({
      alarmEnabled: 1,
      levels: [{ level: 1, delayMinutes: 0 }],
      recipients: [
        {
          name: 'Cold room duty',
          email: 'cold-room@example.test',
          levels: [{ level: 1, channels: ['system', 'email'] }],
        },
      ],
      offlineTimeoutMinutes: null,
      repeatIntervalMinutes: null,
      warningEnabled: 0,
    });
    expect(configured.code).toBe(0);
    const ts = clock.now().getTime() - 5_000;
    await device.readings([
      [ts - 60_000, 5],
      [ts, 12.5],
    ]);
    const alarm = (await messagesOf(test.app, device.device.id)).find((m) => m.messageType === 'gradedAlarm');
    expect(alarm?.level).toBe(1);

    await test.app.delivery.notifications.drain();
    const mails = smtp.messages.filter((m) => m.to.includes('cold-room@example.test'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('12.5');

    // More readings of the same excursion raise nothing new to send.
    await device.readings([[ts + 30_000, 13]]);
    await test.app.delivery.notifications.drain();
    expect(smtp.messages.filter((m) => m.to.includes('cold-room@example.test'))).toHaveLength(1);
  });
});
