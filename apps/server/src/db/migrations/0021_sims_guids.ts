import type { Kysely } from 'kysely';
import { notNull, withId } from '../schema-helpers.ts';

/**
 * SIM cards and generated device GUIDs (002 §3-§5). Both belong to a platform; an ICCID is unique
 * within its platform, a GUID everywhere (devices are found by GUID on every platform).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('sim_card'))
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platform.id'))
    .addColumn('icc_id', 'varchar(30)', notNull)
    .addColumn('card_num', 'varchar(15)')
    .addColumn('operator', 'varchar(30)')
    .addColumn('source', 'varchar(50)')
    .addColumn('open_time', 'varchar(10)')
    .addColumn('active_time', 'varchar(10)')
    .addColumn('expired_time', 'varchar(10)')
    .addColumn('last_online', 'varchar(30)')
    .addColumn('use_state', 'varchar(20)', notNull)
    .addColumn('recharge_state', 'varchar(20)', notNull)
    .addColumn('balance', 'bigint')
    .addColumn('plan', 'varchar(50)')
    .addColumn('free_month', 'integer')
    .addColumn('description', 'varchar(100)')
    .addColumn('device_id', 'integer', (c) => c.references('device.id').unique())
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .addUniqueConstraint('sim_card_iccid', ['platform_id', 'icc_id'])
    .execute();

  await withId(db, db.schema.createTable('guid_batch'))
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platform.id'))
    .addColumn('order_code', 'varchar(20)', notNull)
    .addColumn('num', 'integer', notNull)
    .addColumn('device_type_id', 'integer', (c) => c.notNull().references('device_type.id'))
    .addColumn('device_tag', 'varchar(10)', notNull)
    .addColumn('domain_id', 'integer', (c) => c.notNull().references('platform.id'))
    .addColumn('export_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_exported_at', 'varchar(30)')
    .addColumn('creator_id', 'integer', (c) => c.references('account.id'))
    .addColumn('creator_name', 'varchar(50)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('guid_batch_platform')
    .on('guid_batch')
    .columns(['platform_id', 'id'])
    .execute();

  await withId(db, db.schema.createTable('device_guid'))
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platform.id'))
    .addColumn('batch_id', 'integer', (c) => c.notNull().references('guid_batch.id'))
    .addColumn('guid', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('used_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('device_id', 'integer', (c) => c.references('device.id'))
    .addColumn('used_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  await db.schema.createIndex('device_guid_batch').on('device_guid').columns(['batch_id', 'id']).execute();
  await db.schema
    .createIndex('device_guid_platform')
    .on('device_guid')
    .columns(['platform_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('device_guid').execute();
  await db.schema.dropTable('guid_batch').execute();
  await db.schema.dropTable('sim_card').execute();
}
