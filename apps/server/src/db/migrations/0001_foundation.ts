import type { Kysely } from 'kysely';
import { notNull, withId } from '../schema-helpers.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('platform'))
    .addColumn('top_domain', 'varchar(253)', (c) => c.notNull().unique())
    .addColumn('view_domain', 'varchar(100)')
    .addColumn('title', 'varchar(100)', notNull)
    .addColumn('enable_https', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('login_htm', 'varchar(100)')
    .addColumn('theme_color', 'varchar(7)', notNull)
    .addColumn('style_model', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('enable_register', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('use_logo', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('browser_logo', 'varchar(500)')
    .addColumn('index_logo', 'varchar(500)')
    .addColumn('login_logo', 'varchar(500)')
    .addColumn('back_ground_logo', 'varchar(500)')
    .addColumn('record_company', 'varchar(100)')
    .addColumn('record_number', 'varchar(100)')
    .addColumn('record_connection', 'varchar(200)')
    .addColumn('police_filing', 'varchar(100)')
    .addColumn('police_connection', 'varchar(200)')
    .addColumn('description', 'varchar(50)')
    .addColumn('custom_made', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('default_camp', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('password_policy', 'varchar(20)', notNull)
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();

  await withId(db, db.schema.createTable('account'))
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platform.id'))
    .addColumn('user_name', 'varchar(50)', notNull)
    .addColumn('password_hash', 'varchar(200)', notNull)
    .addColumn('phone', 'varchar(20)')
    .addColumn('email', 'varchar(254)')
    .addColumn('country_code', 'varchar(5)')
    .addColumn('real_name', 'varchar(20)')
    .addColumn('company_name', 'varchar(50)')
    .addColumn('account_type', 'integer', notNull)
    .addColumn('role_code', 'varchar(40)', notNull)
    .addColumn('foreign_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('account_photo', 'varchar(500)')
    .addColumn('time_zone', 'varchar(64)', notNull)
    .addColumn('temperature_unit', 'varchar(1)', notNull)
    .addColumn('contractor_company', 'varchar(20)')
    .addColumn('contractor_contact', 'varchar(20)')
    .addColumn('premium_expires_at', 'varchar(30)')
    .addColumn('failed_login_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'varchar(30)')
    .addColumn('deleted_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();
  // Identities are never reused (Part 11 §11.300): a user name stays taken on its platform even when deleted.
  await db.schema
    .createIndex('account_platform_user_name')
    .on('account')
    .columns(['platform_id', 'user_name'])
    .unique()
    .execute();
  await db.schema
    .createIndex('account_platform_phone')
    .on('account')
    .columns(['platform_id', 'phone'])
    .execute();
  await db.schema
    .createIndex('account_platform_email')
    .on('account')
    .columns(['platform_id', 'email'])
    .execute();

  await db.schema
    .createTable('user_profile')
    .addColumn('account_id', 'integer', (c) => c.primaryKey().references('account.id'))
    .addColumn('identity', 'varchar(32)')
    .addColumn('industry', 'varchar(32)')
    .addColumn('alarm_tone_status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('home_page', 'varchar(100)')
    .addColumn('wallet_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enable_protect', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enable_fda', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();

  await withId(db, db.schema.createTable('session'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id'))
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('expires_at', 'varchar(30)', notNull)
    .addColumn('last_seen_at', 'varchar(30)', notNull)
    .addColumn('revoked_at', 'varchar(30)')
    .addColumn('revoked_reason', 'varchar(20)')
    .addColumn('source_ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(300)')
    .execute();
  await db.schema.createIndex('session_account').on('session').column('account_id').execute();

  await withId(db, db.schema.createTable('role'))
    .addColumn('code', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('role_name', 'varchar(20)', notNull)
    .addColumn('role_type', 'varchar(10)', notNull)
    .addColumn('description', 'varchar(20)')
    .addColumn('platform_id', 'integer', (c) => c.references('platform.id'))
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createTable('role_permission')
    .addColumn('role_id', 'integer', (c) => c.notNull().references('role.id').onDelete('cascade'))
    .addColumn('permission_key', 'varchar(80)', notNull)
    .addPrimaryKeyConstraint('role_permission_pk', ['role_id', 'permission_key'])
    .execute();

  await withId(db, db.schema.createTable('verification_code'))
    .addColumn('channel', 'varchar(5)', notNull)
    .addColumn('target', 'varchar(254)', notNull)
    .addColumn('purpose', 'varchar(10)', notNull)
    .addColumn('code_hash', 'varchar(64)', notNull)
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'varchar(30)', notNull)
    .addColumn('used_at', 'varchar(30)')
    .addColumn('source_ip', 'varchar(64)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('verification_code_target')
    .on('verification_code')
    .columns(['target', 'created_at'])
    .execute();

  await db.schema
    .createTable('captcha')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('answer', 'varchar(10)', notNull)
    .addColumn('expires_at', 'varchar(30)', notNull)
    .addColumn('used_at', 'varchar(30)')
    .execute();

  await withId(db, db.schema.createTable('operation_log'))
    .addColumn('seq', 'integer', (c) => c.notNull().unique())
    .addColumn('platform_id', 'integer')
    .addColumn('account_id', 'integer')
    .addColumn('account_name', 'varchar(50)')
    .addColumn('action', 'varchar(100)', notNull)
    .addColumn('entity_type', 'varchar(50)', notNull)
    .addColumn('entity_id', 'varchar(64)')
    .addColumn('old_value', 'text')
    .addColumn('new_value', 'text')
    .addColumn('source_ip', 'varchar(64)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('prev_hash', 'varchar(64)', notNull)
    .addColumn('hash', 'varchar(64)', notNull)
    .execute();
  await db.schema
    .createIndex('operation_log_account')
    .on('operation_log')
    .columns(['account_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('audit_head')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('seq', 'integer', notNull)
    .addColumn('hash', 'varchar(64)', notNull)
    .execute();

  await withId(db, db.schema.createTable('sms_message'))
    .addColumn('provider', 'varchar(20)', notNull)
    .addColumn('phone', 'varchar(20)', notNull)
    .addColumn('content', 'varchar(500)', notNull)
    .addColumn('status', 'varchar(10)', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'sms_message',
    'audit_head',
    'operation_log',
    'captcha',
    'verification_code',
    'role_permission',
    'role',
    'session',
    'user_profile',
    'account',
    'platform',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
