import type { Selectable } from 'kysely';
import type { Db } from '../db/create-db.ts';
import type { AccountTable, SessionTable, UserProfileTable } from '../db/database.ts';

export type SessionRow = Selectable<SessionTable>;

export class SessionsRepo {
  constructor(private readonly db: Db) {}

  async insert(row: Omit<SessionRow, 'id'>): Promise<SessionRow> {
    return this.db.insertInto('session').values(row).returningAll().executeTakeFirstOrThrow();
  }

  byTokenHash(tokenHash: string): Promise<SessionRow | undefined> {
    return this.db.selectFrom('session').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst();
  }

  async accountWithProfile(
    accountId: number,
  ): Promise<
    { account: Selectable<AccountTable>; profile: Selectable<UserProfileTable> | undefined } | undefined
  > {
    const account = await this.db
      .selectFrom('account')
      .selectAll()
      .where('id', '=', accountId)
      .executeTakeFirst();
    if (!account) return undefined;
    const profile = await this.db
      .selectFrom('userProfile')
      .selectAll()
      .where('accountId', '=', accountId)
      .executeTakeFirst();
    return { account, profile };
  }

  async touch(id: number, at: string): Promise<void> {
    await this.db.updateTable('session').set({ lastSeenAt: at }).where('id', '=', id).execute();
  }

  async revoke(id: number, reason: string, at: string): Promise<void> {
    await this.db
      .updateTable('session')
      .set({ revokedAt: at, revokedReason: reason })
      .where('id', '=', id)
      .where('revokedAt', 'is', null)
      .execute();
  }

  async revokeAllFor(accountId: number, reason: string, at: string, exceptId?: number): Promise<void> {
    let query = this.db
      .updateTable('session')
      .set({ revokedAt: at, revokedReason: reason })
      .where('accountId', '=', accountId)
      .where('revokedAt', 'is', null);
    if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
    await query.execute();
  }
}
