import { sql } from 'kysely';
import type { Db } from '../db/create-db.ts';
import { ensureMonthPartition, monthsOf, upcomingMonths } from './partitions.ts';
import { type Batch, readingKey, type TelemetryStore, type UnitResult } from './write-batch.ts';

/**
 * The PostgreSQL side of the writer: one transaction per batch; readings go in as four arrays
 * through unnest (one statement, four parameters, whatever the batch size), duplicates dropped by the
 * primary key, and RETURNING tells which rows were new. Month partitions are created before the
 * transaction when a batch brings a month not seen yet.
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
