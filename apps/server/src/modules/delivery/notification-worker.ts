import crypto from 'node:crypto';
import { DELIVERY_LEASE_MS } from '@coldchain/shared';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { ExpressionBuilder, Selectable } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/create-db.ts';
import type { Database } from '../../db/database.ts';
import type { NotificationOutboxTable } from '../../db/tables/alarm-delivery.ts';
import type { Mailer } from '../../notify/email.ts';
import {
  CARRIER_CONTENT_MAX,
  type SmsProvider,
  type VoiceProvider,
  type WechatProvider,
} from '../../notify/sms.ts';
import { enqueueNotifications, type NotificationIntent } from './outbox.ts';
import { errorText, nextAttemptAt } from './retry.ts';
import { insertSystemMessage } from './system-message.ts';

type OutboxRow = Selectable<NotificationOutboxTable>;

export interface DeliveryProviders {
  mailer: Mailer;
  sms: SmsProvider;
  voice: VoiceProvider;
  wechat: WechatProvider;
}

export interface NotificationWorkerOptions {
  /** Rows claimed per round. */
  batchSize?: number;
  /** Rows sent at the same time. */
  concurrency?: number;
  /** Host part of the Message-ID of alarm e-mails. */
  messageIdHost?: string;
}

/** The Message-ID of a notification's e-mail: the same on every attempt. */
export function messageIdFor(dedupeKey: string, host: string): string {
  return `<${crypto.createHash('sha256').update(dedupeKey).digest('hex').slice(0, 32)}@${host}>`;
}

/** The device column a carrier channel draws on. */
const COUNT_COLUMN = { sms: 'smsCount', voice: 'voiceCount' } as const;

/**
 * Sends what the outbox holds. The protocol, per row:
 *  1. claim: a conditional update moves a due row (pending and due, or sending with an expired lease)
 *     to sending with a fresh lease and token, so two workers or nodes never hold one row;
 *  2. for SMS and voice, charge the device's count once per row (conditional decrement, flagged on
 *     the row in the same transaction); no count left: enqueue an e-mail and a system message instead;
 *  3. hand the message to the provider with the row's dedupeKey as idempotency key;
 *  4. mark sent (and write the push record) only if the token still matches.
 * A process killed before 3 leaves the row pending or leased; it is sent once after the restart. A
 * kill between the provider's acceptance and 4 sends it again when the lease expires: the carrier
 * drops the repeat by its key, an SMTP server does not (the copy carries the same Message-ID).
 */
export class NotificationWorker {
  private readonly batchSize: number;
  private readonly concurrency: number;
  private readonly messageIdHost: string;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly providers: DeliveryProviders,
    private readonly log: Logger,
    options: NotificationWorkerOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 100;
    this.concurrency = options.concurrency ?? 8;
    this.messageIdHost = options.messageIdHost ?? 'coldchain.local';
  }

  /** Sends every row due now; answers how many rows were handled. */
  async drain(): Promise<number> {
    let handled = 0;
    for (;;) {
      const claimed = await this.claim();
      if (claimed.length === 0) return handled;
      const outcomes = await this.inParallel(claimed, (row) => this.deliver(row));
      await this.record(outcomes);
      handled += claimed.length;
      if (claimed.length < this.batchSize) return handled;
    }
  }

  private async inParallel(
    rows: OutboxRow[],
    work: (row: OutboxRow) => Promise<Outcome | null>,
  ): Promise<Outcome[]> {
    const outcomes: Outcome[] = [];
    let next = 0;
    const lanes = Array.from({ length: Math.min(this.concurrency, rows.length) }, async () => {
      while (next < rows.length) {
        const row = rows[next] as OutboxRow;
        next += 1;
        try {
          const outcome = await work(row);
          if (outcome) outcomes.push(outcome);
        } catch (error) {
          // A database error mid-row leaves it leased; it comes back when the lease expires.
          this.log.error({ err: error, outboxId: row.id }, 'notification delivery failed');
        }
      }
    });
    await Promise.all(lanes);
    return outcomes;
  }

  /**
   * Claims up to a batch of due rows in one statement (one write, however busy the database is);
   * the condition is checked again on each row, so a row another worker claimed meanwhile is skipped.
   */
  private async claim(): Promise<OutboxRow[]> {
    const now = this.clock.now().toISOString();
    const leaseUntil = new Date(this.clock.now().getTime() + DELIVERY_LEASE_MS).toISOString();
    const due = (eb: ExpressionBuilder<Database, 'notificationOutbox'>) =>
      eb.or([
        eb.and([
          eb('state', '=', 'pending'),
          eb.or([eb('nextAttemptAt', 'is', null), eb('nextAttemptAt', '<=', now)]),
        ]),
        eb.and([eb('state', '=', 'sending'), eb('leaseUntil', '<', now)]),
      ]);
    const rows = await this.db
      .updateTable('notificationOutbox')
      .set((eb) => ({
        state: 'sending',
        leaseUntil,
        claimToken: crypto.randomUUID(),
        attempts: eb('attempts', '+', 1),
        updatedAt: now,
      }))
      .where('id', 'in', (eb) =>
        eb.selectFrom('notificationOutbox').select('id').where(due).orderBy('id').limit(this.batchSize),
      )
      .where(due)
      .returningAll()
      .execute();
    return rows.sort((a, b) => a.id - b.id);
  }

  private async deliver(row: OutboxRow): Promise<Outcome | null> {
    switch (row.channel) {
      case 'email':
        return this.deliverEmail(row);
      case 'sms':
      case 'voice':
        return this.deliverCounted(row, row.channel);
      case 'wechat':
        return this.deliverWechat(row);
      default:
        // system rows are stored delivered; anything else is a channel this version does not know.
        return { row, result: 'failed', provider: 'none', error: `unknown channel ${row.channel}` };
    }
  }

  private async deliverEmail(row: OutboxRow): Promise<Outcome> {
    const provider = this.providers.mailer.name;
    if (!row.email) return { row, result: 'failed', provider, error: 'no e-mail address' };
    try {
      await this.providers.mailer.send({
        to: row.email,
        subject: row.subject,
        text: row.body,
        messageId: messageIdFor(row.dedupeKey, this.messageIdHost),
      });
    } catch (error) {
      return { row, result: 'retry', provider, error: errorText(error) };
    }
    return { row, result: 'sent', provider, error: null };
  }

  private async deliverWechat(row: OutboxRow): Promise<Outcome> {
    const wechat = this.providers.wechat;
    if (!row.phone) return { row, result: 'failed', provider: wechat.name, error: 'no phone number' };
    try {
      await wechat.notify(row.phone, carrierText(row.body), row.dedupeKey);
    } catch (error) {
      return { row, result: 'retry', provider: wechat.name, error: errorText(error) };
    }
    return { row, result: 'sent', provider: wechat.name, error: null };
  }

  private async deliverCounted(row: OutboxRow, channel: 'sms' | 'voice'): Promise<Outcome | null> {
    const provider = channel === 'sms' ? this.providers.sms : this.providers.voice;
    if (!row.phone) return { row, result: 'failed', provider: provider.name, error: 'no phone number' };
    if (!row.charged) {
      if (!(await this.charge(row, channel, provider.name))) return null;
      row.charged = 1;
    }
    try {
      if (channel === 'sms') await this.providers.sms.send(row.phone, carrierText(row.body), row.dedupeKey);
      else await this.providers.voice.call(row.phone, carrierText(row.body), row.dedupeKey);
    } catch (error) {
      return { row, result: 'retry', provider: provider.name, error: errorText(error) };
    }
    return { row, result: 'sent', provider: provider.name, error: null };
  }

  /**
   * Takes one message off the device's count, flagging the row in the same transaction so a retry
   * never pays twice. With nothing left, the row ends exhausted and, in the same transaction, an
   * e-mail to the same recipient (when there is an address) and a system message to the device's
   * owner (once per alarm message and channel) are queued. Answers whether the message may go.
   */
  private async charge(row: OutboxRow, channel: 'sms' | 'voice', provider: string): Promise<boolean> {
    const column = COUNT_COLUMN[channel];
    const now = this.clock.now().toISOString();
    return this.db
      .transaction()
      .execute(async (trx) => {
        const paid = await trx
          .updateTable('device')
          .set((eb) => ({ [column]: eb(column, '-', 1) }))
          .where('id', '=', row.deviceId)
          .where(column, '>', 0)
          .executeTakeFirst();
        if (Number(paid.numUpdatedRows) === 1) {
          const flagged = await trx
            .updateTable('notificationOutbox')
            .set({ charged: 1, updatedAt: now })
            .where('id', '=', row.id)
            .where('claimToken', '=', row.claimToken)
            .executeTakeFirst();
          // Lost the lease to another worker: undo the charge by rolling back.
          if (Number(flagged.numUpdatedRows) !== 1) throw new LeaseLost(row.id);
          return true;
        }
        const marked = await trx
          .updateTable('notificationOutbox')
          .set({
            state: 'exhausted',
            provider,
            leaseUntil: null,
            lastError: `${channel} count exhausted`,
            updatedAt: now,
          })
          .where('id', '=', row.id)
          .where('claimToken', '=', row.claimToken)
          .executeTakeFirst();
        if (Number(marked.numUpdatedRows) !== 1) return false;
        await trx
          .insertInto('pushRecord')
          .values(pushRecordOf(row, 'exhausted', provider, `${channel} count exhausted`, now))
          .execute();
        const intent = {
          platformId: row.platformId,
          accountId: row.accountId,
          deviceId: row.deviceId,
          alarmMessageId: row.alarmMessageId,
          level: row.level,
          kind: row.kind as NotificationIntent['kind'],
          recipientName: row.recipientName,
          phone: row.phone,
          email: row.email,
          subject: row.subject,
          body: row.body,
        };
        if (row.email)
          await enqueueNotifications(
            trx,
            [{ ...intent, channel: 'email', dedupeKey: `${row.dedupeKey}:fallback` }],
            this.clock,
          );
        // The system channel's outbox row doubles as the "already told the owner" marker.
        const marker = await trx
          .insertInto('notificationOutbox')
          .values({
            ...intent,
            channel: 'system',
            dedupeKey: `exhausted:${row.alarmMessageId}:${channel}`,
            state: 'delivered',
            attempts: 0,
            nextAttemptAt: null,
            leaseUntil: null,
            claimToken: null,
            charged: 0,
            provider: null,
            lastError: null,
            sentAt: now,
            createdAt: now,
            updatedAt: now,
          })
          .onConflict((oc) => oc.column('dedupeKey').doNothing())
          .executeTakeFirst();
        if (Number(marker.numInsertedOrUpdatedRows ?? 0) === 1) {
          const owner = await trx
            .selectFrom('device')
            .select(['accountId', 'platformId'])
            .where('id', '=', row.deviceId)
            .executeTakeFirst();
          if (owner)
            await insertSystemMessage(trx, {
              platformId: owner.platformId,
              accountId: owner.accountId,
              deviceId: row.deviceId,
              reason: channel === 'sms' ? 'smsCountExhausted' : 'voiceCountExhausted',
              createdAt: now,
            });
        }
        return false;
      })
      .catch((error: unknown) => {
        if (error instanceof LeaseLost) return false;
        throw error;
      });
  }

  /**
   * Marks the round's rows in one transaction, each only if this worker still holds it: sent, due
   * again after the backoff, or failed for good (a charged message then gives its unit back). Every
   * row marked gets its push record.
   */
  private async record(outcomes: Outcome[]): Promise<void> {
    if (outcomes.length === 0) return;
    const now = this.clock.now();
    const at = now.toISOString();
    await this.db.transaction().execute(async (trx) => {
      const records = [];
      for (const { row, result, provider, error } of outcomes) {
        const retryAt = result === 'retry' ? nextAttemptAt(now, row.attempts) : null;
        const state = result === 'sent' ? 'sent' : retryAt ? 'pending' : 'failed';
        if (result !== 'sent')
          this.log.warn(
            { outboxId: row.id, channel: row.channel, attempt: row.attempts, err: error },
            'notification not accepted',
          );
        const updated = await trx
          .updateTable('notificationOutbox')
          .set({
            state,
            provider,
            nextAttemptAt: retryAt,
            leaseUntil: null,
            lastError: error,
            sentAt: state === 'sent' ? at : null,
            updatedAt: at,
          })
          .where('id', '=', row.id)
          .where('claimToken', '=', row.claimToken)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) {
          this.log.warn({ outboxId: row.id }, 'notification lease lost before it was marked');
          continue;
        }
        records.push(pushRecordOf(row, state === 'pending' ? 'retrying' : state, provider, error, at));
        const column = row.channel === 'sms' || row.channel === 'voice' ? COUNT_COLUMN[row.channel] : null;
        if (state === 'failed' && column && row.charged)
          await trx
            .updateTable('device')
            .set((eb) => ({ [column]: eb(column, '+', 1) }))
            .where('id', '=', row.deviceId)
            .execute();
      }
      if (records.length > 0) await trx.insertInto('pushRecord').values(records).execute();
    });
  }
}

/** What one attempt came to; `retry` becomes failed once the backoff schedule is used up. */
interface Outcome {
  row: OutboxRow;
  result: 'sent' | 'retry' | 'failed';
  provider: string;
  error: string | null;
}

class LeaseLost extends Error {
  constructor(id: number) {
    super(`lease of outbox row ${id} lost`);
  }
}

/** Carriers take plain text of bounded length; longer alarm texts are cut with an ellipsis. */
function carrierText(body: string): string {
  return body.length > CARRIER_CONTENT_MAX ? `${body.slice(0, CARRIER_CONTENT_MAX - 1)}…` : body;
}

function pushRecordOf(row: OutboxRow, status: string, provider: string, error: string | null, now: string) {
  return {
    platformId: row.platformId,
    accountId: row.accountId,
    deviceId: row.deviceId,
    channel: row.channel,
    target: (row.channel === 'email' ? row.email : row.phone) ?? '',
    recipientName: row.recipientName,
    subject: row.subject,
    content: row.body,
    status,
    provider,
    outboxId: row.id,
    dataPushConfigId: null,
    attempt: row.attempts,
    httpStatus: null,
    error,
    createdAt: now,
  };
}
