import type { NoticePageRequest, NoticeQuery } from '@coldchain/shared';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { NoticeTable } from '../../db/database.ts';
import { contains, countAll } from '../../db/sql-helpers.ts';

export type NoticeRow = Selectable<NoticeTable>;

export class NoticesRepo {
  constructor(private readonly db: Db) {}

  byId(platformId: number, id: number): Promise<NoticeRow | undefined> {
    return this.db
      .selectFrom('notice')
      .selectAll()
      .where('platformId', '=', platformId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The newest active notice of the platform matching the filters that the account has not dismissed. */
  current(platformId: number, accountId: number, q: NoticeQuery): Promise<NoticeRow | undefined> {
    let query = this.db
      .selectFrom('notice')
      .selectAll()
      .where('platformId', '=', platformId)
      .where('active', '=', 1)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('noticeDismissal')
              .select('noticeDismissal.noticeId')
              .whereRef('noticeDismissal.noticeId', '=', 'notice.id')
              .where('noticeDismissal.accountId', '=', accountId),
          ),
        ),
      );
    if (q.noticeCamp !== undefined) query = query.where('noticeCamp', '=', q.noticeCamp);
    if (q.noticePlatform !== undefined) query = query.where('noticePlatform', '=', q.noticePlatform);
    if (q.noticeType !== undefined) query = query.where('noticeType', '=', q.noticeType);
    return query.orderBy('id', 'desc').limit(1).executeTakeFirst();
  }

  /** Records the dismissal once; dismissing again changes nothing. */
  async dismiss(accountId: number, noticeId: number, at: string): Promise<void> {
    await this.db
      .insertInto('noticeDismissal')
      .values({ accountId, noticeId, createdAt: at })
      .onConflict((oc) => oc.columns(['accountId', 'noticeId']).doNothing())
      .execute();
  }

  insert(row: Insertable<NoticeTable>): Promise<NoticeRow> {
    return this.db.insertInto('notice').values(row).returningAll().executeTakeFirstOrThrow();
  }

  update(id: number, changes: Updateable<NoticeTable>): Promise<NoticeRow | undefined> {
    return this.db.updateTable('notice').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
  }

  async delete(id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('noticeDismissal').where('noticeId', '=', id).execute();
      await trx.deleteFrom('notice').where('id', '=', id).execute();
    });
  }

  async page(platformId: number, q: NoticePageRequest): Promise<{ rows: NoticeRow[]; totalCount: number }> {
    let query = this.db.selectFrom('notice').where('platformId', '=', platformId);
    if (q.noticeContent) query = query.where(contains('noticeContent', q.noticeContent));
    if (q.active !== undefined) query = query.where('active', '=', q.active);
    const total = await query.select(countAll().as('n')).executeTakeFirstOrThrow();
    const rows = await query
      .selectAll()
      .orderBy('id', q.sortOrder === 'ascend' ? 'asc' : 'desc')
      .limit(q.pageSize)
      .offset((q.start - 1) * q.pageSize)
      .execute();
    return { rows, totalCount: Number(total.n) };
  }
}
