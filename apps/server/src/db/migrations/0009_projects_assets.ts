import type { Kysely } from 'kysely';
import { notNull, withId } from '../schema-helpers.ts';

/**
 * Invitations to organizations, projects and assets (002 §3-§7). An invitation waits for the
 * invitee's acceptance before a member row exists; an unregistered invitee is found by the phone or
 * e-mail invited once registered. A device belongs to at most one project and at most one asset.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('organization_invitation'))
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platform.id'))
    .addColumn('organization_id', 'integer', (c) =>
      c.notNull().references('organization.id').onDelete('cascade'),
    )
    .addColumn('inviter_account_id', 'integer', (c) => c.notNull().references('account.id'))
    .addColumn('channel', 'varchar(10)', notNull)
    .addColumn('contact', 'varchar(254)')
    .addColumn('invitee_account_id', 'integer', (c) => c.references('account.id'))
    .addColumn('role_id', 'integer', (c) => c.references('role.id'))
    .addColumn('permission_model_id', 'integer')
    .addColumn('state', 'varchar(12)', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('responded_at', 'varchar(30)')
    .execute();
  await db.schema
    .createIndex('organization_invitation_org')
    .on('organization_invitation')
    .columns(['organization_id', 'state'])
    .execute();
  await db.schema
    .createIndex('organization_invitation_invitee')
    .on('organization_invitation')
    .column('invitee_account_id')
    .execute();
  await db.schema
    .createIndex('organization_invitation_contact')
    .on('organization_invitation')
    .columns(['platform_id', 'contact'])
    .execute();

  await withId(db, db.schema.createTable('project'))
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platform.id'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id'))
    .addColumn('project_name', 'varchar(20)', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();
  await db.schema.createIndex('project_account').on('project').column('account_id').execute();
  await db.schema
    .alterTable('device')
    .addColumn('project_id', 'integer', (c) => c.references('project.id'))
    .execute();
  await db.schema.createIndex('device_project').on('device').column('project_id').execute();

  await withId(db, db.schema.createTable('asset'))
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platform.id'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id'))
    .addColumn('organization_id', 'integer', (c) => c.references('organization.id'))
    .addColumn('comb_name', 'varchar(100)', notNull)
    .addColumn('comb_type_name', 'varchar(50)')
    .addColumn('comb_num', 'varchar(50)')
    .addColumn('brand', 'varchar(50)')
    .addColumn('model', 'varchar(50)')
    .addColumn('volume', 'varchar(50)')
    .addColumn('description', 'varchar(200)')
    .addColumn('custom_keys', 'text', notNull)
    .addColumn('custom_values', 'text', notNull)
    .addColumn('comb_state', 'integer', notNull)
    .addColumn('image', 'varchar(200)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();
  await db.schema.createIndex('asset_account').on('asset').column('account_id').execute();
  await db.schema.createIndex('asset_organization').on('asset').column('organization_id').execute();

  await db.schema
    .createTable('asset_device')
    .addColumn('asset_id', 'integer', (c) => c.notNull().references('asset.id').onDelete('cascade'))
    .addColumn('device_id', 'integer', (c) => c.notNull().references('device.id'))
    .addColumn('created_at', 'varchar(30)', notNull)
    .addPrimaryKeyConstraint('asset_device_pk', ['asset_id', 'device_id'])
    .execute();
  await db.schema
    .createIndex('asset_device_device')
    .on('asset_device')
    .column('device_id')
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('asset_device').execute();
  await db.schema.dropTable('asset').execute();
  await db.schema.dropIndex('device_project').execute();
  await db.schema.alterTable('device').dropColumn('project_id').execute();
  await db.schema.dropTable('project').execute();
  await db.schema.dropTable('organization_invitation').execute();
}
