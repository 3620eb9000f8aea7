import type { Kysely } from 'kysely';
import { notNull, withId } from '../schema-helpers.ts';

/**
 * Firmware versions per device type, online upgrade records per device, and app releases per
 * platform (002 §3, §4, §7).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('device_software_version'))
    .addColumn('device_type_id', 'integer', (c) => c.notNull().references('device_type.id'))
    .addColumn('value', 'varchar(30)', notNull)
    .addColumn('label', 'varchar(50)', notNull)
    .addColumn('description', 'varchar(500)')
    .addColumn('file_name', 'varchar(200)', notNull)
    .addColumn('file_key', 'varchar(32)', notNull)
    .addColumn('file_size', 'integer', notNull)
    .addColumn('sha256', 'varchar(64)', notNull)
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .addUniqueConstraint('device_software_version_value', ['device_type_id', 'value'])
    .execute();

  await withId(db, db.schema.createTable('device_upgrade_record'))
    .addColumn('batch_id', 'varchar(16)', notNull)
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platform.id'))
    .addColumn('version_id', 'integer', (c) => c.notNull().references('device_software_version.id'))
    .addColumn('device_id', 'integer', (c) => c.notNull().references('device.id'))
    .addColumn('from_version', 'varchar(50)')
    .addColumn('state', 'varchar(20)', notNull)
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failure', 'varchar(20)')
    .addColumn('detail', 'varchar(200)')
    .addColumn('command_id', 'integer')
    .addColumn('operator_id', 'integer')
    .addColumn('operator_name', 'varchar(50)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .addColumn('last_report_at', 'varchar(30)')
    .addColumn('finished_at', 'varchar(30)')
    .execute();
  await db.schema
    .createIndex('device_upgrade_record_device')
    .on('device_upgrade_record')
    .columns(['device_id', 'state'])
    .execute();
  await db.schema
    .createIndex('device_upgrade_record_state')
    .on('device_upgrade_record')
    .columns(['state', 'last_report_at'])
    .execute();
  await db.schema
    .createIndex('device_upgrade_record_platform')
    .on('device_upgrade_record')
    .columns(['platform_id', 'id'])
    .execute();

  await withId(db, db.schema.createTable('app_version'))
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platform.id'))
    .addColumn('app_type', 'varchar(10)', notNull)
    .addColumn('version', 'varchar(30)', notNull)
    .addColumn('release_notes', 'varchar(2000)', notNull)
    .addColumn('forced', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('store_url', 'varchar(500)')
    .addColumn('file_name', 'varchar(200)')
    .addColumn('file_key', 'varchar(32)')
    .addColumn('file_size', 'integer')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .addUniqueConstraint('app_version_key', ['platform_id', 'app_type', 'version'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('app_version').execute();
  await db.schema.dropTable('device_upgrade_record').execute();
  await db.schema.dropTable('device_software_version').execute();
}
