import type { Selectable } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { AccountIdentityTable } from '../../db/database.ts';

export type AccountIdentityRow = Selectable<AccountIdentityTable>;

/** External identities (third-party login) linked to accounts. */
export class AccountIdentitiesRepo {
  constructor(private readonly db: Db) {}

  find(platformId: number, provider: string, subject: string): Promise<AccountIdentityRow | undefined> {
    return this.db
      .selectFrom('accountIdentity')
      .selectAll()
      .where('platformId', '=', platformId)
      .where('provider', '=', provider)
      .where('subject', '=', subject)
      .executeTakeFirst();
  }
}
