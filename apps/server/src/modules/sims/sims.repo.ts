import type { SimCondition, SimPageRequest } from '@coldchain/shared';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import { contains, countAll } from '../../db/sql-helpers.ts';
import type { SimCardTable } from '../../db/tables/sims-guids.ts';

export type SimCardRow = Selectable<SimCardTable>;
/** A card with the device it sits in, as the list shows it. */
export type SimView = SimCardRow & {
  deviceGuid: string | null;
  deviceName: string | null;
  deviceLastSeenAt: string | null;
};

const SORTABLE = {
  id: 'simCard.id',
  iccId: 'simCard.iccId',
  cardNum: 'simCard.cardNum',
  expiredTime: 'simCard.expiredTime',
  balance: 'simCard.balance',
  createdAt: 'simCard.id',
} as const;

/** SIM cards; every read and change names the platform, so one platform never reaches another's. */
export class SimsRepo {
  constructor(private readonly db: Db) {}

  private views(platformId: number) {
    return this.db
      .selectFrom('simCard')
      .leftJoin('device', (join) =>
        join.onRef('device.id', '=', 'simCard.deviceId').on('device.deletedFlag', '=', 0),
      )
      .where('simCard.platformId', '=', platformId);
  }

  private filtered(platformId: number, q: SimCondition) {
    let query = this.views(platformId);
    if (q.iccId) query = query.where(contains('simCard.iccId', q.iccId));
    if (q.cardNum) query = query.where(contains('simCard.cardNum', q.cardNum));
    if (q.operator) query = query.where(contains('simCard.operator', q.operator));
    if (q.useState) query = query.where('simCard.useState', '=', q.useState);
    if (q.rechargeState) query = query.where('simCard.rechargeState', '=', q.rechargeState);
    if (q.bound === 1) query = query.where('simCard.deviceId', 'is not', null);
    if (q.bound === 0) query = query.where('simCard.deviceId', 'is', null);
    if (q.deviceGuid) query = query.where(contains('device.deviceGuid', q.deviceGuid));
    if (q.expiredBefore) query = query.where('simCard.expiredTime', '<=', q.expiredBefore);
    return query;
  }

  private select(query: ReturnType<SimsRepo['views']>) {
    return query
      .selectAll('simCard')
      .select([
        'device.deviceGuid as deviceGuid',
        'device.deviceName as deviceName',
        'device.lastSeenAt as deviceLastSeenAt',
      ]);
  }

  async page(platformId: number, q: SimPageRequest): Promise<{ rows: SimView[]; totalCount: number }> {
    const query = this.filtered(platformId, q);
    const total = await query.select(countAll().as('n')).executeTakeFirstOrThrow();
    const column = SORTABLE[(q.sortField ?? 'id') as keyof typeof SORTABLE] ?? 'simCard.id';
    const rows = await this.select(query)
      .orderBy(column, q.sortOrder === 'ascend' ? 'asc' : 'desc')
      .orderBy('simCard.id', 'desc')
      .limit(q.pageSize)
      .offset((q.start - 1) * q.pageSize)
      .execute();
    return { rows, totalCount: Number(total.n) };
  }

  async count(platformId: number, q: SimCondition): Promise<number> {
    const total = await this.filtered(platformId, q).select(countAll().as('n')).executeTakeFirstOrThrow();
    return Number(total.n);
  }

  /** Every card matching the filters, oldest first (the export). */
  all(platformId: number, q: SimCondition): Promise<SimView[]> {
    return this.select(this.filtered(platformId, q)).orderBy('simCard.id', 'asc').execute();
  }

  /** The platform's card, or nothing (another platform's id answers like a missing one). */
  view(platformId: number, id: number): Promise<SimView | undefined> {
    return this.select(this.views(platformId).where('simCard.id', '=', id)).executeTakeFirst();
  }

  byIccId(platformId: number, iccId: string): Promise<SimCardRow | undefined> {
    return this.db
      .selectFrom('simCard')
      .selectAll()
      .where('platformId', '=', platformId)
      .where('iccId', '=', iccId)
      .executeTakeFirst();
  }

  /** Which of these ICCIDs the platform already has. */
  async takenIccIds(platformId: number, iccIds: readonly string[]): Promise<Set<string>> {
    const taken = new Set<string>();
    for (let i = 0; i < iccIds.length; i += 500) {
      const chunk = iccIds.slice(i, i + 500);
      const rows = await this.db
        .selectFrom('simCard')
        .select('iccId')
        .where('platformId', '=', platformId)
        .where('iccId', 'in', chunk)
        .execute();
      for (const r of rows) taken.add(r.iccId);
    }
    return taken;
  }

  byDevice(deviceId: number): Promise<SimCardRow | undefined> {
    return this.db.selectFrom('simCard').selectAll().where('deviceId', '=', deviceId).executeTakeFirst();
  }

  insert(row: Insertable<SimCardTable>): Promise<SimCardRow> {
    return this.db.insertInto('simCard').values(row).returningAll().executeTakeFirstOrThrow();
  }

  /** All rows in one transaction: either every card is stored or none is. */
  async insertMany(rows: readonly Insertable<SimCardTable>[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += 200)
        await trx
          .insertInto('simCard')
          .values(rows.slice(i, i + 200))
          .execute();
    });
  }

  update(platformId: number, id: number, changes: Updateable<SimCardTable>): Promise<SimCardRow | undefined> {
    return this.db
      .updateTable('simCard')
      .set(changes)
      .where('platformId', '=', platformId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  async updateStates(
    platformId: number,
    ids: readonly number[],
    changes: Updateable<SimCardTable>,
  ): Promise<number> {
    const result = await this.db
      .updateTable('simCard')
      .set(changes)
      .where('platformId', '=', platformId)
      .where('id', 'in', ids)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** The card takes the device and the device the card's ICCID, together. */
  async bind(platformId: number, id: number, deviceId: number, iccId: string, now: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('simCard')
        .set({ deviceId, updatedAt: now })
        .where('platformId', '=', platformId)
        .where('id', '=', id)
        .execute();
      await trx.updateTable('device').set({ iccId, updatedAt: now }).where('id', '=', deviceId).execute();
    });
  }

  /** The card leaves its device; the device forgets the ICCID if it still holds this card's. */
  async unbind(platformId: number, card: SimCardRow, now: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('simCard')
        .set({ deviceId: null, updatedAt: now })
        .where('platformId', '=', platformId)
        .where('id', '=', card.id)
        .execute();
      if (card.deviceId !== null)
        await trx
          .updateTable('device')
          .set({ iccId: null, updatedAt: now })
          .where('id', '=', card.deviceId)
          .where('iccId', '=', card.iccId)
          .execute();
    });
  }

  async delete(platformId: number, ids: readonly number[]): Promise<number> {
    const result = await this.db
      .deleteFrom('simCard')
      .where('platformId', '=', platformId)
      .where('id', 'in', ids)
      .where('deviceId', 'is', null)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
