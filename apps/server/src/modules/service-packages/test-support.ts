import type { Db } from '../../db/create-db.ts';

/** Helpers for the service-package tests: a catalogue written straight to the tables. */

let codeCounter = 0;

/** An 8-digit package code no other test process uses on one PostgreSQL. */
export function nextPackageCode(): string {
  codeCounter += 1;
  return String(10_000_000 + ((process.pid * 131 + codeCounter * 7) % 89_999_999));
}

export interface SeedYear {
  timeLength: number;
  serviceFee: number;
  dataFee: number;
  discount?: number;
  topStatus?: number;
  presentationMonth?: number;
}

export interface SeedLevel {
  levelName: string;
  free?: boolean;
  activity?: { discount: number; start: string; end: string };
  years: SeedYear[];
}

export interface SeededPackage {
  packageId: number;
  levels: { levelId: number; yearIds: number[] }[];
}

/** A package with levels and year rows on a platform, enabled unless told otherwise. */
export async function seedPackage(
  db: Db,
  platformId: number,
  options: {
    levels: SeedLevel[];
    enabled?: boolean;
    enableTime?: string | null;
    currency?: 'CNY' | 'USD';
    deviceTypeIds?: number[];
    free?: { levelIndex: number; months: number; smsCount: number; voiceCount: number };
  },
): Promise<SeededPackage> {
  const now = new Date().toISOString();
  const pkg = await db
    .insertInto('payServicePackage')
    .values({
      platformId,
      packageName: 'Test package',
      packageCode: nextPackageCode(),
      packageStatus: options.enabled === false ? 0 : 1,
      enableTime: options.enableTime ?? null,
      icon: null,
      currency: options.currency ?? 'CNY',
      sortNo: 0,
      freeLevelId: null,
      freeMonths: 0,
      freeSmsCount: 0,
      freeVoiceCount: 0,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const levels: SeededPackage['levels'] = [];
  for (const [index, level] of options.levels.entries()) {
    const row = await db
      .insertInto('payServiceLevel')
      .values({
        platformId,
        packageId: pkg.id,
        levelName: level.levelName,
        levelDescribe: null,
        free: level.free ? 1 : 0,
        sortNo: index,
        activityDiscount: level.activity?.discount ?? 100,
        activityStartTime: level.activity?.start ?? null,
        activityEndTime: level.activity?.end ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const yearIds: number[] = [];
    for (const [sortNo, year] of level.years.entries()) {
      const y = await db
        .insertInto('payServiceLevelYear')
        .values({
          platformId,
          packageId: pkg.id,
          levelId: row.id,
          timeLength: year.timeLength,
          serviceFee: year.serviceFee,
          dataFee: year.dataFee,
          discount: year.discount ?? 100,
          topStatus: year.topStatus ?? 0,
          presentationMonth: year.presentationMonth ?? 0,
          sortNo,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      yearIds.push(y.id);
    }
    levels.push({ levelId: row.id, yearIds });
  }
  if (options.free) {
    const level = levels[options.free.levelIndex];
    if (!level) throw new Error('free level index out of range');
    await db
      .updateTable('payServicePackage')
      .set({
        freeLevelId: level.levelId,
        freeMonths: options.free.months,
        freeSmsCount: options.free.smsCount,
        freeVoiceCount: options.free.voiceCount,
      })
      .where('id', '=', pkg.id)
      .execute();
  }
  for (const deviceTypeId of options.deviceTypeIds ?? [])
    await db
      .insertInto('payDeviceTypeService')
      .values({ platformId, deviceTypeId, packageId: pkg.id, createdAt: now })
      .execute();
  return { packageId: pkg.id, levels };
}

/** An SMS or voice package of a country code. */
export async function seedSmsPackage(
  db: Db,
  platformId: number,
  options: {
    kind: 'sms' | 'voice';
    countryCode: string;
    count: number;
    packageFee: number;
    initialFee?: number;
    currency?: 'CNY' | 'USD';
  },
): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('paySmsPackage')
    .values({
      platformId,
      kind: options.kind,
      countryCode: options.countryCode,
      currency: options.currency ?? 'CNY',
      packageName: `${options.count} ${options.kind}`,
      count: options.count,
      packageFee: options.packageFee,
      initialFee: options.initialFee ?? options.packageFee,
      sortNo: 0,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const ITEM = '/api/payment/PayServiceItem';
export const LEVEL = '/api/payment/PayServiceLevel';
export const PACKAGE = '/api/payment/PayServicePackages';
export const RELATION = '/api/payment/PayDeviceTypeService';
export const SMS = '/api/payment/PaySmsPackages';

/** A valid package request: a free level and a paid level with 1- and 2-year rows. */
export function packageBody(overrides: Record<string, unknown> = {}) {
  return {
    packageName: 'Cold chain care',
    packageCode: nextPackageCode(),
    currency: 'CNY',
    levelList: [
      { levelName: 'Trial', free: 1, yearList: [] },
      {
        levelName: 'Standard',
        itemCodes: [],
        yearList: [
          { timeLength: 12, serviceFee: 9_900, dataFee: 1_000, discount: 100, topStatus: 1 },
          { timeLength: 24, serviceFee: 18_000, dataFee: 2_000, discount: 90, presentationMonth: 3 },
        ],
      },
    ],
    freePackage: { levelName: 'Trial', months: 2, smsCount: 10, voiceCount: 2 },
    ...overrides,
  };
}
