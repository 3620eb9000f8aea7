import { sql } from 'kysely';
import type { Db } from '../db/create-db.ts';
import { readingsPushEvents } from '../modules/data-push/data-push-source.ts';
import { ensureMonthPartition, monthsOf, upcomingMonths } from './partitions.ts';
import {
  type Batch,
  readingKey,
  type TelemetryStore,
  type UnitResult,
  type WriteUnit,
} from './write-batch.ts';

/** Readings events of a batch as columns, for one insert through unnest. */
interface PushColumns {
  configIds: number[];
  accountIds: number[];
  deviceIds: number[];
  eventIds: string[];
  payloads: string[];
}

/**
 * The PostgreSQL side of the writer: one transaction per batch; readings go in as four arrays
 * through unnest (one statement, four parameters, whatever the batch size), duplicates dropped by the
 * primary key, and RETURNING tells which rows were new. Month partitions are created before the
 * transaction when a batch brings a month not seen yet. Readings events for data push are queued in
 * the same transaction.
 */
export class PostgresTelemetryStore implements TelemetryStore {
  /** Month starts known to have a partition (or known to live in the default partition). */
  private readonly months = new Set<number>();

  constructor(private readonly db: Db) {}

  async maintain(now: number): Promise<void> {
    for (const month of upcomingMonths(now)) {
      await ensureMonthPartition(this.db, month);
      this.months.add(month);
    }
  }

  async commit(batch: Batch): Promise<UnitResult[]> {
    await this.prepareMonths(batch);
    const deviceIds: number[] = [];
    const channels: number[] = [];
    const tss: number[] = [];
    const values: number[] = [];
    for (const unit of batch.units) {
      for (const r of unit.readings) {
        deviceIds.push(unit.device.deviceId);
        channels.push(r.channel);
        tss.push(r.ts);
        values.push(r.value);
      }
    }
    return this.db.transaction().execute(async (trx) => {
      const inserted = new Set<string>();
      if (deviceIds.length > 0) {
        const { rows } = await sql<{ deviceId: number; channel: number; ts: string }>`
          insert into reading (device_id, channel, ts, value)
          select * from unnest(${deviceIds}::int4[], ${channels}::int4[], ${tss}::int8[], ${values}::float8[])
          on conflict do nothing
          returning device_id, channel, ts`.execute(trx);
        for (const row of rows) inserted.add(readingKey(row.deviceId, row.channel, Number(row.ts)));
      }
      const results: UnitResult[] = [];
      const pushes: PushColumns = {
        configIds: [],
        accountIds: [],
        deviceIds: [],
        eventIds: [],
        payloads: [],
      };
      for (const unit of batch.units) {
        const id = unit.device.deviceId;
        // A key inserted once belongs to the first unit that carried it; a repeat is a duplicate.
        const readingInserted = unit.readings.map((r) => inserted.delete(readingKey(id, r.channel, r.ts)));
        const eventInserted: boolean[] = [];
        for (const e of unit.events) {
          const row = await trx
            .insertInto('deviceEvent')
            .values({
              deviceId: id,
              ts: e.ts,
              type: e.type,
              state: e.state,
              probeId: e.probe,
              receivedAt: batch.now,
            })
            .onConflict((oc) => oc.doNothing())
            .returning('id')
            .executeTakeFirst();
          eventInserted.push(row !== undefined);
        }
        let commandState: UnitResult['commandState'] = null;
        if (unit.commandAck) {
          const state = unit.commandAck.ok ? 'acked' : 'failed';
          const row = await trx
            .updateTable('deviceCommand')
            .set({ state, ackedAt: batch.now, result: unit.commandAck.result })
            .where('id', '=', unit.commandAck.commandId)
            .where('deviceId', '=', id)
            .where('state', 'in', ['pending', 'sent'])
            .returning('id')
            .executeTakeFirst();
          if (row) commandState = state;
        }
        results.push({ readingInserted, eventInserted, commandState });
        const configIds =
          batch.readingsPush.size > 0 ? batch.readingsPush.get(unit.device.accountId) : undefined;
        if (configIds) collectPushes(pushes, unit, readingInserted, configIds, batch.now);
      }
      if (pushes.eventIds.length > 0) {
        // Only while the configuration still pushes this account's readings (the cache may be behind).
        await sql`
          insert into data_push_delivery (config_id, platform_id, account_id, device_id, event_type,
            event_id, payload, state, attempts, created_at, updated_at)
          select c.id, c.platform_id, c.account_id, e.device_id, 'readings', e.event_id, e.payload,
            'pending', 0, ${batch.now}, ${batch.now}
          from unnest(${pushes.configIds}::int4[], ${pushes.accountIds}::int4[], ${pushes.deviceIds}::int4[],
            ${pushes.eventIds}::text[], ${pushes.payloads}::text[])
            as e(config_id, account_id, device_id, event_id, payload)
          join data_push_config c on c.id = e.config_id and c.account_id = e.account_id
            and c.enabled = 1 and c.push_types like '%readings%'
          on conflict (event_id) do nothing`.execute(trx);
      }
      if (batch.channels.length > 0) {
        await trx
          .insertInto('deviceChannel')
          .values(
            batch.channels.map((c) => ({
              deviceId: c.deviceId,
              channel: c.channel,
              kind: c.kind,
              probeId: c.probe,
              unit: c.unit,
              createdAt: batch.now,
            })),
          )
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
      for (const r of batch.rejects) {
        await trx
          .insertInto('ingestReject')
          .values({
            deviceId: r.deviceId,
            reason: r.reason,
            count: r.count,
            firstAt: batch.now,
            lastAt: batch.now,
            lastTopic: r.topic,
            lastDetail: r.detail,
          })
          .onConflict((oc) =>
            oc.columns(['deviceId', 'reason']).doUpdateSet({
              count: sql`ingest_reject.count + excluded.count`,
              lastAt: sql`excluded.last_at`,
              lastTopic: sql`excluded.last_topic`,
              lastDetail: sql`excluded.last_detail`,
            }),
          )
          .execute();
      }
      if (batch.deviceUpdates.length > 0) {
        // One statement for every device of the batch: a round trip each would stall the batch.
        const u = batch.deviceUpdates;
        await sql`
          update device set last_seen_at = u.seen,
            status = case when device.status = 'offline' then 'online' else device.status end,
            battery = coalesce(u.battery, device.battery), signal = coalesce(u.signal, device.signal),
            latitude = coalesce(u.lat, device.latitude), longitude = coalesce(u.lon, device.longitude)
          from unnest(${u.map((d) => d.deviceId)}::int4[], ${u.map((d) => d.lastSeenAt)}::text[],
            ${u.map((d) => d.battery)}::int4[], ${u.map((d) => d.signal)}::int4[],
            ${u.map((d) => d.latitude)}::float8[], ${u.map((d) => d.longitude)}::float8[])
            as u(id, seen, battery, signal, lat, lon)
          where device.id = u.id`.execute(trx);
      }
      return results;
    });
  }

  private async prepareMonths(batch: Batch): Promise<void> {
    const tss: number[] = [];
    for (const unit of batch.units) for (const r of unit.readings) tss.push(r.ts);
    for (const month of monthsOf(tss)) {
      if (this.months.has(month)) continue;
      // Whether or not it could be created, rows of this month now have a home (partition or default).
      await ensureMonthPartition(this.db, month);
      this.months.add(month);
    }
  }
}

function collectPushes(
  into: PushColumns,
  unit: WriteUnit,
  inserted: boolean[],
  configIds: readonly number[],
  now: string,
): void {
  const stored = unit.readings.filter((_, i) => inserted[i]);
  for (const e of readingsPushEvents(unit.device, stored, configIds, now)) {
    into.configIds.push(e.configId);
    into.accountIds.push(unit.device.accountId);
    into.deviceIds.push(unit.device.deviceId);
    into.eventIds.push(e.eventId);
    into.payloads.push(e.payload);
  }
}
