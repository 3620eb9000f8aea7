import crypto from 'node:crypto';
import { INVOICE_STATUS } from '@coldchain/shared';
import type { AppContext } from '../../context.ts';

/** Demo orders are told apart by their code's prefix; their presence means the demo has them. */
const DEMO_PREFIX = 'DEMO';
const DAY_MS = 86_400_000;

/**
 * The demo's orders and invoice info (shown on /consumer/recharge, /receipt and the back office's
 * /order/recharge/list): demo_user's two bills (the enterprise one by default) and four past orders
 * of its first devices: paid with an invoice applied, paid and invoiced, partly refunded, and one
 * left unpaid and closed. They are history: no device's expiry moves. Written once.
 */
export async function seedDemoOrders(ctx: AppContext): Promise<void> {
  const db = ctx.db;
  const user = await db
    .selectFrom('account')
    .select(['id', 'platformId'])
    .where('userName', '=', 'demo_user')
    .executeTakeFirst();
  if (!user) return;
  const done = await db
    .selectFrom('payOrder')
    .select('id')
    .where('accountId', '=', user.id)
    .where('orderCode', 'like', `${DEMO_PREFIX}%`)
    .executeTakeFirst();
  if (done) return;
  const devices = await db
    .selectFrom('device')
    .select(['id', 'deviceName', 'deviceGuid'])
    .where('accountId', '=', user.id)
    .orderBy('id')
    .limit(2)
    .execute();
  if (devices.length === 0) return;
  const now = ctx.clock.now().getTime();
  const at = (daysAgo: number) => new Date(now - daysAgo * DAY_MS).toISOString();
  const stamp = at(0);

  const bill = (values: {
    invoiceType: number;
    billDefaultStatus: number;
    companyName: string | null;
    taxNumber: string | null;
    bankDeposit: string | null;
    personalName: string | null;
    billAddress: string | null;
  }) =>
    db
      .insertInto('payUserBill')
      .values({
        ...values,
        platformId: user.platformId,
        accountId: user.id,
        billMode: 2,
        billUserName: 'DemoUser',
        billMail: 'demo_user@example.com',
        billPhone: '13800138000',
        createdAt: stamp,
        updatedAt: stamp,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  const company = await bill({
    invoiceType: 2,
    billDefaultStatus: 1,
    companyName: 'Coldchain Demo Ltd',
    taxNumber: '91310000MA1FL2DEMO',
    bankDeposit: 'Bank of Shanghai, Pudong branch',
    personalName: null,
    billAddress: null,
  });
  await bill({
    invoiceType: 1,
    billDefaultStatus: 0,
    companyName: null,
    taxNumber: null,
    bankDeposit: null,
    personalName: 'Demo·User',
    billAddress: '88 Century Avenue, Shanghai',
  });

  const orders = [
    { daysAgo: 40, payStatus: 2, refundedFee: 0, invoice: INVOICE_STATUS.invoiced, device: 0 },
    { daysAgo: 12, payStatus: 2, refundedFee: 0, invoice: INVOICE_STATUS.applied, device: 1 },
    { daysAgo: 8, payStatus: 4, refundedFee: 2_000, invoice: INVOICE_STATUS.none, device: 0 },
    { daysAgo: 2, payStatus: 5, refundedFee: 0, invoice: INVOICE_STATUS.none, device: 1 },
  ] as const;
  for (const [i, o] of orders.entries()) {
    const d = devices[o.device] ?? devices[0];
    if (!d) continue;
    const created = at(o.daysAgo);
    const paid = o.payStatus !== 5;
    const row = await db
      .insertInto('payOrder')
      .values({
        orderCode: `${DEMO_PREFIX}${created.slice(0, 10).replaceAll('-', '')}${String(i + 1).padStart(4, '0')}`,
        platformId: user.platformId,
        accountId: user.id,
        kind: 'service',
        payType: i % 2 === 0 ? 1 : 2,
        payStatus: o.payStatus,
        orderFee: 36_000,
        payFee: 34_200,
        currency: 'CNY',
        levelName: 'Standard',
        months: 12,
        presentationMonth: 0,
        billId: o.invoice === INVOICE_STATUS.none ? null : company.id,
        applyFlag: o.invoice === INVOICE_STATUS.none ? 0 : 1,
        invoiceStatus: o.invoice,
        refundedFee: o.refundedFee,
        orderDescription: '',
        provider: 'sandbox',
        payToken: crypto.randomBytes(16).toString('hex'),
        transactionId: paid ? `DEMO-TX-${i + 1}` : null,
        createdAt: created,
        updatedAt: created,
        paidAt: paid ? created : null,
        refundedAt: o.refundedFee > 0 ? at(o.daysAgo - 1) : null,
        closedAt: paid ? null : at(o.daysAgo - 0.1),
        expiresAt: at(o.daysAgo - 0.1),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await db
      .insertInto('payOrderDevice')
      .values({
        orderId: row.id,
        deviceId: d.id,
        deviceName: d.deviceName,
        deviceGuid: d.deviceGuid,
        unitFee: 34_200,
      })
      .execute();
    if (o.refundedFee > 0)
      await db
        .insertInto('payRefund')
        .values({
          platformId: user.platformId,
          orderId: row.id,
          refundNo: `RDEMO${row.id}`,
          amount: o.refundedFee,
          status: 'succeeded',
          providerRefundId: null,
          reason: 'Goodwill for a late delivery',
          operatorId: user.id,
          createdAt: at(o.daysAgo - 1),
          updatedAt: at(o.daysAgo - 1),
        })
        .execute();
    if (o.invoice !== INVOICE_STATUS.none)
      await db
        .insertInto('payInvoice')
        .values({
          platformId: user.platformId,
          accountId: user.id,
          orderId: row.id,
          billId: company.id,
          invoiceStatus: o.invoice,
          amount: row.payFee - row.refundedFee,
          currency: 'CNY',
          invoiceType: 2,
          title: company.companyName ?? '',
          taxNumber: company.taxNumber,
          bankDeposit: company.bankDeposit,
          billUserName: company.billUserName,
          billMail: company.billMail,
          billPhone: company.billPhone,
          billAddress: null,
          provider: 'manual',
          invoiceNo: o.invoice === INVOICE_STATUS.invoiced ? `DEMO-INV-${row.id}` : null,
          filePath: null,
          appliedAt: created,
          issuedAt: o.invoice === INVOICE_STATUS.invoiced ? at(o.daysAgo - 2) : null,
          mailedAt: o.invoice === INVOICE_STATUS.invoiced ? at(o.daysAgo - 2) : null,
          updatedAt: created,
        })
        .execute();
  }
}
