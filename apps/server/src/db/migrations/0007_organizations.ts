import type { Kysely } from 'kysely';
import { notNull, withId } from '../schema-helpers.ts';

/**
 * Organizations and their members (002 §3, §6): the tables device visibility reads, so sharing,
 * permission templates and the organization pages can build on them. A device may belong to an
 * organization; its members then see it with their role and template.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('organization'))
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platform.id'))
    .addColumn('name', 'varchar(50)', notNull)
    .addColumn('parent_id', 'integer', (c) => c.references('organization.id'))
    .addColumn('creator_account_id', 'integer', (c) => c.notNull().references('account.id'))
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();
  await db.schema.createIndex('organization_parent').on('organization').column('parent_id').execute();

  await db.schema
    .createTable('organization_member')
    .addColumn('organization_id', 'integer', (c) =>
      c.notNull().references('organization.id').onDelete('cascade'),
    )
    .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id'))
    .addColumn('role_id', 'integer', (c) => c.references('role.id'))
    .addColumn('permission_model_id', 'integer')
    .addColumn('created_at', 'varchar(30)', notNull)
    .addPrimaryKeyConstraint('organization_member_pk', ['organization_id', 'account_id'])
    .execute();
  await db.schema
    .createIndex('organization_member_account')
    .on('organization_member')
    .column('account_id')
    .execute();

  await db.schema
    .alterTable('device')
    .addColumn('organization_id', 'integer', (c) => c.references('organization.id'))
    .execute();
  await db.schema.createIndex('device_organization').on('device').column('organization_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('device_organization').execute();
  await db.schema.alterTable('device').dropColumn('organization_id').execute();
  await db.schema.dropTable('organization_member').execute();
  await db.schema.dropTable('organization').execute();
}
