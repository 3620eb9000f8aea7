import type { Kysely } from 'kysely';
import { notNull, withId } from '../schema-helpers.ts';

/**
 * External identities (WeChat, QQ, Facebook) linked to accounts, for third-party login; and the
 * indexes that let expired verification codes and captchas be purged without a table scan.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('account_identity'))
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platform.id'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id'))
    .addColumn('provider', 'varchar(20)', notNull)
    .addColumn('subject', 'varchar(128)', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  // One external identity signs in to at most one account of a platform.
  await db.schema
    .createIndex('account_identity_subject')
    .on('account_identity')
    .columns(['platform_id', 'provider', 'subject'])
    .unique()
    .execute();
  await db.schema
    .createIndex('account_identity_account')
    .on('account_identity')
    .column('account_id')
    .execute();
  await db.schema
    .createIndex('verification_code_created')
    .on('verification_code')
    .column('created_at')
    .execute();
  await db.schema.createIndex('captcha_expires').on('captcha').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('captcha_expires').execute();
  await db.schema.dropIndex('verification_code_created').execute();
  await db.schema.dropTable('account_identity').execute();
}
