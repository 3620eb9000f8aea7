import type {
  DeviceServiceInfo,
  PageResponse,
  PremiumPlan,
  PremiumStatus,
  TrialClaimRow,
} from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { addMonths } from '../devices/device-time.ts';
import { addDevice, publishedType, signedIn } from '../devices/test-support.ts';
import { listening } from '../payments/test-support.ts';
import { creditDeviceService, creditPremium, LIFELONG_EXPIRY } from './credit.ts';
import { premiumStatusOf, vipStateOf } from './service-status.ts';

const INFO = '/api/base/BaseServiceInfo';
const PREMIUM = '/api/base/BasePremiumMembership';
const DAY = 86_400_000;

describe('device service info, trial claims and premium membership', () => {
  let t: TestApp;
  let typeId: number;
  let operator: string;

  beforeAll(async () => {
    t = await createTestApp();
    await listening(t.app);
    operator = await login(t.app, 'demo_operator');
    typeId = (await publishedType(t.app, operator)).type.id;
  });
  afterAll(async () => t.close());

  async function owned() {
    const user = await signedIn(t.app);
    const device = await addDevice(t.app, user.token, typeId);
    return { user, device };
  }
  const info = (token: string, deviceId: number) =>
    call<DeviceServiceInfo>(t.app, 'GET', `${INFO}/getServiceInfo`, {
      token,
      query: { deviceId: String(deviceId) },
    });
  const claim = (token: string, deviceId: number, locale = 'en-US') =>
    call<DeviceServiceInfo>(t.app, 'POST', `${INFO}/claimTrial`, { token, body: { deviceId }, locale });

  it('answers a new device: 2 free months, level 0, trial available', async () => {
    const { user, device } = await owned();
    const answer = await info(user.token, device.id);
    expect(answer.code).toBe(0);
    expect(answer.data).toMatchObject({
      deviceId: device.id,
      levelId: 0,
      phase: 'active',
      lifelong: 0,
      smsCount: 0,
      voiceCount: 0,
      vipState: 0,
      trialClaimed: 0,
      trialAvailable: 1,
      trialMonths: 2,
    });
  });

  it('a trial claim adds 2 months once; a second claim is refused and changes nothing', async () => {
    const { user, device } = await owned();
    const before = (await info(user.token, device.id)).data;
    const first = await claim(user.token, device.id);
    expect(first.code).toBe(0);
    expect(first.data.serviceExpiredDate).toBe(
      addMonths(new Date(before.serviceExpiredDate), 2).toISOString(),
    );
    expect(first.data).toMatchObject({ trialClaimed: 1, trialAvailable: 0 });
    const second = await claim(user.token, device.id);
    expect(second.code).toBe(3401);
    expect(second.msg).toBe('This device has already had its free trial');
    const zh = await claim(user.token, device.id, 'zh-CN');
    expect(zh.msg).toBe('该设备已领取过免费试用');
    expect((await info(user.token, device.id)).data.serviceExpiredDate).toBe(first.data.serviceExpiredDate);
    const log = await t.app.ctx.db
      .selectFrom('operationLog')
      .select(['action', 'entityId'])
      .where('action', '=', 'deviceService.claimTrial')
      .where('entityId', '=', String(device.id))
      .execute();
    expect(log).toHaveLength(1);
  });

  it('concurrent trial claims of one device credit once', async () => {
    const { user, device } = await owned();
    const before = (await info(user.token, device.id)).data.serviceExpiredDate;
    const answers = await Promise.all(Array.from({ length: 5 }, () => claim(user.token, device.id)));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 3401)).toHaveLength(4);
    expect((await info(user.token, device.id)).data.serviceExpiredDate).toBe(
      addMonths(new Date(before), 2).toISOString(),
    );
  });

  it('a trial of a lapsed device counts from now; a lifelong device needs none', async () => {
    const { user, device } = await owned();
    await t.app.ctx.db
      .updateTable('device')
      .set({ serviceExpiredDate: '2025-01-01T00:00:00.000Z', dataExpiredDate: '2025-04-01T00:00:00.000Z' })
      .where('id', '=', device.id)
      .execute();
    expect((await info(user.token, device.id)).data).toMatchObject({ phase: 'stopped', vipState: 2 });
    const claimed = await claim(user.token, device.id);
    expect(claimed.code).toBe(0);
    expect(Date.parse(claimed.data.serviceExpiredDate)).toBeGreaterThan(Date.now() + 55 * DAY);
    expect(claimed.data.phase).toBe('active');

    const life = await owned();
    await creditDeviceService(
      t.app.ctx.db,
      { deviceId: life.device.id, months: 1200, bonusMonths: 0, levelId: 3, dataOnly: false },
      new Date(),
    );
    expect((await info(life.user.token, life.device.id)).data).toMatchObject({
      lifelong: 1,
      levelId: 3,
      serviceExpiredDate: LIFELONG_EXPIRY,
      trialAvailable: 0,
    });
    expect((await claim(life.user.token, life.device.id)).code).toBe(3404);
  });

  it('refuses bad input naming the field, and unknown or foreign devices alike', async () => {
    const { user, device } = await owned();
    const bad = await call(t.app, 'POST', `${INFO}/claimTrial`, {
      token: user.token,
      body: { deviceId: 'x' },
      locale: 'en-US',
    });
    expect(bad.code).toBe(1001);
    expect(bad.msg).toBe('Device: has the wrong type');
    const extra = await call(t.app, 'POST', `${INFO}/claimTrial`, {
      token: user.token,
      body: { deviceId: device.id, months: 24 },
    });
    expect(extra.code).not.toBe(0);
    const stranger = await signedIn(t.app);
    const foreign = await claim(stranger.token, device.id);
    const missing = await claim(stranger.token, 999_999);
    expect([foreign.code, foreign.msg]).toEqual([missing.code, missing.msg]);
    expect(foreign.code).toBe(4006);
    const noQuery = await call(t.app, 'GET', `${INFO}/getServiceInfo`, { token: user.token });
    expect(noQuery.code).toBe(1001);
    expect((await info(user.token, device.id)).data.trialClaimed).toBe(0);
  });

  it('lists trial claims to the back office only, newest first', async () => {
    const { user, device } = await owned();
    await claim(user.token, device.id);
    const list = await call<PageResponse<TrialClaimRow>>(t.app, 'POST', `${INFO}/trialList`, {
      token: operator,
      body: { start: 1, pageSize: 10, deviceGuid: device.deviceGuid },
    });
    expect(list.code).toBe(0);
    expect(list.data.totalCount).toBe(1);
    expect(list.data.data[0]).toMatchObject({
      deviceId: device.id,
      deviceGuid: device.deviceGuid,
      ownerName: user.userName,
      claimedByName: user.userName,
      months: 2,
    });
    const denied = await call(t.app, 'POST', `${INFO}/trialList`, { token: user.token, body: {} });
    expect(denied.status).toBe(403);
  });

  it('vip state and premium status arithmetic', () => {
    const now = new Date('2026-06-01T00:00:00.000Z');
    expect(vipStateOf('2026-05-31T23:59:59.000Z', now)).toBe(2);
    expect(vipStateOf('2026-06-20T00:00:00.000Z', now)).toBe(1);
    expect(vipStateOf('2026-08-01T00:00:00.000Z', now)).toBe(0);
    expect(premiumStatusOf(null, now)).toEqual({ state: 0, expiresAt: null, remainingDays: 0, lifelong: 0 });
    expect(premiumStatusOf('2026-05-01T00:00:00.000Z', now).state).toBe(0);
    expect(premiumStatusOf('2026-06-11T12:00:00.000Z', now)).toMatchObject({ state: 1, remainingDays: 11 });
  });

  it('premium: plans of the platform, status days in selectPresentation and accountInfo, benefits', async () => {
    const now = new Date().toISOString();
    const platform = await t.app.ctx.db
      .selectFrom('platform')
      .select('id')
      .where('isDefault', '=', 1)
      .executeTakeFirstOrThrow();
    await t.app.ctx.db
      .insertInto('premiumPlan')
      .values([
        {
          platformId: platform.id,
          planName: 'Year',
          months: 12,
          fee: 19_900,
          originalFee: 23_880,
          currency: 'CNY',
          sortNo: 2,
          status: 1,
          recommend: 1,
          createdAt: now,
          updatedAt: now,
        },
        {
          platformId: null,
          planName: 'Month',
          months: 1,
          fee: 1_990,
          originalFee: 1_990,
          currency: 'CNY',
          sortNo: 1,
          status: 1,
          recommend: 0,
          createdAt: now,
          updatedAt: now,
        },
        {
          platformId: platform.id,
          planName: 'Stopped',
          months: 3,
          fee: 5_000,
          originalFee: 5_000,
          currency: 'CNY',
          status: 0,
          sortNo: 3,
          recommend: 0,
          createdAt: now,
          updatedAt: now,
        },
      ])
      .execute();
    const member = await signedIn(t.app);
    const plans = await call<PremiumPlan[]>(t.app, 'GET', `${PREMIUM}/list`, { token: member.token });
    expect(plans.data.map((p) => p.planName).filter((n) => ['Year', 'Month', 'Stopped'].includes(n))).toEqual(
      ['Month', 'Year'],
    );
    const none = await call<PremiumStatus>(t.app, 'GET', `${PREMIUM}/selectPresentation`, {
      token: member.token,
    });
    expect(none.data).toMatchObject({ state: 0, remainingDays: 0 });
    await creditPremium(t.app.ctx.db, { accountId: member.id, months: 1 }, new Date());
    const some = await call<PremiumStatus>(t.app, 'GET', `${PREMIUM}/selectPresentation`, {
      token: member.token,
    });
    expect(some.data.state).toBe(1);
    expect(some.data.remainingDays).toBeGreaterThanOrEqual(28);
    expect(some.data.remainingDays).toBeLessThanOrEqual(31);
    const account = await call<{ premiumState: { state: number; remainingDays?: number } }>(
      t.app,
      'GET',
      '/api/base/BaseAccount/accountInfo',
      { token: member.token },
    );
    expect(account.data.premiumState).toMatchObject({ state: 1, remainingDays: some.data.remainingDays });
    const benefits = await call<{ code: string }[]>(t.app, 'GET', `${PREMIUM}/presentationService`, {
      token: member.token,
    });
    expect(benefits.data.map((b) => b.code)).toContain('backups');
    const anonymous = await call(t.app, 'GET', `${PREMIUM}/list`);
    expect(anonymous.status).toBe(401);
  });

  it('buys premium like a package: createPremiumMemberOrder, the sandbox payer, then remaining days', async () => {
    const now = new Date().toISOString();
    const plan = await t.app.ctx.db
      .insertInto('premiumPlan')
      .values({
        platformId: null,
        planName: 'Quarter',
        months: 3,
        fee: 4_900,
        originalFee: 5_970,
        currency: 'CNY',
        recommend: 0,
        status: 1,
        sortNo: 5,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const member = await signedIn(t.app);
    const order = (body: unknown) =>
      call<{ orderId: string; payQrCode: string; payFee: number; payStatus: number }>(
        t.app,
        'POST',
        '/api/payment/PayOrder/createPremiumMemberOrder',
        { token: member.token, body, locale: 'en-US' },
      );
    expect((await order({ planId: 999_999, payType: 1, applyFlag: 0 })).code).toBe(3403);
    const noBill = await order({ planId: plan.id, payType: 1, applyFlag: 1 });
    expect(noBill.code).not.toBe(0);
    expect((await order({ planId: plan.id, payType: 7, applyFlag: 0 })).code).toBe(1001);
    expect(
      await t.app.ctx.db.selectFrom('payOrder').select('id').where('accountId', '=', member.id).execute(),
    ).toEqual([]);
    const created = await order({ planId: plan.id, payType: 1, applyFlag: 0 });
    expect(created.code).toBe(0);
    expect(created.data.payFee).toBe(4_900);
    const row = await t.app.ctx.db
      .selectFrom('payOrder')
      .select(['kind', 'months', 'payFee', 'orderFee'])
      .where('id', '=', Number(created.data.orderId))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ kind: 'premium', months: 3, payFee: 4_900, orderFee: 5_970 });
    const token = new URL(created.data.payQrCode).searchParams.get('token') ?? '';
    const paid = await call<{ payStatus: number }>(t.app, 'POST', '/api/payment/sandbox/pay', {
      body: { orderId: Number(created.data.orderId), token, outcome: 'pay' },
    });
    expect(paid.data.payStatus).toBe(2);
    const status = await call<PremiumStatus>(t.app, 'GET', `${PREMIUM}/selectPresentation`, {
      token: member.token,
    });
    expect(status.data.state).toBe(1);
    expect(status.data.remainingDays).toBeGreaterThanOrEqual(89);
    expect(status.data.remainingDays).toBeLessThanOrEqual(93);
  });
});
