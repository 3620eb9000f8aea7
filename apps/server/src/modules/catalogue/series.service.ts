import type { SeriesInsert, SeriesPageRequest, SeriesUpdate } from '@coldchain/shared';
import type { Clock } from '../../clock.ts';
import { AppError } from '../../errors.ts';
import type { SeriesRepo, SeriesRow } from './series.repo.ts';

/** Device series (002 §3): a name grouping device types. */
export class SeriesService {
  constructor(
    private readonly repo: SeriesRepo,
    private readonly clock: Clock,
  ) {}

  async get(id: number): Promise<SeriesRow> {
    const row = await this.repo.byId(id);
    if (!row) throw new AppError('notFound', { entity: 'entities.series' });
    return row;
  }

  page(q: SeriesPageRequest) {
    return this.repo.page(q);
  }

  insert(input: SeriesInsert): Promise<SeriesRow> {
    const now = this.clock.now().toISOString();
    return this.repo.insert({ seriesName: input.seriesName, createdAt: now, updatedAt: now });
  }

  async update(input: SeriesUpdate): Promise<{ before: SeriesRow; after: SeriesRow }> {
    const before = await this.get(input.id);
    const after = await this.repo.update(input.id, {
      seriesName: input.seriesName,
      updatedAt: this.clock.now().toISOString(),
    });
    if (!after) throw new AppError('notFound', { entity: 'entities.series' });
    return { before, after };
  }

  async delete(id: number): Promise<SeriesRow> {
    const row = await this.get(id);
    await this.repo.delete(id);
    return row;
  }
}
