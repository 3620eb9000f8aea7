import { AlipaySdk } from 'alipay-sdk';
import type {
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

/** A platform's Alipay settings (shown) and secrets (encrypted at rest). */
export interface AlipaySettings {
  appId: string;
  gateway?: string;
}
export interface AlipaySecrets {
  /** The application's private key (PEM, PKCS#8 or PKCS#1). */
  privateKey: string;
  /** Alipay's public key (PEM), which signs notices. */
  alipayPublicKey: string;
}

/** Yuan with at most two decimals ("12.30") to integer cents, without floating point; null when not such a string. */
export function yuanToCents(value: string | undefined): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(value ?? '');
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

export function centsToYuan(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

const PAID_STATES = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);

/**
 * Alipay (open platform, RSA2). Notices are form posts whose signature alipay-sdk checks against
 * Alipay's public key; the app id must be ours; total_amount (yuan) must equal the order to the cent.
 * Alipay expects the text "success" (anything else makes it resend).
 */
export class AlipayProvider implements PaymentProvider {
  readonly name = 'alipay' as const;
  private readonly sdk: AlipaySdk;

  constructor(
    private readonly settings: AlipaySettings,
    secrets: AlipaySecrets,
  ) {
    this.sdk = new AlipaySdk({
      appId: settings.appId,
      privateKey: secrets.privateKey,
      alipayPublicKey: secrets.alipayPublicKey,
      keyType: secrets.privateKey.includes('BEGIN RSA PRIVATE KEY') ? 'PKCS1' : 'PKCS8',
      ...(settings.gateway ? { gateway: settings.gateway } : {}),
    });
  }

  async verifyNotice(incoming: IncomingNotice): Promise<NoticeVerification> {
    const form = Object.fromEntries(new URLSearchParams(incoming.rawBody)) as Record<string, string>;
    const ids = { orderCode: form.out_trade_no ?? '', transactionId: form.trade_no ?? '' };
    let signed = false;
    try {
      signed = this.sdk.checkNotifySign(form);
    } catch {
      signed = false;
    }
    if (!signed)
      return { ok: false, reason: 'signature', detail: 'Alipay signature does not verify', ...ids };
    if (form.app_id !== this.settings.appId)
      return { ok: false, reason: 'signature', detail: `app_id ${form.app_id ?? ''} is not ours`, ...ids };
    const amount = yuanToCents(form.total_amount);
    if (!ids.orderCode || !ids.transactionId || amount === null)
      return { ok: false, reason: 'malformed', detail: 'fields missing', ...ids };
    return {
      ok: true,
      notice: {
        ...ids,
        amount,
        currency: 'CNY',
        paid: PAID_STATES.has(form.trade_status ?? ''),
        ...(form.notify_time ? { sentAt: new Date(`${form.notify_time.replace(' ', 'T')}+08:00`) } : {}),
        body: incoming.rawBody,
      },
    };
  }

  reply(accepted: boolean): NoticeReply {
    return { status: 200, contentType: 'text/plain', body: accepted ? 'success' : 'fail' };
  }

  async start(order: PayOrderRow, context: StartContext): Promise<PaymentStart> {
    const result = await this.sdk.exec('alipay.trade.precreate', {
      notify_url: `${context.notifyOrigin}/api/payment/notify/alipay`,
      bizContent: {
        out_trade_no: order.orderCode,
        total_amount: centsToYuan(order.payFee),
        subject: order.orderDescription,
        time_expire: order.expiresAt.slice(0, 19).replace('T', ' '),
      },
    });
    const qrCode = (result as { qrCode?: string }).qrCode;
    if (result.code !== '10000' || !qrCode)
      throw new Error(`Alipay refused the order: ${result.subMsg ?? result.msg}`);
    return { payQrCode: qrCode };
  }

  async query(order: PayOrderRow): Promise<PaymentQuery> {
    const result = (await this.sdk.exec('alipay.trade.query', {
      bizContent: { out_trade_no: order.orderCode },
    })) as {
      code?: string;
      tradeStatus?: string;
      tradeNo?: string;
      totalAmount?: string;
    };
    if (result.code !== '10000' || !PAID_STATES.has(result.tradeStatus ?? '')) return { paid: false };
    const amount = yuanToCents(result.totalAmount);
    return {
      paid: true,
      ...(result.tradeNo ? { transactionId: result.tradeNo } : {}),
      ...(amount !== null ? { amount } : {}),
    };
  }

  async refund({ order, refundNo, amount }: RefundRequest): Promise<RefundResult> {
    const result = (await this.sdk.exec('alipay.trade.refund', {
      bizContent: {
        out_trade_no: order.orderCode,
        out_request_no: refundNo,
        refund_amount: centsToYuan(amount),
      },
    })) as { code?: string; fundChange?: string; tradeNo?: string };
    if (result.code !== '10000') return { status: 'failed' };
    return {
      status: result.fundChange === 'Y' ? 'succeeded' : 'pending',
      ...(result.tradeNo ? { providerRefundId: `${result.tradeNo}-${refundNo}` } : {}),
    };
  }

  async close(order: PayOrderRow): Promise<void> {
    await this.sdk.exec('alipay.trade.close', { bizContent: { out_trade_no: order.orderCode } });
  }
}
