import type { GeofenceArea, GeofencePageRequest } from '@coldchain/shared';
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import { contains, countAll } from '../../db/sql-helpers.ts';
import type { GeofenceTable } from '../../db/tables/waybill.ts';

export type GeofenceRow = Selectable<GeofenceTable>;

/** Who owns a geofence: every query is scoped to the account on its platform. */
export interface Owner {
  accountId: number;
  platformId: number;
}

export const parseAreas = (row: Pick<GeofenceRow, 'areas'>): GeofenceArea[] =>
  JSON.parse(row.areas) as GeofenceArea[];

/** Geofences (002 §3): the only place with their queries. */
export class GeofencesRepo {
  constructor(private readonly db: Db) {}

  private owned(owner: Owner) {
    return this.db
      .selectFrom('geofence')
      .where('accountId', '=', owner.accountId)
      .where('platformId', '=', owner.platformId);
  }

  byId(owner: Owner, id: number): Promise<GeofenceRow | undefined> {
    return this.owned(owner).selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Fences by id whoever owns them (the tracker reads the fences of waybills it follows). */
  byIds(ids: readonly number[]): Promise<GeofenceRow[]> {
    if (!ids.length) return Promise.resolve([]);
    return this.db.selectFrom('geofence').selectAll().where('id', 'in', ids).execute();
  }

  async page(owner: Owner, q: GeofencePageRequest) {
    let query = this.owned(owner);
    if (q.name) query = query.where(contains('name', q.name));
    const direction = q.sortOrder === 'ascend' ? 'asc' : 'desc';
    const [count, rows] = await Promise.all([
      query.select(countAll().as('n')).executeTakeFirstOrThrow(),
      query
        .selectAll()
        .orderBy(q.sortField ?? 'id', direction)
        .orderBy('id', direction)
        .limit(q.pageSize)
        .offset((q.start - 1) * q.pageSize)
        .execute(),
    ]);
    return { rows, totalCount: Number(count.n) };
  }

  /** Waybills not yet ended that use each fence (start, stop or air-mode fence). */
  async usage(ids: readonly number[]): Promise<Map<number, number>> {
    const usage = new Map<number, number>();
    if (!ids.length) return usage;
    const rows = await this.db
      .selectFrom('waybill')
      .select(['startFenceId', 'stopFenceId', 'fenceModelId'])
      .where('waybillState', '<', 2)
      .where((eb) =>
        eb.or([eb('startFenceId', 'in', ids), eb('stopFenceId', 'in', ids), eb('fenceModelId', 'in', ids)]),
      )
      .execute();
    for (const row of rows) {
      for (const id of new Set([row.startFenceId, row.stopFenceId, row.fenceModelId])) {
        if (id !== null && ids.includes(id)) usage.set(id, (usage.get(id) ?? 0) + 1);
      }
    }
    return usage;
  }

  insert(row: Insertable<GeofenceTable>): Promise<GeofenceRow> {
    return this.db.insertInto('geofence').values(row).returningAll().executeTakeFirstOrThrow();
  }

  async update(owner: Owner, id: number, changes: { name: string; areas: string; updatedAt: string }) {
    await this.db
      .updateTable('geofence')
      .set(changes)
      .where('id', '=', id)
      .where('accountId', '=', owner.accountId)
      .where('platformId', '=', owner.platformId)
      .execute();
    return this.byId(owner, id);
  }

  /**
   * Deletes the caller's fences; waybills that ended keep their history and lose the reference (the
   * service refuses fences that waybills not yet ended still use).
   */
  delete(owner: Owner, ids: readonly number[]): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      for (const column of ['startFenceId', 'stopFenceId', 'fenceModelId'] as const) {
        await trx
          .updateTable('waybill')
          .set({ [column]: null })
          .where(column, 'in', ids)
          .execute();
      }
      const result = await trx
        .deleteFrom('geofence')
        .where('id', 'in', ids)
        .where('accountId', '=', owner.accountId)
        .where('platformId', '=', owner.platformId)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    });
  }
}
