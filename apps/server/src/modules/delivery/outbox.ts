import type { Kysely, Transaction } from 'kysely';
import { type Clock, systemClock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { queueAlarmPushes } from '../data-push/data-push-source.ts';

/** What the alarm engine asks delivery to send; one intent is one message to one recipient on one channel. */
export interface NotificationIntent {
  platformId: number;
  accountId: number;
  deviceId: number;
  alarmMessageId: number;
  level: number | null;
  kind: 'level' | 'reminder' | 'cleared' | 'offline' | 'event' | 'warning';
  channel: 'system' | 'email' | 'sms' | 'voice' | 'wechat';
  recipientName: string;
  phone: string | null;
  email: string | null;
  subject: string;
  body: string;
  /** Unique per message: the same key enqueued twice is stored (and sent) once. */
  dedupeKey: string;
}

/**
 * Stores the intents as outbox rows in the caller's transaction, so an alarm record and its
 * notifications commit (or vanish) together; a dedupeKey already stored is ignored on both dialects.
 * The owner's data push configurations that push alarms get their webhook event in the same
 * transaction.
 */
export async function enqueueNotifications(
  trx: Kysely<Database> | Transaction<Database>,
  intents: NotificationIntent[],
  clock: Clock = systemClock,
): Promise<void> {
  if (intents.length === 0) return;
  const now = clock.now().toISOString();
  await trx
    .insertInto('notificationOutbox')
    .values(
      intents.map((intent) => ({
        platformId: intent.platformId,
        accountId: intent.accountId,
        deviceId: intent.deviceId,
        alarmMessageId: intent.alarmMessageId,
        level: intent.level,
        kind: intent.kind,
        channel: intent.channel,
        // Cut rather than refuse: an over-long label must never roll back the alarm's transaction.
        recipientName: intent.recipientName.slice(0, 100),
        phone: intent.phone,
        email: intent.email,
        subject: intent.subject.slice(0, 200),
        body: intent.body,
        dedupeKey: intent.dedupeKey,
        // The alarm_message row the engine wrote is the system channel's delivery: nothing to send.
        state: intent.channel === 'system' ? 'delivered' : 'pending',
        attempts: 0,
        leaseUntil: null,
        claimToken: null,
        charged: 0,
        provider: null,
        lastError: null,
        sentAt: intent.channel === 'system' ? now : null,
        // Due at once: a null due time is never later than the worker's clock, real or driven by a test.
        nextAttemptAt: null,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflict((oc) => oc.column('dedupeKey').doNothing())
    .execute();
  await queueAlarmPushes(trx, intents, now);
}
