import type SqliteDatabase from 'better-sqlite3';
import type { Db } from '../db/create-db.ts';
import { readingsPushEvents } from '../modules/data-push/data-push-source.ts';
import type { Batch, TelemetryStore, UnitResult, WriteUnit } from './write-batch.ts';

/**
 * The SQLite side of the writer: prepared statements on the app's own better-sqlite3 connection, one
 * transaction per batch. It runs under Kysely's connection lock (db.connection()), so it never
 * interleaves with another caller's open transaction on that connection, and it shares the
 * database's synchronous=FULL: a committed batch survives a power cut, not only a crash.
 */
export class SqliteTelemetryStore implements TelemetryStore {
  private readonly insertReading: SqliteDatabase.Statement<[number, number, number, number]>;
  private readonly insertChannel: SqliteDatabase.Statement<[number, number, string, number, string, string]>;
  private readonly insertEvent: SqliteDatabase.Statement<[number, number, string, string, number, string]>;
  private readonly upsertReject: SqliteDatabase.Statement<
    [number, string, number, string, string, string, string]
  >;
  private readonly updateDevice: SqliteDatabase.Statement<
    [string, number | null, number | null, number | null, number | null, number]
  >;
  private readonly ackCommand: SqliteDatabase.Statement<[string, string, string | null, number, number]>;
  private readonly queuePush: SqliteDatabase.Statement<
    [number, string, string, string, string, number, number]
  >;
  private readonly run: SqliteDatabase.Transaction<(batch: Batch) => UnitResult[]>;

  constructor(
    private readonly db: Db,
    sqlite: SqliteDatabase.Database,
  ) {
    this.insertReading = sqlite.prepare(
      'insert into reading (device_id, channel, ts, value) values (?, ?, ?, ?) on conflict do nothing',
    );
    this.insertChannel = sqlite.prepare(
      `insert into device_channel (device_id, channel, kind, probe_id, unit, created_at)
       values (?, ?, ?, ?, ?, ?) on conflict do nothing`,
    );
    this.insertEvent = sqlite.prepare(
      `insert into device_event (device_id, ts, type, state, probe_id, received_at)
       values (?, ?, ?, ?, ?, ?) on conflict do nothing`,
    );
    this.upsertReject = sqlite.prepare(
      `insert into ingest_reject (device_id, reason, count, first_at, last_at, last_topic, last_detail)
       values (?, ?, ?, ?, ?, ?, ?)
       on conflict (device_id, reason) do update set count = ingest_reject.count + excluded.count,
         last_at = excluded.last_at, last_topic = excluded.last_topic, last_detail = excluded.last_detail`,
    );
    this.updateDevice = sqlite.prepare(
      `update device set last_seen_at = ?,
         status = case when status = 'offline' then 'online' else status end,
         battery = coalesce(?, battery), signal = coalesce(?, signal),
         latitude = coalesce(?, latitude), longitude = coalesce(?, longitude)
       where id = ?`,
    );
    this.ackCommand = sqlite.prepare(
      `update device_command set state = ?, acked_at = ?, result = ?
       where id = ? and device_id = ? and state in ('pending', 'sent')`,
    );
    // Only while the configuration still pushes this account's readings (the cache may be behind).
    this.queuePush = sqlite.prepare(
      `insert into data_push_delivery (config_id, platform_id, account_id, device_id, event_type, event_id,
         payload, state, attempts, created_at, updated_at)
       select id, platform_id, account_id, ?, 'readings', ?, ?, 'pending', 0, ?, ? from data_push_config
       where id = ? and account_id = ? and enabled = 1 and push_types like '%readings%'
       on conflict (event_id) do nothing`,
    );
    this.run = sqlite.transaction((batch: Batch) => this.apply(batch));
  }

  async commit(batch: Batch): Promise<UnitResult[]> {
    // Immediate: the write lock is taken (or waited for) before the batch reads anything.
    return this.db.connection().execute(async () => this.run.immediate(batch));
  }

  async maintain(): Promise<void> {}

  private apply(batch: Batch): UnitResult[] {
    const results: UnitResult[] = [];
    for (const unit of batch.units) {
      const id = unit.device.deviceId;
      const readingInserted = unit.readings.map(
        (r) => this.insertReading.run(id, r.channel, r.ts, r.value).changes > 0,
      );
      const eventInserted = unit.events.map(
        (e) => this.insertEvent.run(id, e.ts, e.type, e.state, e.probe, batch.now).changes > 0,
      );
      let commandState: UnitResult['commandState'] = null;
      if (unit.commandAck) {
        const state = unit.commandAck.ok ? 'acked' : 'failed';
        const { changes } = this.ackCommand.run(
          state,
          batch.now,
          unit.commandAck.result,
          unit.commandAck.commandId,
          id,
        );
        if (changes > 0) commandState = state;
      }
      results.push({ readingInserted, eventInserted, commandState });
      const configIds =
        batch.readingsPush.size > 0 ? batch.readingsPush.get(unit.device.accountId) : undefined;
      if (configIds) this.queueReadingsPush(unit, readingInserted, configIds, batch.now);
    }
    for (const c of batch.channels) {
      this.insertChannel.run(c.deviceId, c.channel, c.kind, c.probe, c.unit, batch.now);
    }
    for (const r of batch.rejects) {
      this.upsertReject.run(r.deviceId, r.reason, r.count, batch.now, batch.now, r.topic, r.detail);
    }
    for (const d of batch.deviceUpdates) {
      this.updateDevice.run(d.lastSeenAt, d.battery, d.signal, d.latitude, d.longitude, d.deviceId);
    }
    return results;
  }

  private queueReadingsPush(
    unit: WriteUnit,
    inserted: boolean[],
    configIds: readonly number[],
    now: string,
  ): void {
    const stored = unit.readings.filter((_, i) => inserted[i]);
    const { deviceId, accountId } = unit.device;
    for (const e of readingsPushEvents(unit.device, stored, configIds, now))
      this.queuePush.run(deviceId, e.eventId, e.payload, now, now, e.configId, accountId);
  }
}
