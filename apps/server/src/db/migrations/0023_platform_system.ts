import type { Kysely } from 'kysely';
import { notNull, withId } from '../schema-helpers.ts';

/**
 * Operator back office (issue 14): device connections counted by the MQTT transport (one row per
 * device, plus a log of connects, disconnects and refused logins), readings per platform and minute,
 * pattern images, and contractor certificates.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('device_connection')
    .addColumn('device_id', 'integer', (c) => c.primaryKey().references('device.id').onDelete('cascade'))
    .addColumn('platform_id', 'integer', notNull)
    .addColumn('connected', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('connects', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('disconnects', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_connect_at', 'varchar(30)')
    .addColumn('last_disconnect_at', 'varchar(30)')
    .addColumn('last_disconnect_reason', 'varchar(30)')
    .addColumn('last_address', 'varchar(64)')
    .execute();
  await db.schema
    .createIndex('device_connection_platform')
    .on('device_connection')
    .column('platform_id')
    .execute();

  await withId(db, db.schema.createTable('device_connection_event'))
    .addColumn('device_id', 'integer')
    /** Null for a GUID no platform knows: only the default platform's operators see those. */
    .addColumn('platform_id', 'integer')
    .addColumn('device_guid', 'varchar(20)', notNull)
    .addColumn('kind', 'varchar(20)', notNull)
    .addColumn('reason', 'varchar(30)')
    .addColumn('address', 'varchar(64)')
    .addColumn('at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('device_connection_event_platform_at')
    .on('device_connection_event')
    .columns(['platform_id', 'at'])
    .execute();
  await db.schema
    .createIndex('device_connection_event_at')
    .on('device_connection_event')
    .column('at')
    .execute();

  await db.schema
    .createTable('ingest_minute')
    .addColumn('platform_id', 'integer', notNull)
    /** The minute, ISO text truncated to minutes: 2026-11-25T14:03Z */
    .addColumn('minute', 'varchar(20)', notNull)
    .addColumn('readings', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('ingest_minute_pk', ['platform_id', 'minute'])
    .execute();

  await withId(db, db.schema.createTable('pattern_image'))
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platform.id'))
    .addColumn('name', 'varchar(50)', notNull)
    .addColumn('storage_name', 'varchar(64)', notNull)
    .addColumn('size_bytes', 'integer', notNull)
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  await db.schema.createIndex('pattern_image_platform').on('pattern_image').column('platform_id').execute();

  await db.schema
    .createTable('contractor_certificate')
    .addColumn('account_id', 'integer', (c) => c.primaryKey().references('account.id'))
    .addColumn('platform_id', 'integer', notNull)
    .addColumn('status', 'varchar(12)', notNull)
    .addColumn('company', 'varchar(20)')
    .addColumn('contact', 'varchar(20)')
    .addColumn('note', 'varchar(100)')
    .addColumn('decided_by', 'integer')
    .addColumn('decided_at', 'varchar(30)', notNull)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'contractor_certificate',
    'pattern_image',
    'ingest_minute',
    'device_connection_event',
    'device_connection',
  ])
    await db.schema.dropTable(table).execute();
}
