import crypto from 'node:crypto';
import type { DataPushEvent } from '@coldchain/shared';
import { describeChannel } from '@coldchain/shared/device-protocol';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/create-db.ts';
import type { Database } from '../../db/database.ts';
import type { ReadingsCommitted, TelemetryEvents } from '../../telemetry/telemetry-events.ts';
import type { NotificationIntent } from '../delivery/outbox.ts';
import { enabledConfigs } from './data-push.repo.ts';

type Executor = Kysely<Database> | Transaction<Database>;

interface QueuedEvent {
  configId: number;
  platformId: number;
  accountId: number;
  deviceId: number | null;
  event: DataPushEvent;
}

async function queue(trx: Executor, events: QueuedEvent[], now: string): Promise<void> {
  if (events.length === 0) return;
  await trx
    .insertInto('dataPushDelivery')
    .values(
      events.map((e) => ({
        configId: e.configId,
        platformId: e.platformId,
        accountId: e.accountId,
        deviceId: e.deviceId,
        eventType: e.event.type,
        eventId: e.event.id,
        payload: JSON.stringify(e.event),
        state: 'pending',
        attempts: 0,
        nextAttemptAt: null,
        leaseUntil: null,
        claimToken: null,
        lastError: null,
        sentAt: null,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflict((oc) => oc.column('eventId').doNothing())
    .execute();
}

/**
 * Queues one alarm event per alarm message, kind and level for each enabled configuration of the
 * owner that pushes alarms, in the alarm engine's transaction (so an alarm's webhook is as durable as
 * its e-mail). The event id is fixed by those facts, so enqueuing the same intents again adds nothing.
 */
export async function queueAlarmPushes(
  trx: Executor,
  intents: NotificationIntent[],
  now: string,
): Promise<void> {
  const accountIds = [...new Set(intents.map((i) => i.accountId))];
  const configs = await enabledConfigs(trx, accountIds, 'alarms');
  if (configs.length === 0) return;
  const alarms = new Map<string, NotificationIntent>();
  for (const intent of intents) {
    const key = `${intent.alarmMessageId}:${intent.kind}:${intent.level ?? 0}`;
    // The system text is the fullest; any channel's text will do when there is none.
    if (!alarms.has(key) || intent.channel === 'system') alarms.set(key, intent);
  }
  const deviceIds = [...new Set(intents.map((i) => i.deviceId))];
  const devices = new Map(
    (
      await trx
        .selectFrom('device')
        .select(['id', 'deviceGuid', 'deviceName'])
        .where('id', 'in', deviceIds)
        .execute()
    ).map((d) => [d.id, { id: d.id, guid: d.deviceGuid, name: d.deviceName }]),
  );
  const events: QueuedEvent[] = [];
  for (const [key, intent] of alarms)
    for (const config of configs.filter((c) => c.accountId === intent.accountId))
      events.push({
        configId: config.id,
        platformId: config.platformId,
        accountId: config.accountId,
        deviceId: intent.deviceId,
        event: {
          id: `alarm:${key}:${config.id}`,
          type: 'alarm',
          createdAt: now,
          device: devices.get(intent.deviceId) ?? null,
          data: {
            alarmMessageId: intent.alarmMessageId,
            kind: intent.kind,
            level: intent.level,
            subject: intent.subject,
            body: intent.body,
          },
        },
      });
  await queue(trx, events, now);
}

/** How long the list of accounts with a readings push is trusted before it is read again, in ms. */
const CONFIG_CACHE_MS = 5_000;

/**
 * Queues committed readings for the accounts that push readings: one event per committed batch of a
 * device. Readings arrive after their commit, so a crash between the commit and this queueing loses
 * that batch's push (the readings themselves are stored); docs/decisions.md records it.
 */
export class ReadingsPushSource {
  private configs = new Map<number, { id: number; platformId: number }[]>();
  private loadedAt = Number.NEGATIVE_INFINITY;
  private loading: Promise<void> | null = null;
  private readonly listener = (batch: ReadingsCommitted) => {
    void this.onReadings(batch).catch((error: unknown) =>
      this.log.error({ err: error, deviceId: batch.deviceId }, 'readings push not queued'),
    );
  };

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly events: TelemetryEvents,
    private readonly log: Logger,
  ) {}

  start(): void {
    this.events.on('readings', this.listener);
  }

  stop(): void {
    this.events.off('readings', this.listener);
  }

  /** Configurations changed: read them again on the next batch. */
  invalidate(): void {
    this.loadedAt = Number.NEGATIVE_INFINITY;
  }

  private async refresh(): Promise<void> {
    if (Date.now() - this.loadedAt < CONFIG_CACHE_MS) return;
    this.loading ??= (async () => {
      const rows = await this.db
        .selectFrom('dataPushConfig')
        .select(['id', 'platformId', 'accountId', 'pushTypes'])
        .where('enabled', '=', 1)
        .execute();
      const next = new Map<number, { id: number; platformId: number }[]>();
      for (const row of rows)
        if (row.pushTypes.split(',').includes('readings'))
          next.set(row.accountId, [
            ...(next.get(row.accountId) ?? []),
            { id: row.id, platformId: row.platformId },
          ]);
      this.configs = next;
      this.loadedAt = Date.now();
    })().finally(() => {
      this.loading = null;
    });
    await this.loading;
  }

  async onReadings(batch: ReadingsCommitted): Promise<void> {
    await this.refresh();
    const configs = this.configs.get(batch.accountId);
    if (!configs?.length || batch.readings.length === 0) return;
    const now = this.clock.now().toISOString();
    const data = batch.readings.map((r) => {
      const channel = describeChannel(r.channel);
      return {
        channel: r.channel,
        kind: channel?.kind ?? null,
        probe: channel?.probe ?? null,
        ts: r.ts,
        value: r.value,
      };
    });
    const batchId = crypto.randomUUID();
    await queue(
      this.db,
      configs.map((config) => ({
        configId: config.id,
        platformId: config.platformId,
        accountId: batch.accountId,
        deviceId: batch.deviceId,
        event: {
          id: `readings:${batchId}:${config.id}`,
          type: 'readings',
          createdAt: now,
          device: { id: batch.deviceId, guid: batch.deviceGuid, name: null },
          data,
        },
      })),
      now,
    );
  }
}
