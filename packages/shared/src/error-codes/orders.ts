/** Orders, refunds, user bills and invoices: codes 3300-3399. */
export const ORDER_ERRORS = {
  /** An order that does not exist or that the caller may not see (the same answer for both). */
  orderNotFound: { code: 3300, http: 200 },
  /** Refund asked for an order that is not paid, already fully refunded, or for more than is left (001 §8). */
  orderNotRefundable: { code: 3301, http: 200 },
  /** Manual handling asked for an order that is not unpaid or that its provider does not confirm as paid (001 §8). */
  orderNotHandleable: { code: 3302, http: 200 },
  /** The payment provider refused or failed the refund. */
  refundFailed: { code: 3303, http: 200 },
  /** A user bill (invoice info) that does not exist or that the caller may not see. */
  billNotFound: { code: 3304, http: 200 },
  /** An invoice asked for an order that is not paid or already has one. */
  orderNotInvoiceable: { code: 3305, http: 200 },
  /** An invoice that does not exist or that the caller may not see. */
  invoiceNotFound: { code: 3306, http: 200 },
  /** The uploaded invoice file is not a PDF (001 §5). */
  invoiceFileNotPdf: { code: 3307, http: 200 },
  /** The invoice of an order changes only while it waits to be issued. */
  invoiceAlreadyIssued: { code: 3308, http: 200 },
} as const satisfies Record<string, { code: number; http: number }>;
