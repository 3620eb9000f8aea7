import type { HomeTileKey } from '@coldchain/shared';
import type { Db } from '../../db/create-db.ts';

/** The account-level settings of the home page and the expired-device modal. */
export class HomeRepo {
  constructor(private readonly db: Db) {}

  async tiles(accountId: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('dashboardTile')
      .select('tileKey')
      .where('accountId', '=', accountId)
      .orderBy('sortNo')
      .execute();
    return rows.map((r) => r.tileKey);
  }

  async saveTiles(accountId: number, tiles: readonly HomeTileKey[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('dashboardTile').where('accountId', '=', accountId).execute();
      await trx
        .insertInto('dashboardTile')
        .values(tiles.map((tileKey, sortNo) => ({ accountId, tileKey, sortNo })))
        .execute();
    });
  }

  expireInfo(accountId: number, type: number) {
    return this.db
      .selectFrom('deviceExpireInfo')
      .selectAll()
      .where('accountId', '=', accountId)
      .where('type', '=', type)
      .executeTakeFirst();
  }

  saveExpireInfo(accountId: number, type: number, pushMessages: number, now: string) {
    return this.db
      .insertInto('deviceExpireInfo')
      .values({ accountId, type, pushMessages, updatedAt: now })
      .onConflict((oc) => oc.columns(['accountId', 'type']).doUpdateSet({ pushMessages, updatedAt: now }))
      .returningAll()
      .executeTakeFirstOrThrow();
  }
}
