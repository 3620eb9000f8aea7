import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../create-db.ts';
import { notNull, withId } from '../schema-helpers.ts';

/**
 * Sharing with people who have no account yet (002 §4: unregistered sharers are invited to register)
 * and the name a sharer gives the person it shares with (002 §5, 2-20 characters). A share to a
 * phone or e-mail without an account has no `account_id` until someone who registered with that
 * contact answers it. SQLite cannot drop a NOT NULL, so there the table is rebuilt, in one transaction
 * (Kysely runs SQLite migrations outside one).
 */
const COLUMNS = [
  'id',
  'device_id',
  'owner_account_id',
  'account_id',
  'permission_model_id',
  'state',
  'expires_at',
  'link_id',
  'created_at',
  'responded_at',
] as const;

async function rebuildShareTable(db: Kysely<unknown>, withContacts: boolean): Promise<void> {
  let table = withId(db, db.schema.createTable('device_share_next'))
    .addColumn('device_id', 'integer', (c) => c.notNull().references('device.id'))
    .addColumn('owner_account_id', 'integer', (c) => c.notNull().references('account.id'))
    .addColumn('account_id', 'integer', (c) =>
      withContacts ? c.references('account.id') : c.notNull().references('account.id'),
    )
    .addColumn('permission_model_id', 'integer', (c) => c.references('permission_model.id'))
    .addColumn('state', 'varchar(10)', notNull)
    .addColumn('expires_at', 'varchar(30)')
    .addColumn('link_id', 'integer', (c) => c.references('device_share_link.id'))
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('responded_at', 'varchar(30)');
  if (withContacts)
    table = table
      .addColumn('contact_channel', 'varchar(10)')
      .addColumn('contact', 'varchar(254)')
      .addColumn('sharer_name', 'varchar(20)');
  await table.execute();
  const columns = sql.join(COLUMNS.map((c) => sql.ref(c)));
  const kept = withContacts ? sql`` : sql` where ${sql.ref('account_id')} is not null`;
  await sql`insert into ${sql.table('device_share_next')} (${columns}) select ${columns} from ${sql.table('device_share')}${kept}`.execute(
    db,
  );
  await db.schema.dropTable('device_share').execute();
  await db.schema.alterTable('device_share_next').renameTo('device_share').execute();
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
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await db.schema
      .alterTable('device_share')
      .alterColumn('account_id', (c) => c.dropNotNull())
      .execute();
    await db.schema.alterTable('device_share').addColumn('contact_channel', 'varchar(10)').execute();
    await db.schema.alterTable('device_share').addColumn('contact', 'varchar(254)').execute();
    await db.schema.alterTable('device_share').addColumn('sharer_name', 'varchar(20)').execute();
  } else {
    await db.transaction().execute((trx) => rebuildShareTable(trx, true));
  }
  // Someone who registers lists the shares waiting for its phone or e-mail.
  await db.schema
    .createIndex('device_share_contact')
    .on('device_share')
    .columns(['contact', 'state'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('device_share_contact').execute();
  if (isPostgres(db)) {
    await sql`delete from ${sql.table('device_share')} where ${sql.ref('account_id')} is null`.execute(db);
    await db.schema.alterTable('device_share').dropColumn('sharer_name').execute();
    await db.schema.alterTable('device_share').dropColumn('contact').execute();
    await db.schema.alterTable('device_share').dropColumn('contact_channel').execute();
    await db.schema
      .alterTable('device_share')
      .alterColumn('account_id', (c) => c.setNotNull())
      .execute();
  } else {
    await db.transaction().execute((trx) => rebuildShareTable(trx, false));
  }
}
