import type { UnitPageRequest } from '@coldchain/shared';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { BaseUnitTable } from '../../db/database.ts';
import { contains, countAll } from '../../db/sql-helpers.ts';

export type UnitRow = Selectable<BaseUnitTable>;

export class UnitsRepo {
  constructor(private readonly db: Db) {}

  byId(id: number): Promise<UnitRow | undefined> {
    return this.db.selectFrom('baseUnit').selectAll().where('id', '=', id).executeTakeFirst();
  }

  byCode(unitCode: string): Promise<UnitRow | undefined> {
    return this.db.selectFrom('baseUnit').selectAll().where('unitCode', '=', unitCode).executeTakeFirst();
  }

  byClassify(unitClassify: string): Promise<UnitRow[]> {
    return this.db
      .selectFrom('baseUnit')
      .selectAll()
      .where('unitClassify', '=', unitClassify)
      .orderBy('id')
      .execute();
  }

  all(): Promise<UnitRow[]> {
    return this.db.selectFrom('baseUnit').selectAll().orderBy('unitClassify').orderBy('id').execute();
  }

  /** Inserts or updates a unit; a basic unit takes the flag from the others of its classification. */
  async save(
    id: number | null,
    row: Insertable<BaseUnitTable> | Updateable<BaseUnitTable>,
  ): Promise<UnitRow> {
    return this.db.transaction().execute(async (trx) => {
      const saved =
        id === null
          ? await trx
              .insertInto('baseUnit')
              .values(row as Insertable<BaseUnitTable>)
              .returningAll()
              .executeTakeFirstOrThrow()
          : await trx
              .updateTable('baseUnit')
              .set(row)
              .where('id', '=', id)
              .returningAll()
              .executeTakeFirstOrThrow();
      if (saved.basicUnitStatus === 1) {
        await trx
          .updateTable('baseUnit')
          .set({ basicUnitStatus: 0 })
          .where('unitClassify', '=', saved.unitClassify)
          .where('id', '<>', saved.id)
          .execute();
      }
      return saved;
    });
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('baseUnit').where('id', '=', id).execute();
  }

  async inUse(id: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('deviceTypeParam')
      .select('id')
      .where('paramUnit', '=', id)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async page(q: UnitPageRequest): Promise<{ rows: UnitRow[]; totalCount: number }> {
    let query = this.db.selectFrom('baseUnit');
    if (q.unitName) query = query.where(contains('unitName', q.unitName));
    if (q.unitClassify) query = query.where('unitClassify', '=', q.unitClassify);
    const total = await query.select(countAll().as('n')).executeTakeFirstOrThrow();
    const sortable = {
      unitName: 'unitName',
      unitCode: 'unitCode',
      unitClassify: 'unitClassify',
      id: 'id',
    } as const;
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
