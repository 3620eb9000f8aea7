import type { Kysely } from 'kysely';

/**
 * The device's quickSearch flag (002 §3): 1 when its owner lets anyone who knows the device ID see
 * its recent data and curve without logging in (quick.query, pcQuick.query, mobileQuick.query).
 * Off by default: a device's data is private until its owner opens it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('device')
    .addColumn('quick_search', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('device').dropColumn('quick_search').execute();
}
