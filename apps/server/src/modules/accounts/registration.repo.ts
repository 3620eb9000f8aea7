import type { Insertable } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { AccountTable, UserProfileTable } from '../../db/database.ts';
import type { AccountRow } from './accounts.repo.ts';

/** A unique index refused the row (SQLite and PostgreSQL report it differently). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

/** Writes of account creation, run inside the caller's transaction. */
export class RegistrationRepo {
  constructor(private readonly db: Db) {}

  async insertAccount(
    account: Insertable<AccountTable>,
    profile: Omit<Insertable<UserProfileTable>, 'accountId'>,
  ): Promise<AccountRow> {
    const row = await this.db.insertInto('account').values(account).returningAll().executeTakeFirstOrThrow();
    await this.db
      .insertInto('userProfile')
      .values({ ...profile, accountId: row.id })
      .execute();
    return row;
  }
}
