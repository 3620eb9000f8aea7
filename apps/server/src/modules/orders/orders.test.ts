import type {
  Invoice,
  OrderDetail,
  OrderRow,
  OrdersByMonth,
  PageResponse,
  RefundResult,
  UserBill,
} from '@coldchain/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import {
  type Buyer,
  buyerWithDevices,
  orderRow,
  type PurchaseWorld,
  purchaseWorld,
  UNIT_FEE,
} from '../payments/test-support.ts';
import { multipart, paidServiceOrder, TINY_PDF, unpaidServiceOrder } from './test-support.ts';

const ORDER = '/api/payment/PayOrder';
const REFUND = '/api/payment/PayRefund/refundOrder';
const INVOICE = '/api/payment/PayInvoice';
const BILL = '/api/payment/PayUserBill';

const bill = {
  invoiceType: 2,
  companyName: 'Cold Logistics Ltd',
  taxNumber: '91310000MA1FL1AB2C',
  bankDeposit: 'Bank of Shanghai',
  billUserName: 'ZhangSan',
  billMail: 'finance@example.com',
  billPhone: '13912345678',
};

async function sheetRows(body: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: unknown[][] = [];
  sheet?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('orders, refunds and invoices', () => {
  let t: TestApp;
  let world: PurchaseWorld;
  let alice: Buyer;
  let bob: Buyer;
  let operator: string;

  beforeAll(async () => {
    t = await createTestApp();
    world = await purchaseWorld(t.app);
    alice = await buyerWithDevices(t.app, world.typeId, 3);
    bob = await buyerWithDevices(t.app, world.typeId, 1);
    operator = await login(t.app, 'demo_operator');
  });
  afterAll(async () => t.close());

  const device = (b: Buyer, i: number) => b.devices[i]?.id ?? 0;

  it('lists and details only the caller’s own orders; the back office filters the platform’s', async () => {
    const mine = await paidServiceOrder(t.app, alice.token, world, device(alice, 0));
    const theirs = await paidServiceOrder(t.app, bob.token, world, device(bob, 0));
    const list = await call<PageResponse<OrderRow>>(t.app, 'POST', `${ORDER}/selectMyOrderList`, {
      token: alice.token,
      body: { start: 1, pageSize: 10 },
    });
    expect(list.data.data.map((o) => o.orderId)).toContain(mine);
    expect(list.data.data.map((o) => o.orderId)).not.toContain(theirs);
    const row = list.data.data.find((o) => o.orderId === mine);
    expect(row).toMatchObject({
      payStatus: 2,
      payFee: UNIT_FEE,
      refundedFee: 0,
      deviceCount: 1,
      invoiceStatus: 0,
    });
    expect(row?.accountName).toBeUndefined();

    const detail = await call<OrderDetail>(t.app, 'POST', `${ORDER}/selectOrderDetail`, {
      token: alice.token,
      body: { orderId: mine },
    });
    expect(detail.data).toMatchObject({ orderId: mine, refundableFee: UNIT_FEE, transactionId: null });
    expect(detail.data.devices).toEqual([
      expect.objectContaining({ deviceId: device(alice, 0), unitFee: UNIT_FEE }),
    ]);
    for (const orderId of [theirs, '99999999']) {
      const foreign = await call(t.app, 'POST', `${ORDER}/selectOrderDetail`, {
        token: alice.token,
        body: { orderId },
      });
      expect(foreign.code).toBe(3300);
    }

    const code = (await orderRow(t.app, theirs)).orderCode;
    const filtered = await call<PageResponse<OrderRow>>(t.app, 'POST', `${ORDER}/selectOrderList`, {
      token: operator,
      body: { start: 1, pageSize: 10, orderCode: code, payStatus: 2, payType: 1, invoiceStatus: 0 },
    });
    expect(filtered.data.totalCount).toBe(1);
    expect(filtered.data.data[0]).toMatchObject({ orderId: theirs, accountName: expect.any(String) });
    const byAccount = await call<PageResponse<OrderRow>>(t.app, 'POST', `${ORDER}/selectOrderList`, {
      token: operator,
      body: { start: 1, pageSize: 10, account: filtered.data.data[0]?.accountName },
    });
    expect(byAccount.data.data.map((o) => o.orderId)).toEqual([theirs]);
    const future = await call<PageResponse<OrderRow>>(t.app, 'POST', `${ORDER}/selectOrderList`, {
      token: operator,
      body: { start: 1, pageSize: 10, startTime: '2099-01-01T00:00:00Z' },
    });
    expect(future.data.totalCount).toBe(0);
    const badDate = await call(t.app, 'POST', `${ORDER}/selectOrderList`, {
      token: operator,
      body: { start: 1, pageSize: 10, startTime: 'yesterday' },
      locale: 'en-US',
    });
    expect(badDate.code).toBe(1001);

    // Back-office calls are for operators only.
    for (const [method, url, body] of [
      ['POST', `${ORDER}/selectOrderList`, { start: 1, pageSize: 10 }],
      ['POST', `${ORDER}/handlingOrder`, { orderId: mine }],
      ['POST', REFUND, { orderId: mine, refundAmount: 1 }],
      ['PUT', `${ORDER}/update`, { orderId: mine, orderDescription: 'x' }],
    ] as const) {
      const refused = await call(t.app, method, url, { token: alice.token, body });
      expect(refused.status, url).toBe(403);
    }
    const back = await call(t.app, 'GET', `${ORDER}/selectBackOrderDetail`, {
      token: alice.token,
      query: { orderId: mine },
    });
    expect(back.status).toBe(403);
  });

  it('edits the order description up to 100 characters', async () => {
    const orderId = await paidServiceOrder(t.app, alice.token, world, device(alice, 1));
    const long = await call(t.app, 'PUT', `${ORDER}/update`, {
      token: operator,
      body: { orderId, orderDescription: 'd'.repeat(101) },
      locale: 'en-US',
    });
    expect(long.code).toBe(1001);
    expect(long.msg).toMatch(/Order description.*at most 100/);
    const ok = await call<OrderRow>(t.app, 'PUT', `${ORDER}/update`, {
      token: operator,
      body: { orderId, orderDescription: 'Paid by bank transfer, see ticket 42' },
    });
    expect(ok.data.orderDescription).toBe('Paid by bank transfer, see ticket 42');
  });

  it('refunds only what is left of a paid order, in parts, and takes the months back on the full refund', async () => {
    const deviceId = device(alice, 2);
    const expiryBefore = (
      await t.app.ctx.db
        .selectFrom('device')
        .select('serviceExpiredDate')
        .where('id', '=', deviceId)
        .executeTakeFirstOrThrow()
    ).serviceExpiredDate;
    const orderId = await paidServiceOrder(t.app, alice.token, world, deviceId);
    const expiryPaid = (
      await t.app.ctx.db
        .selectFrom('device')
        .select('serviceExpiredDate')
        .where('id', '=', deviceId)
        .executeTakeFirstOrThrow()
    ).serviceExpiredDate;
    expect(expiryPaid > (expiryBefore ?? '')).toBe(true);

    const unpaid = await unpaidServiceOrder(t.app, alice.token, world, deviceId);
    const refusedUnpaid = await call(t.app, 'POST', REFUND, {
      token: operator,
      body: { orderId: unpaid, refundAmount: 100 },
      locale: 'en-US',
    });
    expect(refusedUnpaid).toMatchObject({ code: 3301, msg: 'This order is non-refundable' });
    for (const [refundAmount, pattern] of [
      [UNIT_FEE + 1, /Refund amount.*120\.00/],
      [0, /Refund amount/],
      [1.5, /Refund amount/],
    ] as const) {
      const bad = await call(t.app, 'POST', REFUND, {
        token: operator,
        body: { orderId, refundAmount },
        locale: 'en-US',
      });
      expect(bad.code).toBe(1001);
      expect(bad.msg).toMatch(pattern);
    }

    const part = await call<RefundResult>(t.app, 'POST', REFUND, {
      token: operator,
      body: { orderId, refundAmount: 1, reason: 'goodwill' },
    });
    expect(part.data).toMatchObject({ status: 'succeeded', payStatus: 4, refundedFee: 1 });
    // A partial refund leaves the months.
    const expiryPart = (
      await t.app.ctx.db
        .selectFrom('device')
        .select('serviceExpiredDate')
        .where('id', '=', deviceId)
        .executeTakeFirstOrThrow()
    ).serviceExpiredDate;
    expect(expiryPart).toBe(expiryPaid);

    const tooMuch = await call(t.app, 'POST', REFUND, {
      token: operator,
      body: { orderId, refundAmount: UNIT_FEE },
      locale: 'en-US',
    });
    expect(tooMuch.msg).toMatch(/119\.99/);
    const rest = await call<RefundResult>(t.app, 'POST', REFUND, {
      token: operator,
      body: { orderId, refundAmount: UNIT_FEE - 1 },
    });
    expect(rest.data).toMatchObject({ payStatus: 3, refundedFee: UNIT_FEE });
    const expiryAfter = (
      await t.app.ctx.db
        .selectFrom('device')
        .select('serviceExpiredDate')
        .where('id', '=', deviceId)
        .executeTakeFirstOrThrow()
    ).serviceExpiredDate;
    expect(expiryAfter).toBe(expiryBefore);
    const again = await call(t.app, 'POST', REFUND, {
      token: operator,
      body: { orderId, refundAmount: 1 },
      locale: 'en-US',
    });
    expect(again.msg).toBe('This order is non-refundable');

    const detail = await call<OrderDetail>(t.app, 'GET', `${ORDER}/selectBackOrderDetail`, {
      token: operator,
      query: { orderId },
    });
    expect(detail.data.refunds.map((r) => [r.amount, r.status])).toEqual([
      [1, 'succeeded'],
      [UNIT_FEE - 1, 'succeeded'],
    ]);
    expect(detail.data.refunds.reduce((sum, r) => sum + r.amount, 0)).toBe(detail.data.payFee);
    expect(detail.data.refundableFee).toBe(0);
  });

  it('never refunds more than was paid when refunds race, and gives back what a provider refused', async () => {
    const orderId = await paidServiceOrder(t.app, bob.token, world, device(bob, 0));
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() =>
        call<RefundResult>(t.app, 'POST', REFUND, {
          token: operator,
          body: { orderId, refundAmount: UNIT_FEE - 100 },
        }),
      ),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.code !== 0).every((a) => a.code === 3301 || a.code === 1001)).toBe(true);
    const after = await orderRow(t.app, orderId);
    expect(after).toMatchObject({ refundedFee: UNIT_FEE - 100, payStatus: 4 });

    // The provider no longer knows the payment: the refund fails and the order is as it was.
    await t.app.ctx.db.deleteFrom('sandboxPayment').where('orderCode', '=', after.orderCode).execute();
    const failed = await call(t.app, 'POST', REFUND, {
      token: operator,
      body: { orderId, refundAmount: 100 },
    });
    expect(failed.code).toBe(3303);
    expect(await orderRow(t.app, orderId)).toMatchObject({ refundedFee: UNIT_FEE - 100, payStatus: 4 });
    const refunds = await t.app.ctx.db
      .selectFrom('payRefund')
      .select(['amount', 'status'])
      .where('orderId', '=', Number(orderId))
      .orderBy('id')
      .execute();
    expect(refunds).toEqual([
      { amount: UNIT_FEE - 100, status: 'succeeded' },
      { amount: 100, status: 'failed' },
    ]);
  });

  it('handles by hand only an unpaid order its provider confirms as paid, crediting it once', async () => {
    const paid = await paidServiceOrder(t.app, bob.token, world, device(bob, 0));
    const refusePaid = await call(t.app, 'POST', `${ORDER}/handlingOrder`, {
      token: operator,
      body: { orderId: paid },
    });
    expect(refusePaid.code).toBe(3302);
    const unpaid = await unpaidServiceOrder(t.app, bob.token, world, device(bob, 0));
    const notAtProvider = await call(t.app, 'POST', `${ORDER}/handlingOrder`, {
      token: operator,
      body: { orderId: unpaid },
    });
    expect(notAtProvider.code).toBe(3302);
    // The payer paid at the provider, but its notice never came.
    const order = await orderRow(t.app, unpaid);
    await t.app.ctx.db
      .insertInto('sandboxPayment')
      .values({
        orderCode: order.orderCode,
        transactionId: `SBX-lost-${order.id}`,
        amount: order.payFee,
        currency: order.currency,
        createdAt: new Date().toISOString(),
      })
      .execute();
    const handled = await call<OrderRow>(t.app, 'POST', `${ORDER}/handlingOrder`, {
      token: operator,
      body: { orderId: unpaid },
    });
    expect(handled.data).toMatchObject({ payStatus: 2 });
    const twice = await call(t.app, 'POST', `${ORDER}/handlingOrder`, {
      token: operator,
      body: { orderId: unpaid },
    });
    expect(twice.code).toBe(3302);
    const notices = await t.app.ctx.db
      .selectFrom('paymentNotice')
      .select('id')
      .where('orderId', '=', order.id)
      .execute();
    expect(notices).toHaveLength(1);
  });

  it('applies invoices on paid orders only, with the caller’s own bills, one by one and in batch', async () => {
    const created = await call<UserBill>(t.app, 'POST', `${BILL}/insert`, { token: alice.token, body: bill });
    const foreignBill = await call<UserBill>(t.app, 'POST', `${BILL}/insert`, {
      token: bob.token,
      body: bill,
    });
    const a = await paidServiceOrder(t.app, alice.token, world, device(alice, 0));
    const b = await paidServiceOrder(t.app, alice.token, world, device(alice, 1));
    const c = await paidServiceOrder(t.app, alice.token, world, device(alice, 1));
    const unpaid = await unpaidServiceOrder(t.app, alice.token, world, device(alice, 0));
    const bobs = await paidServiceOrder(t.app, bob.token, world, device(bob, 0));

    const none = await call<Invoice | null>(t.app, 'GET', `${ORDER}/selectOrderInvoice`, {
      token: alice.token,
      query: { orderId: a },
    });
    expect(none.data).toBeNull();
    const refusedUnpaid = await call(t.app, 'POST', `${ORDER}/updateInvoice`, {
      token: alice.token,
      body: { orderId: unpaid, billId: created.data.billId },
    });
    expect(refusedUnpaid.code).toBe(3305);
    const foreign = await call(t.app, 'POST', `${ORDER}/updateInvoice`, {
      token: alice.token,
      body: { orderId: a, billId: foreignBill.data.billId },
    });
    expect(foreign.code).toBe(3304);
    const othersOrder = await call(t.app, 'POST', `${ORDER}/updateInvoice`, {
      token: alice.token,
      body: { orderId: bobs, billId: created.data.billId },
    });
    expect(othersOrder.code).toBe(3300);

    const applied = await call<Invoice>(t.app, 'POST', `${ORDER}/updateInvoice`, {
      token: alice.token,
      body: { orderId: a, billId: created.data.billId },
    });
    expect(applied.data).toMatchObject({
      invoiceStatus: 1,
      amount: UNIT_FEE,
      title: 'Cold Logistics Ltd',
      provider: 'manual',
    });
    expect((await orderRow(t.app, a)).invoiceStatus).toBe(1);

    const batchWithForeign = await call(t.app, 'POST', `${INVOICE}/applyBatchInvoice`, {
      token: alice.token,
      body: { orderIds: [b, bobs], billId: created.data.billId },
    });
    expect(batchWithForeign.code).toBe(3300);
    const batchWithUnpaid = await call(t.app, 'POST', `${INVOICE}/applyBatchInvoice`, {
      token: alice.token,
      body: { orderIds: [b, unpaid], billId: created.data.billId },
    });
    expect(batchWithUnpaid.code).toBe(3305);
    expect((await orderRow(t.app, b)).invoiceStatus).toBe(0);
    const batch = await call<Invoice[]>(t.app, 'POST', `${INVOICE}/applyBatchInvoice`, {
      token: alice.token,
      body: { orderIds: [b, c], billId: created.data.billId },
    });
    expect(batch.data.map((i) => i.invoiceStatus)).toEqual([1, 1]);
    const empty = await call(t.app, 'POST', `${INVOICE}/applyBatchInvoice`, {
      token: alice.token,
      body: { orderIds: [], billId: created.data.billId },
      locale: 'en-US',
    });
    expect(empty.code).toBe(1001);

    // The back office issues one with the PDF: invoiced, stored, mailed to the recipient.
    const send = vi.spyOn(t.app.ctx.mailer, 'send');
    const notPdf = multipart(
      { orderId: a, invoiceNo: 'INV-0001' },
      { name: 'invoice.txt', bytes: Buffer.from('hello'), type: 'text/plain' },
    );
    const refusedFile = await t.app.inject({
      method: 'POST',
      url: `${INVOICE}/issueInvoice`,
      headers: { authorization: `Bearer ${operator}`, 'content-type': notPdf.contentType },
      payload: notPdf.payload,
    });
    expect(JSON.parse(refusedFile.body).code).toBe(3307);
    const body = multipart(
      { orderId: a, invoiceNo: 'INV-0001' },
      { name: 'invoice.pdf', bytes: TINY_PDF, type: 'application/pdf' },
    );
    const userTries = await t.app.inject({
      method: 'POST',
      url: `${INVOICE}/issueInvoice`,
      headers: { authorization: `Bearer ${alice.token}`, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(userTries.statusCode).toBe(403);
    const issued = await t.app.inject({
      method: 'POST',
      url: `${INVOICE}/issueInvoice`,
      headers: { authorization: `Bearer ${operator}`, 'content-type': body.contentType },
      payload: body.payload,
    });
    const answer = JSON.parse(issued.body) as { code: number; data: Invoice };
    expect(answer.code).toBe(0);
    expect(answer.data).toMatchObject({
      invoiceStatus: 2,
      invoiceNo: 'INV-0001',
      hasFile: true,
      mailedAt: expect.any(String),
    });
    expect(send).toHaveBeenCalledWith(expect.objectContaining({ to: 'finance@example.com' }));
    expect((await orderRow(t.app, a)).invoiceStatus).toBe(2);
    const pdf = await t.app.inject({
      method: 'GET',
      url: `${INVOICE}/download?orderId=${a}`,
      headers: { authorization: `Bearer ${alice.token}` },
    });
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const bobCannot = await t.app.inject({
      method: 'GET',
      url: `${INVOICE}/download?orderId=${a}`,
      headers: { authorization: `Bearer ${bob.token}` },
    });
    expect(JSON.parse(bobCannot.body).code).toBe(3300);
    const reapply = await call(t.app, 'POST', `${ORDER}/updateInvoice`, {
      token: alice.token,
      body: { orderId: a, billId: created.data.billId },
    });
    expect(reapply.code).toBe(3305);

    // The invoice export: every row, amounts exact.
    const exported = await t.app.inject({
      method: 'POST',
      url: `${ORDER}/exportInvoice`,
      headers: { authorization: `Bearer ${operator}`, 'accept-language': 'en-US' },
      payload: {},
    });
    const rows = await sheetRows(exported.rawPayload);
    expect(rows[0]).toContain('Invoice amount');
    const amountColumn = (rows[0] ?? []).indexOf('Invoice amount');
    expect(rows.slice(1).map((r) => r[amountColumn])).toEqual([120, 120, 120]);
  });

  it('shows an order that asked for an invoice at creation as applied once paid, with its bill', async () => {
    const chosen = await call<UserBill>(t.app, 'POST', `${BILL}/insert`, {
      token: bob.token,
      body: { ...bill, companyName: 'Bob Freight' },
    });
    const orderId = await paidServiceOrder(t.app, bob.token, world, device(bob, 0), {
      applyFlag: 1,
      billId: chosen.data.billId,
    });
    const code = (await orderRow(t.app, orderId)).orderCode;
    const applied = await call<PageResponse<OrderRow>>(t.app, 'POST', `${ORDER}/selectOrderList`, {
      token: operator,
      body: { start: 1, pageSize: 10, orderCode: code, invoiceStatus: 1 },
    });
    expect(applied.data.data.map((o) => [o.orderId, o.applyFlag, o.billId])).toEqual([
      [orderId, 1, chosen.data.billId],
    ]);
    const invoice = await call<Invoice>(t.app, 'GET', `${ORDER}/selectOrderInvoice`, {
      token: bob.token,
      query: { orderId },
    });
    expect(invoice.data).toMatchObject({ invoiceStatus: 1, title: 'Bob Freight', amount: UNIT_FEE });
  });

  it('exports the filtered orders with exact money and sums orders by month', async () => {
    const exported = await t.app.inject({
      method: 'POST',
      url: `${ORDER}/exportOrder`,
      headers: { authorization: `Bearer ${operator}`, 'accept-language': 'en-US' },
      payload: { payStatus: 3 },
    });
    expect(exported.headers['content-disposition']).toMatch(/orders-.*\.xlsx/);
    const rows = await sheetRows(exported.rawPayload);
    const header = rows[0] ?? [];
    const refunded = rows.slice(1).map((r) => r[header.indexOf('Refunded')]);
    expect(refunded).toEqual([120]);
    expect(rows.slice(1).map((r) => r[header.indexOf('Pay status')])).toEqual(['Refunded']);

    const all = await t.app.inject({
      method: 'POST',
      url: `${ORDER}/exportOrder`,
      headers: { authorization: `Bearer ${operator}`, 'accept-language': 'en-US' },
      payload: {},
    });
    const allRows = await sheetRows(all.rawPayload);
    const paidColumn = (allRows[0] ?? []).indexOf('Paid amount');
    const sumCents = allRows
      .slice(1)
      .reduce((sum: number, r) => sum + Math.round(Number(r[paidColumn]) * 100), 0);
    const db = await t.app.ctx.db.selectFrom('payOrder').select('payFee').execute();
    expect(sumCents).toBe(db.reduce((s, o) => s + o.payFee, 0));

    const months = await call<OrdersByMonth>(t.app, 'GET', `${ORDER}/customer/order`, {
      token: alice.token,
      query: { month: new Date().toISOString().slice(0, 7) },
    });
    const mine = await t.app.ctx.db
      .selectFrom('payOrder')
      .selectAll()
      .where('accountId', '=', alice.id)
      .execute();
    const paidMine = mine.filter((o) => o.paidAt !== null);
    expect(months.data.months).toEqual([
      {
        month: new Date().toISOString().slice(0, 7),
        currency: 'CNY',
        orderCount: paidMine.length,
        payFee: paidMine.reduce((s, o) => s + o.payFee, 0),
        refundedFee: paidMine.reduce((s, o) => s + o.refundedFee, 0),
      },
    ]);
    expect(months.data.orders).toHaveLength(mine.length);
    const bad = await call(t.app, 'GET', `${ORDER}/customer/order`, {
      token: alice.token,
      query: { month: '2026-13' },
    });
    expect(bad.code).toBe(1001);
  });
});
