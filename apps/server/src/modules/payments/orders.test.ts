import {
  ORDER_DEVICES_MAX,
  PAY_STATUS_PAID,
  PAY_STATUS_UNPAID,
  type PurchaseDevice,
} from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/harness.ts';
import { seedSmsPackage } from '../service-packages/test-support.ts';
import {
  type Buyer,
  buyerWithDevices,
  createServiceOrder,
  DEPOSIT,
  orderRow,
  type PurchaseWorld,
  purchaseWorld,
  serviceOrderBody,
  UNIT_FEE,
} from './test-support.ts';

/** Order creation (001 §3.2, §5): server prices, refusals that create no order, idempotent repeats. */
describe('order creation', () => {
  let t: TestApp;
  let world: PurchaseWorld;
  let buyer: Buyer;
  let smsPackageId: number;
  let voicePackageId: number;

  const device = (i: number) => buyer.devices[i]?.id ?? 0;
  const orderCount = async () =>
    Number(
      (
        await t.app.ctx.db
          .selectFrom('payOrder')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('accountId', '=', buyer.id)
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await createTestApp();
    world = await purchaseWorld(t.app);
    buyer = await buyerWithDevices(t.app, world.typeId, 4);
    const db = t.app.ctx.db;
    await db
      .updateTable('device')
      .set({ countryCode: '86' })
      .where('id', 'in', [device(0), device(1), device(2)])
      .execute();
    await db.updateTable('device').set({ countryCode: '1' }).where('id', '=', device(3)).execute();
    smsPackageId = await seedSmsPackage(db, world.platformId, {
      kind: 'sms',
      countryCode: '86',
      count: 100,
      packageFee: 1_000,
    });
    voicePackageId = await seedSmsPackage(db, world.platformId, {
      kind: 'voice',
      countryCode: '86',
      count: 20,
      packageFee: 1_500,
    });
  });
  afterAll(async () => t?.close());

  it('prices a service order on the server and answers the contract fields', async () => {
    const created = await createServiceOrder(t.app, buyer.token, world, device(0));
    expect(created.code).toBe(0);
    expect(created.data).toMatchObject({
      payStatus: PAY_STATUS_UNPAID,
      applyFlag: 0,
      billId: null,
      payFee: UNIT_FEE,
      currency: 'CNY',
    });
    const order = await orderRow(t.app, created.data.orderId);
    expect(order).toMatchObject({
      kind: 'service',
      months: 12,
      presentationMonth: 1,
      levelName: 'Standard',
      orderFee: UNIT_FEE,
    });
    const status = await call<{ payStatus: number; kind: string }>(
      t.app,
      'GET',
      '/api/payment/PayOrder/get',
      {
        token: buyer.token,
        query: { pk: created.data.orderId },
      },
    );
    expect(status.data).toMatchObject({
      payStatus: PAY_STATUS_UNPAID,
      kind: 'service',
      orderCode: created.data.orderCode,
    });
    const logged = await t.app.ctx.db
      .selectFrom('operationLog')
      .select(['action', 'accountId'])
      .where('entityType', '=', 'payOrder')
      .where('entityId', '=', created.data.orderId)
      .execute();
    expect(logged).toEqual([{ action: 'payment.orderCreated', accountId: buyer.id }]);
  });

  it('refuses a total the server does not charge with priceChanged and the new total', async () => {
    const before = await orderCount();
    const answer = await createServiceOrder(t.app, buyer.token, world, device(0), { totalFee: UNIT_FEE - 1 });
    expect(answer.code).toBe(3200);
    expect(answer.data).toMatchObject({ totalFee: UNIT_FEE });
    expect(await orderCount()).toBe(before);
  });

  it('an identical request within seconds answers the same order; a different one a new order', async () => {
    const body = serviceOrderBody(world, device(1), { payType: 2 });
    const [a, b] = await Promise.all([
      call<{ orderId: string }>(t.app, 'POST', `${DEPOSIT}/createDeviceDeposit`, {
        token: buyer.token,
        body,
      }),
      call<{ orderId: string }>(t.app, 'POST', `${DEPOSIT}/createDeviceDeposit`, {
        token: buyer.token,
        body,
      }),
    ]);
    expect(a.code).toBe(0);
    expect(b.data.orderId).toBe(a.data.orderId);
    const c = await call<{ orderId: string }>(t.app, 'POST', `${DEPOSIT}/createDeviceDeposit`, {
      token: buyer.token,
      body: { ...body, payType: 1 },
    });
    expect(c.data.orderId).not.toBe(a.data.orderId);
  });

  it('creates no order for the refusals of 001 §5', async () => {
    const before = await orderCount();
    const refused = async (url: string, body: unknown) =>
      call<unknown>(t.app, 'POST', `${DEPOSIT}/${url}`, { token: buyer.token, body, locale: 'en-US' });
    // An invoice requested without a bill.
    expect(
      (await refused('createDeviceDeposit', serviceOrderBody(world, device(0), { applyFlag: 1 }))).code,
    ).toBe(3201);
    // A free level.
    const free = await refused(
      'createDeviceDeposit',
      serviceOrderBody(world, device(0), {
        levelId: world.freeLevelId,
        levelYearId: world.freeYearId,
        totalFee: 0,
      }),
    );
    expect(free.code).toBe(3106);
    // Mixed country codes, with the spec's message.
    const mixed = await refused('createDeviceListDeposit', {
      ...serviceOrderBody(world, 0, { totalFee: 2 * UNIT_FEE }),
      deviceId: undefined,
      deviceIdList: [device(0), device(3)],
    });
    expect(mixed.code).toBe(3005);
    expect(mixed.msg).toMatch(/same country code/);
    // Mixed device types.
    const other = await buyerWithDevices(t.app, world.otherTypeId, 0);
    const foreignType = (
      await call<{ id: number }>(t.app, 'POST', '/api/device/Device/insert', {
        token: buyer.token,
        body: {
          deviceGuid: `${Date.now()}`.slice(-12),
          deviceName: 'Other',
          deviceTypeId: world.otherTypeId,
          timeZone: 'UTC',
        },
      })
    ).data.id;
    expect(other.devices).toHaveLength(0);
    const types = await refused('createDeviceListDeposit', {
      ...serviceOrderBody(world, 0, { totalFee: 2 * UNIT_FEE }),
      deviceId: undefined,
      deviceIdList: [device(0), foreignType],
    });
    expect(types.code).toBe(4101);
    // Too many devices for one order.
    const many = await refused('createDeviceListDeposit', {
      ...serviceOrderBody(world, 0),
      deviceId: undefined,
      deviceIdList: Array.from({ length: ORDER_DEVICES_MAX + 1 }, (_, i) => i + 1),
    });
    expect(many.code).toBe(3003);
    expect(many.msg).toMatch(/contact customer service/);
    // The same device twice.
    const twice = await refused('createDeviceListDeposit', {
      ...serviceOrderBody(world, 0, { totalFee: 2 * UNIT_FEE }),
      deviceId: undefined,
      deviceIdList: [device(0), device(0)],
    });
    expect(twice.code).toBe(3207);
    // SMS and voice counts both 0.
    const zero = await refused('createSmsDeposit', {
      deviceId: device(0),
      smsCount: 0,
      voiceCount: 0,
      countryCode: '86',
      payType: 1,
      applyFlag: 0,
    });
    expect(zero.code).toBe(3108);
    // SMS for a device of another country code.
    const abroad = await refused('createSmsDeposit', {
      deviceId: device(3),
      smsPackageId,
      smsCount: 100,
      smsFee: 1_000,
      countryCode: '86',
      payType: 1,
    });
    expect(abroad.code).toBe(3005);
    // A body without its required fields names the field.
    const invalid = await refused('createDeviceDeposit', { deviceId: device(0), payType: 1 });
    expect(invalid.code).toBe(1001);
    expect(invalid.status).toBe(200);
    expect(await orderCount()).toBe(before);
  });

  it('batch orders charge the unit price times the devices, each device listed', async () => {
    const prices = await call<{ deviceId: number; totalFee: number }[]>(
      t.app,
      'POST',
      `${DEPOSIT}/selectDepositList`,
      {
        token: buyer.token,
        body: {
          deviceIdList: [device(1), device(2)],
          levelId: world.levelId,
          levelYearId: world.yearId,
          servicePackageId: world.pkg.packageId,
        },
      },
    );
    expect(prices.data.map((p) => p.totalFee)).toEqual([UNIT_FEE, UNIT_FEE]);
    const created = await call<{ orderId: string; payFee: number }>(
      t.app,
      'POST',
      `${DEPOSIT}/createDeviceListDeposit`,
      {
        token: buyer.token,
        body: {
          ...serviceOrderBody(world, 0, { totalFee: 2 * UNIT_FEE }),
          deviceId: undefined,
          deviceIdList: [device(1), device(2)],
        },
      },
    );
    expect(created.data.payFee).toBe(2 * UNIT_FEE);
    const lines = await t.app.ctx.db
      .selectFrom('payOrderDevice')
      .select(['deviceId', 'unitFee'])
      .where('orderId', '=', Number(created.data.orderId))
      .orderBy('deviceId')
      .execute();
    expect(lines).toEqual([
      { deviceId: device(1), unitFee: UNIT_FEE },
      { deviceId: device(2), unitFee: UNIT_FEE },
    ]);
  });

  it('SMS/voice orders add the counts to every device once paid', async () => {
    const before = await t.app.ctx.db
      .selectFrom('device')
      .select(['id', 'smsCount', 'voiceCount'])
      .where('id', 'in', [device(1), device(2)])
      .orderBy('id')
      .execute();
    const created = await call<{ orderId: string; payFee: number; payQrCode: string }>(
      t.app,
      'POST',
      `${DEPOSIT}/createSmsListDeposit`,
      {
        token: buyer.token,
        body: {
          deviceIdList: [device(1), device(2)],
          smsPackageId,
          voicePackageId,
          smsCount: 100,
          smsFee: 1_000,
          voiceCount: 20,
          voiceFee: 1_500,
          countryCode: '86',
          payType: 1,
        },
      },
    );
    expect(created.code).toBe(0);
    expect(created.data.payFee).toBe(5_000);
    const token = new URL(created.data.payQrCode).searchParams.get('token') ?? '';
    const paid = await call<{ payStatus: number }>(t.app, 'POST', '/api/payment/sandbox/pay', {
      body: { orderId: Number(created.data.orderId), token, outcome: 'pay' },
    });
    expect(paid.data.payStatus).toBe(PAY_STATUS_PAID);
    const after = await t.app.ctx.db
      .selectFrom('device')
      .select(['id', 'smsCount', 'voiceCount'])
      .where('id', 'in', [device(1), device(2)])
      .orderBy('id')
      .execute();
    expect(after).toEqual(
      before.map((d) => ({ ...d, smsCount: d.smsCount + 100, voiceCount: d.voiceCount + 20 })),
    );
  });

  it('the card button returns the payer to successPaypal, which captures and credits once; wallets confirm to the cent', async () => {
    const created = await createServiceOrder(t.app, buyer.token, world, device(2), { payType: 20 });
    expect(created.data.payQrCode).toBe('');
    const approve = await call<{ approveUrl: string }>(
      t.app,
      'POST',
      '/api/payment/payment/internationalPay',
      {
        token: buyer.token,
        body: { orderId: Number(created.data.orderId), payType: 20 },
      },
    );
    const url = new URL(approve.data.approveUrl);
    expect(url.pathname).toBe('/mobilePay/paypal/callback');
    const query = {
      orderId: url.searchParams.get('orderId') ?? '',
      token: url.searchParams.get('token') ?? '',
    };
    const wrong = await call(t.app, 'GET', '/api/payment/app/PayService/successPaypal', {
      query: { ...query, token: 'x'.repeat(32) },
    });
    expect(wrong.code).toBe(3205);
    const first = await call<{ payStatus: number }>(
      t.app,
      'GET',
      '/api/payment/app/PayService/successPaypal',
      { query },
    );
    const again = await call<{ payStatus: number }>(
      t.app,
      'GET',
      '/api/payment/app/PayService/successPaypal',
      { query },
    );
    expect([first.data.payStatus, again.data.payStatus]).toEqual([PAY_STATUS_PAID, PAY_STATUS_PAID]);
    const notices = await t.app.ctx.db
      .selectFrom('paymentNotice')
      .select('source')
      .where('orderId', '=', Number(created.data.orderId))
      .execute();
    expect(notices).toEqual([{ source: 'capture' }]);

    const wallet = await createServiceOrder(t.app, buyer.token, world, device(1), { payType: 30 });
    const confirm = (payFee: number) =>
      call<{ payStatus: number }>(t.app, 'GET', '/api/payment/PayOrder/confirmPay', {
        token: buyer.token,
        query: {
          orderId: wallet.data.orderId,
          payType: '30',
          paymentPlatformId: 'gpay-token-1',
          payFee: String(payFee),
        },
      });
    expect((await confirm(UNIT_FEE - 1)).code).toBe(3204);
    expect((await confirm(UNIT_FEE)).data.payStatus).toBe(PAY_STATUS_PAID);
  });

  it('switching the method of an unpaid order gives a new QR; the drawer lists devices; unAgreement ends auto-renew', async () => {
    const created = await createServiceOrder(t.app, buyer.token, world, device(0));
    const ali = await call<{ payQrCode: string }>(t.app, 'GET', '/api/payment/payment/aliPay', {
      token: buyer.token,
      query: { orderId: created.data.orderId },
    });
    expect(ali.data.payQrCode).toContain('/mobilePay/pay?orderId=');
    expect((await orderRow(t.app, created.data.orderId)).payType).toBe(2);

    const now = new Date().toISOString();
    await t.app.ctx.db
      .insertInto('payDeviceAgreement')
      .values({
        deviceId: device(0),
        accountId: buyer.id,
        agreementStatus: 1,
        levelId: world.levelId,
        levelYearId: world.yearId,
        nextExecutionTime: now,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    const list = async () =>
      (
        await call<PurchaseDevice[]>(t.app, 'POST', `${DEPOSIT}/selectDeviceList`, {
          token: buyer.token,
          body: { deviceIdList: [device(0)] },
        })
      ).data[0];
    expect(await list()).toMatchObject({
      deviceId: device(0),
      agreementStatus: 1,
      countryCode: '86',
      nextExecutionTime: now,
    });
    const cancelled = await call(t.app, 'GET', `${DEPOSIT}/unAgreement`, {
      token: buyer.token,
      query: { deviceId: String(device(0)) },
    });
    expect(cancelled.code).toBe(0);
    expect(await list()).toMatchObject({ agreementStatus: 0, nextExecutionTime: null });
  });
});
