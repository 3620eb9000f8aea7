import crypto from 'node:crypto';
import { DELIVERY_LEASE_MS } from '@coldchain/shared';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { ExpressionBuilder, Selectable } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/create-db.ts';
import type { Database } from '../../db/database.ts';
import type { DataPushDeliveryTable } from '../../db/tables/alarm-delivery.ts';
import { errorText, nextAttemptAt } from '../delivery/retry.ts';
import { sendWebhook, type WebhookOutcome } from './webhook-sender.ts';

type DeliveryRow = Selectable<DataPushDeliveryTable>;

/**
 * Sends queued webhook events with the outbox's protocol (claim with a lease, send, mark with the
 * token): a failure or a non-2xx answer is retried on DELIVERY_RETRY_DELAYS_MS; a refused address
 * (private without allowPrivate, or a name that does not resolve) ends the event at once. Every
 * attempt leaves a push record.
 */
export class DataPushWorker {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: Logger,
    private readonly batchSize = 50,
    private readonly concurrency = 8,
  ) {}

  async drain(): Promise<number> {
    let handled = 0;
    for (;;) {
      const claimed = await this.claim();
      if (claimed.length === 0) return handled;
      let next = 0;
      await Promise.all(
        Array.from({ length: Math.min(this.concurrency, claimed.length) }, async () => {
          while (next < claimed.length) {
            const row = claimed[next] as DeliveryRow;
            next += 1;
            try {
              await this.deliver(row);
            } catch (error) {
              this.log.error({ err: error, deliveryId: row.id }, 'data push failed');
            }
          }
        }),
      );
      handled += claimed.length;
      if (claimed.length < this.batchSize) return handled;
    }
  }

  /** Claims up to a batch of due events in one statement, as the notification worker does. */
  private async claim(): Promise<DeliveryRow[]> {
    const now = this.clock.now().toISOString();
    const leaseUntil = new Date(this.clock.now().getTime() + DELIVERY_LEASE_MS).toISOString();
    const due = (eb: ExpressionBuilder<Database, 'dataPushDelivery'>) =>
      eb.or([
        eb.and([
          eb('state', '=', 'pending'),
          eb.or([eb('nextAttemptAt', 'is', null), eb('nextAttemptAt', '<=', now)]),
        ]),
        eb.and([eb('state', '=', 'sending'), eb('leaseUntil', '<', now)]),
      ]);
    const rows = await this.db
      .updateTable('dataPushDelivery')
      .set((eb) => ({
        state: 'sending',
        leaseUntil,
        claimToken: crypto.randomUUID(),
        attempts: eb('attempts', '+', 1),
        updatedAt: now,
      }))
      .where('id', 'in', (eb) =>
        eb.selectFrom('dataPushDelivery').select('id').where(due).orderBy('id').limit(this.batchSize),
      )
      .where(due)
      .returningAll()
      .execute();
    return rows.sort((a, b) => a.id - b.id);
  }

  private async deliver(row: DeliveryRow): Promise<void> {
    const config = await this.db
      .selectFrom('dataPushConfig')
      .selectAll()
      .where('id', '=', row.configId)
      .executeTakeFirst();
    if (!config?.enabled) {
      await this.mark(
        row,
        { status: 'refused', httpStatus: null, error: 'configuration disabled or deleted' },
        '',
      );
      return;
    }
    const outcome = await sendWebhook({
      url: config.pushUrl,
      secret: config.secret,
      allowPrivate: config.allowPrivate === 1,
      eventId: row.eventId,
      eventType: row.eventType,
      body: row.payload,
      now: Math.floor(this.clock.now().getTime() / 1000),
    });
    await this.mark(row, outcome, config.pushUrl);
  }

  private async mark(row: DeliveryRow, outcome: WebhookOutcome, url: string): Promise<void> {
    const now = this.clock.now();
    const at = now.toISOString();
    const error = outcome.status === 'sent' ? null : errorText(outcome.error);
    const retryAt = outcome.status === 'failed' ? nextAttemptAt(now, row.attempts) : null;
    const state = outcome.status === 'sent' ? 'sent' : retryAt ? 'pending' : 'failed';
    const recordStatus = outcome.status === 'failed' ? (retryAt ? 'retrying' : 'failed') : outcome.status;
    await this.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('dataPushDelivery')
        .set({
          state,
          nextAttemptAt: retryAt,
          leaseUntil: null,
          lastError: error,
          sentAt: state === 'sent' ? at : null,
          updatedAt: at,
        })
        .where('id', '=', row.id)
        .where('claimToken', '=', row.claimToken)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return;
      await trx
        .insertInto('pushRecord')
        .values({
          platformId: row.platformId,
          accountId: row.accountId,
          deviceId: row.deviceId,
          channel: 'webhook',
          target: url,
          recipientName: null,
          subject: row.eventType,
          content: row.payload.length > 4000 ? `${row.payload.slice(0, 3999)}…` : row.payload,
          status: recordStatus,
          provider: 'webhook',
          outboxId: null,
          dataPushConfigId: row.configId,
          attempt: row.attempts,
          httpStatus: outcome.httpStatus,
          error,
          createdAt: at,
        })
        .execute();
    });
    if (outcome.status !== 'sent')
      this.log.warn({ deliveryId: row.id, attempt: row.attempts, err: error }, 'data push not accepted');
  }
}
