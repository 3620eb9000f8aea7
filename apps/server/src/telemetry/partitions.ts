import { type Kysely, sql } from 'kysely';

/**
 * PostgreSQL only: `reading` is range-partitioned by device time (ms) into one partition per UTC
 * month, `reading_pYYYYMM`, with `reading_default` as a safety net for anything no month partition
 * covers. Months are created ahead of need (the current and the next two, checked every few hours)
 * and on demand when a backfill brings an older month; a month whose rows already sit in the default
 * partition stays there (PostgreSQL refuses to carve it out), which costs speed, never data.
 */

/** First millisecond of the UTC month holding ts. */
export function monthStart(ts: number): number {
  const d = new Date(ts);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

export function nextMonthStart(ts: number): number {
  const d = new Date(monthStart(ts));
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

export function partitionName(ts: number): string {
  const d = new Date(ts);
  return `reading_p${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The month starts of ts values (deduplicated). */
export function monthsOf(tss: Iterable<number>): number[] {
  const months = new Set<number>();
  for (const ts of tss) months.add(monthStart(ts));
  return [...months];
}

/** DDL creating the month partition holding ts unless it exists. */
export function monthPartitionDdl(ts: number) {
  const from = monthStart(ts);
  const to = nextMonthStart(ts);
  return sql`create table if not exists ${sql.id(partitionName(ts))} partition of reading for values from (${sql.lit(from)}) to (${sql.lit(to)})`;
}

/** Creates the month partition holding ts unless it exists; false when it cannot (rows in default). */
export async function ensureMonthPartition<T>(db: Kysely<T>, ts: number): Promise<boolean> {
  const from = monthStart(ts);
  try {
    await db.transaction().execute(async (trx) => {
      // Two nodes may create the same month at once; take turns (key: 'read' + month).
      await sql`select pg_advisory_xact_lock(${0x72656164}::int, ${Math.floor(from / 86_400_000)}::int)`.execute(
        trx,
      );
      await monthPartitionDdl(ts).execute(trx);
    });
    return true;
  } catch {
    return false;
  }
}

/** Month starts of the current UTC month and the `ahead` months after it. */
export function upcomingMonths(now: number, ahead = 2): number[] {
  const months = [monthStart(now)];
  for (let i = 0; i < ahead; i += 1) months.push(nextMonthStart(months[months.length - 1] ?? now));
  return months;
}
