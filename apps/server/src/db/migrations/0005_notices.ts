import type { Kysely } from 'kysely';
import { notNull, withId } from '../schema-helpers.ts';

/**
 * Notices shown in the console's notice modal, with the accounts that asked not to see one again
 * (000 §2.11), and the alarm messages the header badge counts (000 §4 alarm polling). The alarm
 * engine issue fills alarm_message; its columns are the ones the badge and the message centre read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('notice'))
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platform.id'))
    .addColumn('notice_content', 'varchar(2000)', notNull)
    .addColumn('notice_camp', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('notice_platform', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('notice_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('notice_platform_active')
    .on('notice')
    .columns(['platform_id', 'active'])
    .execute();

  await db.schema
    .createTable('notice_dismissal')
    .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id'))
    .addColumn('notice_id', 'integer', (c) => c.notNull().references('notice.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(30)', notNull)
    .addPrimaryKeyConstraint('notice_dismissal_pk', ['account_id', 'notice_id'])
    .execute();

  await withId(db, db.schema.createTable('alarm_message'))
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platform.id'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id'))
    .addColumn('device_id', 'integer')
    .addColumn('message_type', 'varchar(40)', notNull)
    .addColumn('state', 'varchar(10)', (c) => c.notNull().defaultTo('untreated'))
    .addColumn('new_flag', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('alarm_message_account_state')
    .on('alarm_message')
    .columns(['account_id', 'state', 'new_flag'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('alarm_message').execute();
  await db.schema.dropTable('notice_dismissal').execute();
  await db.schema.dropTable('notice').execute();
}
