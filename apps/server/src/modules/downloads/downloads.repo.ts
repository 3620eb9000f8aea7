import type { DownloadPage } from '@coldchain/shared';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import { countAll } from '../../db/sql-helpers.ts';
import type { DownloadFileTable } from '../../db/tables/people.ts';

export type DownloadFileRow = Selectable<DownloadFileTable>;

/** Download-centre files; every read names the owner, so one account never reaches another's. */
export class DownloadsRepo {
  constructor(private readonly db: Db) {}

  insert(row: Insertable<DownloadFileTable>): Promise<DownloadFileRow> {
    return this.db.insertInto('downloadFile').values(row).returningAll().executeTakeFirstOrThrow();
  }

  owned(accountId: number, id: number): Promise<DownloadFileRow | undefined> {
    return this.db
      .selectFrom('downloadFile')
      .selectAll()
      .where('id', '=', id)
      .where('accountId', '=', accountId)
      .executeTakeFirst();
  }

  async page(accountId: number, q: DownloadPage): Promise<{ rows: DownloadFileRow[]; totalCount: number }> {
    let query = this.db.selectFrom('downloadFile').where('accountId', '=', accountId);
    if (q.state) query = query.where('state', '=', q.state);
    const total = await query.select(countAll().as('n')).executeTakeFirstOrThrow();
    const rows = await query
      .selectAll()
      .orderBy('id', 'desc')
      .limit(q.pageSize)
      .offset((q.start - 1) * q.pageSize)
      .execute();
    return { rows, totalCount: Number(total.n) };
  }

  /** Updates a file still generating; answers false when it was deleted meanwhile. */
  async whileGenerating(id: number, changes: Updateable<DownloadFileTable>): Promise<boolean> {
    const result = await this.db
      .updateTable('downloadFile')
      .set(changes)
      .where('id', '=', id)
      .where('state', '=', 'generating')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Files of an account left generating before `before` (their node stopped) become failed. */
  async failStale(accountId: number, before: string, now: string): Promise<void> {
    await this.db
      .updateTable('downloadFile')
      .set({ state: 'failed', finishedAt: now })
      .where('accountId', '=', accountId)
      .where('state', '=', 'generating')
      .where('createdAt', '<', before)
      .execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('downloadFile').where('id', '=', id).execute();
  }
}
