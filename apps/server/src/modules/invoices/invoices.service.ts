import fs from 'node:fs/promises';
import path from 'node:path';
import {
  DEFAULT_LOCALE,
  INVOICE_STATUS,
  type Invoice,
  type Locale,
  PAY_STATUS_PAID,
  PAY_STATUS_PARTLY_REFUNDED,
} from '@coldchain/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/create-db.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { translate } from '../../i18n/i18n.ts';
import type { Mailer } from '../../notify/email.ts';
import type { OrderListRow, OrderScope, OrdersRepo } from '../orders/orders.repo.ts';
import { formatCents, orderKey } from '../orders/orders.service.ts';
import { billTitle } from './bill-rules.ts';
import type { BillRow } from './bills.repo.ts';
import type { InvoicesRepo } from './invoices.repo.ts';
import type { InvoiceProvider, InvoiceRow } from './providers/invoice-provider.ts';

export function presentInvoice(row: InvoiceRow, orderCode: string): Invoice {
  return {
    invoiceId: row.id,
    orderId: String(row.orderId),
    orderCode,
    billId: row.billId,
    invoiceStatus: row.invoiceStatus,
    amount: row.amount,
    currency: row.currency,
    invoiceType: row.invoiceType,
    title: row.title,
    taxNumber: row.taxNumber,
    bankDeposit: row.bankDeposit,
    billUserName: row.billUserName,
    billMail: row.billMail,
    billPhone: row.billPhone,
    billAddress: row.billAddress,
    invoiceNo: row.invoiceNo,
    hasFile: row.filePath !== null,
    appliedAt: row.appliedAt,
    issuedAt: row.issuedAt,
    mailedAt: row.mailedAt,
    provider: row.provider,
  };
}

const invoiceable = (o: OrderListRow) =>
  (o.payStatus === PAY_STATUS_PAID || o.payStatus === PAY_STATUS_PARTLY_REFUNDED) &&
  o.invoiceStatus !== INVOICE_STATUS.invoiced;

/**
 * Invoices of orders (001 §2.5, §3.2, §7.7): the payer applies with one of its bills (a copy is kept,
 * so a later edit of the bill changes no applied invoice), the back office issues it through the
 * invoice provider and the recipient is mailed (within 3 working days, 001 §9).
 */
export class InvoicesService {
  constructor(
    private readonly db: Db,
    private readonly repo: InvoicesRepo,
    private readonly orders: OrdersRepo,
    private readonly provider: InvoiceProvider,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
    private readonly dataDir: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  private async bill(accountId: number, billId: number): Promise<BillRow> {
    const bill = await this.db
      .selectFrom('payUserBill')
      .selectAll()
      .where('id', '=', billId)
      .where('accountId', '=', accountId)
      .where('deletedFlag', '=', 0)
      .executeTakeFirst();
    if (!bill) throw new AppError('billNotFound');
    return bill;
  }

  /** Applies (or re-applies with another bill, while not yet issued) the invoice of each order. */
  private async applyAll(
    tx: Transaction<Database>,
    orders: OrderListRow[],
    bill: BillRow,
  ): Promise<InvoiceRow[]> {
    const now = this.clock.now().toISOString();
    const out: InvoiceRow[] = [];
    for (const order of orders) {
      const copy = {
        billId: bill.id,
        invoiceType: bill.invoiceType,
        title: billTitle(bill),
        taxNumber: bill.taxNumber,
        bankDeposit: bill.bankDeposit,
        billUserName: bill.billUserName,
        billMail: bill.billMail,
        billPhone: bill.billPhone,
        billAddress: bill.billAddress,
        amount: order.payFee - order.refundedFee,
        currency: order.currency,
        updatedAt: now,
      };
      const existing = await this.repo.byOrder(order.id, tx);
      if (existing && existing.invoiceStatus === INVOICE_STATUS.invoiced)
        throw new AppError('invoiceAlreadyIssued');
      out.push(
        existing
          ? await this.repo.update(tx, existing.id, copy)
          : await this.repo.insert(tx, {
              ...copy,
              platformId: order.platformId,
              accountId: order.accountId,
              orderId: order.id,
              invoiceStatus: INVOICE_STATUS.applied,
              provider: this.provider.name,
              invoiceNo: null,
              filePath: null,
              appliedAt: now,
              issuedAt: null,
              mailedAt: null,
            }),
      );
      const moved = await tx
        .updateTable('payOrder')
        .set({ billId: bill.id, applyFlag: 1, invoiceStatus: INVOICE_STATUS.applied, updatedAt: now })
        .where('id', '=', order.id)
        .where('invoiceStatus', '!=', INVOICE_STATUS.invoiced)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) throw new AppError('invoiceAlreadyIssued');
    }
    return out;
  }

  /** updateInvoice: the caller's paid order gets (or changes) its invoice with the caller's bill. */
  async apply(scope: Required<OrderScope>, orderId: string, billId: number): Promise<Invoice> {
    const order = await this.orders.byId(scope, orderKey(orderId));
    if (!order) throw new AppError('orderNotFound');
    if (!invoiceable(order)) throw new AppError('orderNotInvoiceable', { orderCode: order.orderCode });
    const bill = await this.bill(scope.accountId, billId);
    const [row] = await this.db.transaction().execute((tx) => this.applyAll(tx, [order], bill));
    if (!row) throw new AppError('orderNotFound');
    return presentInvoice(row, order.orderCode);
  }

  /** applyBatchInvoice: all or none; every order must be the caller's, paid and not yet invoiced. */
  async applyBatch(scope: Required<OrderScope>, orderIds: string[], billId: number): Promise<Invoice[]> {
    const ids = [...new Set(orderIds.map(orderKey))];
    const orders = await this.orders.byIds(scope, ids);
    if (orders.length !== ids.length) throw new AppError('orderNotFound');
    const refused = orders.find((o) => !invoiceable(o));
    if (refused) throw new AppError('orderNotInvoiceable', { orderCode: refused.orderCode });
    const bill = await this.bill(scope.accountId, billId);
    const rows = await this.db.transaction().execute((tx) => this.applyAll(tx, orders, bill));
    const codes = new Map(orders.map((o) => [o.id, o.orderCode]));
    return rows.map((r) => presentInvoice(r, codes.get(r.orderId) ?? ''));
  }

  /**
   * The invoice of an order, if any. An order that asked for one when it was created (applyFlag 1 with
   * a bill) gets its copy of the bill once paid.
   */
  async forOrder(
    scope: OrderScope,
    orderId: string,
  ): Promise<{ order: OrderListRow; invoice: InvoiceRow | null }> {
    const order = await this.orders.byId(scope, orderKey(orderId));
    if (!order) throw new AppError('orderNotFound');
    const found = await this.repo.byOrder(order.id);
    if (found) return { order, invoice: found };
    if (order.applyFlag !== 1 || order.billId === null || !invoiceable(order))
      return { order, invoice: null };
    const bill = await this.db
      .selectFrom('payUserBill')
      .selectAll()
      .where('id', '=', order.billId)
      .where('accountId', '=', order.accountId)
      .executeTakeFirst();
    if (!bill) return { order, invoice: null };
    try {
      const [row] = await this.db.transaction().execute((tx) => this.applyAll(tx, [order], bill));
      return { order, invoice: row ?? null };
    } catch {
      // Applied at the same moment by another call: read what it stored.
      return { order, invoice: (await this.repo.byOrder(order.id)) ?? null };
    }
  }

  /**
   * Orders paid with an invoice asked for at creation (applyFlag 1 and a bill) turn "applied" with
   * their copy of the bill before a list reads them, so lists and filters show them as waiting.
   */
  async syncApplied(scope: OrderScope): Promise<void> {
    let q = this.db
      .selectFrom('payOrder')
      .select('id')
      .where('platformId', '=', scope.platformId)
      .where('applyFlag', '=', 1)
      .where('billId', 'is not', null)
      .where('invoiceStatus', '=', INVOICE_STATUS.none)
      .where('payStatus', 'in', [PAY_STATUS_PAID, PAY_STATUS_PARTLY_REFUNDED]);
    if (scope.accountId !== undefined) q = q.where('accountId', '=', scope.accountId);
    for (const row of await q.limit(500).execute()) await this.forOrder(scope, String(row.id));
  }

  /**
   * Issues the invoice of an order through the provider (manual: the uploaded PDF and the typed
   * number), keeps the PDF, marks the order invoiced and mails the recipient.
   */
  async issue(
    scope: OrderScope,
    orderId: string,
    invoiceNo: string,
    file: { fileName: string; bytes: Buffer },
    consoleOrigin: string,
  ): Promise<{ order: OrderListRow; invoice: InvoiceRow }> {
    if (
      !file.fileName.toLowerCase().endsWith('.pdf') ||
      file.bytes.subarray(0, 5).toString('latin1') !== '%PDF-'
    )
      throw new AppError('invoiceFileNotPdf');
    const { order, invoice } = await this.forOrder(scope, orderId);
    if (!invoice) throw new AppError('invoiceNotFound');
    if (invoice.invoiceStatus === INVOICE_STATUS.invoiced) throw new AppError('invoiceAlreadyIssued');
    const result = await this.provider.issue({ invoice, invoiceNo, pdf: file.bytes });
    if (result.status !== 'issued' || !result.pdf) throw new AppError('invoiceNotFound');
    const relative = path.join('invoices', String(order.platformId), `${invoice.id}.pdf`);
    const absolute = path.join(this.dataDir, relative);
    await fs.mkdir(path.dirname(absolute), { recursive: true });
    await fs.writeFile(absolute, result.pdf);
    const now = this.clock.now().toISOString();
    const issued = await this.db.transaction().execute(async (tx) => {
      const row = await this.repo.update(tx, invoice.id, {
        invoiceStatus: INVOICE_STATUS.invoiced,
        invoiceNo: result.invoiceNo ?? invoiceNo,
        filePath: relative,
        issuedAt: now,
        updatedAt: now,
      });
      await tx
        .updateTable('payOrder')
        .set({ invoiceStatus: INVOICE_STATUS.invoiced, updatedAt: now })
        .where('id', '=', order.id)
        .execute();
      return row;
    });
    const mailed = await this.mail(issued, order, consoleOrigin);
    return { order, invoice: mailed };
  }

  /** In the owner's language: accounts keep none, so English for overseas accounts, else the default. */
  private async mail(invoice: InvoiceRow, order: OrderListRow, consoleOrigin: string) {
    const owner = await this.db
      .selectFrom('account')
      .select('foreignFlag')
      .where('id', '=', order.accountId)
      .executeTakeFirst();
    const lang: Locale = owner?.foreignFlag === 1 ? 'en-US' : DEFAULT_LOCALE;
    const params = {
      name: invoice.billUserName,
      orderCode: order.orderCode,
      title: invoice.title,
      amount: formatCents(invoice.amount, invoice.currency),
      invoiceNo: invoice.invoiceNo ?? '',
      link: `${consoleOrigin}/consumer/recharge`,
    };
    try {
      await this.mailer.send({
        to: invoice.billMail,
        subject: translate(lang, 'invoiceMail.subject', params),
        text: translate(lang, 'invoiceMail.body', params),
        messageId: `<invoice-${invoice.id}@coldchain>`,
      });
      return this.repo.update(this.db, invoice.id, { mailedAt: this.clock.now().toISOString() });
    } catch (error) {
      // The invoice is issued whatever the mail server says; the console offers the PDF.
      this.log.warn({ err: error, invoiceId: invoice.id }, 'invoice mail failed');
      return invoice;
    }
  }

  /** The issued PDF of an order's invoice. */
  async file(scope: OrderScope, orderId: string): Promise<{ name: string; bytes: Buffer }> {
    const { order, invoice } = await this.forOrder(scope, orderId);
    if (!invoice?.filePath) throw new AppError('invoiceNotFound');
    const bytes = await fs.readFile(path.join(this.dataDir, invoice.filePath));
    return { name: `invoice-${order.orderCode}.pdf`, bytes };
  }

  list(
    platformId: number,
    filters: { invoiceStatus?: number; startTime?: string; endTime?: string },
    max: number,
  ) {
    return this.repo.list(platformId, filters, max);
  }
}
