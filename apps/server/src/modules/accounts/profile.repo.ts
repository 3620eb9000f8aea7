import type { Db } from '../../db/create-db.ts';
import type { ProfileRow } from './accounts.repo.ts';

export class ProfileRepo {
  constructor(private readonly db: Db) {}

  /** The profile of an account, created with defaults if an older account has none. */
  async ensure(accountId: number, now: string): Promise<ProfileRow> {
    await this.db
      .insertInto('userProfile')
      .values({
        accountId,
        identity: null,
        industry: null,
        alarmToneStatus: 1,
        homePage: null,
        walletStatus: 0,
        enableProtect: 0,
        enableFda: 0,
        updatedAt: now,
      })
      .onConflict((oc) => oc.column('accountId').doNothing())
      .execute();
    return this.db
      .selectFrom('userProfile')
      .selectAll()
      .where('accountId', '=', accountId)
      .executeTakeFirstOrThrow();
  }
}
