import type { ModelPageRequest } from '@coldchain/shared';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { DeviceModelTable } from '../../db/database.ts';
import { contains, countAll } from '../../db/sql-helpers.ts';

export type ModelRow = Selectable<DeviceModelTable>;

export class ModelsRepo {
  constructor(private readonly db: Db) {}

  byId(id: number): Promise<ModelRow | undefined> {
    return this.db.selectFrom('deviceModel').selectAll().where('id', '=', id).executeTakeFirst();
  }

  byCode(modelCode: string): Promise<ModelRow | undefined> {
    return this.db
      .selectFrom('deviceModel')
      .selectAll()
      .where('modelCode', '=', modelCode)
      .executeTakeFirst();
  }

  insert(row: Insertable<DeviceModelTable>): Promise<ModelRow> {
    return this.db.insertInto('deviceModel').values(row).returningAll().executeTakeFirstOrThrow();
  }

  update(id: number, changes: Updateable<DeviceModelTable>): Promise<ModelRow | undefined> {
    return this.db
      .updateTable('deviceModel')
      .set(changes)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('deviceModel').where('id', '=', id).execute();
  }

  async inUse(id: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('device')
      .select('id')
      .where('deviceModelId', '=', id)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async page(q: ModelPageRequest): Promise<{ rows: ModelRow[]; totalCount: number }> {
    let query = this.db.selectFrom('deviceModel');
    if (q.modelName) query = query.where(contains('modelName', q.modelName));
    if (q.modelCode) query = query.where(contains('modelCode', q.modelCode));
    if (q.deviceTypeId) query = query.where('deviceTypeId', '=', q.deviceTypeId);
    if (q.modelFlag !== undefined) query = query.where('modelFlag', '=', q.modelFlag);
    const total = await query.select(countAll().as('n')).executeTakeFirstOrThrow();
    const sortable = { modelName: 'modelName', modelCode: 'modelCode', id: 'id', createdAt: 'id' } as const;
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
