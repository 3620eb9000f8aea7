import type { AssetPageRequest } from '@coldchain/shared';
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { Database } from '../../db/database.ts';
import { contains, countAll } from '../../db/sql-helpers.ts';
import type { AssetTable } from '../../db/tables/org.ts';
import type { DeviceScope } from '../devices/device-policy.ts';
import { scopeCondition } from '../devices/devices.repo.ts';

export type AssetRow = Selectable<AssetTable> & { organizationName: string | null };

/** Who may see assets: an owner account, and the organizations whose assets it sees. */
export interface AssetReach {
  accountId: number;
  platformId: number;
  organizationIds: readonly number[];
}

/** Assets and their bound devices. */
export class AssetsRepo {
  constructor(private readonly db: Db) {}

  private assets(reach: AssetReach) {
    return this.db
      .selectFrom('asset')
      .leftJoin('organization', 'organization.id', 'asset.organizationId')
      .where('asset.platformId', '=', reach.platformId)
      .where((eb) =>
        reach.organizationIds.length
          ? eb.or([
              eb('asset.accountId', '=', reach.accountId),
              eb('asset.organizationId', 'in', reach.organizationIds),
            ])
          : eb('asset.accountId', '=', reach.accountId),
      );
  }

  /** An asset within reach, or undefined (another account's answers like a missing one). */
  byId(reach: AssetReach, id: number): Promise<AssetRow | undefined> {
    return this.assets(reach)
      .selectAll('asset')
      .select('organization.name as organizationName')
      .where('asset.id', '=', id)
      .executeTakeFirst();
  }

  async page(reach: AssetReach, q: AssetPageRequest) {
    let query = this.assets(reach);
    if (q.combName) query = query.where(contains('asset.combName', q.combName));
    if (q.combNum) query = query.where(contains('asset.combNum', q.combNum));
    if (q.combState !== undefined) query = query.where('asset.combState', '=', q.combState);
    if (q.organizationId) query = query.where('asset.organizationId', '=', q.organizationId);
    const total = await query.select(countAll().as('n')).executeTakeFirstOrThrow();
    const rows = await query
      .selectAll('asset')
      .select('organization.name as organizationName')
      .orderBy('asset.id', 'desc')
      .limit(q.pageSize)
      .offset((q.start - 1) * q.pageSize)
      .execute();
    return { rows, totalCount: Number(total.n) };
  }

  async insert(row: Insertable<AssetTable>, deviceIds: readonly number[]): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx.insertInto('asset').values(row).returning('id').executeTakeFirstOrThrow();
      if (deviceIds.length)
        await trx
          .insertInto('assetDevice')
          .values(deviceIds.map((deviceId) => ({ assetId: id, deviceId, createdAt: row.createdAt })))
          .execute();
      return id;
    });
  }

  async update(id: number, changes: Updateable<AssetTable>): Promise<void> {
    await this.db.updateTable('asset').set(changes).where('id', '=', id).execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('assetDevice').where('assetId', '=', id).execute();
      await trx.deleteFrom('asset').where('id', '=', id).execute();
    });
  }

  /** Bound device ids of an asset (all of them, whoever may see them). */
  async deviceIds(assetId: number, db: Kysely<Database> = this.db): Promise<number[]> {
    const rows = await db
      .selectFrom('assetDevice')
      .select('deviceId')
      .where('assetId', '=', assetId)
      .execute();
    return rows.map((r) => r.deviceId);
  }

  async deviceCounts(assetIds: readonly number[]): Promise<Map<number, number>> {
    if (assetIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('assetDevice')
      .where('assetId', 'in', assetIds)
      .groupBy('assetId')
      .select(['assetId', countAll().as('n')])
      .execute();
    return new Map(rows.map((r) => [r.assetId, Number(r.n)]));
  }

  /** Assets other than `assetId` that hold any of the devices. */
  async boundElsewhere(assetId: number | null, deviceIds: readonly number[]) {
    let query = this.db
      .selectFrom('assetDevice')
      .select(['assetId', 'deviceId'])
      .where('deviceId', 'in', deviceIds);
    if (assetId !== null) query = query.where('assetId', '<>', assetId);
    return query.execute();
  }

  /**
   * Binds devices, re-checking the limit inside the transaction so two concurrent binds cannot pass
   * it together; answers false when the asset would exceed `max`.
   */
  async bind(assetId: number, deviceIds: readonly number[], max: number, now: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      // Takes the asset row's write lock first (PostgreSQL); SQLite serialises writers anyway.
      await trx.updateTable('asset').set({ updatedAt: now }).where('id', '=', assetId).execute();
      const current = new Set(await this.deviceIds(assetId, trx));
      const added = deviceIds.filter((id) => !current.has(id));
      if (current.size + added.length > max) return false;
      if (added.length)
        await trx
          .insertInto('assetDevice')
          .values(added.map((deviceId) => ({ assetId, deviceId, createdAt: now })))
          .execute();
      return true;
    });
  }

  async unbind(assetId: number, deviceIds: readonly number[]): Promise<void> {
    await this.db
      .deleteFrom('assetDevice')
      .where('assetId', '=', assetId)
      .where('deviceId', 'in', deviceIds)
      .execute();
  }

  async devicePage(
    scope: DeviceScope,
    assetId: number,
    q: { start: number; pageSize: number; deviceName?: string | undefined },
  ) {
    let query = this.db
      .selectFrom('assetDevice')
      .innerJoin('device', 'device.id', 'assetDevice.deviceId')
      .where('assetDevice.assetId', '=', assetId)
      .where('device.deletedFlag', '=', 0)
      .where(scopeCondition(scope));
    if (q.deviceName) query = query.where(contains('device.deviceName', q.deviceName));
    const total = await query.select(countAll().as('n')).executeTakeFirstOrThrow();
    const ids = await query
      .select('device.id')
      .orderBy('device.id', 'desc')
      .limit(q.pageSize)
      .offset((q.start - 1) * q.pageSize)
      .execute();
    return { ids: ids.map((r) => r.id), totalCount: Number(total.n) };
  }
}
