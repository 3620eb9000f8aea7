import {
  type CatalogueSortRequest,
  type DepositView,
  type DeviceServiceItems,
  type DeviceTypeRelationUpdate,
  type DrawerLevelYear,
  type LevelInput,
  SERVICE_PACKAGE_LIMITS,
  type ServiceItemInsert,
  type ServiceItemUpdate,
  type ServicePackageInsert,
  type ServicePackagePageRequest,
  type ServicePackageUpdate,
  type SmsPackageInsert,
  type SmsPackageListRequest,
  type SmsPackageUpdate,
} from '@coldchain/shared';
import type { Transaction } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { AppError, fieldError } from '../../errors.ts';
import type { Translate } from '../../i18n/i18n.ts';
import { isUniqueViolation } from '../accounts/registration.repo.ts';
import { canSee, type DeviceCaller } from '../devices/device-policy.ts';
import { asCurrency, sellable, smsDiscount } from './pricing.ts';
import { presentDrawerLevel, presentDrawerYear } from './service-packages.presenter.ts';
import type { ItemRow, PackageRow, ServicePackagesRepo, SmsPackageRow } from './service-packages.repo.ts';

const L = SERVICE_PACKAGE_LIMITS;
type Trx = Transaction<Database>;

const packageNotFound = () => new AppError('servicePackageNotFound');

/**
 * The service catalogue of one platform (001 §3.1, §5): items, packages with levels and year rows,
 * the free package, device-type relations and SMS/voice packages, and the purchase drawer's reads.
 * Each platform's operators manage their own catalogue; another platform's ids answer like missing ones.
 */
export class ServicePackagesService {
  constructor(
    private readonly repo: ServicePackagesRepo,
    private readonly clock: Clock,
  ) {}

  private now(): string {
    return this.clock.now().toISOString();
  }

  // ——— service items ———

  items(platformId: number): Promise<ItemRow[]> {
    return this.repo.items(platformId);
  }

  async insertItem(platformId: number, input: ServiceItemInsert): Promise<ItemRow> {
    if (await this.repo.itemByCode(platformId, input.itemCode)) throw itemCodeTaken();
    const now = this.now();
    const sortNo = (await this.repo.items(platformId)).length;
    try {
      return await this.repo.insertItem({ ...input, platformId, sortNo, createdAt: now, updatedAt: now });
    } catch (error) {
      if (isUniqueViolation(error)) throw itemCodeTaken();
      throw error;
    }
  }

  async updateItem(
    platformId: number,
    input: ServiceItemUpdate,
  ): Promise<{ before: ItemRow; after: ItemRow }> {
    const before = await this.repo.itemById(platformId, input.id);
    if (!before) throw new AppError('serviceItemNotFound');
    const clash = await this.repo.itemByCode(platformId, input.itemCode);
    if (clash && clash.id !== before.id) throw itemCodeTaken();
    const { id, ...changes } = input;
    try {
      const after = await this.repo.updateItem(id, { ...changes, updatedAt: this.now() });
      if (!after) throw new AppError('serviceItemNotFound');
      return { before, after };
    } catch (error) {
      if (isUniqueViolation(error)) throw itemCodeTaken();
      throw error;
    }
  }

  async sortItems(platformId: number, input: CatalogueSortRequest): Promise<void> {
    if ((await this.repo.countOwned('payServiceItem', platformId, input.ids)) !== input.ids.length)
      throw new AppError('serviceItemNotFound');
    await this.repo.transaction((trx) => this.repo.setSortNo('payServiceItem', platformId, input.ids, trx));
  }

  // ——— packages ———

  page(platformId: number, q: ServicePackagePageRequest) {
    return this.repo.packagePage(platformId, q);
  }

  async get(platformId: number, id: number): Promise<PackageRow> {
    const row = await this.repo.packageById(platformId, id);
    if (!row) throw packageNotFound();
    return row;
  }

  async detail(platformId: number, id: number) {
    const row = await this.get(platformId, id);
    const [tree, items, deviceTypeIds] = await Promise.all([
      this.repo.tree(row.id),
      this.repo.items(platformId),
      this.repo.typeIdsOf(row.id),
    ]);
    return { row, tree, items, deviceTypeIds };
  }

  async insert(platformId: number, input: ServicePackageInsert): Promise<PackageRow> {
    return this.writePackage(platformId, null, input);
  }

  async update(
    platformId: number,
    input: ServicePackageUpdate,
  ): Promise<{ before: PackageRow; after: PackageRow }> {
    const before = await this.get(platformId, input.id);
    const after = await this.writePackage(platformId, before, input);
    return { before, after };
  }

  /** Checks a package as a whole, then writes it, its levels, rows and items in one transaction. */
  private async writePackage(
    platformId: number,
    before: PackageRow | null,
    input: ServicePackageInsert,
  ): Promise<PackageRow> {
    checkLevels(input.levelList);
    const freeIndex = input.freePackage
      ? input.levelList.findIndex((l) => l.levelName === input.freePackage?.levelName)
      : -1;
    if (input.freePackage && freeIndex < 0)
      throw fieldError('freePackage.levelName', 'rules.freeLevelUnknown');
    const items = await this.repo.items(platformId);
    const itemIdOf = new Map(items.map((i) => [i.itemCode, i.id]));
    for (const [i, level] of input.levelList.entries())
      for (const code of level.itemCodes)
        if (!itemIdOf.has(code))
          throw new AppError('serviceItemNotFound', {}, { field: `levelList.${i}.itemCodes` });
    const now = this.now();
    try {
      return await this.repo.transaction(async (trx) => {
        await this.repo.lockPlatform(trx, platformId);
        const clash = await this.repo.packageByCode(platformId, input.packageCode, trx);
        if (clash && clash.id !== before?.id) throw packageCodeTaken();
        const fields = {
          packageName: input.packageName,
          packageCode: input.packageCode,
          currency: input.currency,
          enableTime: input.enableTime ?? before?.enableTime ?? null,
          freeMonths: input.freePackage?.months ?? 0,
          freeSmsCount: input.freePackage?.smsCount ?? 0,
          freeVoiceCount: input.freePackage?.voiceCount ?? 0,
          updatedAt: now,
        };
        let pkg: PackageRow;
        if (before) {
          pkg = await this.repo.updatePackage(before.id, fields, trx);
        } else {
          const count = await trx
            .selectFrom('payServicePackage')
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .where('platformId', '=', platformId)
            .executeTakeFirstOrThrow();
          pkg = await this.repo.insertPackage(
            {
              ...fields,
              platformId,
              packageStatus: 0,
              icon: null,
              sortNo: Number(count.n),
              freeLevelId: null,
              createdAt: now,
            },
            trx,
          );
        }
        const levelIds = await this.writeLevels(trx, platformId, pkg, input.levelList, itemIdOf, now);
        return this.repo.updatePackage(
          pkg.id,
          { freeLevelId: freeIndex >= 0 ? levelIds[freeIndex] : null },
          trx,
        );
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw packageCodeTaken();
      throw error;
    }
  }

  /**
   * Levels and rows with an id are changed (they must be this package's), new ones added, missing ones
   * removed; an enabled package sells, so it keeps every level and row until it is stopped.
   */
  private async writeLevels(
    trx: Trx,
    platformId: number,
    pkg: PackageRow,
    levels: LevelInput[],
    itemIdOf: Map<string, number>,
    now: string,
  ): Promise<number[]> {
    const tree = await this.repo.tree(pkg.id, trx);
    const knownLevels = new Set(tree.levels.map((l) => l.id));
    const keptLevels = new Set<number>();
    const keptYears = new Set<number>();
    for (const [i, level] of levels.entries()) {
      if (level.id !== undefined) {
        if (!knownLevels.has(level.id))
          throw new AppError('serviceLevelNotFound', {}, { field: `levelList.${i}.id` });
        keptLevels.add(level.id);
      }
      for (const [j, year] of level.yearList.entries()) {
        if (year.id === undefined) continue;
        const found = tree.years.find((y) => y.id === year.id);
        if (!found || found.levelId !== level.id)
          throw new AppError('serviceLevelYearNotFound', {}, { field: `levelList.${i}.yearList.${j}.id` });
        keptYears.add(year.id);
      }
    }
    const droppedLevels = tree.levels.filter((l) => !keptLevels.has(l.id)).map((l) => l.id);
    const droppedYears = tree.years
      .filter((y) => !keptYears.has(y.id) && !droppedLevels.includes(y.levelId))
      .map((y) => y.id);
    if (pkg.packageStatus === 1 && (droppedLevels.length > 0 || droppedYears.length > 0))
      throw new AppError('servicePackageEnabled');
    if (droppedLevels.length > 0)
      await trx
        .updateTable('payServicePackage')
        .set({ freeLevelId: null })
        .where('id', '=', pkg.id)
        .execute();
    await this.repo.deleteYears(droppedYears, trx);
    await this.repo.deleteLevels(droppedLevels, trx);

    const ids: number[] = [];
    for (const [sortNo, level] of levels.entries()) {
      const fields = {
        levelName: level.levelName,
        levelDescribe: level.levelDescribe,
        free: level.free,
        sortNo,
        activityDiscount: level.activityDiscount,
        activityStartTime: level.activityDiscount < 100 ? (level.activityStartTime ?? null) : null,
        activityEndTime: level.activityDiscount < 100 ? (level.activityEndTime ?? null) : null,
        updatedAt: now,
      };
      let levelId: number;
      if (level.id !== undefined) {
        levelId = level.id;
        await this.repo.updateLevel(levelId, fields, trx);
      } else {
        levelId = (
          await this.repo.insertLevel({ ...fields, platformId, packageId: pkg.id, createdAt: now }, trx)
        ).id;
      }
      ids.push(levelId);
      for (const [rowSort, year] of level.yearList.entries()) {
        const row = {
          timeLength: year.timeLength,
          serviceFee: year.serviceFee,
          dataFee: year.dataFee,
          discount: year.discount,
          topStatus: year.topStatus,
          presentationMonth: year.presentationMonth,
          sortNo: rowSort,
        };
        if (year.id !== undefined) await this.repo.updateYear(year.id, row, trx);
        else await this.repo.insertYear({ ...row, platformId, packageId: pkg.id, levelId }, trx);
      }
      const itemIds = [...new Set(level.itemCodes)].map((code) => itemIdOf.get(code) ?? 0);
      await this.repo.setLevelItems(levelId, itemIds, trx);
    }
    return ids;
  }

  /** Enables a package: it sells from its enable time on (now when it has none). */
  async enable(platformId: number, id: number): Promise<{ before: PackageRow; after: PackageRow }> {
    const before = await this.get(platformId, id);
    const tree = await this.repo.tree(before.id);
    const sells = tree.levels.some((l) => l.free !== 1 && tree.years.some((y) => y.levelId === l.id));
    if (!sells) throw fieldError('levelList', 'rules.packageNothingToSell');
    const now = this.now();
    const after = await this.repo.updatePackage(before.id, {
      packageStatus: 1,
      enableTime: before.enableTime ?? now,
      updatedAt: now,
    });
    return { before, after };
  }

  async stop(platformId: number, id: number): Promise<{ before: PackageRow; after: PackageRow }> {
    const before = await this.get(platformId, id);
    const after = await this.repo.updatePackage(before.id, { packageStatus: 0, updatedAt: this.now() });
    return { before, after };
  }

  async sortPackages(platformId: number, input: CatalogueSortRequest): Promise<void> {
    if ((await this.repo.countOwned('payServicePackage', platformId, input.ids)) !== input.ids.length)
      throw packageNotFound();
    await this.repo.transaction((trx) =>
      this.repo.setSortNo('payServicePackage', platformId, input.ids, trx),
    );
  }

  async setIcon(
    platformId: number,
    id: number,
    icon: string,
  ): Promise<{ before: PackageRow; after: PackageRow }> {
    const before = await this.get(platformId, id);
    const after = await this.repo.updatePackage(before.id, { icon, updatedAt: this.now() });
    return { before, after };
  }

  // ——— device-type relations ———

  async relations(platformId: number, packageId?: number) {
    if (packageId !== undefined) await this.get(platformId, packageId);
    return this.repo.relations(platformId, packageId);
  }

  /** Sets the device types that buy a package; a type buys at most one package of a platform. */
  async setRelations(platformId: number, input: DeviceTypeRelationUpdate) {
    const pkg = await this.get(platformId, input.packageId);
    const ids = [...new Set(input.deviceTypeIds)];
    return this.repo.transaction(async (trx) => {
      await this.repo.lockPlatform(trx, platformId);
      if (ids.length > 0) {
        const existing = new Set(await this.repo.existingTypeIds(ids, trx));
        if (ids.some((id) => !existing.has(id)))
          throw new AppError('notFound', { entity: 'entities.deviceType' });
        const taken = await this.repo.takenTypes(platformId, pkg.id, ids, trx);
        const first = taken[0];
        if (first)
          throw new AppError('deviceTypeRelated', {
            typeName: first.typeName,
            packageName: first.packageName,
          });
      }
      const before = await this.repo.typeIdsOf(pkg.id, trx);
      await this.repo.setRelations(platformId, pkg.id, ids, this.now(), trx);
      return { pkg, before, after: ids.sort((a, b) => a - b) };
    });
  }

  // ——— SMS and voice packages ———

  smsPackages(platformId: number, q: SmsPackageListRequest) {
    return this.repo.smsPackages(platformId, q);
  }

  async insertSms(platformId: number, input: SmsPackageInsert): Promise<SmsPackageRow> {
    return this.repo.transaction(async (trx) => {
      await this.repo.lockPlatform(trx, platformId);
      await assertRoom(this.repo, trx, platformId, input.countryCode, input.kind);
      const now = this.now();
      const sortNo = (await this.repo.maxSmsSort(platformId, input.countryCode, input.kind, trx)) + 1;
      return this.repo.insertSms({ ...input, platformId, sortNo, createdAt: now, updatedAt: now }, trx);
    });
  }

  async updateSms(
    platformId: number,
    input: SmsPackageUpdate,
  ): Promise<{ before: SmsPackageRow; after: SmsPackageRow }> {
    return this.repo.transaction(async (trx) => {
      await this.repo.lockPlatform(trx, platformId);
      const before = await this.repo.smsPackageById(platformId, input.id, trx);
      if (!before) throw new AppError('smsPackageNotFound');
      if (before.countryCode !== input.countryCode || before.kind !== input.kind)
        await assertRoom(this.repo, trx, platformId, input.countryCode, input.kind);
      const { id, ...changes } = input;
      const after = await this.repo.updateSms(id, { ...changes, updatedAt: this.now() }, trx);
      return { before, after };
    });
  }

  async deleteSms(platformId: number, id: number): Promise<SmsPackageRow> {
    const row = await this.repo.smsPackageById(platformId, id);
    if (!row) throw new AppError('smsPackageNotFound');
    await this.repo.deleteSms(row.id);
    return row;
  }

  async sortSms(platformId: number, input: CatalogueSortRequest): Promise<void> {
    if ((await this.repo.countOwned('paySmsPackage', platformId, input.ids)) !== input.ids.length)
      throw new AppError('smsPackageNotFound');
    await this.repo.transaction((trx) => this.repo.setSortNo('paySmsPackage', platformId, input.ids, trx));
  }

  /**
   * Imports rows as one change: a row whose kind, country code and name match an existing package
   * changes it, any other row adds one; the 5-per-kind limit holds for the result, else nothing is kept.
   */
  async importSms(
    platformId: number,
    rows: SmsPackageInsert[],
  ): Promise<{ inserted: number; updated: number }> {
    return this.repo.transaction(async (trx) => {
      await this.repo.lockPlatform(trx, platformId);
      const now = this.now();
      let inserted = 0;
      let updated = 0;
      for (const row of rows) {
        const existing = (
          await this.repo.smsPackages(platformId, { countryCode: row.countryCode, kind: row.kind }, trx)
        ).find((p) => p.packageName === row.packageName);
        if (existing) {
          await this.repo.updateSms(existing.id, { ...row, updatedAt: now }, trx);
          updated += 1;
        } else {
          await assertRoom(this.repo, trx, platformId, row.countryCode, row.kind);
          const sortNo = (await this.repo.maxSmsSort(platformId, row.countryCode, row.kind, trx)) + 1;
          await this.repo.insertSms({ ...row, platformId, sortNo, createdAt: now, updatedAt: now }, trx);
          inserted += 1;
        }
      }
      return { inserted, updated };
    });
  }

  // ——— the purchase drawer's reads ———

  /** A device the caller may see (its own, granted, or through the back office), else "device not found". */
  private async visibleDevice(caller: DeviceCaller, deviceId: number) {
    const device = await this.repo.device(deviceId);
    if (!device || !canSee(caller, device)) throw new AppError('deviceNotFound');
    return device;
  }

  /** The package a device's type buys on the device's platform, when it sells now. */
  private async packageOfDevice(device: { platformId: number; deviceTypeId: number }) {
    const relation = await this.repo.relationOfType(device.platformId, device.deviceTypeId);
    if (!relation) return { pkg: null, refusal: 'deviceTypeNotAllowed' as const };
    const pkg = await this.repo.packageById(device.platformId, relation.packageId);
    if (!pkg) return { pkg: null, refusal: 'deviceTypeNotAllowed' as const };
    if (!sellable(pkg, this.clock.now())) return { pkg, refusal: 'servicePackageStopped' as const };
    return { pkg, refusal: null };
  }

  /** The items and levels a device may buy (GET selectAllServiceItemByDevice). */
  async itemsByDevice(caller: DeviceCaller, deviceId: number, t: Translate): Promise<DeviceServiceItems> {
    const device = await this.visibleDevice(caller, deviceId);
    const { pkg, refusal } = await this.packageOfDevice(device);
    if (!pkg || refusal) {
      return {
        servicePackageId: null,
        packageName: null,
        currency: asCurrency(pkg?.currency ?? 'CNY'),
        message: t(`errors.${refusal ?? 'deviceTypeNotAllowed'}`),
        itemList: [],
        levelList: [],
      };
    }
    const [tree, items] = await Promise.all([this.repo.tree(pkg.id), this.repo.items(device.platformId)]);
    const itemOf = new Map(items.map((i) => [i.id, i]));
    const used = new Set(tree.levelItems.map((li) => li.itemId));
    const now = this.clock.now();
    const levelList = tree.levels.map((level) =>
      presentDrawerLevel(
        level,
        tree.years.filter((y) => y.levelId === level.id),
        items
          .filter((i) => tree.levelItems.some((li) => li.levelId === level.id && li.itemId === i.id))
          .map((i) => ({ itemCode: i.itemCode, itemName: i.itemName })),
        now,
      ),
    );
    return {
      servicePackageId: pkg.id,
      packageName: pkg.packageName,
      currency: asCurrency(pkg.currency),
      message: levelList.length === 0 ? t('errors.deviceTypeNotAllowed') : null,
      itemList: items
        .filter((i) => used.has(i.id) && itemOf.has(i.id))
        .map((i) => ({
          itemCode: i.itemCode,
          itemName: i.itemName,
          itemSupplement: i.itemSupplement,
          itemLabel: i.itemLabel,
        })),
      levelList,
    };
  }

  /** The year options of a level for a device, with what each costs per device (GET selectLevelYear). */
  async levelYears(
    caller: DeviceCaller,
    q: { deviceId: number; levelId: number; packageId: number },
  ): Promise<{ levelYearList: DrawerLevelYear[] }> {
    const device = await this.visibleDevice(caller, q.deviceId);
    const pkg = await this.repo.packageById(device.platformId, q.packageId);
    if (!pkg) throw new AppError('servicePackageNotFound', {}, { field: 'packageId' });
    const { pkg: allowed, refusal } = await this.packageOfDevice(device);
    if (!allowed || allowed.id !== pkg.id)
      throw new AppError('deviceTypeNotAllowed', {}, { field: 'deviceId' });
    if (refusal) throw new AppError(refusal, {}, { field: 'packageId' });
    const tree = await this.repo.tree(pkg.id);
    const level = tree.levels.find((l) => l.id === q.levelId);
    if (!level) throw new AppError('serviceLevelNotFound', {}, { field: 'levelId' });
    if (level.free === 1) throw new AppError('freeLevelNotBuyable', {}, { field: 'levelId' });
    const now = this.clock.now();
    return {
      levelYearList: tree.years
        .filter((y) => y.levelId === level.id)
        .map((y) => presentDrawerYear(y, level, now)),
    };
  }

  /** SMS and voice packages of a country code on the caller's platform (POST selectDepositView). */
  async depositView(platformId: number, countryCode: string): Promise<DepositView> {
    const rows = await this.repo.smsPackages(platformId, { countryCode });
    const base = (p: SmsPackageRow) => ({
      packageId: p.id,
      packageName: p.packageName,
      packageFee: p.packageFee,
      initialFee: p.initialFee,
      discount: smsDiscount(p),
      activityDiscount: 100,
      currency: asCurrency(p.currency),
    });
    return {
      smsList: rows.filter((p) => p.kind === 'sms').map((p) => ({ ...base(p), smsCount: p.count })),
      voiceList: rows.filter((p) => p.kind === 'voice').map((p) => ({ ...base(p), voiceCount: p.count })),
    };
  }
}

const itemCodeTaken = () => new AppError('itemCodeTaken', {}, { field: 'itemCode' });
const packageCodeTaken = () => new AppError('packageCodeTaken', {}, { field: 'packageCode' });

/** At most 5 packages of a kind per country code (001 §5). */
async function assertRoom(
  repo: ServicePackagesRepo,
  trx: Trx,
  platformId: number,
  countryCode: string,
  kind: 'sms' | 'voice',
): Promise<void> {
  if ((await repo.countSms(platformId, countryCode, kind, trx)) >= L.smsPackagesPerKindMax)
    throw new AppError(
      'smsPackageLimit',
      { max: L.smsPackagesPerKindMax, kind: `servicePackages.kinds.${kind}` },
      { field: 'kind' },
    );
}

/** Rules across a package's levels a schema cannot state. */
function checkLevels(levels: LevelInput[]): void {
  const names = new Set<string>();
  for (const [i, level] of levels.entries()) {
    if (names.has(level.levelName)) throw fieldError(`levelList.${i}.levelName`, 'rules.duplicateLevelName');
    names.add(level.levelName);
    if (level.free !== 1 && level.yearList.length === 0)
      throw fieldError(`levelList.${i}.yearList`, 'rules.tooFewItems', { minimum: 1 });
    const lengths = new Set<number>();
    for (const [j, year] of level.yearList.entries()) {
      if (lengths.has(year.timeLength))
        throw fieldError(`levelList.${i}.yearList.${j}.timeLength`, 'rules.duplicateTimeLength');
      lengths.add(year.timeLength);
    }
    if (level.activityDiscount < 100) {
      if (!level.activityStartTime) throw fieldError(`levelList.${i}.activityStartTime`, 'rules.required');
      if (!level.activityEndTime) throw fieldError(`levelList.${i}.activityEndTime`, 'rules.required');
      if (new Date(level.activityStartTime).getTime() >= new Date(level.activityEndTime).getTime())
        throw fieldError(`levelList.${i}.activityEndTime`, 'rules.activityPeriod');
    }
  }
}
