import type { ParamPageRequest } from '@coldchain/shared';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { DeviceTypeParamTable } from '../../db/database.ts';
import { contains, countAll } from '../../db/sql-helpers.ts';

export type ParamRow = Selectable<DeviceTypeParamTable>;

export class DeviceParamsRepo {
  constructor(private readonly db: Db) {}

  byId(id: number): Promise<ParamRow | undefined> {
    return this.db.selectFrom('deviceTypeParam').selectAll().where('id', '=', id).executeTakeFirst();
  }

  byIds(ids: readonly number[]): Promise<ParamRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('deviceTypeParam').selectAll().where('id', 'in', ids).execute();
  }

  byType(deviceTypeId: number): Promise<ParamRow[]> {
    return this.db
      .selectFrom('deviceTypeParam')
      .selectAll()
      .where('deviceTypeId', '=', deviceTypeId)
      .orderBy('paramSortNo')
      .orderBy('id')
      .execute();
  }

  byKey(deviceTypeId: number, paramKey: string): Promise<ParamRow | undefined> {
    return this.db
      .selectFrom('deviceTypeParam')
      .selectAll()
      .where('deviceTypeId', '=', deviceTypeId)
      .where('paramKey', '=', paramKey)
      .executeTakeFirst();
  }

  inGroup(combineGroup: number): Promise<ParamRow[]> {
    return this.db
      .selectFrom('deviceTypeParam')
      .selectAll()
      .where('combineGroup', '=', combineGroup)
      .orderBy('id')
      .execute();
  }

  insert(row: Insertable<DeviceTypeParamTable>): Promise<ParamRow> {
    return this.db.insertInto('deviceTypeParam').values(row).returningAll().executeTakeFirstOrThrow();
  }

  update(id: number, changes: Updateable<DeviceTypeParamTable>): Promise<ParamRow | undefined> {
    return this.db
      .updateTable('deviceTypeParam')
      .set(changes)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Deletes a parameter: references to it from other parameters and from its type's energy setting
   * are cleared, and a combination left with one member is dissolved.
   */
  async delete(row: ParamRow, now: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const clear = async (column: 'refParamId' | 'paramMinRefId' | 'paramMaxRefId') => {
        await trx
          .updateTable('deviceTypeParam')
          .set({ [column]: null, updatedAt: now })
          .where(column, '=', row.id)
          .execute();
      };
      await clear('refParamId');
      await clear('paramMinRefId');
      await clear('paramMaxRefId');
      await trx
        .updateTable('deviceType')
        .set({ energyParamId: null })
        .where('energyParamId', '=', row.id)
        .execute();
      await trx.deleteFrom('deviceTypeParam').where('id', '=', row.id).execute();
      if (row.combineGroup !== null) {
        const left = await trx
          .selectFrom('deviceTypeParam')
          .select('id')
          .where('combineGroup', '=', row.combineGroup)
          .execute();
        if (left.length < 2)
          await trx
            .updateTable('deviceTypeParam')
            .set({ combineGroup: null, updatedAt: now })
            .where('combineGroup', '=', row.combineGroup)
            .execute();
      }
    });
  }

  /** Sets the combination of some parameters; a group left with one member is dissolved. */
  async setGroup(ids: readonly number[], combineGroup: number | null, previous: number | null, now: string) {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('deviceTypeParam')
        .set({ combineGroup, updatedAt: now })
        .where('id', 'in', ids)
        .execute();
      if (previous === null) return;
      const left = await trx
        .selectFrom('deviceTypeParam')
        .select('id')
        .where('combineGroup', '=', previous)
        .execute();
      if (left.length < 2)
        await trx
          .updateTable('deviceTypeParam')
          .set({ combineGroup: null, updatedAt: now })
          .where('combineGroup', '=', previous)
          .execute();
    });
  }

  async unitExists(id: number): Promise<boolean> {
    const row = await this.db.selectFrom('baseUnit').select('id').where('id', '=', id).executeTakeFirst();
    return row !== undefined;
  }

  async page(q: ParamPageRequest): Promise<{ rows: ParamRow[]; totalCount: number }> {
    let query = this.db.selectFrom('deviceTypeParam').where('deviceTypeId', '=', q.deviceTypeId);
    if (q.paramName) query = query.where(contains('paramName', q.paramName));
    if (q.vocationalWork !== undefined) query = query.where('vocationalWork', '=', q.vocationalWork);
    const total = await query.select(countAll().as('n')).executeTakeFirstOrThrow();
    const sortable = {
      paramSortNo: 'paramSortNo',
      paramName: 'paramName',
      paramKey: 'paramKey',
      id: 'id',
    } as const;
    const column = sortable[(q.sortField ?? 'paramSortNo') as keyof typeof sortable] ?? 'paramSortNo';
    const rows = await query
      .selectAll()
      .orderBy(column, q.sortOrder === 'descend' ? 'desc' : 'asc')
      .orderBy('id')
      .limit(q.pageSize)
      .offset((q.start - 1) * q.pageSize)
      .execute();
    return { rows, totalCount: Number(total.n) };
  }
}
