import type { Kysely } from 'kysely';
import { notNull, withId } from '../schema-helpers.ts';

/**
 * Permission templates, device sharing (direct and by link) and device transfer (002 §3, §4, §9).
 * Visibility reads device_share by recipient on every request, hence the (account_id, state) index;
 * owners list their shares by owner, and a device's shares go when it changes hands.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('permission_model'))
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platform.id'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id'))
    .addColumn('name', 'varchar(10)', notNull)
    .addColumn('device_type_id', 'integer', (c) => c.references('device_type.id'))
    .addColumn('items', 'text', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('permission_model_account')
    .on('permission_model')
    .column('account_id')
    .execute();

  await withId(db, db.schema.createTable('device_share_link'))
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platform.id'))
    .addColumn('owner_account_id', 'integer', (c) => c.notNull().references('account.id'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('device_ids', 'text', notNull)
    .addColumn('permission_model_id', 'integer', (c) => c.references('permission_model.id'))
    .addColumn('validity', 'varchar(10)', notNull)
    .addColumn('expires_at', 'varchar(30)', notNull)
    .addColumn('revoked_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('device_share_link_owner')
    .on('device_share_link')
    .column('owner_account_id')
    .execute();

  await withId(db, db.schema.createTable('device_share'))
    .addColumn('device_id', 'integer', (c) => c.notNull().references('device.id'))
    .addColumn('owner_account_id', 'integer', (c) => c.notNull().references('account.id'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id'))
    .addColumn('permission_model_id', 'integer', (c) => c.references('permission_model.id'))
    .addColumn('state', 'varchar(10)', notNull)
    .addColumn('expires_at', 'varchar(30)')
    .addColumn('link_id', 'integer', (c) => c.references('device_share_link.id'))
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('responded_at', 'varchar(30)')
    .execute();
  await db.schema
    .createIndex('device_share_account_state')
    .on('device_share')
    .columns(['account_id', 'state', 'device_id'])
    .execute();
  await db.schema
    .createIndex('device_share_owner')
    .on('device_share')
    .columns(['owner_account_id', 'state'])
    .execute();
  await db.schema.createIndex('device_share_device').on('device_share').column('device_id').execute();

  await withId(db, db.schema.createTable('device_transfer'))
    .addColumn('device_id', 'integer', (c) => c.notNull().references('device.id'))
    .addColumn('from_account_id', 'integer', (c) => c.notNull().references('account.id'))
    .addColumn('to_account_id', 'integer', (c) => c.notNull().references('account.id'))
    .addColumn('state', 'varchar(10)', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('responded_at', 'varchar(30)')
    .execute();
  await db.schema
    .createIndex('device_transfer_to_state')
    .on('device_transfer')
    .columns(['to_account_id', 'state'])
    .execute();
  await db.schema
    .createIndex('device_transfer_from_state')
    .on('device_transfer')
    .columns(['from_account_id', 'state'])
    .execute();
  await db.schema.createIndex('device_transfer_device').on('device_transfer').column('device_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('device_transfer').execute();
  await db.schema.dropTable('device_share').execute();
  await db.schema.dropTable('device_share_link').execute();
  await db.schema.dropTable('permission_model').execute();
}
