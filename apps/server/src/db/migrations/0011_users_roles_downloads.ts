import type { Kysely } from 'kysely';
import { notNull, withId } from '../schema-helpers.ts';

/**
 * Users and roles (002 §3, §6) and the download centre (002 §4): sub-users of an enterprise account,
 * user-defined roles owned by an enterprise account, and the files the download centre generates.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('account')
    .addColumn('parent_account_id', 'integer', (c) => c.references('account.id'))
    .execute();
  await db.schema.createIndex('account_parent').on('account').column('parent_account_id').execute();
  await db.schema.createIndex('account_role').on('account').column('role_code').execute();

  await db.schema
    .alterTable('role')
    .addColumn('owner_account_id', 'integer', (c) => c.references('account.id'))
    .execute();
  await db.schema.createIndex('role_owner').on('role').column('owner_account_id').execute();

  await withId(db, db.schema.createTable('download_file'))
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platform.id'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id'))
    .addColumn('kind', 'varchar(20)', notNull)
    .addColumn('file_name', 'varchar(120)', notNull)
    .addColumn('condition', 'text', notNull)
    .addColumn('state', 'varchar(20)', notNull)
    .addColumn('progress', 'integer', notNull)
    .addColumn('row_count', 'integer')
    .addColumn('size_bytes', 'integer')
    .addColumn('storage_name', 'varchar(80)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('finished_at', 'varchar(30)')
    .execute();
  await db.schema
    .createIndex('download_file_account')
    .on('download_file')
    .columns(['account_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('download_file').execute();
  await db.schema.dropIndex('role_owner').execute();
  await db.schema.alterTable('role').dropColumn('owner_account_id').execute();
  await db.schema.dropIndex('account_role').execute();
  await db.schema.dropIndex('account_parent').execute();
  await db.schema.alterTable('account').dropColumn('parent_account_id').execute();
}
