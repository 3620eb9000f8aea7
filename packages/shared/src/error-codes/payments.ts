/** Order creation, payment and payment notices: codes 3200-3299. */
export const PAYMENT_ERRORS = {
  /** The price the console showed is not the server's price any more (data: the new totalFee). */
  priceChanged: { code: 3200, http: 200 },
  /** An invoice was requested (applyFlag 1) without a chosen bill: no order, no QR (001 §5). */
  billRequired: { code: 3201, http: 200 },
  /** The order is not unpaid any more (paid, refunded or closed): it cannot be paid again. */
  orderNotPayable: { code: 3202, http: 200 },
  /** The pay type is not offered by this edition or platform. */
  payTypeUnavailable: { code: 3203, http: 200 },
  /** The amount confirmed by the payer differs from the order's. */
  payAmountMismatch: { code: 3204, http: 200 },
  /** A payer link (sandbox page, card return) whose order or token does not match. */
  paymentLinkInvalid: { code: 3205, http: 200 },
  /** The payer declined, or the provider refused the payment. */
  paymentDeclined: { code: 3206, http: 200 },
  /** The same device named twice in one order. */
  duplicateDevice: { code: 3207, http: 200 },
  /** A provider setting that cannot be used (missing key, unreadable key). */
  providerConfigInvalid: { code: 3208, http: 200 },
} as const satisfies Record<string, { code: number; http: number }>;
