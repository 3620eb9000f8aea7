import type { Kysely } from 'kysely';
import { notNull, withId } from '../schema-helpers.ts';

/**
 * User bills (invoice info, 001 §2.5), the invoice of each order and refunds of orders. Orders live in
 * pay_order (0018); their ids are kept here without a foreign key so the two areas migrate apart.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('pay_user_bill'))
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platform.id'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id'))
    .addColumn('invoice_type', 'integer', notNull)
    .addColumn('bill_mode', 'integer', notNull)
    .addColumn('bill_default_status', 'integer', notNull)
    .addColumn('company_name', 'varchar(50)')
    .addColumn('tax_number', 'varchar(20)')
    .addColumn('personal_name', 'varchar(30)')
    .addColumn('bank_deposit', 'varchar(50)')
    .addColumn('bill_user_name', 'varchar(30)', notNull)
    .addColumn('bill_mail', 'varchar(200)', notNull)
    .addColumn('bill_phone', 'varchar(20)', notNull)
    .addColumn('bill_address', 'varchar(200)')
    .addColumn('deleted_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();
  await db.schema.createIndex('pay_user_bill_account').on('pay_user_bill').column('account_id').execute();

  await withId(db, db.schema.createTable('pay_invoice'))
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platform.id'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id'))
    .addColumn('order_id', 'integer', (c) => c.notNull().unique())
    .addColumn('bill_id', 'integer', notNull)
    .addColumn('invoice_status', 'integer', notNull)
    .addColumn('amount', 'integer', notNull)
    .addColumn('currency', 'varchar(3)', notNull)
    .addColumn('invoice_type', 'integer', notNull)
    .addColumn('title', 'varchar(50)', notNull)
    .addColumn('tax_number', 'varchar(20)')
    .addColumn('bank_deposit', 'varchar(50)')
    .addColumn('bill_user_name', 'varchar(30)', notNull)
    .addColumn('bill_mail', 'varchar(200)', notNull)
    .addColumn('bill_phone', 'varchar(20)', notNull)
    .addColumn('bill_address', 'varchar(200)')
    .addColumn('provider', 'varchar(20)', notNull)
    .addColumn('invoice_no', 'varchar(50)')
    .addColumn('file_path', 'varchar(300)')
    .addColumn('applied_at', 'varchar(30)', notNull)
    .addColumn('issued_at', 'varchar(30)')
    .addColumn('mailed_at', 'varchar(30)')
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('pay_invoice_platform')
    .on('pay_invoice')
    .columns(['platform_id', 'invoice_status'])
    .execute();

  await withId(db, db.schema.createTable('pay_refund'))
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platform.id'))
    .addColumn('order_id', 'integer', notNull)
    .addColumn('refund_no', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('amount', 'integer', notNull)
    .addColumn('status', 'varchar(20)', notNull)
    .addColumn('provider_refund_id', 'varchar(100)')
    .addColumn('reason', 'varchar(100)')
    .addColumn('operator_id', 'integer', notNull)
    .addColumn('reversed_months', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reversed_bonus_months', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();
  await db.schema.createIndex('pay_refund_order').on('pay_refund').column('order_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('pay_refund').execute();
  await db.schema.dropTable('pay_invoice').execute();
  await db.schema.dropTable('pay_user_bill').execute();
}
