import type { ErrorKey } from '@coldchain/shared';
import type { Selectable, Transaction } from 'kysely';
import { type Clock, systemClock } from '../../clock.ts';
import type { Db } from '../../db/create-db.ts';
import type { Database } from '../../db/database.ts';
import type {
  PayServiceLevelTable,
  PayServiceLevelYearTable,
  PaySmsPackageTable,
} from '../../db/tables/service-packages.ts';
import { AppError } from '../../errors.ts';

export type Currency = 'CNY' | 'USD';

/** The price of one device's level-year, as an order charges it. */
export interface ServiceQuote {
  servicePackageId: number;
  levelId: number;
  levelName: string;
  levelYearId: number;
  /** months bought (the row's time length) */
  months: number;
  /** bonus months given on top */
  presentationMonth: number;
  /** cents per device, after the row's discount and a running activity discount */
  unitFee: number;
  /** cents per device before any discount (service fee plus data fee) */
  originalFee: number;
  /** The row sells data flow only (service fee 0, data fee above 0). */
  dataOnly: boolean;
  /** The running activity (the level's id while its activity discount applies), else null. */
  activityId: number | null;
  currency: Currency;
}

/** The price of an SMS and/or a voice package for one device. */
export interface CountsQuote {
  smsPackageId: number | null;
  voicePackageId: number | null;
  smsCount: number;
  voiceCount: number;
  smsFee: number;
  voiceFee: number;
  totalFee: number;
  currency: Currency;
}

export interface FreePackage {
  levelId: number;
  months: number;
  smsCount: number;
  voiceCount: number;
}

type Level = Selectable<PayServiceLevelTable>;
type LevelYear = Selectable<PayServiceLevelYearTable>;
type SmsPackage = Selectable<PaySmsPackageTable>;
type Executor = Db | Transaction<Database>;

/** A quote refusal naming the request field it concerns. */
function refused(key: ErrorKey, field: string): AppError {
  return new AppError(key, {}, { field });
}

export const asCurrency = (value: string): Currency => (value === 'USD' ? 'USD' : 'CNY');

/** Whether the level's activity runs at `now` (a discount below 100 inside its start and end). */
export function activityRuns(level: Level, now: Date): boolean {
  if (level.activityDiscount >= 100 || !level.activityStartTime || !level.activityEndTime) return false;
  const at = now.toISOString();
  return level.activityStartTime <= at && at <= level.activityEndTime;
}

/**
 * Prices of one year row in cents: the list price (service plus data fee), the row's discount and,
 * while the level's activity runs, the activity discount on top. One rounding, at the end.
 */
export function priceOf(row: LevelYear, level: Level, now: Date) {
  const originalFee = row.serviceFee + row.dataFee;
  const activity = activityRuns(level, now);
  const percent = row.discount * (activity ? level.activityDiscount : 100);
  return {
    originalFee,
    unitFee: Math.round((originalFee * percent) / 10_000),
    activityId: activity ? level.id : null,
    dataOnly: row.serviceFee === 0 && row.dataFee > 0,
  };
}

/** An SMS or voice package's discount in percent of its initial fee (100: none). */
export function smsDiscount(pkg: Pick<SmsPackage, 'packageFee' | 'initialFee'>): number {
  if (pkg.initialFee <= 0 || pkg.packageFee >= pkg.initialFee) return 100;
  return Math.round((pkg.packageFee * 100) / pkg.initialFee);
}

/**
 * Pricing of the service catalogue, the one place orders take their amounts from: the server
 * recomputes every price through it and never trusts a client's figure.
 */
export class ServicePricing {
  constructor(
    private readonly db: Executor,
    private readonly clock: Clock = systemClock,
  ) {}

  /**
   * The price of one device's level-year. Refused: a device that is missing, a package of another
   * platform, stopped or not yet enabled, a device type without a relation to the package, a level not
   * of the package, a free level, a year row not of the level.
   */
  async quoteService(input: {
    deviceId: number;
    levelId: number;
    levelYearId: number;
    servicePackageId: number;
  }): Promise<ServiceQuote> {
    const now = this.clock.now();
    const device = await this.db
      .selectFrom('device')
      .select(['id', 'platformId', 'deviceTypeId'])
      .where('id', '=', input.deviceId)
      .where('deletedFlag', '=', 0)
      .executeTakeFirst();
    if (!device) throw new AppError('deviceNotFound', {}, { field: 'deviceId' });
    const pkg = await this.db
      .selectFrom('payServicePackage')
      .selectAll()
      .where('id', '=', input.servicePackageId)
      .where('platformId', '=', device.platformId)
      .executeTakeFirst();
    if (!pkg) throw refused('servicePackageNotFound', 'servicePackageId');
    if (!sellable(pkg, now)) throw refused('servicePackageStopped', 'servicePackageId');
    const relation = await this.db
      .selectFrom('payDeviceTypeService')
      .select('id')
      .where('platformId', '=', device.platformId)
      .where('deviceTypeId', '=', device.deviceTypeId)
      .where('packageId', '=', pkg.id)
      .executeTakeFirst();
    if (!relation) throw refused('deviceTypeNotAllowed', 'deviceId');
    const level = await this.db
      .selectFrom('payServiceLevel')
      .selectAll()
      .where('id', '=', input.levelId)
      .where('packageId', '=', pkg.id)
      .executeTakeFirst();
    if (!level) throw refused('serviceLevelNotFound', 'levelId');
    if (level.free === 1) throw refused('freeLevelNotBuyable', 'levelId');
    const row = await this.db
      .selectFrom('payServiceLevelYear')
      .selectAll()
      .where('id', '=', input.levelYearId)
      .where('levelId', '=', level.id)
      .executeTakeFirst();
    if (!row) throw refused('serviceLevelYearNotFound', 'levelYearId');
    const price = priceOf(row, level, now);
    return {
      servicePackageId: pkg.id,
      levelId: level.id,
      levelName: level.levelName,
      levelYearId: row.id,
      months: row.timeLength,
      presentationMonth: row.presentationMonth,
      unitFee: price.unitFee,
      originalFee: price.originalFee,
      dataOnly: price.dataOnly,
      activityId: price.activityId,
      currency: asCurrency(pkg.currency),
    };
  }

  /**
   * The price of an SMS package and/or a voice package of a country code. Refused: both missing
   * (no order when both counts are 0), a package of the other kind or country code (or, with
   * platformId, of another platform), and two packages priced in different currencies.
   */
  async quoteCounts(input: {
    countryCode: string;
    smsPackageId?: number | null;
    voicePackageId?: number | null;
    /** The buyer's platform: packages of other platforms are refused like missing ones. */
    platformId?: number;
  }): Promise<CountsQuote> {
    const find = async (id: number | null | undefined, kind: 'sms' | 'voice', field: string) => {
      if (id === null || id === undefined) return null;
      let query = this.db
        .selectFrom('paySmsPackage')
        .selectAll()
        .where('id', '=', id)
        .where('kind', '=', kind)
        .where('countryCode', '=', input.countryCode);
      if (input.platformId !== undefined) query = query.where('platformId', '=', input.platformId);
      const found = await query.executeTakeFirst();
      if (!found) throw refused('smsPackageNotFound', field);
      return found;
    };
    const sms = await find(input.smsPackageId, 'sms', 'smsPackageId');
    const voice = await find(input.voicePackageId, 'voice', 'voicePackageId');
    const smsCount = sms?.count ?? 0;
    const voiceCount = voice?.count ?? 0;
    if (smsCount === 0 && voiceCount === 0) throw refused('countsBothZero', 'smsPackageId');
    if (sms && voice && sms.currency !== voice.currency) throw refused('currencyMismatch', 'voicePackageId');
    const smsFee = sms?.packageFee ?? 0;
    const voiceFee = voice?.packageFee ?? 0;
    return {
      smsPackageId: sms?.id ?? null,
      voicePackageId: voice?.id ?? null,
      smsCount,
      voiceCount,
      smsFee,
      voiceFee,
      totalFee: smsFee + voiceFee,
      currency: asCurrency((sms ?? voice)?.currency ?? 'CNY'),
    };
  }

  /**
   * The free package a new device gets: with a device, that of the package its type buys on its
   * platform; with a platform, or else the default platform, that of its first enabled package (by
   * sort) that has one. Null when none is configured.
   */
  async freePackage(scope: { deviceId?: number; platformId?: number } = {}): Promise<FreePackage | null> {
    const now = this.clock.now();
    let query = this.db
      .selectFrom('payServicePackage')
      .selectAll('payServicePackage')
      .where('payServicePackage.freeLevelId', 'is not', null)
      .where('payServicePackage.freeMonths', '>', 0);
    if (scope.deviceId !== undefined) {
      const device = await this.db
        .selectFrom('device')
        .select(['platformId', 'deviceTypeId'])
        .where('id', '=', scope.deviceId)
        .executeTakeFirst();
      if (!device) return null;
      query = query
        .innerJoin('payDeviceTypeService as rel', 'rel.packageId', 'payServicePackage.id')
        .where('rel.deviceTypeId', '=', device.deviceTypeId)
        .where('payServicePackage.platformId', '=', device.platformId);
    } else if (scope.platformId !== undefined) {
      query = query.where('payServicePackage.platformId', '=', scope.platformId);
    } else {
      const home = await this.db
        .selectFrom('platform')
        .select('id')
        .where('isDefault', '=', 1)
        .executeTakeFirst();
      if (!home) return null;
      query = query.where('payServicePackage.platformId', '=', home.id);
    }
    const packages = await query
      .orderBy('payServicePackage.sortNo')
      .orderBy('payServicePackage.id')
      .execute();
    const pkg = packages.find((p) => sellable(p, now));
    if (!pkg || pkg.freeLevelId === null) return null;
    return {
      levelId: pkg.freeLevelId,
      months: pkg.freeMonths,
      smsCount: pkg.freeSmsCount,
      voiceCount: pkg.freeVoiceCount,
    };
  }
}

/** A package sells while enabled and from its enable time on. */
export function sellable(pkg: { packageStatus: number; enableTime: string | null }, now: Date): boolean {
  return pkg.packageStatus === 1 && (pkg.enableTime === null || pkg.enableTime <= now.toISOString());
}
