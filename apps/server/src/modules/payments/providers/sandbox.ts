import crypto from 'node:crypto';
import {
  PAY_TYPE_CARD,
  PAY_TYPE_CARD_WALLET,
  PAY_TYPE_GOOGLE_PAY,
  PAYMENT_NOTICE_MAX_AGE_MS,
} from '@coldchain/shared';
import { sql } from 'kysely';
import type { Clock } from '../../../clock.ts';
import type { Db } from '../../../db/create-db.ts';
import type {
  CaptureRequest,
  IncomingNotice,
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

/** The header carrying the sandbox's signature: `t=<ms since epoch>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

/** What a sandbox notice says (JSON body). */
export interface SandboxNoticeBody {
  orderCode: string;
  transactionId: string;
  /** cents */
  amount: number;
  currency: string;
  status: 'SUCCESS' | 'DECLINED';
}

const header = (headers: IncomingNotice['headers'], name: string): string | undefined => {
  const value = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * The sandbox provider: the default for every pay type of a platform without real keys, so the demo
 * can buy. It plays both sides: as the provider it keeps its own ledger (sandbox_payment) of what its
 * payers paid, signs notices with an HMAC key derived from the payment key and sends them over HTTP
 * to the notify endpoint; as an adapter it verifies those notices like any other provider's.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly signingKey: Buffer,
  ) {}

  async start(order: PayOrderRow, context: StartContext): Promise<PaymentStart> {
    const link = (page: string) =>
      `${context.publicOrigin}${page}?orderId=${order.id}&token=${encodeURIComponent(order.payToken)}`;
    if (order.payType === PAY_TYPE_CARD)
      return { payQrCode: '', approveUrl: link('/mobilePay/paypal/callback') };
    if (order.payType === PAY_TYPE_GOOGLE_PAY || order.payType === PAY_TYPE_CARD_WALLET)
      return { payQrCode: '' };
    return { payQrCode: link('/mobilePay/pay') };
  }

  /** The provider's side: the payer paid; one ledger entry per order whatever the number of clicks. */
  async collect(order: PayOrderRow): Promise<{ transactionId: string; amount: number }> {
    await this.db
      .insertInto('sandboxPayment')
      .values({
        orderCode: order.orderCode,
        transactionId: `SBX${crypto.randomBytes(12).toString('hex').toUpperCase()}`,
        amount: order.payFee,
        currency: order.currency,
        createdAt: this.clock.now().toISOString(),
      })
      .onConflict((oc) => oc.column('orderCode').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('sandboxPayment')
      .select(['transactionId', 'amount'])
      .where('orderCode', '=', order.orderCode)
      .executeTakeFirstOrThrow();
    return row;
  }

  /** Signs a notice body at a time, as the sandbox sends it. */
  sign(body: string, at: number): string {
    const mac = crypto.createHmac('sha256', this.signingKey).update(`${at}.${body}`).digest('hex');
    return `t=${at},v1=${mac}`;
  }

  /** The notice the sandbox sends for an order it collected (or a payer declined). */
  notice(body: SandboxNoticeBody): { headers: Record<string, string>; body: string } {
    const text = JSON.stringify(body);
    return {
      headers: {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: this.sign(text, this.clock.now().getTime()),
      },
      body: text,
    };
  }

  async verifyNotice(incoming: IncomingNotice, now: Date): Promise<NoticeVerification> {
    const signature = header(incoming.headers, SANDBOX_SIGNATURE_HEADER) ?? '';
    const parts = new Map(
      signature.split(',').map((part) => {
        const at = part.indexOf('=');
        return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
      }),
    );
    const at = Number(parts.get('t'));
    const given = parts.get('v1') ?? '';
    if (!Number.isSafeInteger(at) || !/^[0-9a-f]{64}$/.test(given))
      return { ok: false, reason: 'signature', detail: 'missing or malformed signature header' };
    const expected = crypto
      .createHmac('sha256', this.signingKey)
      .update(`${at}.${incoming.rawBody}`)
      .digest();
    if (!crypto.timingSafeEqual(expected, Buffer.from(given, 'hex')))
      return { ok: false, reason: 'signature', detail: 'signature does not match' };
    let body: SandboxNoticeBody;
    try {
      body = JSON.parse(incoming.rawBody) as SandboxNoticeBody;
    } catch {
      return { ok: false, reason: 'malformed', detail: 'body is not JSON' };
    }
    const ids = { orderCode: String(body.orderCode ?? ''), transactionId: String(body.transactionId ?? '') };
    if (Math.abs(now.getTime() - at) > PAYMENT_NOTICE_MAX_AGE_MS)
      return { ok: false, reason: 'stale', detail: `signed at ${new Date(at).toISOString()}`, ...ids };
    if (
      !ids.orderCode ||
      !ids.transactionId ||
      !Number.isSafeInteger(body.amount) ||
      typeof body.currency !== 'string'
    )
      return { ok: false, reason: 'malformed', detail: 'fields missing', ...ids };
    return {
      ok: true,
      notice: {
        ...ids,
        amount: body.amount,
        currency: body.currency,
        paid: body.status === 'SUCCESS',
        sentAt: new Date(at),
        body: incoming.rawBody,
      },
    };
  }

  reply(accepted: boolean): NoticeReply {
    return {
      status: accepted ? 200 : 400,
      contentType: 'application/json',
      body: JSON.stringify({ code: accepted ? 'SUCCESS' : 'FAIL' }),
    };
  }

  async query(order: PayOrderRow): Promise<PaymentQuery> {
    const row = await this.db
      .selectFrom('sandboxPayment')
      .select(['transactionId', 'amount'])
      .where('orderCode', '=', order.orderCode)
      .executeTakeFirst();
    return row ? { paid: true, transactionId: row.transactionId, amount: row.amount } : { paid: false };
  }

  async refund({ order, refundNo, amount }: RefundRequest): Promise<RefundResult> {
    const row = await this.db
      .selectFrom('sandboxPayment')
      .select(['transactionId', 'refundNos'])
      .where('orderCode', '=', order.orderCode)
      .executeTakeFirst();
    if (!row || !Number.isSafeInteger(amount) || amount <= 0) return { status: 'failed' };
    const providerRefundId = `${row.transactionId}-${refundNo}`;
    if (row.refundNos.split(',').includes(refundNo)) return { status: 'succeeded', providerRefundId };
    // One conditional update: never more than was paid, each refund number once.
    const result = await this.db
      .updateTable('sandboxPayment')
      .set((eb) => ({
        refunded: eb('refunded', '+', amount),
        refundNos: sql<string>`${sql.ref('refund_nos')} || ${`${refundNo},`}`,
      }))
      .where('orderCode', '=', order.orderCode)
      .where('refundNos', '=', row.refundNos)
      .where(sql<boolean>`${sql.ref('refunded')} + ${amount} <= ${sql.ref('amount')}`)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1
      ? { status: 'succeeded', providerRefundId }
      : { status: 'failed' };
  }

  /** Card return and wallet confirmation: the sandbox approves at once and collects. */
  async capture({ order, token, payFee }: CaptureRequest): Promise<PaymentQuery> {
    if (order.payType === PAY_TYPE_CARD && token !== order.payToken) return { paid: false };
    if (!token || (payFee !== undefined && payFee !== order.payFee)) return { paid: false };
    const { transactionId, amount } = await this.collect(order);
    return { paid: true, transactionId, amount };
  }
}
