import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../clock.ts';
import { AppError } from '../../errors.ts';
import { createTestApp, login, type TestApp } from '../../test/harness.ts';
import { addDevice, publishedType, signedIn } from '../devices/test-support.ts';
import { newPlatformRow } from '../platforms/new-platform.ts';
import { ServicePricing } from './pricing.ts';
import { type SeededPackage, seedPackage, seedSmsPackage } from './test-support.ts';

const NOW = new Date('2026-06-15T08:00:00.000Z');
const clock: Clock = { now: () => NOW };

/** The key and field of a refused quote. */
async function refusal(promise: Promise<unknown>): Promise<{ key: string; field: unknown }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError)
      return { key: error.key, field: (error.data as { field?: unknown })?.field };
    throw error;
  }
  throw new Error('the quote was not refused');
}

describe('service pricing', () => {
  let t: TestApp;
  let pricing: ServicePricing;
  let platformId: number;
  let deviceId: number;
  let otherTypeDeviceId: number;
  let deviceTypeId: number;
  let pkg: SeededPackage;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.app.ctx.db;
    pricing = new ServicePricing(db, clock);
    platformId = (
      await db.selectFrom('platform').select('id').where('isDefault', '=', 1).executeTakeFirstOrThrow()
    ).id;
    const operator = await login(t.app, 'demo_operator');
    const { type } = await publishedType(t.app, operator);
    const { type: otherType } = await publishedType(t.app, operator);
    deviceTypeId = type.id;
    const owner = await signedIn(t.app);
    deviceId = (await addDevice(t.app, owner.token, type.id)).id;
    otherTypeDeviceId = (await addDevice(t.app, owner.token, otherType.id)).id;
    pkg = await seedPackage(db, platformId, {
      deviceTypeIds: [type.id],
      levels: [
        { levelName: 'Free', free: true, years: [{ timeLength: 12, serviceFee: 0, dataFee: 0 }] },
        {
          levelName: 'Standard',
          years: [
            { timeLength: 12, serviceFee: 9_900, dataFee: 2_000, discount: 90, presentationMonth: 2 },
            { timeLength: 24, serviceFee: 18_000, dataFee: 3_333, discount: 85 },
          ],
        },
        {
          levelName: 'Premium',
          activity: { discount: 80, start: '2026-06-01T00:00:00.000Z', end: '2026-06-30T23:59:59.000Z' },
          years: [
            { timeLength: 12, serviceFee: 19_900, dataFee: 1_001 },
            { timeLength: 12, serviceFee: 0, dataFee: 5_000 },
          ],
        },
      ],
      free: { levelIndex: 0, months: 2, smsCount: 20, voiceCount: 5 },
    });
  });
  afterAll(async () => t.close());

  const level = (index: number) => {
    const found = pkg.levels[index];
    if (!found) throw new Error(`no level ${index}`);
    return found;
  };
  const quote = (levelIndex: number, yearIndex: number, extra: Partial<{ deviceId: number }> = {}) =>
    pricing.quoteService({
      deviceId: extra.deviceId ?? deviceId,
      servicePackageId: pkg.packageId,
      levelId: level(levelIndex).levelId,
      levelYearId: level(levelIndex).yearIds[yearIndex] ?? 0,
    });

  it('prices a level-year in integer cents after its discount', async () => {
    expect(await quote(1, 0)).toEqual({
      servicePackageId: pkg.packageId,
      levelId: level(1).levelId,
      levelName: 'Standard',
      levelYearId: level(1).yearIds[0],
      months: 12,
      presentationMonth: 2,
      unitFee: 10_710, // 11,900 × 90 %
      originalFee: 11_900,
      dataOnly: false,
      activityId: null,
      currency: 'CNY',
    });
    // 21,333 × 85 % = 18,133.05 → one rounding at the end.
    expect(await quote(1, 1)).toMatchObject({ months: 24, unitFee: 18_133, originalFee: 21_333 });
  });

  it('applies a running activity discount on top, and only while it runs', async () => {
    const during = await quote(2, 0);
    // 20,901 × 80 % = 16,720.8
    expect(during).toMatchObject({ unitFee: 16_721, originalFee: 20_901, activityId: level(2).levelId });
    const after = new ServicePricing(t.app.ctx.db, { now: () => new Date('2026-07-01T00:00:00.000Z') });
    const later = await after.quoteService({
      deviceId,
      servicePackageId: pkg.packageId,
      levelId: level(2).levelId,
      levelYearId: level(2).yearIds[0] ?? 0,
    });
    expect(later).toMatchObject({ unitFee: 20_901, activityId: null });
  });

  it('marks a row without service fee as data flow only', async () => {
    expect(await quote(2, 1)).toMatchObject({ dataOnly: true, unitFee: 4_000, originalFee: 5_000 });
  });

  it('refuses free levels, foreign levels and rows, and unrelated device types, naming the field', async () => {
    expect(await refusal(quote(0, 0))).toEqual({ key: 'freeLevelNotBuyable', field: 'levelId' });
    expect(
      await refusal(
        pricing.quoteService({
          deviceId,
          servicePackageId: pkg.packageId,
          levelId: level(1).levelId,
          levelYearId: level(2).yearIds[0] ?? 0,
        }),
      ),
    ).toEqual({ key: 'serviceLevelYearNotFound', field: 'levelYearId' });
    const other = await seedPackage(t.app.ctx.db, platformId, {
      levels: [{ levelName: 'Other', years: [{ timeLength: 12, serviceFee: 100, dataFee: 0 }] }],
    });
    expect(
      await refusal(
        pricing.quoteService({
          deviceId,
          servicePackageId: pkg.packageId,
          levelId: other.levels[0]?.levelId ?? 0,
          levelYearId: other.levels[0]?.yearIds[0] ?? 0,
        }),
      ),
    ).toEqual({ key: 'serviceLevelNotFound', field: 'levelId' });
    // The device's type buys `pkg`, not `other`.
    expect(
      await refusal(
        pricing.quoteService({
          deviceId,
          servicePackageId: other.packageId,
          levelId: other.levels[0]?.levelId ?? 0,
          levelYearId: other.levels[0]?.yearIds[0] ?? 0,
        }),
      ),
    ).toEqual({ key: 'deviceTypeNotAllowed', field: 'deviceId' });
    expect(await refusal(quote(1, 0, { deviceId: otherTypeDeviceId }))).toEqual({
      key: 'deviceTypeNotAllowed',
      field: 'deviceId',
    });
    expect(await refusal(quote(1, 0, { deviceId: 999_999 }))).toEqual({
      key: 'deviceNotFound',
      field: 'deviceId',
    });
  });

  it('refuses a stopped package, one not yet enabled and one of another platform', async () => {
    const db = t.app.ctx.db;
    const levels = [{ levelName: 'Basic', years: [{ timeLength: 12, serviceFee: 100, dataFee: 0 }] }];
    const ask = (p: SeededPackage) =>
      pricing.quoteService({
        deviceId,
        servicePackageId: p.packageId,
        levelId: p.levels[0]?.levelId ?? 0,
        levelYearId: p.levels[0]?.yearIds[0] ?? 0,
      });
    const stopped = await seedPackage(db, platformId, { levels, enabled: false });
    expect(await refusal(ask(stopped))).toEqual({ key: 'servicePackageStopped', field: 'servicePackageId' });
    const future = await seedPackage(db, platformId, { levels, enableTime: '2026-12-01T00:00:00.000Z' });
    expect(await refusal(ask(future))).toEqual({ key: 'servicePackageStopped', field: 'servicePackageId' });
    const now = new Date().toISOString();
    const platformB = await db
      .insertInto('platform')
      .values(newPlatformRow({ topDomain: 'pricing-b.example.com', title: 'B' }, now))
      .returning('id')
      .executeTakeFirstOrThrow();
    const foreign = await seedPackage(db, platformB.id, { levels, deviceTypeIds: [deviceTypeId] });
    expect(await refusal(ask(foreign))).toEqual({ key: 'servicePackageNotFound', field: 'servicePackageId' });
    // Counts of another platform are refused when the buyer's platform is named.
    const foreignSms = await seedSmsPackage(db, platformB.id, {
      kind: 'sms',
      countryCode: '86',
      count: 100,
      packageFee: 500,
    });
    expect(
      await refusal(pricing.quoteCounts({ countryCode: '86', smsPackageId: foreignSms, platformId })),
    ).toEqual({ key: 'smsPackageNotFound', field: 'smsPackageId' });
    expect(await pricing.freePackage({ platformId: platformB.id })).toBeNull();
  });

  it('prices SMS and voice packages of a country code, and refuses both counts 0', async () => {
    const db = t.app.ctx.db;
    const sms = await seedSmsPackage(db, platformId, {
      kind: 'sms',
      countryCode: '86',
      count: 200,
      packageFee: 1_800,
      initialFee: 2_000,
    });
    const voice = await seedSmsPackage(db, platformId, {
      kind: 'voice',
      countryCode: '86',
      count: 50,
      packageFee: 2_500,
    });
    const usVoice = await seedSmsPackage(db, platformId, {
      kind: 'voice',
      countryCode: '1',
      count: 30,
      packageFee: 999,
      currency: 'USD',
    });
    expect(
      await pricing.quoteCounts({ countryCode: '86', smsPackageId: sms, voicePackageId: voice, platformId }),
    ).toEqual({
      smsPackageId: sms,
      voicePackageId: voice,
      smsCount: 200,
      voiceCount: 50,
      smsFee: 1_800,
      voiceFee: 2_500,
      totalFee: 4_300,
      currency: 'CNY',
    });
    expect(await pricing.quoteCounts({ countryCode: '1', voicePackageId: usVoice })).toMatchObject({
      smsPackageId: null,
      smsCount: 0,
      smsFee: 0,
      voiceCount: 30,
      totalFee: 999,
      currency: 'USD',
    });
    expect(await refusal(pricing.quoteCounts({ countryCode: '86' }))).toEqual({
      key: 'countsBothZero',
      field: 'smsPackageId',
    });
    expect(
      await refusal(pricing.quoteCounts({ countryCode: '86', smsPackageId: null, voicePackageId: null })),
    ).toEqual({ key: 'countsBothZero', field: 'smsPackageId' });
    // Another country code, or the other kind, is not this package.
    expect(await refusal(pricing.quoteCounts({ countryCode: '1', smsPackageId: sms }))).toEqual({
      key: 'smsPackageNotFound',
      field: 'smsPackageId',
    });
    expect(await refusal(pricing.quoteCounts({ countryCode: '86', voicePackageId: sms }))).toEqual({
      key: 'smsPackageNotFound',
      field: 'voicePackageId',
    });
    const usSms = await seedSmsPackage(db, platformId, {
      kind: 'sms',
      countryCode: '86',
      count: 10,
      packageFee: 100,
      currency: 'USD',
    });
    expect(
      await refusal(pricing.quoteCounts({ countryCode: '86', smsPackageId: usSms, voicePackageId: voice })),
    ).toEqual({ key: 'currencyMismatch', field: 'voicePackageId' });
  });

  it('answers the free package of a device’s type, of a platform, or of the default platform', async () => {
    const free = { levelId: level(0).levelId, months: 2, smsCount: 20, voiceCount: 5 };
    expect(await pricing.freePackage({ deviceId })).toEqual(free);
    expect(await pricing.freePackage({ platformId })).toEqual(free);
    expect(await pricing.freePackage()).toEqual(free);
    expect(await pricing.freePackage({ deviceId: otherTypeDeviceId })).toBeNull();
    expect(await pricing.freePackage({ deviceId: 999_999 })).toBeNull();
  });
});
