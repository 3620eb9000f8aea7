import { DELIVERY_LEASE_MS, DELIVERY_RETRY_DELAYS_MS } from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxSmsProvider } from '../../notify/sms.ts';
import type { TestApp } from '../../test/harness.ts';
import { messageIdFor, NotificationWorker } from './notification-worker.ts';
import { enqueueNotifications } from './outbox.ts';
import {
  type CapturingSmtp,
  deliveryTestApp,
  deviceWithAlarm,
  drivenClock,
  intentFor,
  startCapturingSmtp,
} from './test-support.ts';

let smtp: CapturingSmtp;
let test: TestApp;
const clock = drivenClock();

beforeAll(async () => {
  smtp = await startCapturingSmtp();
  test = await deliveryTestApp({ smtpUrl: smtp.url, clock });
});

afterAll(async () => {
  await test?.close();
  await smtp?.close();
});

const db = () => test.app.ctx.db;
const drain = () => test.app.delivery.notifications.drain();
const outboxRow = (dedupeKey: string) =>
  db()
    .selectFrom('notificationOutbox')
    .selectAll()
    .where('dedupeKey', '=', dedupeKey)
    .executeTakeFirstOrThrow();
const pushRecords = (outboxId: number) =>
  db().selectFrom('pushRecord').selectAll().where('outboxId', '=', outboxId).orderBy('id').execute();
const carrierMessages = (phone: string) =>
  db().selectFrom('smsMessage').selectAll().where('phone', '=', phone).orderBy('id').execute();

describe('e-mail through the outbox', () => {
  it('hands an alarm e-mail to the SMTP server once, with a Message-ID derived from its key', async () => {
    const target = await deviceWithAlarm(test.app);
    const intent = intentFor(target, { email: 'first@example.test' });
    await db()
      .transaction()
      .execute((trx) => enqueueNotifications(trx, [intent], clock));
    expect(smtp.messages.filter((m) => m.to.includes('first@example.test'))).toHaveLength(0);

    await drain();
    const received = smtp.messages.filter((m) => m.to.includes('first@example.test'));
    expect(received).toHaveLength(1);
    expect(received[0]?.subject).toBe(intent.subject);
    expect(received[0]?.text).toBe(intent.body);
    expect(received[0]?.messageId).toBe(messageIdFor(intent.dedupeKey, 'coldchain.local'));

    const row = await outboxRow(intent.dedupeKey);
    expect(row.state).toBe('sent');
    expect(row.attempts).toBe(1);
    expect(row.provider).toBe('smtp');
    const records = await pushRecords(row.id);
    expect(records.map((r) => [r.channel, r.status, r.target])).toEqual([
      ['email', 'sent', 'first@example.test'],
    ]);

    // A second round finds nothing left to send.
    expect(await drain()).toBe(0);
    expect(smtp.messages.filter((m) => m.to.includes('first@example.test'))).toHaveLength(1);
  });

  it('stores a key enqueued twice once, and nothing when the alarm transaction rolls back', async () => {
    const target = await deviceWithAlarm(test.app);
    const intent = intentFor(target, { email: 'twice@example.test' });
    await enqueueNotifications(db(), [intent], clock);
    await enqueueNotifications(db(), [intent, { ...intent }], clock);
    const rolledBack = intentFor(target, { email: 'rolled-back@example.test' });
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await enqueueNotifications(trx, [rolledBack], clock);
          throw new Error('alarm record failed');
        }),
    ).rejects.toThrow('alarm record failed');

    await drain();
    expect(smtp.messages.filter((m) => m.to.includes('twice@example.test'))).toHaveLength(1);
    expect(smtp.messages.filter((m) => m.to.includes('rolled-back@example.test'))).toHaveLength(0);
    const rows = await db()
      .selectFrom('notificationOutbox')
      .select('id')
      .where('dedupeKey', 'in', [intent.dedupeKey, rolledBack.dedupeKey])
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('retries a refused e-mail after the backoff delay, not before', async () => {
    const target = await deviceWithAlarm(test.app);
    const intent = intentFor(target, { email: 'busy@example.test' });
    await enqueueNotifications(db(), [intent], clock);
    smtp.refuseNext(1);
    await drain();
    let row = await outboxRow(intent.dedupeKey);
    expect(row.state).toBe('pending');
    expect(row.lastError).toMatch(/451|try again/i);
    expect(smtp.messages.filter((m) => m.to.includes('busy@example.test'))).toHaveLength(0);

    await drain();
    expect((await outboxRow(intent.dedupeKey)).attempts).toBe(1);

    clock.advance((DELIVERY_RETRY_DELAYS_MS[0] ?? 0) * 1.1 + 1);
    await drain();
    row = await outboxRow(intent.dedupeKey);
    expect(row.state).toBe('sent');
    expect(row.attempts).toBe(2);
    expect(smtp.messages.filter((m) => m.to.includes('busy@example.test'))).toHaveLength(1);
    expect((await pushRecords(row.id)).map((r) => [r.status, r.attempt])).toEqual([
      ['retrying', 1],
      ['sent', 2],
    ]);
  });

  it('sends a row again once the lease of a worker that died holding it has expired', async () => {
    const target = await deviceWithAlarm(test.app);
    const intent = intentFor(target, { email: 'orphan@example.test' });
    await enqueueNotifications(db(), [intent], clock);
    // What a worker killed mid-send leaves behind: the row claimed, leased, never marked.
    await db()
      .updateTable('notificationOutbox')
      .set({
        state: 'sending',
        attempts: 1,
        claimToken: 'dead-worker',
        leaseUntil: new Date(clock.now().getTime() + DELIVERY_LEASE_MS).toISOString(),
      })
      .where('dedupeKey', '=', intent.dedupeKey)
      .execute();
    await drain();
    expect(smtp.messages.filter((m) => m.to.includes('orphan@example.test'))).toHaveLength(0);

    clock.advance(DELIVERY_LEASE_MS + 1);
    await drain();
    expect(smtp.messages.filter((m) => m.to.includes('orphan@example.test'))).toHaveLength(1);
    expect((await outboxRow(intent.dedupeKey)).state).toBe('sent');
  });

  it('sends each row once when several workers (nodes) drain the outbox at the same time', async () => {
    const target = await deviceWithAlarm(test.app);
    const intents = Array.from({ length: 40 }, (_, i) =>
      intentFor(target, { email: `node-${i}@example.test` }),
    );
    await enqueueNotifications(db(), intents, clock);
    const app = test.app;
    const carrier = new SandboxSmsProvider(app.ctx.db, clock);
    const providers = { mailer: app.ctx.mailer, sms: carrier, voice: carrier, wechat: carrier };
    const workers = [1, 2, 3].map(
      () => new NotificationWorker(app.ctx.db, clock, providers, app.log, { batchSize: 7, concurrency: 3 }),
    );
    const handled = await Promise.all(workers.map((w) => w.drain()));
    expect(handled.reduce((a, b) => a + b, 0)).toBe(intents.length);
    for (const intent of intents)
      expect([intent.email, smtp.messages.filter((m) => m.to.includes(intent.email ?? '')).length]).toEqual([
        intent.email,
        1,
      ]);
  });

  it('stores system intents delivered, with nothing to send', async () => {
    const target = await deviceWithAlarm(test.app);
    const intent = intentFor(target, { channel: 'system', email: 'system@example.test' });
    await enqueueNotifications(db(), [intent], clock);
    await drain();
    const row = await outboxRow(intent.dedupeKey);
    expect(row.state).toBe('delivered');
    expect(smtp.messages.filter((m) => m.to.includes('system@example.test'))).toHaveLength(0);
  });
});

describe('SMS, voice and WeChat through the sandbox carrier', () => {
  it('takes one SMS off the count per message and falls back to e-mail and a system message at zero', async () => {
    const target = await deviceWithAlarm(test.app, { sms: 2 });
    const phone = '13900000101';
    const intents = [1, 2, 3, 4].map(() =>
      intentFor(target, { channel: 'sms', phone, email: 'sms-fallback@example.test' }),
    );
    await enqueueNotifications(db(), intents, clock);
    await drain();
    // The fallback e-mails are queued by that round and go out in the next one.
    await drain();

    const sent = await carrierMessages(phone);
    expect(sent.map((m) => m.channel)).toEqual(['sms', 'sms']);
    const device = await db()
      .selectFrom('device')
      .select(['smsCount', 'voiceCount'])
      .where('id', '=', target.device.id)
      .executeTakeFirstOrThrow();
    expect(device.smsCount).toBe(0);

    const states = await Promise.all(intents.map(async (i) => (await outboxRow(i.dedupeKey)).state));
    expect(states.filter((s) => s === 'sent')).toHaveLength(2);
    expect(states.filter((s) => s === 'exhausted')).toHaveLength(2);
    const fallbacks = smtp.messages.filter((m) => m.to.includes('sms-fallback@example.test'));
    expect(fallbacks).toHaveLength(2);
    expect(fallbacks[0]?.subject).toBe(intents[0]?.subject);

    // One system message for the alarm however many of its messages found the count empty.
    const system = await db()
      .selectFrom('alarmMessage')
      .selectAll()
      .where('deviceId', '=', target.device.id)
      .where('messageType', '=', 'system')
      .execute();
    expect(system).toHaveLength(1);
    expect(system[0]?.accountId).toBe(target.device.accountId);
    expect(system[0]?.stateKey).toBe('delivery:smsCountExhausted');
    expect(system[0]?.content).toMatch(/短信条数已用完/);

    const exhausted = await db()
      .selectFrom('pushRecord')
      .select(['status', 'channel'])
      .where('deviceId', '=', target.device.id)
      .where('status', '=', 'exhausted')
      .execute();
    expect(exhausted).toEqual([
      { status: 'exhausted', channel: 'sms' },
      { status: 'exhausted', channel: 'sms' },
    ]);
  });

  it('calls through the voice carrier on the voice count, and records WeChat messages in the sandbox', async () => {
    const target = await deviceWithAlarm(test.app, { voice: 1 });
    const phone = '13900000102';
    const voice = intentFor(target, { channel: 'voice', phone, email: null });
    const again = intentFor(target, { channel: 'voice', phone, email: null });
    const wechat = intentFor(target, { channel: 'wechat', phone });
    await enqueueNotifications(db(), [voice, again, wechat], clock);
    await drain();
    // Rows go out in parallel: either call may be the one the single count paid for.
    const sent = await carrierMessages(phone);
    const called = sent.find((m) => m.channel === 'voice')?.idempotencyKey;
    expect([voice.dedupeKey, again.dedupeKey]).toContain(called);
    expect(sent.map((m) => m.channel).sort()).toEqual(['voice', 'wechat']);
    expect(sent.find((m) => m.channel === 'wechat')?.idempotencyKey).toBe(wechat.dedupeKey);
    const device = await db()
      .selectFrom('device')
      .select('voiceCount')
      .where('id', '=', target.device.id)
      .executeTakeFirstOrThrow();
    expect(device.voiceCount).toBe(0);
    // No e-mail address: the exhausted call is only reported to the owner.
    const unpaid = called === voice.dedupeKey ? again : voice;
    expect((await outboxRow(unpaid.dedupeKey)).state).toBe('exhausted');
    const system = await db()
      .selectFrom('alarmMessage')
      .select('stateKey')
      .where('deviceId', '=', target.device.id)
      .where('messageType', '=', 'system')
      .execute();
    expect(system).toEqual([{ stateKey: 'delivery:voiceCountExhausted' }]);
  });

  it('gives the count back when the carrier never accepts the message', async () => {
    const target = await deviceWithAlarm(test.app, { sms: 1 });
    const intent = intentFor(target, { channel: 'sms', phone: 'not-a-number' });
    await enqueueNotifications(db(), [intent], clock);
    await drain();
    expect(
      (
        await db()
          .selectFrom('device')
          .select('smsCount')
          .where('id', '=', target.device.id)
          .executeTakeFirstOrThrow()
      ).smsCount,
    ).toBe(0);
    for (const delay of DELIVERY_RETRY_DELAYS_MS) {
      clock.advance(delay * 1.1 + 1);
      await drain();
    }
    const row = await outboxRow(intent.dedupeKey);
    expect(row.state).toBe('failed');
    expect(row.attempts).toBe(DELIVERY_RETRY_DELAYS_MS.length + 1);
    expect(row.lastError).toMatch(/refused number/);
    const device = await db()
      .selectFrom('device')
      .select('smsCount')
      .where('id', '=', target.device.id)
      .executeTakeFirstOrThrow();
    expect(device.smsCount).toBe(1);
    const records = await pushRecords(row.id);
    expect(records.at(-1)?.status).toBe('failed');
    expect(records.filter((r) => r.status === 'retrying')).toHaveLength(DELIVERY_RETRY_DELAYS_MS.length);
  });

  it('sends an SMS that is charged but unmarked again without charging twice or texting twice', async () => {
    const target = await deviceWithAlarm(test.app, { sms: 3 });
    const phone = '13900000103';
    const intent = intentFor(target, { channel: 'sms', phone });
    await enqueueNotifications(db(), [intent], clock);
    await drain();
    // A crash after the carrier accepted and before the mark: the row is leased and charged again.
    await db()
      .updateTable('notificationOutbox')
      .set({
        state: 'sending',
        claimToken: 'dead-worker',
        leaseUntil: clock.now().toISOString(),
        sentAt: null,
      })
      .where('dedupeKey', '=', intent.dedupeKey)
      .execute();
    clock.advance(1);
    await drain();
    expect(await carrierMessages(phone)).toHaveLength(1);
    const device = await db()
      .selectFrom('device')
      .select('smsCount')
      .where('id', '=', target.device.id)
      .executeTakeFirstOrThrow();
    expect(device.smsCount).toBe(2);
    expect((await outboxRow(intent.dedupeKey)).state).toBe('sent');
  });
});
