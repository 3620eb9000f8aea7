import { z } from 'zod';
import { EMAIL_PATTERN } from '../validation.ts';

/** 001 §2.5: invoiceType 1 personal, 2 enterprise. */
export const INVOICE_TYPES = [1, 2] as const;
/** 001 §2.5: billMode 2 (e-mail) is the only mode offered. */
export const BILL_MODE_EMAIL = 2;
/** 001 §5 invoice form limits (characters). */
export const BILL_COMPANY_MAX = 50;
export const BILL_TAX_NUMBER_MAX = 20;
export const BILL_NAME_MAX = 30;
export const BILL_BANK_MAX = 50;
export const BILL_MAIL_MAX = 200;
/** Not stated in 001; recorded in docs/decisions.md (Orders and invoices). */
export const BILL_ADDRESS_MAX = 200;
export const BILL_PHONE_OVERSEAS_MAX = 20;
/** 001 §5: letters, digits, dot, middle dot and Chinese characters. */
export const BILL_NAME_PATTERN = /^[\p{Script=Han}A-Za-z0-9.·]+$/u;
/** 001 §5: the tax number is letters and digits (stored in upper case). */
export const BILL_TAX_NUMBER_PATTERN = /^[A-Za-z0-9]+$/;
/** 001 §5: exactly 11 digits in the Chinese mobile pattern (mainland edition). */
export const BILL_PHONE_MAINLAND_PATTERN = /^1[3-9]\d{9}$/;
/** 001 §5: any digits in the overseas edition. */
export const BILL_PHONE_OVERSEAS_PATTERN = /^\d{1,20}$/;
/** A PDF of an issued invoice, at most this many bytes. */
export const INVOICE_PDF_MAX_BYTES = 10 * 1024 * 1024;

/** Which fields each invoice type shows (001 §2.5); the server clears the others. */
export const BILL_FIELDS_BY_TYPE = {
  1: ['personalName', 'billAddress'],
  2: ['companyName', 'taxNumber', 'bankDeposit'],
} as const satisfies Record<(typeof INVOICE_TYPES)[number], readonly string[]>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * The invoice info form (001 §2.5, §5). Shapes and lengths here; which fields the type requires, and
 * the phone pattern of the caller's edition, are checked by the server's bill rules (and the drawer).
 */
export const userBillFieldsSchema = z.object({
  invoiceType: z.literal(INVOICE_TYPES).default(1),
  billMode: z.literal([BILL_MODE_EMAIL]).default(BILL_MODE_EMAIL),
  billDefaultStatus: z.boolean().default(false),
  companyName: optionalText(BILL_COMPANY_MAX),
  taxNumber: optionalText(BILL_TAX_NUMBER_MAX).refine((v) => v === null || BILL_TAX_NUMBER_PATTERN.test(v), {
    message: 'rules.taxNumber',
  }),
  personalName: optionalText(BILL_NAME_MAX).refine((v) => v === null || BILL_NAME_PATTERN.test(v), {
    message: 'rules.billName',
  }),
  bankDeposit: optionalText(BILL_BANK_MAX),
  billUserName: z.string().trim().min(1).max(BILL_NAME_MAX).regex(BILL_NAME_PATTERN, 'rules.billName'),
  billMail: z.string().trim().min(1).max(BILL_MAIL_MAX).regex(EMAIL_PATTERN, 'rules.email'),
  billPhone: z.string().trim().min(1).max(BILL_PHONE_OVERSEAS_MAX),
  billAddress: optionalText(BILL_ADDRESS_MAX),
});
export const userBillInsertSchema = userBillFieldsSchema.strict();
export type UserBillInsert = z.infer<typeof userBillInsertSchema>;
export const userBillUpdateSchema = userBillFieldsSchema
  .extend({ billId: z.number().int().positive() })
  .strict();
export type UserBillUpdate = z.infer<typeof userBillUpdateSchema>;
export const billIdQuerySchema = z.object({ billId: z.coerce.number().int().positive() });

export const userBillSchema = z.object({
  billId: z.number().int(),
  billDefaultStatus: z.boolean(),
  invoiceType: z.number().int(),
  billMode: z.number().int(),
  companyName: z.string().nullable(),
  taxNumber: z.string().nullable(),
  personalName: z.string().nullable(),
  bankDeposit: z.string().nullable(),
  billUserName: z.string(),
  billMail: z.string(),
  billPhone: z.string(),
  billAddress: z.string().nullable(),
});
export type UserBill = z.infer<typeof userBillSchema>;

/** invoiceStatus of an order (commerce contract): 0 not invoiced, 1 applied (waiting), 2 invoiced. */
export const INVOICE_STATUS = { none: 0, applied: 1, invoiced: 2 } as const;

/** The bill an invoice was applied with, as it was then (a later edit of the bill changes no invoice). */
export const invoiceSchema = z.object({
  invoiceId: z.number().int(),
  orderId: z.string(),
  orderCode: z.string(),
  billId: z.number().int(),
  invoiceStatus: z.number().int(),
  /** cents */
  amount: z.number().int(),
  currency: z.string(),
  invoiceType: z.number().int(),
  title: z.string(),
  taxNumber: z.string().nullable(),
  bankDeposit: z.string().nullable(),
  billUserName: z.string(),
  billMail: z.string(),
  billPhone: z.string(),
  billAddress: z.string().nullable(),
  invoiceNo: z.string().nullable(),
  hasFile: z.boolean(),
  appliedAt: z.string(),
  issuedAt: z.string().nullable(),
  mailedAt: z.string().nullable(),
  provider: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const updateInvoiceSchema = z
  .object({ orderId: z.coerce.string().min(1).max(30), billId: z.number().int().positive() })
  .strict();
export type UpdateInvoice = z.infer<typeof updateInvoiceSchema>;
export const applyBatchInvoiceSchema = z
  .object({
    orderIds: z.array(z.coerce.string().min(1).max(30)).min(1).max(200),
    billId: z.number().int().positive(),
  })
  .strict();
export type ApplyBatchInvoice = z.infer<typeof applyBatchInvoiceSchema>;
export const orderIdQuerySchema = z.object({ orderId: z.coerce.string().min(1).max(30) });
