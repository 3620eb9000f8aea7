import crypto from 'node:crypto';
import type { DataPushEvent } from '@coldchain/shared';
import { describeChannel } from '@coldchain/shared/device-protocol';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DeviceRef, StoredReading } from '../../telemetry/telemetry-events.ts';
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

/** One readings event for one configuration, ready to insert into data_push_delivery. */
export interface ReadingsPushEvent {
  configId: number;
  eventId: string;
  payload: string;
}

/**
 * The readings events of one device message: the newly stored readings, in device-time order, once
 * per configuration. The ingest transaction inserts them with the readings (telemetry stores), so a
 * push is as durable as its readings. The event id is fixed by the device, the readings' keys
 * (stored once ever) and the configuration: queueing the same facts again adds nothing.
 */
export function readingsPushEvents(
  device: DeviceRef,
  stored: readonly StoredReading[],
  configIds: readonly number[],
  now: string,
): ReadingsPushEvent[] {
  if (stored.length === 0 || configIds.length === 0) return [];
  const readings = [...stored].sort((a, b) => a.ts - b.ts || a.channel - b.channel);
  const facts = crypto
    .createHash('sha256')
    .update(readings.map((r) => `${r.channel}:${r.ts}`).join(','))
    .digest('base64url')
    .slice(0, 22);
  const data = readings.map((r) => {
    const channel = describeChannel(r.channel);
    return {
      channel: r.channel,
      kind: channel?.kind ?? null,
      probe: channel?.probe ?? null,
      ts: r.ts,
      value: r.value,
    };
  });
  return configIds.map((configId) => {
    const event: DataPushEvent = {
      id: `readings:${device.deviceId}:${facts}:${configId}`,
      type: 'readings',
      createdAt: now,
      device: { id: device.deviceId, guid: device.deviceGuid, name: null },
      data,
    };
    return { configId, eventId: event.id, payload: JSON.stringify(event) };
  });
}
