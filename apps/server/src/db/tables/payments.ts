import type { Generated } from 'kysely';

/** 0/1 flags are stored as integers on both dialects. */
type Flag = number;
/** ISO-8601 UTC timestamps, as everywhere in the relational tables. */
type Iso = string;

/** What an order buys: device service (level and years), SMS/voice counts, or premium membership. */
export type PayOrderKind = 'service' | 'sms' | 'premium';

/**
 * One order (001 §3.2, migration 0018). Fees are integer cents: orderFee before discounts, payFee what
 * the payer is charged. payStatus 1 unpaid, 2 paid, 3 refunded, 4 partially refunded, 5 closed.
 */
export interface PayOrderTable {
  id: Generated<number>;
  /** The number shown to people and sent to providers as the merchant's order number. */
  orderCode: string;
  platformId: number;
  /** The account that placed the order and pays for it. */
  accountId: number;
  kind: PayOrderKind;
  /** 1 WeChat, 2 Alipay, 20 card button, 30 Google Pay, 40 card wallet, 90 offline */
  payType: number;
  payStatus: number;
  orderFee: number;
  payFee: number;
  refundedFee: Generated<number>;
  /** CNY | USD */
  currency: string;
  levelId: number | null;
  levelName: string | null;
  levelYearId: number | null;
  servicePackageId: number | null;
  /** Months bought per device (service orders). */
  months: Generated<number>;
  /** Bonus months per device (service orders). */
  presentationMonth: Generated<number>;
  /** 1: the level sells data only (service fee 0). */
  dataOnly: Generated<Flag>;
  activityId: number | null;
  smsPackageId: number | null;
  voicePackageId: number | null;
  /** SMS and voice counts per device (sms orders). */
  smsCount: Generated<number>;
  voiceCount: Generated<number>;
  smsFee: Generated<number>;
  voiceFee: Generated<number>;
  countryCode: string | null;
  simIccid: string | null;
  /** JSON given by the creator of a kind whose credit needs more than the columns (premium: plan and months). */
  creditPayload: string | null;
  billId: number | null;
  /** 0 no invoice requested, 1 requested */
  applyFlag: Generated<Flag>;
  /** 0 not invoiced, 1 applied, 2 invoiced */
  invoiceStatus: Generated<number>;
  orderDescription: string;
  /** sandbox | wechat | alipay | card: who is paid and who sends the notice. */
  provider: string;
  /** Random token of the payer links (sandbox page, card return); never the numeric id alone. */
  payToken: string;
  /** Hash of the creating request, for idempotent creation within a few seconds. */
  requestHash: string | null;
  /** The provider's transaction id once paid. */
  transactionId: string | null;
  /** The wallet's payment platform id given at confirmPay (types 30/40). */
  paymentPlatformId: string | null;
  createdAt: Iso;
  updatedAt: Iso;
  paidAt: Iso | null;
  refundedAt: Iso | null;
  closedAt: Iso | null;
  /** An unpaid order closes (payStatus 5) at this time unless paid before. */
  expiresAt: Iso;
}

/** A device an order buys for, with its price per device at the time of the order. */
export interface PayOrderDeviceTable {
  orderId: number;
  deviceId: number;
  deviceName: string;
  deviceGuid: string;
  unitFee: number;
}

/** A verified notice that settled an order: at most one per provider and transaction id. */
export interface PaymentNoticeTable {
  id: Generated<number>;
  provider: string;
  transactionId: string;
  orderId: number;
  amount: number;
  currency: string;
  /** notify | query (reconciliation) | capture (card return or wallet confirmation) */
  source: string;
  /** The notice as received (decrypted resource for WeChat), for the audit. */
  body: string;
  receivedAt: Iso;
}

/** A notice that credited nothing: bad signature, altered amount, stale, unknown order, ... */
export interface PaymentNoticeRejectionTable {
  id: Generated<number>;
  provider: string;
  transactionId: string | null;
  orderCode: string | null;
  /** signature | amount | stale | unknownOrder | malformed | currency | notPaid | closed */
  reason: string;
  detail: string | null;
  /** The body as received, cut to a bounded length. */
  body: string;
  sourceIp: string | null;
  receivedAt: Iso;
}

/**
 * A platform's merchant settings with one provider. `settings` is JSON of what may be shown (app id,
 * merchant id, serial numbers, gateway); `secretCipher` holds the keys, AES-256-GCM encrypted
 * (modules/payments/provider-keys.ts).
 */
export interface PaymentProviderConfigTable {
  id: Generated<number>;
  platformId: number;
  /** wechat | alipay | card */
  provider: string;
  enabled: Generated<Flag>;
  settings: string;
  secretCipher: string;
  createdAt: Iso;
  updatedAt: Iso;
}

/** A device's auto-renew agreement (001 §2.1): agreementStatus 1 active, 0 cancelled. */
export interface PayDeviceAgreementTable {
  deviceId: number;
  accountId: number;
  agreementStatus: number;
  levelId: number | null;
  levelYearId: number | null;
  nextExecutionTime: Iso | null;
  createdAt: Iso;
  updatedAt: Iso;
}

/** The sandbox provider's ledger (it stands for the provider's side, not ours). */
export interface SandboxPaymentTable {
  id: Generated<number>;
  orderCode: string;
  transactionId: string;
  amount: number;
  currency: string;
  /** cents refunded so far */
  refunded: Generated<number>;
  /** Refund numbers already applied, comma separated (a refund number refunds once). */
  refundNos: Generated<string>;
  createdAt: Iso;
}

export interface PaymentTables {
  payOrder: PayOrderTable;
  payOrderDevice: PayOrderDeviceTable;
  paymentNotice: PaymentNoticeTable;
  paymentNoticeRejection: PaymentNoticeRejectionTable;
  paymentProviderConfig: PaymentProviderConfigTable;
  payDeviceAgreement: PayDeviceAgreementTable;
  sandboxPayment: SandboxPaymentTable;
}
