import type { AlarmCount } from '@coldchain/shared';
import type { Db } from '../../db/create-db.ts';

export class MessagesRepo {
  constructor(private readonly db: Db) {}

  /** Untreated alarm messages of the account, and those of them it has not seen. */
  async alarmCount(accountId: number): Promise<AlarmCount> {
    const row = await this.db
      .selectFrom('alarmMessage')
      .select(({ fn }) => [
        fn.countAll<string | number>().as('total'),
        fn.sum<string | number | null>('newFlag').as('fresh'),
      ])
      .where('accountId', '=', accountId)
      .where('state', '=', 'untreated')
      .executeTakeFirstOrThrow();
    return { totalCount: Number(row.total), newFlagOneCount: Number(row.fresh ?? 0) };
  }

  /** Marks every alarm message of the account as seen; answers how many changed. */
  async markRead(accountId: number): Promise<number> {
    const result = await this.db
      .updateTable('alarmMessage')
      .set({ newFlag: 0 })
      .where('accountId', '=', accountId)
      .where('newFlag', '=', 1)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
