import { sql } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { TelemetryEvents } from '../../telemetry/telemetry-events.ts';

const FLUSH_MS = 10_000;

/** The minute of a time, as stored in ingest_minute: `2026-11-25T14:03Z`. */
export function minuteOf(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16)}Z`;
}

/**
 * Readings committed per platform and minute, for the operators' overview. Each node counts what it
 * committed and adds it to `ingest_minute` every few seconds, so the figure covers every node.
 */
export class ReadingsCounter {
  private counts = new Map<string, { platformId: number; minute: string; readings: number }>();
  private timer: NodeJS.Timeout | null = null;
  private readonly listener = (batch: { platformId: number; receivedAt: number; readings: unknown[] }) => {
    const minute = minuteOf(batch.receivedAt);
    const key = `${batch.platformId}|${minute}`;
    const current = this.counts.get(key);
    if (current) current.readings += batch.readings.length;
    else this.counts.set(key, { platformId: batch.platformId, minute, readings: batch.readings.length });
  };

  constructor(
    private readonly db: Db,
    private readonly events: TelemetryEvents,
  ) {}

  start(): void {
    this.events.on('readings', this.listener);
    this.timer = setInterval(() => void this.flush().catch(() => {}), FLUSH_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.events.off('readings', this.listener);
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  /** Adds what was counted since the last flush. */
  async flush(): Promise<void> {
    const rows = [...this.counts.values()].filter((r) => r.readings > 0);
    this.counts = new Map();
    for (const row of rows)
      await this.db
        .insertInto('ingestMinute')
        .values(row)
        .onConflict((oc) =>
          oc
            .columns(['platformId', 'minute'])
            .doUpdateSet({ readings: sql`ingest_minute.readings + ${row.readings}` }),
        )
        .execute();
  }
}
