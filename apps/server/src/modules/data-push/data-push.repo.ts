import type { DataPushConfigPageRequest, DataPushType } from '@coldchain/shared';
import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { Database } from '../../db/database.ts';
import { contains, countAll } from '../../db/sql-helpers.ts';
import type { DataPushConfigTable } from '../../db/tables/alarm-delivery.ts';

export type DataPushConfigRow = Selectable<DataPushConfigTable> & { userName: string };

export class DataPushRepo {
  constructor(private readonly db: Db) {}

  private withUser() {
    return this.db
      .selectFrom('dataPushConfig')
      .innerJoin('account', 'account.id', 'dataPushConfig.accountId')
      .selectAll('dataPushConfig')
      .select('account.userName');
  }

  async page(
    platformId: number,
    q: DataPushConfigPageRequest,
  ): Promise<{ rows: DataPushConfigRow[]; totalCount: number }> {
    let query = this.db
      .selectFrom('dataPushConfig')
      .innerJoin('account', 'account.id', 'dataPushConfig.accountId')
      .where('dataPushConfig.platformId', '=', platformId);
    if (q.configName) query = query.where(contains('dataPushConfig.configName', q.configName));
    if (q.userName) query = query.where(contains('account.userName', q.userName));
    if (q.enabled !== undefined) query = query.where('dataPushConfig.enabled', '=', q.enabled);
    const total = await query.select(countAll().as('n')).executeTakeFirstOrThrow();
    const rows = await query
      .selectAll('dataPushConfig')
      .select('account.userName')
      .orderBy('dataPushConfig.id', q.sortOrder === 'ascend' ? 'asc' : 'desc')
      .limit(q.pageSize)
      .offset((q.start - 1) * q.pageSize)
      .execute();
    return { rows, totalCount: Number(total.n) };
  }

  /** A configuration of the platform, or undefined (another platform's id reads as missing). */
  find(platformId: number, id: number): Promise<DataPushConfigRow | undefined> {
    return this.withUser()
      .where('dataPushConfig.id', '=', id)
      .where('dataPushConfig.platformId', '=', platformId)
      .executeTakeFirst();
  }

  async insert(row: Insertable<DataPushConfigTable>): Promise<number> {
    const inserted = await this.db
      .insertInto('dataPushConfig')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  }

  async update(platformId: number, id: number, changes: Updateable<DataPushConfigTable>): Promise<void> {
    await this.db
      .updateTable('dataPushConfig')
      .set(changes)
      .where('id', '=', id)
      .where('platformId', '=', platformId)
      .execute();
  }

  async delete(platformId: number, id: number): Promise<void> {
    await this.db
      .deleteFrom('dataPushConfig')
      .where('id', '=', id)
      .where('platformId', '=', platformId)
      .execute();
  }

  /** Whether the account lives on the platform and is not deleted. */
  async accountOnPlatform(platformId: number, accountId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('account')
      .select('id')
      .where('id', '=', accountId)
      .where('platformId', '=', platformId)
      .where('deletedFlag', '=', 0)
      .executeTakeFirst();
    return row !== undefined;
  }
}

/** Enabled configurations of these accounts that push this type (in the caller's transaction). */
export function enabledConfigs(
  trx: Kysely<Database> | Transaction<Database>,
  accountIds: readonly number[],
  type: DataPushType,
) {
  return trx
    .selectFrom('dataPushConfig')
    .select(['id', 'platformId', 'accountId'])
    .where('accountId', 'in', accountIds)
    .where('enabled', '=', 1)
    .where(contains('pushTypes', type))
    .execute();
}
