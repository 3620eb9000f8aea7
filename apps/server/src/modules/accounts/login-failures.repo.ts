import type { Selectable } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { LoginFailureTable } from '../../db/database.ts';
import type { AccountRow } from './accounts.repo.ts';

export type LoginFailureRow = Selectable<LoginFailureTable>;

/** One login attempt's counters: its address, its attempted name, and the pair of both. */
export interface AttemptKeys {
  platformId: number;
  /** The attempted name, lower-cased. */
  name: string;
  /** The source address (an IPv6 address by its /64 network). */
  address: string;
}

export interface AttemptCounts {
  address: LoginFailureRow | undefined;
  name: LoginFailureRow | undefined;
  pair: LoginFailureRow | undefined;
}

/** The three rows of an attempt as (loginName, address); '' stands for "any". */
function rowKeys(keys: AttemptKeys): [string, string][] {
  return [
    ['', keys.address],
    [keys.name, ''],
    [keys.name, keys.address],
  ];
}

/** Failed-login counters in the database, so that every server node sees the same counts. */
export class LoginFailuresRepo {
  constructor(private readonly db: Db) {}

  /** The attempt's counters whose last failure is not older than `since`. */
  async counts(keys: AttemptKeys, since: string): Promise<AttemptCounts> {
    const rows = await this.db
      .selectFrom('loginFailure')
      .selectAll()
      .where('platformId', '=', keys.platformId)
      .where('lastFailureAt', '>=', since)
      .where((eb) =>
        eb.or(
          rowKeys(keys).map(([loginName, address]) =>
            eb.and([eb('loginName', '=', loginName), eb('address', '=', address)]),
          ),
        ),
      )
      .execute();
    const find = (loginName: string, address: string) =>
      rows.find((r) => r.loginName === loginName && r.address === address);
    return {
      address: find('', keys.address),
      name: find(keys.name, ''),
      pair: find(keys.name, keys.address),
    };
  }

  /**
   * Adds a failure to each counter of the attempt, atomically per row; a counter whose last failure
   * is older than `since` starts again at one.
   */
  async addFailure(keys: AttemptKeys, at: string, since: string): Promise<AttemptCounts> {
    const [address, name, pair] = await Promise.all(
      rowKeys(keys).map(([loginName, addr]) =>
        this.db
          .insertInto('loginFailure')
          .values({
            platformId: keys.platformId,
            loginName,
            address: addr,
            failures: 1,
            lastFailureAt: at,
            alertedAt: null,
          })
          .onConflict((oc) =>
            oc.columns(['platformId', 'loginName', 'address']).doUpdateSet((eb) => ({
              failures: eb
                .case()
                .when('loginFailure.lastFailureAt', '<', since)
                .then(1)
                .else(eb('loginFailure.failures', '+', 1))
                .end(),
              lastFailureAt: at,
            })),
          )
          .returningAll()
          .executeTakeFirstOrThrow(),
      ),
    );
    return { address, name, pair };
  }

  /** Marks the name's owner alerted unless that happened after `since`; true when this call did. */
  async claimAlert(keys: AttemptKeys, at: string, since: string): Promise<boolean> {
    const result = await this.db
      .updateTable('loginFailure')
      .set({ alertedAt: at })
      .where('platformId', '=', keys.platformId)
      .where('loginName', '=', keys.name)
      .where('address', '=', '')
      .where((eb) => eb.or([eb('alertedAt', 'is', null), eb('alertedAt', '<', since)]))
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** A successful login clears its name's counter and its own pair; other addresses' pairs stay. */
  async clearAfterLogin(keys: AttemptKeys): Promise<void> {
    await this.db
      .deleteFrom('loginFailure')
      .where('platformId', '=', keys.platformId)
      .where('loginName', '=', keys.name)
      .where('address', 'in', ['', keys.address])
      .execute();
  }

  /**
   * Clears every counter and pair lock of the names an account logs in with: its password was reset,
   * so what was guessed before no longer matters.
   */
  async clearAccount(
    account: Pick<AccountRow, 'platformId' | 'userName' | 'phone' | 'email'>,
  ): Promise<void> {
    const names = [account.userName, account.phone, account.email].flatMap((n) =>
      n ? [n.trim().toLowerCase()] : [],
    );
    await this.db
      .deleteFrom('loginFailure')
      .where('platformId', '=', account.platformId)
      .where('loginName', 'in', names)
      .execute();
  }

  async purgeBefore(before: string): Promise<void> {
    await this.db.deleteFrom('loginFailure').where('lastFailureAt', '<', before).execute();
  }
}
