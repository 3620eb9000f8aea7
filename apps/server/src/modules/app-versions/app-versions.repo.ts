import type { AppType, AppVersionPageRequest } from '@coldchain/shared';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import { countAll } from '../../db/sql-helpers.ts';
import type { AppVersionTable } from '../../db/tables/firmware.ts';

export type AppVersionRow = Selectable<AppVersionTable>;

/** Every query of app versions; each names the platform the rows belong to. */
export class AppVersionsRepo {
  constructor(private readonly db: Db) {}

  byId(platformId: number, id: number): Promise<AppVersionRow | undefined> {
    return this.db
      .selectFrom('appVersion')
      .selectAll()
      .where('platformId', '=', platformId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  byVersion(platformId: number, appType: AppType, version: string): Promise<AppVersionRow | undefined> {
    return this.db
      .selectFrom('appVersion')
      .selectAll()
      .where('platformId', '=', platformId)
      .where('appType', '=', appType)
      .where('version', '=', version)
      .executeTakeFirst();
  }

  latest(platformId: number, appType: AppType): Promise<AppVersionRow | undefined> {
    return this.db
      .selectFrom('appVersion')
      .selectAll()
      .where('platformId', '=', platformId)
      .where('appType', '=', appType)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  async page(
    platformId: number,
    q: AppVersionPageRequest,
  ): Promise<{ rows: AppVersionRow[]; totalCount: number }> {
    let query = this.db.selectFrom('appVersion').where('platformId', '=', platformId);
    if (q.appType) query = query.where('appType', '=', q.appType);
    const total = await query.select(countAll().as('n')).executeTakeFirstOrThrow();
    const rows = await query
      .selectAll()
      .orderBy('id', q.sortOrder === 'ascend' ? 'asc' : 'desc')
      .limit(q.pageSize)
      .offset((q.start - 1) * q.pageSize)
      .execute();
    return { rows, totalCount: Number(total.n) };
  }

  insert(row: Insertable<AppVersionTable>): Promise<AppVersionRow> {
    return this.db.insertInto('appVersion').values(row).returningAll().executeTakeFirstOrThrow();
  }

  async update(platformId: number, id: number, changes: Updateable<AppVersionTable>): Promise<AppVersionRow> {
    await this.db
      .updateTable('appVersion')
      .set(changes)
      .where('platformId', '=', platformId)
      .where('id', '=', id)
      .execute();
    return (await this.byId(platformId, id)) as AppVersionRow;
  }

  async delete(platformId: number, id: number): Promise<void> {
    await this.db
      .deleteFrom('appVersion')
      .where('platformId', '=', platformId)
      .where('id', '=', id)
      .execute();
  }
}
