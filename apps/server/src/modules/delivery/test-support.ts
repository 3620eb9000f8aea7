import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import type { Clock } from '../../clock.ts';
import { createTestDevice } from '../../ingest/test-support.ts';
import { createAccount } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { parseMail, type ReceivedMail } from '../accounts/test-support.ts';
import type { NotificationIntent } from './outbox.ts';

/** Helpers for the delivery tests: a driven clock, an SMTP server that can refuse, intents. */

export interface DrivenClock extends Clock {
  advance(ms: number): void;
}

export function drivenClock(start = new Date()): DrivenClock {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance(ms) {
      now += ms;
    },
  };
}

export interface CapturedMail extends ReceivedMail {
  messageId: string;
}

/**
 * A real SMTP server on loopback that keeps each accepted message with its Message-ID; `refuseNext`
 * makes it answer the next messages with a temporary failure (451), as a busy server would.
 */
export async function startCapturingSmtp(port = 0) {
  const messages: CapturedMail[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // No reverse DNS lookup of 127.0.0.1 before the greeting.
    disableReverseLookup: true,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusals > 0) {
          refusals -= 1;
          const error = Object.assign(new Error('try again later'), { responseCode: 451 });
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString('latin1');
        const to = session.envelope.rcptTo.map((r) => r.address);
        const messageId = /^Message-ID:\s*(.*)$/im.exec(raw)?.[1]?.trim() ?? '';
        messages.push({ ...parseMail(raw, to), messageId });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.server.address() as AddressInfo;
  return {
    port: bound,
    url: `smtp://127.0.0.1:${bound}`,
    messages,
    refuseNext(count: number) {
      refusals = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type CapturingSmtp = Awaited<ReturnType<typeof startCapturingSmtp>>;

/** An app whose delivery timers are off: the test drives the workers and the clock. */
export async function deliveryTestApp(options: { smtpUrl?: string; clock?: Clock } = {}): Promise<TestApp> {
  const test = await createTestApp({
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.smtpUrl ? { env: { SMTP_URL: options.smtpUrl } } : {}),
  });
  await test.app.delivery.jobs.stop();
  return test;
}

/**
 * A device of a fresh owner, with SMS and voice counts, and an alarm message of it to hang
 * notifications on.
 */
export async function deviceWithAlarm(app: FastifyInstance, counts: { sms?: number; voice?: number } = {}) {
  const created = await createTestDevice(app);
  const { account } = await createAccount(app);
  const device = await app.ctx.db
    .updateTable('device')
    .set({ accountId: account.id, smsCount: counts.sms ?? 0, voiceCount: counts.voice ?? 0 })
    .where('deviceGuid', '=', created.guid)
    .returningAll()
    .executeTakeFirstOrThrow();
  const alarm = await app.ctx.db
    .insertInto('alarmMessage')
    .values({
      platformId: device.platformId,
      accountId: device.accountId,
      deviceId: device.id,
      messageType: 'gradedAlarm',
      cause: 'high',
      state: 'untreated',
      newFlag: 1,
      createdAt: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { device, alarmMessageId: alarm.id };
}

let intentCounter = 0;

/** An intent for the device's alarm; channel e-mail unless told otherwise. */
export function intentFor(
  target: Awaited<ReturnType<typeof deviceWithAlarm>>,
  overrides: Partial<NotificationIntent> = {},
): NotificationIntent {
  intentCounter += 1;
  return {
    platformId: target.device.platformId,
    accountId: target.device.accountId,
    deviceId: target.device.id,
    alarmMessageId: target.alarmMessageId,
    level: 1,
    kind: 'level',
    channel: 'email',
    recipientName: 'Duty Manager',
    phone: '13900000001',
    email: 'duty@example.test',
    subject: `Alarm on ${target.device.deviceName}`,
    body: `Temperature 9.5 °C above the upper limit 8 °C (${intentCounter})`,
    dedupeKey: `test:${process.pid}:${intentCounter}`,
    ...overrides,
  };
}
