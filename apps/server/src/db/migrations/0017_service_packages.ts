import type { Kysely } from 'kysely';
import { notNull, withId } from '../schema-helpers.ts';

/**
 * The service catalogue of 001 §3.1: service items, packages with levels and year rows, the items of
 * each level, which package each device type buys, and SMS and voice packages per country code. Every
 * row belongs to a platform (white-label operators sell their own packages). Money is integer cents.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('pay_service_item'))
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platform.id'))
    .addColumn('item_code', 'varchar(32)', notNull)
    .addColumn('item_name', 'varchar(20)', notNull)
    .addColumn('item_supplement', 'varchar(100)')
    .addColumn('item_label', 'varchar(20)')
    .addColumn('sort_no', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .addUniqueConstraint('pay_service_item_code', ['platform_id', 'item_code'])
    .execute();

  await withId(db, db.schema.createTable('pay_service_package'))
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platform.id'))
    .addColumn('package_name', 'varchar(20)', notNull)
    .addColumn('package_code', 'varchar(8)', notNull)
    .addColumn('package_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enable_time', 'varchar(30)')
    .addColumn('icon', 'varchar(100)')
    .addColumn('currency', 'varchar(3)', (c) => c.notNull().defaultTo('CNY'))
    .addColumn('sort_no', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('free_level_id', 'integer')
    .addColumn('free_months', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('free_sms_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('free_voice_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .addUniqueConstraint('pay_service_package_code', ['platform_id', 'package_code'])
    .execute();

  await withId(db, db.schema.createTable('pay_service_level'))
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platform.id'))
    .addColumn('package_id', 'integer', (c) => c.notNull().references('pay_service_package.id'))
    .addColumn('level_name', 'varchar(20)', notNull)
    .addColumn('level_describe', 'varchar(200)')
    .addColumn('free', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort_no', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('activity_discount', 'integer', (c) => c.notNull().defaultTo(100))
    .addColumn('activity_start_time', 'varchar(30)')
    .addColumn('activity_end_time', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('pay_service_level_package')
    .on('pay_service_level')
    .columns(['package_id', 'sort_no'])
    .execute();

  await withId(db, db.schema.createTable('pay_service_level_year'))
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platform.id'))
    .addColumn('package_id', 'integer', (c) => c.notNull().references('pay_service_package.id'))
    .addColumn('level_id', 'integer', (c) => c.notNull().references('pay_service_level.id'))
    .addColumn('time_length', 'integer', notNull)
    .addColumn('service_fee', 'integer', notNull)
    .addColumn('data_fee', 'integer', notNull)
    .addColumn('discount', 'integer', (c) => c.notNull().defaultTo(100))
    .addColumn('top_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('presentation_month', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort_no', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('pay_service_level_year_level')
    .on('pay_service_level_year')
    .columns(['level_id', 'sort_no'])
    .execute();

  await db.schema
    .createTable('pay_service_level_item')
    .addColumn('level_id', 'integer', (c) => c.notNull().references('pay_service_level.id'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('pay_service_item.id'))
    .addPrimaryKeyConstraint('pay_service_level_item_pk', ['level_id', 'item_id'])
    .execute();

  await withId(db, db.schema.createTable('pay_device_type_service'))
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platform.id'))
    .addColumn('device_type_id', 'integer', (c) => c.notNull().references('device_type.id'))
    .addColumn('package_id', 'integer', (c) => c.notNull().references('pay_service_package.id'))
    .addColumn('created_at', 'varchar(30)', notNull)
    .addUniqueConstraint('pay_device_type_service_type', ['platform_id', 'device_type_id'])
    .execute();
  await db.schema
    .createIndex('pay_device_type_service_package')
    .on('pay_device_type_service')
    .column('package_id')
    .execute();

  await withId(db, db.schema.createTable('pay_sms_package'))
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platform.id'))
    .addColumn('kind', 'varchar(5)', notNull)
    .addColumn('country_code', 'varchar(8)', notNull)
    .addColumn('currency', 'varchar(3)', notNull)
    .addColumn('package_name', 'varchar(20)', notNull)
    .addColumn('count', 'integer', notNull)
    .addColumn('package_fee', 'integer', notNull)
    .addColumn('initial_fee', 'integer', notNull)
    .addColumn('sort_no', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('pay_sms_package_country')
    .on('pay_sms_package')
    .columns(['platform_id', 'country_code', 'kind', 'sort_no'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'pay_sms_package',
    'pay_device_type_service',
    'pay_service_level_item',
    'pay_service_level_year',
    'pay_service_level',
    'pay_service_package',
    'pay_service_item',
  ])
    await db.schema.dropTable(table).execute();
}
