import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { AccountTable, UserProfileTable } from '../../db/database.ts';

export type AccountRow = Selectable<AccountTable>;
export type ProfileRow = Selectable<UserProfileTable>;

export class AccountsRepo {
  constructor(private readonly db: Db) {}

  byId(id: number): Promise<AccountRow | undefined> {
    return this.db.selectFrom('account').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A live account of the platform by user name, phone or e-mail. */
  byLoginName(platformId: number, name: string): Promise<AccountRow | undefined> {
    return this.db
      .selectFrom('account')
      .selectAll()
      .where('platformId', '=', platformId)
      .where('deletedFlag', '=', 0)
      .where((eb) =>
        eb.or([eb('userName', '=', name), eb('phone', '=', name), eb('email', '=', name.toLowerCase())]),
      )
      .orderBy('id')
      .executeTakeFirst();
  }

  byUserName(platformId: number, userName: string): Promise<AccountRow | undefined> {
    return this.db
      .selectFrom('account')
      .selectAll()
      .where('platformId', '=', platformId)
      .where('userName', '=', userName)
      .executeTakeFirst();
  }

  byPhone(platformId: number, phone: string): Promise<AccountRow | undefined> {
    return this.db
      .selectFrom('account')
      .selectAll()
      .where('platformId', '=', platformId)
      .where('deletedFlag', '=', 0)
      .where('phone', '=', phone)
      .executeTakeFirst();
  }

  byEmail(platformId: number, email: string): Promise<AccountRow | undefined> {
    return this.db
      .selectFrom('account')
      .selectAll()
      .where('platformId', '=', platformId)
      .where('deletedFlag', '=', 0)
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst();
  }

  async insert(account: Insertable<AccountTable>, profile: Omit<Insertable<UserProfileTable>, 'accountId'>) {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx.insertInto('account').values(account).returningAll().executeTakeFirstOrThrow();
      await trx
        .insertInto('userProfile')
        .values({ ...profile, accountId: row.id })
        .execute();
      return row;
    });
  }

  async update(id: number, changes: Updateable<AccountTable>): Promise<AccountRow> {
    return this.db
      .updateTable('account')
      .set(changes)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  profile(accountId: number): Promise<ProfileRow | undefined> {
    return this.db
      .selectFrom('userProfile')
      .selectAll()
      .where('accountId', '=', accountId)
      .executeTakeFirst();
  }

  async updateProfile(accountId: number, changes: Updateable<UserProfileTable>): Promise<ProfileRow> {
    return this.db
      .updateTable('userProfile')
      .set(changes)
      .where('accountId', '=', accountId)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
}
