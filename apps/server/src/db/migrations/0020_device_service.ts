import type { Kysely } from 'kysely';
import { notNull, withId } from '../schema-helpers.ts';

/**
 * The device service lifecycle and premium membership: one trial claim per device (kept, the back
 * office lists them as experience data), and the premium plans an account may buy.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('device_trial_claim'))
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platform.id'))
    .addColumn('device_id', 'integer', (c) => c.notNull().references('device.id'))
    .addColumn('device_guid', 'varchar(20)', notNull)
    .addColumn('owner_account_id', 'integer', (c) => c.notNull().references('account.id'))
    .addColumn('claimed_by', 'integer', (c) => c.notNull().references('account.id'))
    .addColumn('months', 'integer', notNull)
    .addColumn('service_before', 'varchar(30)', notNull)
    .addColumn('service_after', 'varchar(30)', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .addUniqueConstraint('device_trial_claim_device', ['device_id'])
    .execute();
  await db.schema
    .createIndex('device_trial_claim_platform')
    .on('device_trial_claim')
    .columns(['platform_id', 'created_at'])
    .execute();

  await withId(db, db.schema.createTable('premium_plan'))
    .addColumn('platform_id', 'integer', (c) => c.references('platform.id'))
    .addColumn('plan_name', 'varchar(20)', notNull)
    .addColumn('months', 'integer', notNull)
    .addColumn('fee', 'integer', notNull)
    .addColumn('original_fee', 'integer', notNull)
    .addColumn('currency', 'varchar(3)', notNull)
    .addColumn('recommend', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort_no', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('premium_plan').execute();
  await db.schema.dropTable('device_trial_claim').execute();
}
