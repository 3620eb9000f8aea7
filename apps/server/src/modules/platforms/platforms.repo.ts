import type { PlatformPageRequest } from '@coldchain/shared';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { PlatformTable } from '../../db/database.ts';
import { contains, countAll } from '../../db/sql-helpers.ts';

export type PlatformRow = Selectable<PlatformTable>;

export class PlatformsRepo {
  constructor(private readonly db: Db) {}

  byId(id: number): Promise<PlatformRow | undefined> {
    return this.db.selectFrom('platform').selectAll().where('id', '=', id).executeTakeFirst();
  }

  byDomain(domain: string): Promise<PlatformRow | undefined> {
    return this.db
      .selectFrom('platform')
      .selectAll()
      .where((eb) => eb.or([eb('topDomain', '=', domain), eb('viewDomain', '=', domain)]))
      .executeTakeFirst();
  }

  defaultPlatform(): Promise<PlatformRow | undefined> {
    return this.db.selectFrom('platform').selectAll().where('isDefault', '=', 1).executeTakeFirst();
  }

  all(): Promise<PlatformRow[]> {
    return this.db.selectFrom('platform').selectAll().orderBy('id').execute();
  }

  async insert(row: Insertable<PlatformTable>): Promise<PlatformRow> {
    return this.db.insertInto('platform').values(row).returningAll().executeTakeFirstOrThrow();
  }

  async update(id: number, changes: Updateable<PlatformTable>): Promise<PlatformRow | undefined> {
    return this.db
      .updateTable('platform')
      .set(changes)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('platform').where('id', '=', id).execute();
  }

  async hasAccounts(id: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('account')
      .select('id')
      .where('platformId', '=', id)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async page(q: PlatformPageRequest): Promise<{ rows: PlatformRow[]; totalCount: number }> {
    let query = this.db.selectFrom('platform');
    if (q.title) query = query.where(contains('title', q.title));
    if (q.topDomain) query = query.where(contains('topDomain', q.topDomain));
    const total = await query.select(countAll().as('n')).executeTakeFirstOrThrow();
    const sortable = { title: 'title', topDomain: 'topDomain', createdAt: 'id', id: 'id' } as const;
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
