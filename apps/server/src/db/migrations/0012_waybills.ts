import { type Kysely, sql } from 'kysely';
import { notNull, withId } from '../schema-helpers.ts';

/**
 * Waybills, their share links, waybill and track templates, and geofences (002 §3, §4). Every row
 * belongs to a platform and an account; queries are scoped to both.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('geofence'))
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platform.id'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id'))
    .addColumn('name', 'varchar(20)', notNull)
    .addColumn('areas', 'text', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();
  await db.schema.createIndex('geofence_account').on('geofence').columns(['account_id', 'id']).execute();

  await withId(db, db.schema.createTable('track_template'))
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platform.id'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id'))
    .addColumn('name', 'varchar(10)', notNull)
    .addColumn('points', 'text', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('track_template_account')
    .on('track_template')
    .columns(['account_id', 'id'])
    .execute();

  await withId(db, db.schema.createTable('waybill_template'))
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platform.id'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id'))
    .addColumn('model_name', 'varchar(32)', notNull)
    .addColumn('content', 'text', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('waybill_template_account')
    .on('waybill_template')
    .columns(['account_id', 'id'])
    .execute();

  await withId(db, db.schema.createTable('waybill'))
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platform.id'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id'))
    .addColumn('waybill_pk', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('order_num', 'varchar(20)', notNull)
    .addColumn('goods_name', 'varchar(20)')
    .addColumn('express_number', 'varchar(100)')
    .addColumn('cooler_code', 'varchar(20)')
    .addColumn('device_id', 'integer', (c) => c.notNull().references('device.id'))
    .addColumn('record_interval', 'integer', notNull)
    .addColumn('upload_interval', 'integer', notNull)
    .addColumn('alarm_record_interval', 'integer')
    .addColumn('alarm_upload_interval', 'integer')
    .addColumn('time_zone', 'varchar(64)', notNull)
    .addColumn('upper_limit', 'double precision', notNull)
    .addColumn('lower_limit', 'double precision', notNull)
    .addColumn('warn_upper_limit', 'double precision')
    .addColumn('warn_lower_limit', 'double precision')
    .addColumn('humidity_upper_limit', 'double precision')
    .addColumn('humidity_lower_limit', 'double precision')
    .addColumn('start_trigger', 'varchar(10)', notNull)
    .addColumn('stop_trigger', 'varchar(10)', notNull)
    .addColumn('start_time', 'varchar(30)')
    .addColumn('end_time', 'varchar(30)')
    .addColumn('start_fence_id', 'integer', (c) => c.references('geofence.id'))
    .addColumn('start_fence_event', 'varchar(10)', notNull)
    .addColumn('stop_fence_id', 'integer', (c) => c.references('geofence.id'))
    .addColumn('stop_fence_event', 'varchar(10)', notNull)
    .addColumn('air_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('air_start_way', 'varchar(10)')
    .addColumn('air_start_time', 'varchar(30)')
    .addColumn('air_stop_time', 'varchar(30)')
    .addColumn('fence_model_id', 'integer', (c) => c.references('geofence.id'))
    .addColumn('device_power', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('delivery_man', 'varchar(20)')
    .addColumn('delivery_phone', 'varchar(20)')
    .addColumn('delivery_company', 'varchar(20)')
    .addColumn('delivery_address', 'varchar(100)')
    .addColumn('receiver_man', 'varchar(20)')
    .addColumn('receiver_phone', 'varchar(20)')
    .addColumn('receiver_company', 'varchar(20)')
    .addColumn('receiver_address', 'varchar(100)')
    .addColumn('contacts', 'text', notNull)
    .addColumn('start_delay', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expected_receive_time', 'varchar(30)')
    .addColumn('receive_alarm', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('receive_alarm_at', 'varchar(30)')
    .addColumn('track_template_id', 'integer', (c) => c.references('track_template.id'))
    .addColumn('waybill_state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('started_at', 'varchar(30)')
    .addColumn('stopped_at', 'varchar(30)')
    .addColumn('received_at', 'varchar(30)')
    .addColumn('started_by', 'varchar(10)')
    .addColumn('stopped_by', 'varchar(10)')
    .addColumn('received_by', 'varchar(10)')
    .addColumn('start_command_id', 'integer')
    .addColumn('fence_state', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();
  await db.schema.createIndex('waybill_account').on('waybill').columns(['account_id', 'id']).execute();
  await db.schema
    .createIndex('waybill_device')
    .on('waybill')
    .columns(['device_id', 'waybill_state'])
    .execute();
  await db.schema.createIndex('waybill_state').on('waybill').columns(['waybill_state']).execute();
  // One device carries one waybill that has not ended, also when two nodes insert at once.
  await db.schema
    .createIndex('waybill_open_device')
    .on('waybill')
    .column('device_id')
    .unique()
    .where(sql<boolean>`waybill_state < 2`)
    .execute();
  await db.schema.createIndex('waybill_order').on('waybill').columns(['platform_id', 'order_num']).execute();

  await withId(db, db.schema.createTable('waybill_share'))
    .addColumn('waybill_id', 'integer', (c) => c.notNull().references('waybill.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id'))
    .addColumn('expires_at', 'varchar(30)', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  await db.schema.createIndex('waybill_share_waybill').on('waybill_share').column('waybill_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('waybill_share').execute();
  await db.schema.dropTable('waybill').execute();
  await db.schema.dropTable('waybill_template').execute();
  await db.schema.dropTable('track_template').execute();
  await db.schema.dropTable('geofence').execute();
}
