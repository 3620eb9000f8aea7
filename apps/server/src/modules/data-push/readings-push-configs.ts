import type { Db } from '../../db/create-db.ts';
import { contains } from '../../db/sql-helpers.ts';
import type { ReadingsPushSource, ReadingsPushTargets } from '../../telemetry/write-batch.ts';

/** How often configurations changed on other nodes are read again, in ms. */
export const READINGS_PUSH_REFRESH_MS = 10_000;

/**
 * Which accounts push readings, and to which configurations, kept in memory: the telemetry writer asks
 * before every batch, so it must cost nothing when nobody pushes readings. A change made on this node
 * is seen by the next batch (`invalidate`); one made on another node after the next `refresh` (the
 * ingest timer, every READINGS_PUSH_REFRESH_MS). The ingest transaction checks each configuration
 * again when it queues, so one disabled or deleted elsewhere queues nothing even before that.
 */
export class ReadingsPushConfigs implements ReadingsPushSource {
  private targets: ReadingsPushTargets | null = null;
  /** Bumped by every local change; a read started before the change is not kept. */
  private generation = 0;
  private loading: { generation: number; promise: Promise<ReadingsPushTargets> } | null = null;

  constructor(private readonly db: Db) {}

  current(): ReadingsPushTargets | Promise<ReadingsPushTargets> {
    return this.targets ?? this.load();
  }

  /** Configurations changed on this node: the next batch waits for them to be read again. */
  invalidate(): void {
    this.generation += 1;
    this.targets = null;
  }

  /** Reads the configurations again, keeping the current ones meanwhile. */
  async refresh(): Promise<void> {
    await this.load();
  }

  private load(): Promise<ReadingsPushTargets> {
    const generation = this.generation;
    if (this.loading?.generation === generation) return this.loading.promise;
    const promise = this.read().then((targets) => {
      if (this.generation === generation) this.targets = targets;
      return targets;
    });
    const loading = { generation, promise };
    this.loading = loading;
    const settled = () => {
      if (this.loading === loading) this.loading = null;
    };
    promise.then(settled, settled);
    return promise;
  }

  private async read(): Promise<ReadingsPushTargets> {
    const rows = await this.db
      .selectFrom('dataPushConfig')
      .select(['id', 'accountId'])
      .where('enabled', '=', 1)
      .where(contains('pushTypes', 'readings'))
      .orderBy('id')
      .execute();
    const targets = new Map<number, number[]>();
    for (const row of rows) {
      const ids = targets.get(row.accountId);
      if (ids) ids.push(row.id);
      else targets.set(row.accountId, [row.id]);
    }
    return targets;
  }
}
