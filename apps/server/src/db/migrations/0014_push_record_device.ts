import type { Kysely } from 'kysely';

/**
 * The cloud-chain push record page lists the records of the devices a console user sees, newest
 * first: without this index each page would read the platform's whole push record table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('push_record_device').on('push_record').columns(['device_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('push_record_device').execute();
}
