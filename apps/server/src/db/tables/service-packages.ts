import type { Generated } from 'kysely';

/** 0/1 flags are stored as integers on both dialects. */
type Flag = number;
/** ISO-8601 UTC timestamps, as everywhere in the relational tables. */
type Iso = string;

/**
 * A service item a level may include (001 §3.1): the special codes DATA_QUERY_EXPORT, ALARM_SMS,
 * ALARM_VOICE and AI_QA, or an operator's own. Every catalogue row belongs to one platform: each
 * white-label operator sells its own packages (docs/decisions.md, Service packages).
 */
export interface PayServiceItemTable {
  id: Generated<number>;
  platformId: number;
  itemCode: string;
  itemName: string;
  itemSupplement: string | null;
  itemLabel: string | null;
  sortNo: number;
  createdAt: Iso;
  updatedAt: Iso;
}

/** A service package sold per device in levels (001 §3.1 back-office service package). */
export interface PayServicePackageTable {
  id: Generated<number>;
  platformId: number;
  /** At most 20 characters. */
  packageName: string;
  /** Exactly 8 digits, unique on the platform. */
  packageCode: string;
  /** 1 enabled (sellable from enableTime on), 0 stopped */
  packageStatus: number;
  enableTime: Iso | null;
  /** Stored file name of the uploaded icon (served under /api/payment/PayServicePackages/icon/). */
  icon: string | null;
  /** CNY | USD */
  currency: string;
  sortNo: number;
  /** The free package: the level a new device gets, for freeMonths, with SMS and voice counts. */
  freeLevelId: number | null;
  freeMonths: number;
  freeSmsCount: number;
  freeVoiceCount: number;
  createdAt: Iso;
  updatedAt: Iso;
}

/** A level of a package; its prices are its year rows. */
export interface PayServiceLevelTable {
  id: Generated<number>;
  platformId: number;
  packageId: number;
  /** At most 20 characters. */
  levelName: string;
  levelDescribe: string | null;
  /** 1: a free level, shown "on order" and never bought. */
  free: Flag;
  sortNo: number;
  /** Percent of the price charged while the activity runs; 100 means none. */
  activityDiscount: number;
  activityStartTime: Iso | null;
  activityEndTime: Iso | null;
  createdAt: Iso;
  updatedAt: Iso;
}

/** A year row of a level: one time length with its fees (cents) and discount. */
export interface PayServiceLevelYearTable {
  id: Generated<number>;
  platformId: number;
  packageId: number;
  levelId: number;
  /** months; 1200 or more reads as lifelong */
  timeLength: number;
  serviceFee: number;
  dataFee: number;
  /** Percent of the list price charged; 100 means none. */
  discount: number;
  /** 1: the recommended row */
  topStatus: Flag;
  /** Bonus months given with the row. */
  presentationMonth: number;
  sortNo: number;
}

/** The service items a level includes. */
export interface PayServiceLevelItemTable {
  levelId: number;
  itemId: number;
}

/** Which package a device type may buy on a platform (one package per type and platform). */
export interface PayDeviceTypeServiceTable {
  id: Generated<number>;
  platformId: number;
  deviceTypeId: number;
  packageId: number;
  createdAt: Iso;
}

/** An SMS or voice package: counts sold per country code, at most 5 of each kind per country code. */
export interface PaySmsPackageTable {
  id: Generated<number>;
  platformId: number;
  /** sms | voice */
  kind: string;
  countryCode: string;
  /** CNY | USD */
  currency: string;
  /** At most 20 characters. */
  packageName: string;
  /** SMS or voice messages the package gives. */
  count: number;
  /** cents charged */
  packageFee: number;
  /** cents, the price before discount (shown struck through) */
  initialFee: number;
  sortNo: number;
  createdAt: Iso;
  updatedAt: Iso;
}

export interface ServicePackageTables {
  payServiceItem: PayServiceItemTable;
  payServicePackage: PayServicePackageTable;
  payServiceLevel: PayServiceLevelTable;
  payServiceLevelYear: PayServiceLevelYearTable;
  payServiceLevelItem: PayServiceLevelItemTable;
  payDeviceTypeService: PayDeviceTypeServiceTable;
  paySmsPackage: PaySmsPackageTable;
}
