import type { Kysely } from 'kysely';
import { notNull, withId } from '../schema-helpers.ts';

/**
 * Payments (001 §3.2, §4; issue 12): orders and the devices they buy for, payment notices (each
 * verified notice once under its provider and transaction id; every refused one kept for the audit),
 * payment provider settings per platform with their keys encrypted, and devices' auto-renew agreements.
 * Money is integer cents.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('pay_order'))
    .addColumn('order_code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platform.id'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id'))
    .addColumn('kind', 'varchar(10)', notNull)
    .addColumn('pay_type', 'integer', notNull)
    .addColumn('pay_status', 'integer', notNull)
    .addColumn('order_fee', 'integer', notNull)
    .addColumn('pay_fee', 'integer', notNull)
    .addColumn('refunded_fee', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('currency', 'varchar(3)', notNull)
    .addColumn('level_id', 'integer')
    .addColumn('level_name', 'varchar(50)')
    .addColumn('level_year_id', 'integer')
    .addColumn('service_package_id', 'integer')
    .addColumn('months', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('presentation_month', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('data_only', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('activity_id', 'integer')
    .addColumn('sms_package_id', 'integer')
    .addColumn('voice_package_id', 'integer')
    .addColumn('sms_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('voice_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sms_fee', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('voice_fee', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('country_code', 'varchar(8)')
    .addColumn('sim_iccid', 'varchar(30)')
    .addColumn('credit_payload', 'text')
    .addColumn('bill_id', 'integer')
    .addColumn('apply_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('invoice_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('order_description', 'varchar(100)', notNull)
    .addColumn('provider', 'varchar(20)', notNull)
    .addColumn('pay_token', 'varchar(64)', notNull)
    .addColumn('request_hash', 'varchar(64)')
    .addColumn('transaction_id', 'varchar(100)')
    .addColumn('payment_platform_id', 'varchar(100)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .addColumn('paid_at', 'varchar(30)')
    .addColumn('refunded_at', 'varchar(30)')
    .addColumn('closed_at', 'varchar(30)')
    .addColumn('expires_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('pay_order_account_created')
    .on('pay_order')
    .columns(['account_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('pay_order_platform_created')
    .on('pay_order')
    .columns(['platform_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('pay_order_status_created')
    .on('pay_order')
    .columns(['pay_status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('pay_order_request')
    .on('pay_order')
    .columns(['account_id', 'request_hash'])
    .execute();

  await db.schema
    .createTable('pay_order_device')
    .addColumn('order_id', 'integer', (c) => c.notNull().references('pay_order.id'))
    .addColumn('device_id', 'integer', notNull)
    .addColumn('device_name', 'varchar(100)', notNull)
    .addColumn('device_guid', 'varchar(64)', notNull)
    .addColumn('unit_fee', 'integer', notNull)
    .addPrimaryKeyConstraint('pay_order_device_pk', ['order_id', 'device_id'])
    .execute();
  await db.schema.createIndex('pay_order_device_device').on('pay_order_device').column('device_id').execute();

  await withId(db, db.schema.createTable('payment_notice'))
    .addColumn('provider', 'varchar(20)', notNull)
    .addColumn('transaction_id', 'varchar(100)', notNull)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('pay_order.id'))
    .addColumn('amount', 'integer', notNull)
    .addColumn('currency', 'varchar(3)', notNull)
    .addColumn('source', 'varchar(10)', notNull)
    .addColumn('body', 'text', notNull)
    .addColumn('received_at', 'varchar(30)', notNull)
    .addUniqueConstraint('payment_notice_transaction', ['provider', 'transaction_id'])
    .execute();
  await db.schema.createIndex('payment_notice_order').on('payment_notice').column('order_id').execute();

  await withId(db, db.schema.createTable('payment_notice_rejection'))
    .addColumn('provider', 'varchar(20)', notNull)
    .addColumn('transaction_id', 'varchar(100)')
    .addColumn('order_code', 'varchar(32)')
    .addColumn('reason', 'varchar(30)', notNull)
    .addColumn('detail', 'varchar(500)')
    .addColumn('body', 'text', notNull)
    .addColumn('source_ip', 'varchar(64)')
    .addColumn('received_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('payment_notice_rejection_received')
    .on('payment_notice_rejection')
    .column('received_at')
    .execute();

  await withId(db, db.schema.createTable('payment_provider_config'))
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platform.id'))
    .addColumn('provider', 'varchar(20)', notNull)
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('settings', 'text', notNull)
    .addColumn('secret_cipher', 'text', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .addUniqueConstraint('payment_provider_config_key', ['platform_id', 'provider'])
    .execute();

  // The sandbox provider's own ledger: what its payers paid, as a real provider would know it.
  await withId(db, db.schema.createTable('sandbox_payment'))
    .addColumn('order_code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('transaction_id', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('amount', 'integer', notNull)
    .addColumn('currency', 'varchar(3)', notNull)
    .addColumn('refunded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('refund_nos', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();

  await db.schema
    .createTable('pay_device_agreement')
    .addColumn('device_id', 'integer', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', notNull)
    .addColumn('agreement_status', 'integer', notNull)
    .addColumn('level_id', 'integer')
    .addColumn('level_year_id', 'integer')
    .addColumn('next_execution_time', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('pay_device_agreement').execute();
  await db.schema.dropTable('sandbox_payment').execute();
  await db.schema.dropTable('payment_provider_config').execute();
  await db.schema.dropTable('payment_notice_rejection').execute();
  await db.schema.dropTable('payment_notice').execute();
  await db.schema.dropTable('pay_order_device').execute();
  await db.schema.dropTable('pay_order').execute();
}
