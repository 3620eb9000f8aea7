import type { Kysely } from 'kysely';
import { notNull, withId } from '../schema-helpers.ts';

const DOUBLE = 'double precision';

/** Columns the message centre and the alarm engine add to alarm_message (0005 created the badge's part). */
const ALARM_MESSAGE_COLUMNS: [string, string][] = [
  ['cause', 'varchar(10)'],
  ['level', 'integer'],
  ['probe_id', 'integer'],
  ['channel', 'integer'],
  ['channel_kind', 'varchar(20)'],
  ['value', DOUBLE],
  ['limit_value', DOUBLE],
  ['start_time', 'varchar(30)'],
  ['end_time', 'varchar(30)'],
  ['treatment', 'varchar(10)'],
  ['reason', 'varchar(20)'],
  ['result', 'varchar(50)'],
  ['handled_by_id', 'integer'],
  ['handled_by', 'varchar(50)'],
  ['handled_at', 'varchar(30)'],
  ['rule_id', 'integer'],
  ['fault_code', 'varchar(20)'],
  ['fault_meaning', 'varchar(200)'],
  ['repair_guidance', 'varchar(500)'],
  ['content', 'varchar(500)'],
  ['state_key', 'varchar(40)'],
  ['excursion_ts', 'bigint'],
  ['record_id', 'integer'],
  ['notified_level', 'integer'],
  ['updated_at', 'varchar(30)'],
];

/**
 * Alarms (issue 5): alarm and warning rules and message templates of the back office (002 §3), the
 * push configuration of each device (levels, recipients, offline timeout, reminders), the engine's
 * durable state per device and condition, and the message-centre columns of alarm_message.
 *
 * alarm_message rows are messages: an alarm record (one per excursion: gradedAlarm, alarm, warning,
 * gradedWarning) carries state_key and excursion_ts (the condition and the device time the excursion
 * began, unique together, so a replayed trace never writes a second record); a clearedAlarm message
 * points at its record through record_id. notified_level is the highest level whose notifications were
 * enqueued, so a replay only notifies what was not sent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, type] of ALARM_MESSAGE_COLUMNS) {
    await db.schema
      .alterTable('alarm_message')
      .addColumn(name, type as 'integer')
      .execute();
  }
  await db.schema
    .createIndex('alarm_message_excursion')
    .on('alarm_message')
    .columns(['device_id', 'state_key', 'excursion_ts'])
    .unique()
    .execute();
  await db.schema
    .createIndex('alarm_message_account_created')
    .on('alarm_message')
    .columns(['account_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('alarm_message_device_created')
    .on('alarm_message')
    .columns(['device_id', 'created_at'])
    .execute();

  for (const table of ['alarm_rule', 'warn_rule'] as const) {
    let builder = withId(db, db.schema.createTable(table))
      .addColumn('rule_name', 'varchar(100)', notNull)
      .addColumn('content', 'varchar(200)')
      .addColumn('channel_kind', 'varchar(20)', notNull)
      .addColumn('device_type_id', 'integer')
      .addColumn('comparator', 'varchar(2)', notNull)
      .addColumn('value', DOUBLE, notNull)
      .addColumn('target_type', 'varchar(10)', notNull)
      .addColumn('target_param', 'varchar(20)')
      .addColumn('active_default', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'varchar(30)', notNull)
      .addColumn('updated_at', 'varchar(30)', notNull);
    builder =
      table === 'alarm_rule'
        ? builder
            .addColumn('alarm_level', 'integer', notNull)
            .addColumn('alarm_template_id', 'integer')
            .addColumn('fault_code', 'varchar(20)')
            .addColumn('fault_meaning', 'varchar(200)')
            .addColumn('repair_guidance', 'varchar(500)')
        : builder.addColumn('warn_level', 'integer', notNull).addColumn('warn_template_id', 'integer');
    await builder.execute();
  }

  await withId(db, db.schema.createTable('message_template'))
    .addColumn('msg_name', 'varchar(20)', notNull)
    .addColumn('type', 'varchar(10)', notNull)
    .addColumn('subtype', 'varchar(20)')
    .addColumn('locale_code', 'varchar(10)', notNull)
    .addColumn('system_content', 'varchar(1000)', notNull)
    .addColumn('email_subject', 'varchar(100)')
    .addColumn('email_content', 'varchar(1000)')
    .addColumn('sms_content', 'varchar(1000)')
    .addColumn('wechat_content', 'varchar(1000)')
    .addColumn('voice_content', 'varchar(1000)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('message_template_type')
    .on('message_template')
    .columns(['type', 'locale_code'])
    .execute();

  await db.schema
    .createTable('device_push_config')
    .addColumn('device_id', 'integer', (c) => c.primaryKey().references('device.id').onDelete('cascade'))
    .addColumn('alarm_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('levels', 'varchar(500)', notNull)
    .addColumn('recipients', 'text', notNull)
    .addColumn('offline_timeout_minutes', 'integer')
    .addColumn('repeat_interval_minutes', 'integer')
    .addColumn('warning_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();

  await db.schema
    .createTable('alarm_state')
    .addColumn('device_id', 'integer', (c) => c.notNull().references('device.id').onDelete('cascade'))
    .addColumn('state_key', 'varchar(40)', notNull)
    .addColumn('last_ts', 'bigint')
    .addColumn('since_ts', 'bigint')
    .addColumn('cause', 'varchar(10)')
    .addColumn('level', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('peak', DOUBLE)
    .addColumn('limit_value', DOUBLE)
    .addColumn('message_id', 'integer')
    .addColumn('reminders_sent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_reminder_at', 'varchar(30)')
    .addColumn('updated_at', 'varchar(30)', notNull)
    .addPrimaryKeyConstraint('alarm_state_pk', ['device_id', 'state_key'])
    .execute();
  // The reminder timer looks for due reminders every second.
  await db.schema
    .createIndex('alarm_state_next_reminder')
    .on('alarm_state')
    .column('next_reminder_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('alarm_state_next_reminder').execute();
  await db.schema.dropTable('alarm_state').execute();
  await db.schema.dropTable('device_push_config').execute();
  await db.schema.dropTable('message_template').execute();
  await db.schema.dropTable('warn_rule').execute();
  await db.schema.dropTable('alarm_rule').execute();
  await db.schema.dropIndex('alarm_message_device_created').execute();
  await db.schema.dropIndex('alarm_message_account_created').execute();
  await db.schema.dropIndex('alarm_message_excursion').execute();
  for (const [name] of [...ALARM_MESSAGE_COLUMNS].reverse()) {
    await db.schema.alterTable('alarm_message').dropColumn(name).execute();
  }
}
