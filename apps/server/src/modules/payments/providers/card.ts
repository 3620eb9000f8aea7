import { centsToYuan as centsToDecimal, yuanToCents as decimalToCents } from './alipay.ts';
import type {
  CaptureRequest,
  NoticeReply,
  NoticeVerification,
  PaymentProvider,
  PaymentQuery,
  PaymentStart,
  PayOrderRow,
  RefundRequest,
  RefundResult,
  StartContext,
} from './provider.ts';

/** A platform's card provider settings (PayPal-style Orders API) and secrets. */
export interface CardSettings {
  clientId: string;
  gateway?: string;
}
export interface CardSecrets {
  clientSecret: string;
}

interface CardOrder {
  id?: string;
  status?: string;
  links?: { rel: string; href: string }[];
  purchase_units?: {
    custom_id?: string;
    payments?: {
      captures?: { id: string; status: string; amount: { value: string; currency_code: string } }[];
    };
  }[];
}

/**
 * The overseas card provider, PayPal-style (Orders v2): an order is created at the provider with
 * return and cancel URLs (/mobilePay/paypal/callback and /cancel); the payer approves there and comes
 * back with the provider's order id as `token`; successPaypal captures it. Wallet payments (Google Pay,
 * card wallet) confirm the same way with the wallet's payment id. Payments settle from the capture
 * answer and from reconciliation queries; provider webhooks are not taken (their verification is a
 * call back to the provider), so the notify endpoint refuses them.
 */
export class CardProvider implements PaymentProvider {
  readonly name = 'card' as const;
  private readonly gateway: string;

  constructor(
    private readonly settings: CardSettings,
    private readonly secrets: CardSecrets,
    private readonly fetcher: typeof fetch = fetch,
  ) {
    this.gateway = (settings.gateway ?? 'https://api-m.paypal.com').replace(/\/+$/, '');
  }

  private async token(): Promise<string> {
    const basic = Buffer.from(`${this.settings.clientId}:${this.secrets.clientSecret}`).toString('base64');
    const response = await this.fetcher(`${this.gateway}/v1/oauth2/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(10_000),
    });
    const data = (await response.json()) as { access_token?: string };
    if (!data.access_token) throw new Error('card provider refused the credentials');
    return data.access_token;
  }

  private async api<T>(method: 'GET' | 'POST', path: string, body?: unknown, idempotencyKey?: string) {
    const response = await this.fetcher(`${this.gateway}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await this.token()}`,
        'content-type': 'application/json',
        ...(idempotencyKey ? { 'paypal-request-id': idempotencyKey } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(10_000),
    });
    return { status: response.status, data: (await response.json().catch(() => ({}))) as T };
  }

  async start(order: PayOrderRow, context: StartContext): Promise<PaymentStart> {
    const back = (page: string) => `${context.publicOrigin}/mobilePay/paypal/${page}?orderId=${order.id}`;
    const { data } = await this.api<CardOrder>(
      'POST',
      '/v2/checkout/orders',
      {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: order.orderCode,
            custom_id: order.orderCode,
            description: order.orderDescription,
            amount: { currency_code: order.currency, value: centsToDecimal(order.payFee) },
          },
        ],
        application_context: { return_url: back('callback'), cancel_url: back('cancel') },
      },
      `create-${order.orderCode}`,
    );
    const approve = data.links?.find((l) => l.rel === 'approve' || l.rel === 'payer-action')?.href;
    if (!data.id || !approve) throw new Error('card provider refused the order');
    return { payQrCode: '', approveUrl: approve, providerOrderId: data.id };
  }

  private settled(order: PayOrderRow, data: CardOrder): PaymentQuery {
    const unit = data.purchase_units?.[0];
    const capture = unit?.payments?.captures?.find((c) => c.status === 'COMPLETED');
    if (!capture || unit?.custom_id !== order.orderCode) return { paid: false };
    const amount = decimalToCents(capture.amount.value);
    return { paid: true, transactionId: capture.id, ...(amount !== null ? { amount } : {}) };
  }

  async capture({ order, token }: CaptureRequest): Promise<PaymentQuery> {
    const { data } = await this.api<CardOrder>(
      'POST',
      `/v2/checkout/orders/${encodeURIComponent(token)}/capture`,
      {},
      `capture-${order.orderCode}`,
    );
    return this.settled(order, data);
  }

  async query(order: PayOrderRow): Promise<PaymentQuery> {
    if (!order.paymentPlatformId) return { paid: false };
    const { data } = await this.api<CardOrder>(
      'GET',
      `/v2/checkout/orders/${encodeURIComponent(order.paymentPlatformId)}`,
    );
    return this.settled(order, data);
  }

  async refund({ order, refundNo, amount }: RefundRequest): Promise<RefundResult> {
    if (!order.transactionId) return { status: 'failed' };
    const { status, data } = await this.api<{ id?: string; status?: string }>(
      'POST',
      `/v2/payments/captures/${encodeURIComponent(order.transactionId)}/refund`,
      { amount: { currency_code: order.currency, value: centsToDecimal(amount) } },
      `refund-${refundNo}`,
    );
    if (status >= 300) return { status: 'failed' };
    return {
      status: data.status === 'COMPLETED' ? 'succeeded' : 'pending',
      ...(data.id ? { providerRefundId: data.id } : {}),
    };
  }

  async verifyNotice(): Promise<NoticeVerification> {
    return { ok: false, reason: 'unsupported', detail: 'card payments settle from captures and queries' };
  }

  reply(accepted: boolean): NoticeReply {
    return { status: accepted ? 200 : 400, contentType: 'application/json', body: '{}' };
  }
}
