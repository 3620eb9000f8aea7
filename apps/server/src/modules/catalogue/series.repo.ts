import type { SeriesPageRequest } from '@coldchain/shared';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { DeviceSeriesTable } from '../../db/database.ts';
import { contains, countAll } from '../../db/sql-helpers.ts';

export type SeriesRow = Selectable<DeviceSeriesTable>;

export class SeriesRepo {
  constructor(private readonly db: Db) {}

  byId(id: number): Promise<SeriesRow | undefined> {
    return this.db.selectFrom('deviceSeries').selectAll().where('id', '=', id).executeTakeFirst();
  }

  byName(seriesName: string): Promise<SeriesRow | undefined> {
    return this.db
      .selectFrom('deviceSeries')
      .selectAll()
      .where('seriesName', '=', seriesName)
      .executeTakeFirst();
  }

  insert(row: Insertable<DeviceSeriesTable>): Promise<SeriesRow> {
    return this.db.insertInto('deviceSeries').values(row).returningAll().executeTakeFirstOrThrow();
  }

  update(id: number, changes: Updateable<DeviceSeriesTable>): Promise<SeriesRow | undefined> {
    return this.db
      .updateTable('deviceSeries')
      .set(changes)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  /** Deletes a series; the types in it keep existing without one. */
  async delete(id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('deviceType').set({ typeSeries: null }).where('typeSeries', '=', id).execute();
      await trx.deleteFrom('deviceSeries').where('id', '=', id).execute();
    });
  }

  async page(q: SeriesPageRequest): Promise<{ rows: SeriesRow[]; totalCount: number }> {
    let query = this.db.selectFrom('deviceSeries');
    if (q.seriesName) query = query.where(contains('seriesName', q.seriesName));
    const total = await query.select(countAll().as('n')).executeTakeFirstOrThrow();
    const sortable = { seriesName: 'seriesName', id: 'id', createdAt: 'id' } as const;
    const column = sortable[(q.sortField ?? 'id') as keyof typeof sortable] ?? 'id';
    const rows = await query
      .selectAll()
      .orderBy(column, q.sortOrder === 'descend' ? 'desc' : 'asc')
      .limit(q.pageSize)
      .offset((q.start - 1) * q.pageSize)
      .execute();
    return { rows, totalCount: Number(total.n) };
  }
}
