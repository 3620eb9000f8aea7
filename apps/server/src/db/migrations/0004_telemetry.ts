import { type Kysely, sql } from 'kysely';
import { monthPartitionDdl, upcomingMonths } from '../../telemetry/partitions.ts';
import { isPostgres } from '../create-db.ts';
import { notNull, withId } from '../schema-helpers.ts';

/**
 * Telemetry storage (ingest issue).
 *
 * `reading` holds one row per device, channel and device timestamp, the unique key that drops
 * duplicates (MQTT QoS 1 redelivers; devices resend after an outage):
 *   device_id  device.id (no foreign key: it would cost a lookup per row at tens of thousands a second;
 *              devices are only ever soft-deleted)
 *   channel    kindCode * 100 + probe, fixed encoding of packages/shared/src/device-protocol.ts:
 *              1 temperature °C, 2 humidity %RH, 3 voltage V, 4 battery %, 5 signal dBm, 6 latitude,
 *              7 longitude, 8 co2 ppm, 9 pressure hPa, 10 light lx, 11 current A, 12 energy kWh,
 *              13 power W; probe 1-99, 0 for device-level kinds (battery 400, signal 500, position
 *              600/700). Probe 1 temperature is 101, probe 2 humidity 202.
 *   ts         device time, ms since 1970-01-01 UTC (bigint on PostgreSQL: pg returns it as a string)
 *   value      the value as the device sent it (corrections apply when reading)
 * SQLite: WITHOUT ROWID, so the row lives in the primary-key b-tree (about 26 bytes per reading).
 * PostgreSQL: range-partitioned by ts, one partition per UTC month (telemetry/partitions.ts) plus a
 * default partition.
 *
 * `device_channel` lists the channels a device has reported (kind, probe, unit), so charts and the
 * live view know them without scanning readings. `device_event` keeps door, power and other events,
 * unique per device, device time, type and probe. `ingest_reject` counts refused payloads per device
 * and reason for operators (GET /api/mqtt-broker/transport/service/rejects). An index on
 * device_command (state, id) lets the command dispatcher find due commands of every device.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`create table reading (
      device_id integer not null,
      channel integer not null,
      ts bigint not null,
      value double precision not null,
      primary key (device_id, channel, ts)
    ) partition by range (ts)`.execute(db);
    await sql`create table reading_default partition of reading default`.execute(db);
    for (const month of upcomingMonths(Date.now())) await monthPartitionDdl(month).execute(db);
  } else {
    await sql`create table reading (
      device_id integer not null,
      channel integer not null,
      ts integer not null,
      value real not null,
      primary key (device_id, channel, ts)
    ) without rowid`.execute(db);
  }

  await db.schema
    .createTable('device_channel')
    .addColumn('device_id', 'integer', (c) => c.notNull().references('device.id').onDelete('cascade'))
    .addColumn('channel', 'integer', notNull)
    .addColumn('kind', 'varchar(20)', notNull)
    .addColumn('probe_id', 'integer', notNull)
    .addColumn('unit', 'varchar(10)', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .addPrimaryKeyConstraint('device_channel_pk', ['device_id', 'channel'])
    .execute();

  await withId(db, db.schema.createTable('device_event'))
    .addColumn('device_id', 'integer', (c) => c.notNull().references('device.id').onDelete('cascade'))
    .addColumn('ts', 'bigint', notNull)
    .addColumn('type', 'varchar(20)', notNull)
    .addColumn('state', 'varchar(20)', notNull)
    .addColumn('probe_id', 'integer', notNull)
    .addColumn('received_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('device_event_key')
    .on('device_event')
    .columns(['device_id', 'ts', 'type', 'probe_id'])
    .unique()
    .execute();

  await db.schema
    .createTable('ingest_reject')
    .addColumn('device_id', 'integer', (c) => c.notNull().references('device.id').onDelete('cascade'))
    .addColumn('reason', 'varchar(20)', notNull)
    .addColumn('count', 'integer', notNull)
    .addColumn('first_at', 'varchar(30)', notNull)
    .addColumn('last_at', 'varchar(30)', notNull)
    .addColumn('last_topic', 'varchar(100)', notNull)
    .addColumn('last_detail', 'varchar(200)', notNull)
    .addPrimaryKeyConstraint('ingest_reject_pk', ['device_id', 'reason'])
    .execute();
  await db.schema.createIndex('ingest_reject_last').on('ingest_reject').column('last_at').execute();
  // The command dispatcher looks for pending and unacknowledged commands of every device.
  await db.schema.createIndex('device_command_state').on('device_command').columns(['state', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('device_command_state').execute();
  await db.schema.dropTable('ingest_reject').execute();
  await db.schema.dropTable('device_event').execute();
  await db.schema.dropTable('device_channel').execute();
  await db.schema.dropTable('reading').execute();
}
