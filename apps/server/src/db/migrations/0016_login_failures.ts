import type { Kysely } from 'kysely';
import { notNull, withId } from '../schema-helpers.ts';

/**
 * Login abuse: failed logins counted per source address, per attempted name and per (name, address)
 * pair, shared by every server node. A row of one address has an empty `login_name`, a row of one
 * name an empty `address`. The per-account counter and lock on `account` give way to these rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('login_failure'))
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platform.id'))
    .addColumn('login_name', 'varchar(254)', notNull)
    .addColumn('address', 'varchar(64)', notNull)
    .addColumn('failures', 'integer', notNull)
    .addColumn('last_failure_at', 'varchar(30)', notNull)
    .addColumn('alerted_at', 'varchar(30)')
    .addUniqueConstraint('login_failure_key', ['platform_id', 'login_name', 'address'])
    .execute();
  await db.schema.createIndex('login_failure_last').on('login_failure').column('last_failure_at').execute();
  await db.schema.alterTable('account').dropColumn('failed_login_count').execute();
  await db.schema.alterTable('account').dropColumn('locked_until').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('account')
    .addColumn('failed_login_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('account').addColumn('locked_until', 'varchar(30)').execute();
  await db.schema.dropTable('login_failure').execute();
}
