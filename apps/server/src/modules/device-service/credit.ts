import {
  DEVICE_DATA_GRACE_MONTHS,
  DEVICE_SERVICE_COUNT_CREDIT_MAX,
  DEVICE_SERVICE_LIFELONG_MONTHS,
  DEVICE_SERVICE_LIFELONG_YEAR,
} from '@coldchain/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { addMonths } from '../devices/device-time.ts';

/**
 * What a paid order (or a refund of one) does to a device's service and an account's membership.
 * The payment module calls these inside the transaction that marks the order paid, so each one only
 * reads and then updates conditionally (compare-and-set on the value it read), never blindly.
 */
export type CreditDb = Kysely<Database> | Transaction<Database>;

/** The expiry a lifelong service carries: the last moment of the lifelong year (001 §2.1, §9). */
export const LIFELONG_EXPIRY = `${DEVICE_SERVICE_LIFELONG_YEAR}-12-31T23:59:59.000Z`;

/** Compare-and-set attempts before giving up; only concurrent credits of one row ever retry. */
const CAS_ATTEMPTS = 8;

export function isLifelong(expiry: string | null | undefined): boolean {
  return !!expiry && Number(expiry.slice(0, 4)) >= DEVICE_SERVICE_LIFELONG_YEAR;
}

function invalid(field: string): AppError {
  return new AppError('deviceServiceCreditInvalid', { field });
}

function wholeMonths(field: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 0) throw invalid(field);
  return value;
}

/** Adds months to an expiry, turning anything in or past the lifelong year into the lifelong expiry. */
function extend(from: Date, months: number): string {
  if (months >= DEVICE_SERVICE_LIFELONG_MONTHS) return LIFELONG_EXPIRY;
  const to = addMonths(from, months);
  return to.getUTCFullYear() >= DEVICE_SERVICE_LIFELONG_YEAR ? LIFELONG_EXPIRY : to.toISOString();
}

const later = (a: string, b: string) => (a > b ? a : b);

async function deviceExpiries(db: CreditDb, deviceId: number) {
  const row = await db
    .selectFrom('device')
    .select(['serviceExpiredDate', 'dataExpiredDate'])
    .where('id', '=', deviceId)
    .executeTakeFirst();
  if (!row) throw new AppError('deviceNotFound');
  return row;
}

/**
 * Writes new expiries only when the row still holds the ones read; on a lost race reads again and
 * recomputes, so two credits of one device never overwrite each other.
 */
async function casExpiries(
  db: CreditDb,
  deviceId: number,
  next: (current: { serviceExpiredDate: string; dataExpiredDate: string }) => {
    serviceExpiredDate: string;
    dataExpiredDate: string;
    serverLevel?: number;
  },
): Promise<void> {
  for (let attempt = 0; attempt < CAS_ATTEMPTS; attempt += 1) {
    const current = await deviceExpiries(db, deviceId);
    const result = await db
      .updateTable('device')
      .set({ ...next(current), updatedAt: new Date().toISOString() })
      .where('id', '=', deviceId)
      .where('serviceExpiredDate', '=', current.serviceExpiredDate)
      .where('dataExpiredDate', '=', current.dataExpiredDate)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) return;
  }
  throw new AppError('serverError');
}

/**
 * Extends a device's service by months + bonus months from the later of now and its current expiry,
 * sets its level, and moves its data expiry to 3 months after the new service expiry (never back).
 * A data-only credit (a level that sells data flow only) moves the data expiry alone, from the later
 * of now and the current data expiry. 1,200 months or more, or a result in the lifelong year or
 * later, makes the service lifelong.
 */
export async function creditDeviceService(
  db: CreditDb,
  input: { deviceId: number; months: number; bonusMonths: number; levelId: number; dataOnly: boolean },
  now: Date,
): Promise<void> {
  const total = wholeMonths('months', input.months) + wholeMonths('bonusMonths', input.bonusMonths);
  if (total < 1) throw invalid('months');
  if (!Number.isSafeInteger(input.levelId) || input.levelId < 0) throw invalid('levelId');
  const at = now.toISOString();
  await casExpiries(db, input.deviceId, (current) => {
    if (input.dataOnly) {
      const data = isLifelong(current.dataExpiredDate)
        ? current.dataExpiredDate
        : extend(new Date(later(at, current.dataExpiredDate)), total);
      return { serviceExpiredDate: current.serviceExpiredDate, dataExpiredDate: data };
    }
    const service = isLifelong(current.serviceExpiredDate)
      ? current.serviceExpiredDate
      : extend(new Date(later(at, current.serviceExpiredDate)), total);
    const data = later(
      addMonths(new Date(service), DEVICE_DATA_GRACE_MONTHS).toISOString(),
      current.dataExpiredDate,
    );
    return { serviceExpiredDate: service, dataExpiredDate: data, serverLevel: input.levelId };
  });
}

/**
 * Takes back what a refunded service credit gave: months + bonus months off the service expiry, and
 * the data expiry back to 3 months after it (unless data time bought apart from the service lies
 * beyond). A lifelong service refunded as lifelong ends now; other credits cannot be told apart from
 * a lifelong expiry, which therefore stays.
 */
export async function reverseDeviceService(
  db: CreditDb,
  input: { deviceId: number; months: number; bonusMonths: number },
  now: Date = new Date(),
): Promise<void> {
  const total = wholeMonths('months', input.months) + wholeMonths('bonusMonths', input.bonusMonths);
  if (total < 1) throw invalid('months');
  await casExpiries(db, input.deviceId, (current) => {
    const lifelong = isLifelong(current.serviceExpiredDate);
    if (lifelong && total < DEVICE_SERVICE_LIFELONG_MONTHS) return current;
    const service = lifelong
      ? now.toISOString()
      : addMonths(new Date(current.serviceExpiredDate), -total).toISOString();
    const graceOfCurrent = addMonths(
      new Date(current.serviceExpiredDate),
      DEVICE_DATA_GRACE_MONTHS,
    ).toISOString();
    const boughtApart = !lifelong && current.dataExpiredDate > graceOfCurrent;
    const data = boughtApart
      ? current.dataExpiredDate
      : addMonths(new Date(service), DEVICE_DATA_GRACE_MONTHS).toISOString();
    return { serviceExpiredDate: service, dataExpiredDate: data };
  });
}

/** Adds bought (or free-package) SMS and voice counts to a device in one atomic update. */
export async function creditDeviceCounts(
  db: CreditDb,
  input: { deviceId: number; smsCount: number; voiceCount: number },
): Promise<void> {
  for (const field of ['smsCount', 'voiceCount'] as const) {
    const value = input[field];
    if (!Number.isSafeInteger(value) || value < 0 || value > DEVICE_SERVICE_COUNT_CREDIT_MAX)
      throw invalid(field);
  }
  if (input.smsCount + input.voiceCount < 1) throw invalid('smsCount');
  const result = await db
    .updateTable('device')
    .set((eb) => ({
      smsCount: eb('smsCount', '+', input.smsCount),
      voiceCount: eb('voiceCount', '+', input.voiceCount),
      updatedAt: new Date().toISOString(),
    }))
    .where('id', '=', input.deviceId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new AppError('deviceNotFound');
}

/** Extends an account's premium membership by months from the later of now and its current end. */
export async function creditPremium(
  db: CreditDb,
  input: { accountId: number; months: number },
  now: Date,
): Promise<void> {
  const months = wholeMonths('months', input.months);
  if (months < 1) throw invalid('months');
  const at = now.toISOString();
  for (let attempt = 0; attempt < CAS_ATTEMPTS; attempt += 1) {
    const row = await db
      .selectFrom('account')
      .select('premiumExpiresAt')
      .where('id', '=', input.accountId)
      .executeTakeFirst();
    if (!row) throw new AppError('notFound');
    const current = row.premiumExpiresAt;
    const next = isLifelong(current)
      ? (current as string)
      : extend(new Date(later(at, current ?? at)), months);
    let update = db
      .updateTable('account')
      .set({ premiumExpiresAt: next, updatedAt: at })
      .where('id', '=', input.accountId);
    update =
      current === null
        ? update.where('premiumExpiresAt', 'is', null)
        : update.where('premiumExpiresAt', '=', current);
    const result = await update.executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) return;
  }
  throw new AppError('serverError');
}
