import type { MaintainListQuery } from '@coldchain/shared';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { DeviceMaintainRecordTable } from '../../db/database.ts';
import { countAll } from '../../db/sql-helpers.ts';

export type MaintainRow = Selectable<DeviceMaintainRecordTable>;

export class MaintenanceRepo {
  constructor(private readonly db: Db) {}

  byId(id: number): Promise<MaintainRow | undefined> {
    return this.db.selectFrom('deviceMaintainRecord').selectAll().where('id', '=', id).executeTakeFirst();
  }

  insert(row: Insertable<DeviceMaintainRecordTable>): Promise<MaintainRow> {
    return this.db.insertInto('deviceMaintainRecord').values(row).returningAll().executeTakeFirstOrThrow();
  }

  update(id: number, changes: Updateable<DeviceMaintainRecordTable>): Promise<MaintainRow | undefined> {
    return this.db
      .updateTable('deviceMaintainRecord')
      .set(changes)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('deviceMaintainRecord').where('id', '=', id).execute();
  }

  async page(q: MaintainListQuery): Promise<{ rows: MaintainRow[]; totalCount: number }> {
    const query = this.db.selectFrom('deviceMaintainRecord').where('deviceId', '=', q.deviceId);
    const total = await query.select(countAll().as('n')).executeTakeFirstOrThrow();
    const sortable = { reportDate: 'reportDate', startTime: 'startTime', maintainer: 'maintainer' } as const;
    const column = sortable[(q.sortField ?? 'reportDate') as keyof typeof sortable] ?? 'reportDate';
    const rows = await query
      .selectAll()
      .orderBy(column, q.sortOrder === 'ascend' ? 'asc' : 'desc')
      .orderBy('id', 'desc')
      .limit(q.pageSize)
      .offset((q.start - 1) * q.pageSize)
      .execute();
    return { rows, totalCount: Number(total.n) };
  }
}
