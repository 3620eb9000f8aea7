import type { DeviceTypePageRequest } from '@coldchain/shared';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { DeviceTypeParamTable, DeviceTypeTable } from '../../db/database.ts';
import { contains, countAll } from '../../db/sql-helpers.ts';

export type DeviceTypeRow = Selectable<DeviceTypeTable> & { seriesName: string | null };

export class DeviceTypesRepo {
  constructor(private readonly db: Db) {}

  private rows() {
    return this.db
      .selectFrom('deviceType')
      .leftJoin('deviceSeries', 'deviceSeries.id', 'deviceType.typeSeries')
      .selectAll('deviceType')
      .select('deviceSeries.seriesName');
  }

  byId(id: number): Promise<DeviceTypeRow | undefined> {
    return this.rows().where('deviceType.id', '=', id).executeTakeFirst();
  }

  byCode(typeCode: string): Promise<DeviceTypeRow | undefined> {
    return this.rows().where('deviceType.typeCode', '=', typeCode).executeTakeFirst();
  }

  async insert(row: Insertable<DeviceTypeTable>): Promise<DeviceTypeRow> {
    const { id } = await this.db
      .insertInto('deviceType')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return (await this.byId(id)) as DeviceTypeRow;
  }

  async update(id: number, changes: Updateable<DeviceTypeTable>): Promise<DeviceTypeRow | undefined> {
    await this.db.updateTable('deviceType').set(changes).where('id', '=', id).execute();
    return this.byId(id);
  }

  /** Deletes a type with its parameters; its model codes stay, no longer tied to a type. */
  async delete(id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('deviceModel')
        .set({ deviceTypeId: null })
        .where('deviceTypeId', '=', id)
        .execute();
      await trx.deleteFrom('deviceTypeParam').where('deviceTypeId', '=', id).execute();
      await trx.deleteFrom('deviceType').where('id', '=', id).execute();
    });
  }

  /** Devices of the type, deleted ones included (their history still names the type). */
  async hasDevices(id: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('device')
      .select('id')
      .where('deviceTypeId', '=', id)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async seriesExists(id: number): Promise<boolean> {
    const row = await this.db.selectFrom('deviceSeries').select('id').where('id', '=', id).executeTakeFirst();
    return row !== undefined;
  }

  async page(q: DeviceTypePageRequest): Promise<{ rows: DeviceTypeRow[]; totalCount: number }> {
    let query = this.db.selectFrom('deviceType');
    if (q.typeName) query = query.where(contains('deviceType.typeName', q.typeName));
    if (q.typeCode) query = query.where(contains('deviceType.typeCode', q.typeCode));
    if (q.typeStatus !== undefined) query = query.where('deviceType.typeStatus', '=', q.typeStatus);
    if (q.typeSeries) query = query.where('deviceType.typeSeries', '=', q.typeSeries);
    if (q.pushStatus !== undefined) query = query.where('deviceType.pushStatus', '=', q.pushStatus);
    const total = await query.select(countAll().as('n')).executeTakeFirstOrThrow();
    const sortable = {
      typeName: 'deviceType.typeName',
      typeCode: 'deviceType.typeCode',
      typeStatus: 'deviceType.typeStatus',
      id: 'deviceType.id',
      createdAt: 'deviceType.id',
    } as const;
    const column = sortable[(q.sortField ?? 'id') as keyof typeof sortable] ?? 'deviceType.id';
    const rows = await query
      .leftJoin('deviceSeries', 'deviceSeries.id', 'deviceType.typeSeries')
      .selectAll('deviceType')
      .select('deviceSeries.seriesName')
      .orderBy(column, q.sortOrder === 'descend' ? 'desc' : 'asc')
      .limit(q.pageSize)
      .offset((q.start - 1) * q.pageSize)
      .execute();
    return { rows, totalCount: Number(total.n) };
  }

  /** Types a device may be added with: published and pushed, or every type for the back office. */
  options(all: boolean): Promise<DeviceTypeRow[]> {
    let query = this.rows();
    if (!all) query = query.where('deviceType.typeStatus', '=', 2).where('deviceType.pushStatus', '=', 1);
    return query.orderBy('deviceType.typeName').execute();
  }

  /** Creates a type and its parameters in one transaction (import). */
  async insertWithParams(
    type: Insertable<DeviceTypeTable>,
    params: Omit<Insertable<DeviceTypeParamTable>, 'deviceTypeId'>[],
    links: (ids: Map<string, number>) => {
      params: { paramKey: string; changes: Updateable<DeviceTypeParamTable> }[];
      type: Updateable<DeviceTypeTable>;
    },
  ): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('deviceType')
        .values(type)
        .returning('id')
        .executeTakeFirstOrThrow();
      const ids = new Map<string, number>();
      for (const param of params) {
        const row = await trx
          .insertInto('deviceTypeParam')
          .values({ ...param, deviceTypeId: id })
          .returning('id')
          .executeTakeFirstOrThrow();
        ids.set(param.paramKey, row.id);
      }
      const linked = links(ids);
      for (const p of linked.params) {
        if (Object.keys(p.changes).length === 0) continue;
        await trx
          .updateTable('deviceTypeParam')
          .set(p.changes)
          .where('deviceTypeId', '=', id)
          .where('paramKey', '=', p.paramKey)
          .execute();
      }
      if (Object.keys(linked.type).length)
        await trx.updateTable('deviceType').set(linked.type).where('id', '=', id).execute();
      return id;
    });
  }
}
