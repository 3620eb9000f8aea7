import { PAY_STATUS_CLOSED, PAY_STATUS_PAID, PAY_STATUS_UNPAID } from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/harness.ts';
import { addMonths } from '../devices/device-time.ts';
import { paymentsOf } from './payments.module.ts';
import {
  type Buyer,
  buyerWithDevices,
  createServiceOrder,
  creditState,
  listening,
  orderRow,
  type PurchaseWorld,
  postToNotify,
  purchaseWorld,
  signedSandboxNotice,
  UNIT_FEE,
} from './test-support.ts';

/** Payments credit exactly once whatever the notices (RELIABILITY-AND-SECURITY: payments). */
describe('payment notices credit exactly once', () => {
  let t: TestApp;
  let origin: string;
  let world: PurchaseWorld;
  let buyer: Buyer;

  beforeAll(async () => {
    t = await createTestApp();
    origin = await listening(t.app);
    world = await purchaseWorld(t.app);
    buyer = await buyerWithDevices(t.app, world.typeId, 6);
  });
  afterAll(async () => t?.close());

  const device = (i: number) => {
    const found = buyer.devices[i];
    if (!found) throw new Error(`no device ${i}`);
    return found;
  };

  it('the sandbox payer page pays through a signed HTTP notice; 10 serial and 50 concurrent replays credit once', async () => {
    const target = device(0);
    const before = await creditState(t.app, 0, target.id);
    const created = await createServiceOrder(t.app, buyer.token, world, target.id);
    expect(created.code).toBe(0);
    expect(created.data.payStatus).toBe(PAY_STATUS_UNPAID);
    expect(created.data.payFee).toBe(UNIT_FEE);
    const qr = new URL(created.data.payQrCode);
    expect(qr.pathname).toBe('/mobilePay/pay');
    const token = qr.searchParams.get('token') ?? '';
    expect(qr.searchParams.get('orderId')).toBe(created.data.orderId);

    const page = await call<{ payFee: number; payStatus: number }>(
      t.app,
      'GET',
      '/api/payment/sandbox/order',
      {
        query: { orderId: created.data.orderId, token },
      },
    );
    expect(page.data).toMatchObject({ payFee: UNIT_FEE, payStatus: PAY_STATUS_UNPAID });

    const paid = await call<{ payStatus: number }>(t.app, 'POST', '/api/payment/sandbox/pay', {
      body: { orderId: Number(created.data.orderId), token, outcome: 'pay' },
    });
    expect(paid.data.payStatus).toBe(PAY_STATUS_PAID);
    const order = await orderRow(t.app, created.data.orderId);
    const credited = await creditState(t.app, order.id, target.id);
    expect(credited.notices).toBe(1);
    // 12 months and 1 bonus month from the later of now and the current expiry.
    const from = new Date(Math.max(Date.parse(before.serviceExpiredDate), Date.parse(order.paidAt ?? '')));
    expect(Math.abs(Date.parse(credited.serviceExpiredDate) - addMonths(from, 13).getTime())).toBeLessThan(
      5_000,
    );
    expect(credited.serverLevel).toBe(world.levelId);

    const notice = signedSandboxNotice(t.app, {
      orderCode: order.orderCode,
      transactionId: order.transactionId ?? '',
      amount: order.payFee,
      currency: order.currency,
      status: 'SUCCESS',
    });
    for (let i = 0; i < 10; i += 1) {
      const answer = await postToNotify(origin, 'sandbox', notice);
      expect(answer.status).toBe(200);
    }
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => postToNotify(origin, 'sandbox', notice)),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(await creditState(t.app, order.id, target.id)).toEqual(credited);
    expect((await orderRow(t.app, order.id)).payStatus).toBe(PAY_STATUS_PAID);
  });

  it('50 concurrent first notices of one unpaid order credit once', async () => {
    const target = device(1);
    const created = await createServiceOrder(t.app, buyer.token, world, target.id);
    const order = await orderRow(t.app, created.data.orderId);
    const before = await creditState(t.app, order.id, target.id);
    const { transactionId } = await paymentsOf(t.app.ctx).sandbox.collect(order);
    const notice = signedSandboxNotice(t.app, {
      orderCode: order.orderCode,
      transactionId,
      amount: order.payFee,
      currency: order.currency,
      status: 'SUCCESS',
    });
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => postToNotify(origin, 'sandbox', notice)),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(50);
    const after = await creditState(t.app, order.id, target.id);
    expect(after.notices).toBe(1);
    expect(Date.parse(after.serviceExpiredDate)).toBeGreaterThan(Date.parse(before.serviceExpiredDate));
    const expected = addMonths(
      new Date(Math.max(Date.parse(before.serviceExpiredDate), Date.now() - 60_000)),
      13,
    );
    expect(Math.abs(Date.parse(after.serviceExpiredDate) - expected.getTime())).toBeLessThan(120_000);
  });

  it('forged, altered, amount-altered and stale notices credit nothing and are recorded', async () => {
    const target = device(2);
    const created = await createServiceOrder(t.app, buyer.token, world, target.id);
    const order = await orderRow(t.app, created.data.orderId);
    const before = await creditState(t.app, order.id, target.id);
    const body = {
      orderCode: order.orderCode,
      transactionId: 'SBXFORGED0001',
      amount: order.payFee,
      currency: order.currency,
      status: 'SUCCESS' as const,
    };
    const good = signedSandboxNotice(t.app, body);
    const forged = {
      ...good,
      headers: { ...good.headers, 'x-sandbox-signature': `t=${Date.now()},v1=${'ab'.repeat(32)}` },
    };
    const altered = { ...good, body: good.body.replace(String(order.payFee), String(order.payFee - 1)) };
    const wrongAmount = signedSandboxNotice(t.app, {
      ...body,
      transactionId: 'SBXAMOUNT0001',
      amount: order.payFee - 1,
    });
    const stale = signedSandboxNotice(
      t.app,
      { ...body, transactionId: 'SBXSTALE0001' },
      Date.now() - 10 * 60_000,
    );
    const unsigned = { headers: { 'content-type': 'application/json' }, body: good.body };
    for (const notice of [forged, altered, wrongAmount, stale, unsigned]) {
      const answer = await postToNotify(origin, 'sandbox', notice);
      expect(answer.status).toBe(400);
    }
    expect(await creditState(t.app, order.id, target.id)).toEqual(before);
    expect((await orderRow(t.app, order.id)).payStatus).toBe(PAY_STATUS_UNPAID);
    const rejections = await t.app.ctx.db
      .selectFrom('paymentNoticeRejection')
      .select(['reason'])
      .where('orderCode', '=', order.orderCode)
      .execute();
    expect(rejections.map((r) => r.reason).sort()).toEqual(['amount', 'stale']);
    const unsignedRows = await t.app.ctx.db
      .selectFrom('paymentNoticeRejection')
      .select('reason')
      .where('reason', '=', 'signature')
      .execute();
    expect(unsignedRows.length).toBeGreaterThanOrEqual(3);
  });

  it('the reconciliation job settles an order whose notice never came, once, and closes expired unpaid orders', async () => {
    const target = device(3);
    const created = await createServiceOrder(t.app, buyer.token, world, target.id);
    const order = await orderRow(t.app, created.data.orderId);
    const payments = paymentsOf(t.app.ctx);
    await payments.sandbox.collect(order);
    const before = await creditState(t.app, order.id, target.id);
    expect(before.notices).toBe(0);
    const soon = await payments.reconciliation.tick(new Date(Date.now() + 60_000));
    expect(soon.settled).not.toContain(order.orderCode);
    const later = new Date(Date.now() + 6 * 60_000);
    expect((await payments.reconciliation.tick(later)).settled).toContain(order.orderCode);
    expect((await payments.reconciliation.tick(later)).settled).not.toContain(order.orderCode);
    const after = await creditState(t.app, order.id, target.id);
    expect(after.notices).toBe(1);
    expect(Date.parse(after.serviceExpiredDate)).toBeGreaterThan(Date.parse(before.serviceExpiredDate));
    expect((await orderRow(t.app, order.id)).payStatus).toBe(PAY_STATUS_PAID);

    const unpaid = await createServiceOrder(t.app, buyer.token, world, device(4).id);
    const expired = await payments.reconciliation.tick(new Date(Date.now() + 2 * 60 * 60_000 + 60_000));
    expect(expired.closed).toContain(unpaid.data.orderCode);
    expect((await orderRow(t.app, unpaid.data.orderId)).payStatus).toBe(PAY_STATUS_CLOSED);
    const status = await call<{ payStatus: number }>(t.app, 'GET', '/api/payment/PayOrder/get', {
      token: buyer.token,
      query: { pk: unpaid.data.orderId },
    });
    expect(status.data.payStatus).toBe(PAY_STATUS_CLOSED);
  });
});
