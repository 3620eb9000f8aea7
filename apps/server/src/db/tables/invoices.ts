import type { Generated } from 'kysely';

/** 0/1 flags are stored as integers on both dialects. */
type Flag = number;
/** ISO-8601 UTC timestamps, as everywhere in the relational tables. */
type Iso = string;

/**
 * A user bill: the invoice info an account keeps for its invoices (001 §2.5, §7.7; migration 0019).
 * Fields the invoice type hides are null (personal: no company, tax number, bank; enterprise: no
 * personal name, address).
 */
export interface PayUserBillTable {
  id: Generated<number>;
  platformId: number;
  accountId: number;
  /** 1 personal, 2 enterprise */
  invoiceType: number;
  /** 2 e-mail, the only mode */
  billMode: number;
  billDefaultStatus: Flag;
  companyName: string | null;
  taxNumber: string | null;
  personalName: string | null;
  bankDeposit: string | null;
  billUserName: string;
  billMail: string;
  billPhone: string;
  billAddress: string | null;
  deletedFlag: Generated<Flag>;
  createdAt: Iso;
  updatedAt: Iso;
}

/**
 * The invoice of one order: applied by its payer with a bill (copied as it was), then issued by the
 * back office through an invoice provider (manual: an operator uploads the issued PDF), then mailed.
 */
export interface PayInvoiceTable {
  id: Generated<number>;
  platformId: number;
  accountId: number;
  /** pay_order.id; one invoice per order. */
  orderId: number;
  billId: number;
  /** 1 applied (waiting), 2 invoiced */
  invoiceStatus: number;
  /** cents: what the invoice is for (the order's payFee less refunds, at application) */
  amount: number;
  currency: string;
  invoiceType: number;
  /** company name (enterprise) or personal name (personal) */
  title: string;
  taxNumber: string | null;
  bankDeposit: string | null;
  billUserName: string;
  billMail: string;
  billPhone: string;
  billAddress: string | null;
  /** manual: no tax service is reachable; an operator issues it and uploads the PDF. */
  provider: string;
  invoiceNo: string | null;
  /** Where the issued PDF is kept, relative to the data folder. */
  filePath: string | null;
  appliedAt: Iso;
  issuedAt: Iso | null;
  mailedAt: Iso | null;
  updatedAt: Iso;
}

/** A refund of an order through its payment provider (partial refunds allowed). */
export interface PayRefundTable {
  id: Generated<number>;
  platformId: number;
  orderId: number;
  /** Our refund number: the provider accepts one refund per number. */
  refundNo: string;
  /** cents */
  amount: number;
  /** succeeded | pending | failed */
  status: string;
  providerRefundId: string | null;
  reason: string | null;
  operatorId: number;
  /** Months taken back from each device (service orders): base and bonus. */
  reversedMonths: Generated<number>;
  reversedBonusMonths: Generated<number>;
  createdAt: Iso;
  updatedAt: Iso;
}

export interface InvoiceTables {
  payUserBill: PayUserBillTable;
  payInvoice: PayInvoiceTable;
  payRefund: PayRefundTable;
}
