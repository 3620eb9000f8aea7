import type { Selectable } from 'kysely';
import type { PayOrderTable } from '../../../db/tables/payments.ts';

/** An order as providers and their callers see it (a row of pay_order). */
export type PayOrderRow = Selectable<PayOrderTable>;

/** The providers orders can be paid through; `pay_order.provider` holds one of these. */
export type ProviderName = 'sandbox' | 'wechat' | 'alipay' | 'card';

/** Where the payer should go to pay a new order. */
export interface PaymentStart {
  /** URL drawn as the QR code (types 1 and 2); '' for card and wallet types. */
  payQrCode: string;
  /** Card button (type 20): where the payer approves the payment; the provider then returns the payer. */
  approveUrl?: string;
  /** The provider's own id of the payment (card orders), kept in pay_order.payment_platform_id. */
  providerOrderId?: string;
}

/** What the server knows of the request starting a payment. */
export interface StartContext {
  /** The console's public origin, for return URLs and the sandbox payer page. */
  publicOrigin: string;
  /** The server's own origin for provider notices (notify URL). */
  notifyOrigin: string;
  clientIp?: string;
}

/** A notice as it reached the notify endpoint, untouched. */
export interface IncomingNotice {
  headers: Record<string, string | string[] | undefined>;
  /** The exact bytes of the body as text: signatures are over these. */
  rawBody: string;
  sourceIp?: string;
}

/** A notice whose signature checked out: what it says happened. */
export interface VerifiedNotice {
  transactionId: string;
  /** Our order code (the merchant's order number at the provider). */
  orderCode: string;
  /** Amount paid, integer cents. */
  amount: number;
  currency: string;
  /** false: the notice reports a payment that did not succeed (closed, declined): nothing to credit. */
  paid: boolean;
  /** The provider's time of the notice or payment, for the staleness check. */
  sentAt?: Date;
  /** The notice for the audit (decrypted where the provider encrypts it). */
  body: string;
}

export type NoticeVerification =
  | { ok: true; notice: VerifiedNotice }
  | {
      ok: false;
      /** signature | malformed | stale | ... (payment_notice_rejection.reason) */
      reason: string;
      detail?: string;
      orderCode?: string;
      transactionId?: string;
    };

/** The HTTP answer a provider expects to its notice. */
export interface NoticeReply {
  status: number;
  contentType: string;
  body: string;
}

/** What the provider says of an order when asked (reconciliation, E3's checks before a refund). */
export interface PaymentQuery {
  paid: boolean;
  transactionId?: string;
  /** Amount paid, integer cents. */
  amount?: number;
}

export interface RefundRequest {
  order: PayOrderRow;
  /** Our refund number: the provider accepts one refund per number (idempotency key). */
  refundNo: string;
  /** Integer cents, at most what is left of the order's payFee. */
  amount: number;
}

export interface RefundResult {
  status: 'succeeded' | 'pending' | 'failed';
  providerRefundId?: string;
}

/** The card return (successPaypal) or a wallet confirmation (confirmPay, types 30 and 40). */
export interface CaptureRequest {
  order: PayOrderRow;
  /** The token the provider returned the payer with, or the wallet's payment token. */
  token: string;
  paymentPlatformId?: string;
  /** The amount the payer's page confirmed, integer cents. */
  payFee?: number;
}

/**
 * One payment provider behind the interface (issue 12 item 4). Every method is safe to call again:
 * the provider de-duplicates by our order code and refund number; crediting is not done here but by
 * the settlement service, exactly once per (provider, transaction id).
 */
export interface PaymentProvider {
  readonly name: ProviderName;
  /** Starts a payment of an unpaid order: the QR code URL or the card approve URL. */
  start(order: PayOrderRow, context: StartContext): Promise<PaymentStart>;
  /** Checks a notice's signature (and decrypts it); never throws for a bad notice. */
  verifyNotice(notice: IncomingNotice, now: Date): Promise<NoticeVerification>;
  /** The answer the provider expects: accepted (stop resending) or not. */
  reply(accepted: boolean): NoticeReply;
  /** Asks the provider whether the order was paid. */
  query(order: PayOrderRow): Promise<PaymentQuery>;
  /** Refunds part or all of a paid order. */
  refund(request: RefundRequest): Promise<RefundResult>;
  /** Card return or wallet confirmation: captures the approved payment; undefined when not supported. */
  capture?(request: CaptureRequest): Promise<PaymentQuery>;
  /** Closes an unpaid order at the provider (expiry); best effort. */
  close?(order: PayOrderRow): Promise<void>;
}

/** The providers of one app: by name, and the one that handles a given order. */
export interface PaymentProviders {
  /** The provider that took the order (pay_order.provider, with the order's platform keys). */
  forOrder(order: PayOrderRow): Promise<PaymentProvider>;
  /** The provider a new order of this pay type goes to on this platform (sandbox without real keys). */
  forNewOrder(platformId: number, payType: number): Promise<PaymentProvider>;
}
