import type { Kysely } from 'kysely';
import { notNull, withId } from '../schema-helpers.ts';

/**
 * Notification delivery (issue 5): the outbox the alarm engine writes in its own transaction, the
 * push records the back office lists, data push (webhook) configurations and their queued requests,
 * and the sandbox carrier's channel and idempotency key on sms_message.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('notification_outbox'))
    .addColumn('platform_id', 'integer', notNull)
    .addColumn('account_id', 'integer', notNull)
    .addColumn('device_id', 'integer', notNull)
    .addColumn('alarm_message_id', 'integer', notNull)
    .addColumn('level', 'integer')
    .addColumn('kind', 'varchar(10)', notNull)
    .addColumn('channel', 'varchar(10)', notNull)
    .addColumn('recipient_name', 'varchar(100)', notNull)
    .addColumn('phone', 'varchar(30)')
    .addColumn('email', 'varchar(254)')
    .addColumn('subject', 'varchar(200)', notNull)
    .addColumn('body', 'text', notNull)
    .addColumn('dedupe_key', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('state', 'varchar(10)', notNull)
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'varchar(30)')
    .addColumn('lease_until', 'varchar(30)')
    .addColumn('claim_token', 'varchar(40)')
    .addColumn('charged', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('provider', 'varchar(20)')
    .addColumn('last_error', 'varchar(500)')
    .addColumn('sent_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('notification_outbox_due')
    .on('notification_outbox')
    .columns(['state', 'next_attempt_at'])
    .execute();

  await withId(db, db.schema.createTable('push_record'))
    .addColumn('platform_id', 'integer', notNull)
    .addColumn('account_id', 'integer')
    .addColumn('device_id', 'integer')
    .addColumn('channel', 'varchar(10)', notNull)
    .addColumn('target', 'varchar(500)', notNull)
    .addColumn('recipient_name', 'varchar(100)')
    .addColumn('subject', 'varchar(200)')
    .addColumn('content', 'text', notNull)
    .addColumn('status', 'varchar(10)', notNull)
    .addColumn('provider', 'varchar(20)', notNull)
    .addColumn('outbox_id', 'integer')
    .addColumn('data_push_config_id', 'integer')
    .addColumn('attempt', 'integer', notNull)
    .addColumn('http_status', 'integer')
    .addColumn('error', 'varchar(500)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('push_record_platform_created')
    .on('push_record')
    .columns(['platform_id', 'created_at'])
    .execute();

  await withId(db, db.schema.createTable('data_push_config'))
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platform.id'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id'))
    .addColumn('config_name', 'varchar(50)', notNull)
    .addColumn('push_url', 'varchar(500)', notNull)
    .addColumn('secret', 'varchar(100)', notNull)
    .addColumn('push_types', 'varchar(50)', notNull)
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('allow_private', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('remark', 'varchar(120)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('data_push_config_account')
    .on('data_push_config')
    .columns(['account_id', 'enabled'])
    .execute();

  await withId(db, db.schema.createTable('data_push_delivery'))
    .addColumn('config_id', 'integer', (c) =>
      c.notNull().references('data_push_config.id').onDelete('cascade'),
    )
    .addColumn('platform_id', 'integer', notNull)
    .addColumn('account_id', 'integer', notNull)
    .addColumn('device_id', 'integer')
    .addColumn('event_type', 'varchar(10)', notNull)
    .addColumn('event_id', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('payload', 'text', notNull)
    .addColumn('state', 'varchar(10)', notNull)
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'varchar(30)')
    .addColumn('lease_until', 'varchar(30)')
    .addColumn('claim_token', 'varchar(40)')
    .addColumn('last_error', 'varchar(500)')
    .addColumn('sent_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('data_push_delivery_due')
    .on('data_push_delivery')
    .columns(['state', 'next_attempt_at'])
    .execute();

  await db.schema
    .alterTable('sms_message')
    .addColumn('channel', 'varchar(10)', (c) => c.notNull().defaultTo('sms'))
    .execute();
  await db.schema.alterTable('sms_message').addColumn('idempotency_key', 'varchar(200)').execute();
  await db.schema
    .createIndex('sms_message_idempotency')
    .on('sms_message')
    .column('idempotency_key')
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sms_message_idempotency').execute();
  await db.schema.alterTable('sms_message').dropColumn('idempotency_key').execute();
  await db.schema.alterTable('sms_message').dropColumn('channel').execute();
  await db.schema.dropTable('data_push_delivery').execute();
  await db.schema.dropTable('data_push_config').execute();
  await db.schema.dropTable('push_record').execute();
  await db.schema.dropTable('notification_outbox').execute();
}
