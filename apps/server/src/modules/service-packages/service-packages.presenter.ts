import type {
  DrawerLevel,
  DrawerLevelYear,
  ServiceItem,
  ServicePackageDetail,
  ServicePackageSummary,
  SmsPackage,
} from '@coldchain/shared';
import { activityRuns, asCurrency, priceOf } from './pricing.ts';
import type {
  ItemRow,
  LevelRow,
  LevelYearRow,
  PackageRow,
  PackageTree,
  SmsPackageRow,
} from './service-packages.repo.ts';

export const ICON_URL_PREFIX = '/api/files/service-package-icons/';

const flag = (v: number): 0 | 1 => (v === 1 ? 1 : 0);

export function presentItem(row: ItemRow): ServiceItem {
  return {
    id: row.id,
    itemCode: row.itemCode,
    itemName: row.itemName,
    itemSupplement: row.itemSupplement,
    itemLabel: row.itemLabel,
    sortNo: row.sortNo,
  };
}

export function presentSummary(
  row: PackageRow & { levelCount: number; deviceTypeCount: number },
): ServicePackageSummary {
  return {
    id: row.id,
    packageName: row.packageName,
    packageCode: row.packageCode,
    packageStatus: flag(row.packageStatus),
    enableTime: row.enableTime,
    icon: row.icon ? `${ICON_URL_PREFIX}${row.icon}` : null,
    currency: asCurrency(row.currency),
    sortNo: row.sortNo,
    levelCount: row.levelCount,
    deviceTypeCount: row.deviceTypeCount,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function presentDetail(
  row: PackageRow,
  tree: PackageTree,
  items: ItemRow[],
  deviceTypeIds: number[],
): ServicePackageDetail {
  const codeOf = new Map(items.map((i) => [i.id, i.itemCode]));
  const freeLevel = tree.levels.find((l) => l.id === row.freeLevelId);
  return {
    ...presentSummary({ ...row, levelCount: tree.levels.length, deviceTypeCount: deviceTypeIds.length }),
    levelList: tree.levels.map((level) => ({
      id: level.id,
      levelName: level.levelName,
      levelDescribe: level.levelDescribe,
      free: flag(level.free),
      activityDiscount: level.activityDiscount,
      activityStartTime: level.activityStartTime,
      activityEndTime: level.activityEndTime,
      itemCodes: tree.levelItems
        .filter((li) => li.levelId === level.id)
        .map((li) => codeOf.get(li.itemId))
        .filter((c): c is string => c !== undefined),
      yearList: tree.years
        .filter((y) => y.levelId === level.id)
        .map((y) => ({
          id: y.id,
          timeLength: y.timeLength,
          serviceFee: y.serviceFee,
          dataFee: y.dataFee,
          discount: y.discount,
          topStatus: y.topStatus,
          presentationMonth: y.presentationMonth,
        })),
    })),
    freePackage:
      freeLevel && row.freeMonths > 0
        ? {
            levelId: freeLevel.id,
            levelName: freeLevel.levelName,
            months: row.freeMonths,
            smsCount: row.freeSmsCount,
            voiceCount: row.freeVoiceCount,
          }
        : null,
    deviceTypeIds,
  };
}

/** The row a level is shown by in the drawer: its 12-month row, else its first. */
function representative(rows: LevelYearRow[]): LevelYearRow | undefined {
  return rows.find((r) => r.timeLength === 12) ?? rows[0];
}

/** Scales a row's fee to 12 months (rounded to the cent). */
const perYear = (fee: number, months: number) => Math.round((fee * 12) / months);

export function presentDrawerLevel(
  level: LevelRow,
  rows: LevelYearRow[],
  items: { itemCode: string; itemName: string }[],
  now: Date,
): DrawerLevel {
  const row = representative(rows);
  const runs = activityRuns(level, now);
  return {
    levelId: level.id,
    levelName: level.levelName,
    levelDescribe: level.levelDescribe,
    packageId: level.packageId,
    serviceFee: row ? perYear(row.serviceFee, row.timeLength) : 0,
    dataFee: row ? perYear(row.dataFee, row.timeLength) : 0,
    discount: row?.discount ?? 100,
    activityDiscount: runs ? level.activityDiscount : 100,
    activityId: runs ? level.id : null,
    activityStartTime: runs ? level.activityStartTime : null,
    activityEndTime: runs ? level.activityEndTime : null,
    presentationMonth: row?.presentationMonth ?? 0,
    topStatus: rows.some((r) => r.topStatus === 1) ? 1 : 0,
    free: level.free === 1,
    itemLevelRelList: items,
  };
}

export function presentDrawerYear(row: LevelYearRow, level: LevelRow, now: Date): DrawerLevelYear {
  const price = priceOf(row, level, now);
  return {
    id: row.id,
    timeLength: row.timeLength,
    serviceFee: row.serviceFee,
    dataFee: row.dataFee,
    discount: row.discount,
    activityDiscount: price.activityId === null ? 100 : level.activityDiscount,
    activityId: price.activityId,
    presentationMonth: row.presentationMonth,
    topStatus: row.topStatus,
    payFee: price.unitFee,
  };
}

export function presentSms(row: SmsPackageRow): SmsPackage {
  return {
    id: row.id,
    kind: row.kind === 'voice' ? 'voice' : 'sms',
    countryCode: row.countryCode,
    currency: asCurrency(row.currency),
    packageName: row.packageName,
    count: row.count,
    packageFee: row.packageFee,
    initialFee: row.initialFee,
    sortNo: row.sortNo,
  };
}
