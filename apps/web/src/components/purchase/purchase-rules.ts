import {
  LIFELONG_MONTHS,
  LIFELONG_YEAR,
  LOW_COUNT_THRESHOLD,
  MAINLAND_COUNTRY_CODE,
  NO_DISCOUNT,
  OVERSEAS_DEFAULT_COUNTRY_CODE,
} from './constants.ts';

/**
 * The display and choice rules of the purchase screens (001 §2.1-§2.4, §5, §9), free of React so
 * they are tested alone. Money is integer cents.
 */

/** An expiry in 2099 or later reads as lifelong (001 §2.1). */
export function isLifelongDate(iso: string | null | undefined): boolean {
  if (!iso) return false;
  const year = Number(iso.slice(0, 4));
  return Number.isInteger(year) && year >= LIFELONG_YEAR;
}

/** A period of 1200 months or more is lifelong (001 §2.1). */
export function isLifelongMonths(months: number): boolean {
  return months >= LIFELONG_MONTHS;
}

/** Counts of 50 or less show red, above 50 green (001 §2.1). */
export function countTone(count: number): 'low' | 'ok' {
  return count <= LOW_COUNT_THRESHOLD ? 'low' : 'ok';
}

/** vipInfo.state 1 expiring, 2 overdue (001 §2.1). */
export function serviceTone(state: number | null | undefined): 'normal' | 'expiring' | 'overdue' {
  if (state === 1) return 'expiring';
  if (state === 2) return 'overdue';
  return 'normal';
}

export type LevelButton = 'onOrder' | 'buyData' | 'renew' | 'buy';

/**
 * The one button of a level (001 §2.1), in the spec's order: a free level is "on order" and cannot be
 * bought; a level with no service fee but a data fee sells data flow; the device's own level renews.
 */
export function levelButton(
  level: { free: boolean; serviceFee: number; dataFee: number; levelId: number },
  currentLevelId: number | null | undefined,
): LevelButton {
  if (level.free) return 'onOrder';
  if (level.serviceFee === 0 && level.dataFee > 0) return 'buyData';
  if (currentLevelId !== null && currentLevelId !== undefined && level.levelId === currentLevelId)
    return 'renew';
  return 'buy';
}

/**
 * A level's price per year (001 §2.1): service and data fee of 12 months after the discount and the
 * activity discount, rounded once at the end as the server prices it; the original (both fees, no
 * discount) is shown beside it when it differs.
 */
export function levelYearPrice(level: {
  serviceFee: number;
  dataFee: number;
  discount: number | null;
  activityDiscount: number | null;
}): { price: number; original: number; discounted: boolean } {
  const original = level.serviceFee + level.dataFee;
  const percent = (level.discount ?? NO_DISCOUNT) * (level.activityDiscount ?? NO_DISCOUNT);
  const price = Math.round((original * percent) / (NO_DISCOUNT * NO_DISCOUNT));
  return { price, original, discounted: price !== original };
}

/**
 * A discount badge (001 §9): null for none (100); else the value divided by 10 ("8折" in Chinese) and
 * the share taken off as a percent ("20% off" elsewhere).
 */
export function discountBadge(percent: number | null | undefined): { tenths: number; off: number } | null {
  if (percent === null || percent === undefined || percent >= NO_DISCOUNT || percent <= 0) return null;
  return { tenths: percent / 10, off: NO_DISCOUNT - percent };
}

/** The discount a level or year row shows: the activity's when one runs, else the plain one. */
export function shownDiscount(row: {
  discount: number | null;
  activityDiscount: number | null;
}): number | null {
  const activity = row.activityDiscount ?? NO_DISCOUNT;
  if (activity > 0 && activity < NO_DISCOUNT) return activity;
  return row.discount;
}

/**
 * Cents as money (001 §9): whole units in the mainland edition (cents only when there are some), two
 * decimals in the overseas edition; the symbol follows the edition.
 */
export function formatMoney(cents: number, overseas: boolean): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const units = Math.floor(abs / 100);
  const rest = abs % 100;
  const grouped = units.toLocaleString('en-US');
  if (overseas) return `${sign}$${grouped}.${String(rest).padStart(2, '0')}`;
  if (rest === 0) return `${sign}¥${grouped}`;
  return `${sign}¥${grouped}.${String(rest).padStart(2, '0').replace(/0$/, '')}`;
}

/** A batch's total: the price per device times the number of devices (001 §9). */
export function batchTotal(unitFee: number, count: number): number {
  return unitFee * count;
}

export type BatchCheck = 'ok' | 'none' | 'sameType' | 'countryCode';

/**
 * Devices bought together (001 §5, 000 §5): at least one, all of one type, and at most one distinct
 * country code among those that have one (a device without a SIM card has none).
 */
export function checkBatch(
  devices: readonly { deviceTypeId?: number; typeId?: number; countryCode?: string | null }[],
): BatchCheck {
  if (devices.length === 0) return 'none';
  const types = new Set(devices.map((d) => d.deviceTypeId ?? d.typeId));
  if (types.size > 1) return 'sameType';
  const codes = new Set(devices.map((d) => d.countryCode ?? '').filter((code) => code !== ''));
  if (codes.size > 1) return 'countryCode';
  return 'ok';
}

/**
 * The country code an SMS/voice purchase starts with (001 §2.4, §9): 86 in the mainland edition;
 * elsewhere the device's own (and then locked), else 1.
 */
export function initialCountryCode(
  overseas: boolean,
  devices: readonly { countryCode?: string | null }[],
): { code: string; locked: boolean } {
  if (!overseas) return { code: MAINLAND_COUNTRY_CODE, locked: true };
  const own = devices.map((d) => d.countryCode ?? '').find((code) => code !== '');
  return own ? { code: own, locked: true } : { code: OVERSEAS_DEFAULT_COUNTRY_CODE, locked: false };
}

/** Choosing the chosen package again clears the choice (001 §2.4). */
export function toggleChoice(current: number | null, picked: number): number | null {
  return current === picked ? null : picked;
}

/** An SMS/voice choice makes an order only when it buys something (001 §5: both counts 0, no order). */
export function countsOrderable(smsCount: number, voiceCount: number): boolean {
  return smsCount > 0 || voiceCount > 0;
}

/**
 * Whether the choices are complete enough to place an order (001 §5): an invoice asked for needs a
 * chosen invoice info, else no order and no QR code.
 */
export function invoiceReady(wantInvoice: boolean, billId: number | null | undefined): boolean {
  return !wantInvoice || (billId !== null && billId !== undefined);
}

/** The wallet pay type of the overseas edition (001 §4): Google Pay in Chrome, else the card wallet request. */
export function walletPayType(userAgent: string, vendor: string): 30 | 40 {
  const chrome = /Chrome\//.test(userAgent) && /Google Inc/.test(vendor) && !/Edg\/|OPR\//.test(userAgent);
  return chrome ? 30 : 40;
}

/** A period in months as years and months for the year options ("1 year", "2 years 6 months"). */
export function splitMonths(months: number): { years: number; months: number } {
  return { years: Math.floor(months / 12), months: months % 12 };
}
