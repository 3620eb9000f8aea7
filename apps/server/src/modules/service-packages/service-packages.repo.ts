import type { ServicePackagePageRequest, SmsPackageListRequest } from '@coldchain/shared';
import { type Insertable, type Selectable, sql, type Transaction, type Updateable } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import { isPostgres } from '../../db/create-db.ts';
import type { Database } from '../../db/database.ts';
import type {
  PayServiceItemTable,
  PayServiceLevelTable,
  PayServiceLevelYearTable,
  PayServicePackageTable,
  PaySmsPackageTable,
} from '../../db/tables/service-packages.ts';

export type ItemRow = Selectable<PayServiceItemTable>;
export type PackageRow = Selectable<PayServicePackageTable>;
export type LevelRow = Selectable<PayServiceLevelTable>;
export type LevelYearRow = Selectable<PayServiceLevelYearTable>;
export type SmsPackageRow = Selectable<PaySmsPackageTable>;
export type Executor = Db | Transaction<Database>;

/** A package's levels in order, each with its year rows and included item ids. */
export interface PackageTree {
  levels: LevelRow[];
  years: LevelYearRow[];
  levelItems: { levelId: number; itemId: number }[];
}

const PACKAGE_SORTS = new Set([
  'packageName',
  'packageCode',
  'packageStatus',
  'enableTime',
  'sortNo',
  'createdAt',
]);

/** The only place with the catalogue's queries; every read and write is scoped to one platform. */
export class ServicePackagesRepo {
  constructor(readonly db: Db) {}

  transaction<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  /** Serializes writers of one platform's catalogue (limits counted then written). */
  async lockPlatform(trx: Transaction<Database>, platformId: number): Promise<void> {
    if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(731700, ${platformId})`.execute(trx);
  }

  // ——— items ———

  items(platformId: number, db: Executor = this.db): Promise<ItemRow[]> {
    return db
      .selectFrom('payServiceItem')
      .selectAll()
      .where('platformId', '=', platformId)
      .orderBy('sortNo')
      .orderBy('id')
      .execute();
  }

  itemById(platformId: number, id: number): Promise<ItemRow | undefined> {
    return this.db
      .selectFrom('payServiceItem')
      .selectAll()
      .where('platformId', '=', platformId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  itemByCode(platformId: number, itemCode: string, db: Executor = this.db): Promise<ItemRow | undefined> {
    return db
      .selectFrom('payServiceItem')
      .selectAll()
      .where('platformId', '=', platformId)
      .where('itemCode', '=', itemCode)
      .executeTakeFirst();
  }

  insertItem(row: Insertable<PayServiceItemTable>, db: Executor = this.db): Promise<ItemRow> {
    return db.insertInto('payServiceItem').values(row).returningAll().executeTakeFirstOrThrow();
  }

  updateItem(id: number, changes: Updateable<PayServiceItemTable>): Promise<ItemRow | undefined> {
    return this.db
      .updateTable('payServiceItem')
      .set(changes)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  async setSortNo(
    table: 'payServiceItem' | 'payServicePackage' | 'paySmsPackage',
    platformId: number,
    ids: number[],
    db: Executor,
  ): Promise<void> {
    for (const [sortNo, id] of ids.entries())
      await db
        .updateTable(table)
        .set({ sortNo })
        .where('id', '=', id)
        .where('platformId', '=', platformId)
        .execute();
  }

  async countOwned(
    table: 'payServiceItem' | 'payServicePackage' | 'paySmsPackage',
    platformId: number,
    ids: number[],
  ): Promise<number> {
    const row = await this.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('platformId', '=', platformId)
      .where('id', 'in', ids)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  // ——— packages ———

  async packagePage(platformId: number, q: ServicePackagePageRequest) {
    let base = this.db.selectFrom('payServicePackage').where('platformId', '=', platformId);
    if (q.packageName)
      base = base.where('packageName', 'like', `%${q.packageName.replace(/[%_\\]/g, '\\$&')}%`);
    if (q.packageStatus !== undefined) base = base.where('packageStatus', '=', q.packageStatus);
    const total = await base
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    const field = q.sortField && PACKAGE_SORTS.has(q.sortField) ? q.sortField : 'sortNo';
    const direction = q.sortOrder === 'descend' ? 'desc' : 'asc';
    const rows = await base
      .selectAll('payServicePackage')
      .select((eb) => [
        eb
          .selectFrom('payServiceLevel')
          .select((e) => e.fn.countAll<number | string>().as('c'))
          .whereRef('payServiceLevel.packageId', '=', 'payServicePackage.id')
          .as('levelCount'),
        eb
          .selectFrom('payDeviceTypeService')
          .select((e) => e.fn.countAll<number | string>().as('c'))
          .whereRef('payDeviceTypeService.packageId', '=', 'payServicePackage.id')
          .as('deviceTypeCount'),
      ])
      .orderBy(field as 'sortNo', direction)
      .orderBy('id', direction)
      .limit(q.pageSize)
      .offset((q.start - 1) * q.pageSize)
      .execute();
    return {
      totalCount: Number(total.n),
      rows: rows.map((r) => ({
        ...r,
        levelCount: Number(r.levelCount ?? 0),
        deviceTypeCount: Number(r.deviceTypeCount ?? 0),
      })),
    };
  }

  packageById(platformId: number, id: number, db: Executor = this.db): Promise<PackageRow | undefined> {
    return db
      .selectFrom('payServicePackage')
      .selectAll()
      .where('platformId', '=', platformId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  packageByCode(platformId: number, code: string, db: Executor = this.db): Promise<PackageRow | undefined> {
    return db
      .selectFrom('payServicePackage')
      .selectAll()
      .where('platformId', '=', platformId)
      .where('packageCode', '=', code)
      .executeTakeFirst();
  }

  insertPackage(row: Insertable<PayServicePackageTable>, db: Executor): Promise<PackageRow> {
    return db.insertInto('payServicePackage').values(row).returningAll().executeTakeFirstOrThrow();
  }

  updatePackage(id: number, changes: Updateable<PayServicePackageTable>, db: Executor = this.db) {
    return db
      .updateTable('payServicePackage')
      .set(changes)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async tree(packageId: number, db: Executor = this.db): Promise<PackageTree> {
    const levels = await db
      .selectFrom('payServiceLevel')
      .selectAll()
      .where('packageId', '=', packageId)
      .orderBy('sortNo')
      .orderBy('id')
      .execute();
    const years = await db
      .selectFrom('payServiceLevelYear')
      .selectAll()
      .where('packageId', '=', packageId)
      .orderBy('sortNo')
      .orderBy('id')
      .execute();
    const levelItems =
      levels.length === 0
        ? []
        : await db
            .selectFrom('payServiceLevelItem')
            .select(['levelId', 'itemId'])
            .where(
              'levelId',
              'in',
              levels.map((l) => l.id),
            )
            .execute();
    return { levels, years, levelItems };
  }

  insertLevel(row: Insertable<PayServiceLevelTable>, db: Executor): Promise<LevelRow> {
    return db.insertInto('payServiceLevel').values(row).returningAll().executeTakeFirstOrThrow();
  }

  async updateLevel(id: number, changes: Updateable<PayServiceLevelTable>, db: Executor): Promise<void> {
    await db.updateTable('payServiceLevel').set(changes).where('id', '=', id).execute();
  }

  async deleteLevels(ids: number[], db: Executor): Promise<void> {
    if (ids.length === 0) return;
    await db.deleteFrom('payServiceLevelItem').where('levelId', 'in', ids).execute();
    await db.deleteFrom('payServiceLevelYear').where('levelId', 'in', ids).execute();
    await db.deleteFrom('payServiceLevel').where('id', 'in', ids).execute();
  }

  async insertYear(row: Insertable<PayServiceLevelYearTable>, db: Executor): Promise<void> {
    await db.insertInto('payServiceLevelYear').values(row).execute();
  }

  async updateYear(id: number, changes: Updateable<PayServiceLevelYearTable>, db: Executor): Promise<void> {
    await db.updateTable('payServiceLevelYear').set(changes).where('id', '=', id).execute();
  }

  async deleteYears(ids: number[], db: Executor): Promise<void> {
    if (ids.length === 0) return;
    await db.deleteFrom('payServiceLevelYear').where('id', 'in', ids).execute();
  }

  async setLevelItems(levelId: number, itemIds: number[], db: Executor): Promise<void> {
    await db.deleteFrom('payServiceLevelItem').where('levelId', '=', levelId).execute();
    if (itemIds.length > 0)
      await db
        .insertInto('payServiceLevelItem')
        .values(itemIds.map((itemId) => ({ levelId, itemId })))
        .execute();
  }

  // ——— device-type relations ———

  relations(platformId: number, packageId?: number) {
    let query = this.db
      .selectFrom('payDeviceTypeService as r')
      .innerJoin('deviceType as t', 't.id', 'r.deviceTypeId')
      .innerJoin('payServicePackage as p', 'p.id', 'r.packageId')
      .select(['r.deviceTypeId', 't.typeName', 'r.packageId', 'p.packageName', 'p.packageStatus'])
      .where('r.platformId', '=', platformId);
    if (packageId !== undefined) query = query.where('r.packageId', '=', packageId);
    return query.orderBy('t.typeName').orderBy('r.deviceTypeId').execute();
  }

  relationOfType(platformId: number, deviceTypeId: number, db: Executor = this.db) {
    return db
      .selectFrom('payDeviceTypeService')
      .select(['id', 'packageId'])
      .where('platformId', '=', platformId)
      .where('deviceTypeId', '=', deviceTypeId)
      .executeTakeFirst();
  }

  typeIdsOf(packageId: number, db: Executor = this.db): Promise<number[]> {
    return db
      .selectFrom('payDeviceTypeService')
      .select('deviceTypeId')
      .where('packageId', '=', packageId)
      .orderBy('deviceTypeId')
      .execute()
      .then((rows) => rows.map((r) => r.deviceTypeId));
  }

  /** Types among `ids` that buy another package of the platform, with both names. */
  takenTypes(platformId: number, packageId: number, ids: number[], db: Executor) {
    return db
      .selectFrom('payDeviceTypeService as r')
      .innerJoin('deviceType as t', 't.id', 'r.deviceTypeId')
      .innerJoin('payServicePackage as p', 'p.id', 'r.packageId')
      .select(['t.typeName', 'p.packageName'])
      .where('r.platformId', '=', platformId)
      .where('r.packageId', '!=', packageId)
      .where('r.deviceTypeId', 'in', ids)
      .execute();
  }

  existingTypeIds(ids: number[], db: Executor): Promise<number[]> {
    return db
      .selectFrom('deviceType')
      .select('id')
      .where('id', 'in', ids)
      .execute()
      .then((rows) => rows.map((r) => r.id));
  }

  async setRelations(
    platformId: number,
    packageId: number,
    deviceTypeIds: number[],
    now: string,
    db: Executor,
  ): Promise<void> {
    await db.deleteFrom('payDeviceTypeService').where('packageId', '=', packageId).execute();
    if (deviceTypeIds.length > 0)
      await db
        .insertInto('payDeviceTypeService')
        .values(
          deviceTypeIds.map((deviceTypeId) => ({ platformId, packageId, deviceTypeId, createdAt: now })),
        )
        .execute();
  }

  // ——— SMS and voice packages ———

  smsPackages(platformId: number, q: SmsPackageListRequest = {}, db: Executor = this.db) {
    let query = db.selectFrom('paySmsPackage').selectAll().where('platformId', '=', platformId);
    if (q.countryCode) query = query.where('countryCode', '=', q.countryCode);
    if (q.kind) query = query.where('kind', '=', q.kind);
    return query.orderBy('countryCode').orderBy('kind').orderBy('sortNo').orderBy('id').execute();
  }

  smsPackageById(platformId: number, id: number, db: Executor = this.db): Promise<SmsPackageRow | undefined> {
    return db
      .selectFrom('paySmsPackage')
      .selectAll()
      .where('platformId', '=', platformId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async countSms(platformId: number, countryCode: string, kind: string, db: Executor): Promise<number> {
    const row = await db
      .selectFrom('paySmsPackage')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('platformId', '=', platformId)
      .where('countryCode', '=', countryCode)
      .where('kind', '=', kind)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async maxSmsSort(platformId: number, countryCode: string, kind: string, db: Executor): Promise<number> {
    const row = await db
      .selectFrom('paySmsPackage')
      .select((eb) => eb.fn.max('sortNo').as('m'))
      .where('platformId', '=', platformId)
      .where('countryCode', '=', countryCode)
      .where('kind', '=', kind)
      .executeTakeFirst();
    return row?.m === null || row?.m === undefined ? -1 : Number(row.m);
  }

  insertSms(row: Insertable<PaySmsPackageTable>, db: Executor): Promise<SmsPackageRow> {
    return db.insertInto('paySmsPackage').values(row).returningAll().executeTakeFirstOrThrow();
  }

  updateSms(id: number, changes: Updateable<PaySmsPackageTable>, db: Executor): Promise<SmsPackageRow> {
    return db
      .updateTable('paySmsPackage')
      .set(changes)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async deleteSms(id: number): Promise<void> {
    await this.db.deleteFrom('paySmsPackage').where('id', '=', id).execute();
  }

  // ——— devices (for the drawer's reads) ———

  device(id: number) {
    return this.db
      .selectFrom('device')
      .select(['id', 'platformId', 'accountId', 'organizationId', 'deviceTypeId'])
      .where('id', '=', id)
      .where('deletedFlag', '=', 0)
      .executeTakeFirst();
  }
}
