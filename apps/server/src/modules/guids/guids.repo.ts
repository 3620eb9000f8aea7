import type { GuidBatchPageRequest, GuidPageRequest } from '@coldchain/shared';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import { contains, countAll } from '../../db/sql-helpers.ts';
import type { DeviceGuidTable, GuidBatchTable } from '../../db/tables/sims-guids.ts';

export type GuidBatchRow = Selectable<GuidBatchTable>;
export type DeviceGuidRow = Selectable<DeviceGuidTable>;
export type GuidBatchView = GuidBatchRow & {
  typeName: string;
  domain: string;
  usedCount: number | string;
  lockedCount: number | string;
};
export type GuidView = DeviceGuidRow & {
  orderCode: string;
  deviceTypeId: number;
  typeName: string;
  deviceTag: string;
  domain: string;
  deviceName: string | null;
};

/** GUID batches and their GUIDs; every read and change names the platform that made them. */
export class GuidsRepo {
  constructor(private readonly db: Db) {}

  private batches(platformId: number) {
    return this.db
      .selectFrom('guidBatch')
      .innerJoin('deviceType', 'deviceType.id', 'guidBatch.deviceTypeId')
      .innerJoin('platform', 'platform.id', 'guidBatch.domainId')
      .where('guidBatch.platformId', '=', platformId);
  }

  private selectBatch(query: ReturnType<GuidsRepo['batches']>) {
    return query
      .selectAll('guidBatch')
      .select([
        'deviceType.typeName as typeName',
        sql<string>`coalesce(${sql.ref('platform.viewDomain')}, ${sql.ref('platform.topDomain')})`.as(
          'domain',
        ),
        sql<number>`(select count(*) from device_guid g where g.batch_id = ${sql.ref('guidBatch.id')} and g.used_flag = 1)`.as(
          'usedCount',
        ),
        sql<number>`(select count(*) from device_guid g where g.batch_id = ${sql.ref('guidBatch.id')} and g.locked_flag = 1)`.as(
          'lockedCount',
        ),
      ]);
  }

  async batchPage(
    platformId: number,
    q: GuidBatchPageRequest,
  ): Promise<{ rows: GuidBatchView[]; totalCount: number }> {
    let query = this.batches(platformId);
    if (q.orderCode) query = query.where(contains('guidBatch.orderCode', q.orderCode));
    if (q.deviceTypeId) query = query.where('guidBatch.deviceTypeId', '=', q.deviceTypeId);
    if (q.deviceTag) query = query.where('guidBatch.deviceTag', '=', q.deviceTag);
    const total = await query.select(countAll().as('n')).executeTakeFirstOrThrow();
    const rows = await this.selectBatch(query)
      .orderBy('guidBatch.id', q.sortOrder === 'ascend' ? 'asc' : 'desc')
      .limit(q.pageSize)
      .offset((q.start - 1) * q.pageSize)
      .execute();
    return { rows, totalCount: Number(total.n) };
  }

  batch(platformId: number, id: number): Promise<GuidBatchView | undefined> {
    return this.selectBatch(this.batches(platformId).where('guidBatch.id', '=', id)).executeTakeFirst();
  }

  private guids(platformId: number) {
    return this.db
      .selectFrom('deviceGuid')
      .innerJoin('guidBatch', 'guidBatch.id', 'deviceGuid.batchId')
      .innerJoin('deviceType', 'deviceType.id', 'guidBatch.deviceTypeId')
      .innerJoin('platform', 'platform.id', 'guidBatch.domainId')
      .leftJoin('device', (join) =>
        join.onRef('device.id', '=', 'deviceGuid.deviceId').on('device.deletedFlag', '=', 0),
      )
      .where('deviceGuid.platformId', '=', platformId);
  }

  private selectGuid(query: ReturnType<GuidsRepo['guids']>) {
    return query
      .selectAll('deviceGuid')
      .select([
        'guidBatch.orderCode as orderCode',
        'guidBatch.deviceTypeId as deviceTypeId',
        'guidBatch.deviceTag as deviceTag',
        'deviceType.typeName as typeName',
        sql<string>`coalesce(${sql.ref('platform.viewDomain')}, ${sql.ref('platform.topDomain')})`.as(
          'domain',
        ),
        'device.deviceName as deviceName',
      ]);
  }

  async guidPage(platformId: number, q: GuidPageRequest): Promise<{ rows: GuidView[]; totalCount: number }> {
    let query = this.guids(platformId);
    if (q.guid) query = query.where(contains('deviceGuid.guid', q.guid));
    if (q.batchId) query = query.where('deviceGuid.batchId', '=', q.batchId);
    if (q.orderCode) query = query.where(contains('guidBatch.orderCode', q.orderCode));
    if (q.deviceTypeId) query = query.where('guidBatch.deviceTypeId', '=', q.deviceTypeId);
    if (q.usedFlag !== undefined) query = query.where('deviceGuid.usedFlag', '=', q.usedFlag);
    if (q.lockedFlag !== undefined) query = query.where('deviceGuid.lockedFlag', '=', q.lockedFlag);
    const total = await query.select(countAll().as('n')).executeTakeFirstOrThrow();
    const rows = await this.selectGuid(query)
      .orderBy('deviceGuid.id', q.sortOrder === 'ascend' ? 'asc' : 'desc')
      .limit(q.pageSize)
      .offset((q.start - 1) * q.pageSize)
      .execute();
    return { rows, totalCount: Number(total.n) };
  }

  /** Every GUID of a batch, in the order they were drawn. */
  batchGuids(platformId: number, batchId: number): Promise<GuidView[]> {
    return this.selectGuid(this.guids(platformId).where('deviceGuid.batchId', '=', batchId))
      .orderBy('deviceGuid.id', 'asc')
      .execute();
  }

  /** Which of these numbers are already a GUID, generated or of a device. */
  async takenGuids(candidates: readonly string[]): Promise<Set<string>> {
    const taken = new Set<string>();
    for (let i = 0; i < candidates.length; i += 500) {
      const chunk = candidates.slice(i, i + 500);
      const generated = await this.db
        .selectFrom('deviceGuid')
        .select('guid')
        .where('guid', 'in', chunk)
        .execute();
      const devices = await this.db
        .selectFrom('device')
        .select('deviceGuid')
        .where('deviceGuid', 'in', chunk)
        .execute();
      for (const r of generated) taken.add(r.guid);
      for (const r of devices) taken.add(r.deviceGuid);
    }
    return taken;
  }

  /** The batch and its GUIDs, together or not at all. */
  async insertBatch(batch: Insertable<GuidBatchTable>, guids: readonly string[]): Promise<GuidBatchRow> {
    return this.db.transaction().execute(async (trx) => {
      const saved = await trx.insertInto('guidBatch').values(batch).returningAll().executeTakeFirstOrThrow();
      const rows = guids.map((guid) => ({
        platformId: batch.platformId,
        batchId: saved.id,
        guid,
        usedFlag: 0,
        lockedFlag: 0,
        deviceId: null,
        usedAt: null,
        createdAt: batch.createdAt,
      }));
      for (let i = 0; i < rows.length; i += 200)
        await trx
          .insertInto('deviceGuid')
          .values(rows.slice(i, i + 200))
          .execute();
      return saved;
    });
  }

  async markExported(platformId: number, id: number, at: string): Promise<void> {
    await this.db
      .updateTable('guidBatch')
      .set((eb) => ({ exportCount: eb('exportCount', '+', 1), lastExportedAt: at }))
      .where('platformId', '=', platformId)
      .where('id', '=', id)
      .execute();
  }

  /** The platform's GUIDs among these ids. */
  owned(platformId: number, ids: readonly number[]): Promise<DeviceGuidRow[]> {
    return this.db
      .selectFrom('deviceGuid')
      .selectAll()
      .where('platformId', '=', platformId)
      .where('id', 'in', ids)
      .execute();
  }

  async setLocked(platformId: number, ids: readonly number[], lockedFlag: 0 | 1): Promise<number> {
    const result = await this.db
      .updateTable('deviceGuid')
      .set({ lockedFlag })
      .where('platformId', '=', platformId)
      .where('id', 'in', ids)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Platforms a batch may name as its domain: the caller's own, or every one for the default platform. */
  domains(platformId: number, all: boolean) {
    let query = this.db
      .selectFrom('platform')
      .select([
        'id',
        'title',
        sql<string>`coalesce(${sql.ref('viewDomain')}, ${sql.ref('topDomain')})`.as('domain'),
      ]);
    if (!all) query = query.where('id', '=', platformId);
    return query.orderBy('id').execute();
  }
}
