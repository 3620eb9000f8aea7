import crypto from 'node:crypto';
import { PAYMENT_NOTICE_MAX_AGE_MS } from '@coldchain/shared';
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

/** The prefix of a serial that names a WeChat Pay public key (public-key mode) rather than a platform certificate. */
export const WECHAT_PUBLIC_KEY_PREFIX = 'PUB_KEY_ID_';

/** A platform's WeChat Pay v3 merchant settings (shown) and secrets (encrypted at rest). */
export interface WechatSettings {
  appId: string;
  mchId: string;
  /** Serial number of the merchant's API certificate (signs our requests). */
  merchantSerial: string;
  /** Public-key mode: the key's id (PUB_KEY_ID_...). */
  publicKeyId?: string;
  gateway?: string;
}
export interface WechatSecrets {
  /** The APIv3 key: 32 characters, decrypts notice resources. */
  apiV3Key: string;
  /** The merchant's API private key (PEM). */
  privateKey: string;
  /** Platform-certificate mode: certificates (PEM) by serial number. */
  platformCertificates?: Record<string, string>;
  /** Public-key mode: the WeChat Pay public key (PEM). */
  publicKey?: string;
}

interface WechatTransaction {
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  amount?: { total?: number; payer_total?: number; currency?: string };
  mchid?: string;
  appid?: string;
}

const header = (headers: IncomingNotice['headers'], name: string): string => {
  const value = headers[name.toLowerCase()];
  return (Array.isArray(value) ? value[0] : value) ?? '';
};

/** Decrypts an AEAD_AES_256_GCM resource with the APIv3 key (the tag is the ciphertext's last 16 bytes). */
export function decryptResource(
  apiV3Key: string,
  resource: { ciphertext: string; nonce: string; associated_data?: string },
): string {
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length < 17) throw new Error('ciphertext too short');
  const decipher = crypto.createDecipheriv(
    'aes-256-gcm',
    Buffer.from(apiV3Key, 'utf8'),
    Buffer.from(resource.nonce, 'utf8'),
  );
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString(
    'utf8',
  );
}

/**
 * WeChat Pay API v3. Notices (and API answers) are signed SHA256withRSA over
 * "timestamp\nnonce\nbody\n"; the Wechatpay-Serial header names the key: a serial starting with
 * PUB_KEY_ID_ is the WeChat Pay public key (public-key mode), any other a platform certificate. The
 * notice's resource is AES-256-GCM encrypted with the APIv3 key. Accepted notices are answered 204
 * with no body; refused ones 400 with {code: "FAIL", message}.
 */
export class WechatPayProvider implements PaymentProvider {
  readonly name = 'wechat' as const;
  private readonly gateway: string;
  private readonly keys = new Map<string, crypto.KeyObject>();

  constructor(
    private readonly settings: WechatSettings,
    private readonly secrets: WechatSecrets,
    private readonly fetcher: typeof fetch = fetch,
  ) {
    this.gateway = (settings.gateway ?? 'https://api.mch.weixin.qq.com').replace(/\/+$/, '');
    if (Buffer.byteLength(secrets.apiV3Key ?? '', 'utf8') !== 32)
      throw new Error('the APIv3 key must be 32 bytes');
    for (const [serial, pem] of Object.entries(secrets.platformCertificates ?? {}))
      this.keys.set(
        serial,
        pem.includes('BEGIN CERTIFICATE')
          ? new crypto.X509Certificate(pem).publicKey
          : crypto.createPublicKey(pem),
      );
    if (secrets.publicKey && settings.publicKeyId)
      this.keys.set(settings.publicKeyId, crypto.createPublicKey(secrets.publicKey));
  }

  /** The key a serial names, by mode: the public key for PUB_KEY_ID_ serials, else a platform certificate. */
  private keyFor(serial: string): crypto.KeyObject | undefined {
    if (serial.startsWith(WECHAT_PUBLIC_KEY_PREFIX))
      return serial === this.settings.publicKeyId ? this.keys.get(serial) : undefined;
    return this.settings.publicKeyId === serial ? undefined : this.keys.get(serial);
  }

  /** Checks the four Wechatpay-* headers against a body; a reason when they do not hold. */
  verifySignature(headers: IncomingNotice['headers'], body: string, now: Date): string | null {
    const timestamp = header(headers, 'wechatpay-timestamp');
    const nonce = header(headers, 'wechatpay-nonce');
    const signature = header(headers, 'wechatpay-signature');
    const serial = header(headers, 'wechatpay-serial');
    if (!timestamp || !nonce || !signature || !serial) return 'signature';
    const key = this.keyFor(serial);
    if (!key) return 'signature';
    const ok = crypto.verify(
      'sha256',
      Buffer.from(`${timestamp}\n${nonce}\n${body}\n`, 'utf8'),
      key,
      Buffer.from(signature, 'base64'),
    );
    if (!ok) return 'signature';
    if (
      !/^\d+$/.test(timestamp) ||
      Math.abs(now.getTime() - Number(timestamp) * 1000) > PAYMENT_NOTICE_MAX_AGE_MS
    )
      return 'stale';
    return null;
  }

  async verifyNotice(incoming: IncomingNotice, now: Date): Promise<NoticeVerification> {
    const refused = this.verifySignature(incoming.headers, incoming.rawBody, now);
    if (refused)
      return { ok: false, reason: refused, detail: `serial ${header(incoming.headers, 'wechatpay-serial')}` };
    let plain: string;
    let trade: WechatTransaction;
    try {
      const envelope = JSON.parse(incoming.rawBody) as {
        event_type?: string;
        resource?: { algorithm?: string; ciphertext: string; nonce: string; associated_data?: string };
      };
      if (envelope.resource?.algorithm !== 'AEAD_AES_256_GCM')
        return { ok: false, reason: 'malformed', detail: 'no AEAD_AES_256_GCM resource' };
      plain = decryptResource(this.secrets.apiV3Key, envelope.resource);
      trade = JSON.parse(plain) as WechatTransaction;
    } catch (error) {
      return {
        ok: false,
        reason: 'malformed',
        detail: error instanceof Error ? error.message : 'unreadable',
      };
    }
    const ids = { orderCode: trade.out_trade_no ?? '', transactionId: trade.transaction_id ?? '' };
    if (!ids.orderCode || !ids.transactionId || !Number.isSafeInteger(trade.amount?.total))
      return { ok: false, reason: 'malformed', detail: 'fields missing', ...ids };
    if (trade.mchid !== undefined && trade.mchid !== this.settings.mchId)
      return { ok: false, reason: 'signature', detail: 'another merchant', ...ids };
    return {
      ok: true,
      notice: {
        ...ids,
        amount: trade.amount?.total ?? -1,
        currency: trade.amount?.currency ?? 'CNY',
        paid: trade.trade_state === 'SUCCESS',
        body: plain,
      },
    };
  }

  reply(accepted: boolean): NoticeReply {
    return accepted
      ? { status: 204, contentType: 'application/json', body: '' }
      : {
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({ code: 'FAIL', message: 'FAIL' }),
        };
  }

  /** Signs an API request (WECHATPAY2-SHA256-RSA2048) and checks the answer's signature. */
  private async api<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<{ status: number; data: T }> {
    const text = body === undefined ? '' : JSON.stringify(body);
    const timestamp = Math.floor(Date.now() / 1000).toString();
    const nonce = crypto.randomBytes(16).toString('hex');
    const signature = crypto
      .sign(
        'sha256',
        Buffer.from(`${method}\n${path}\n${timestamp}\n${nonce}\n${text}\n`),
        this.secrets.privateKey,
      )
      .toString('base64');
    const authorization = `WECHATPAY2-SHA256-RSA2048 mchid="${this.settings.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${this.settings.merchantSerial}"`;
    const response = await this.fetcher(`${this.gateway}${path}`, {
      method,
      headers: { authorization, accept: 'application/json', 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: text }),
      signal: AbortSignal.timeout(10_000),
    });
    const answer = await response.text();
    if (answer) {
      const headers = Object.fromEntries(response.headers.entries());
      const refused = this.verifySignature(headers, answer, new Date());
      if (refused) throw new Error(`WeChat Pay answer not verified (${refused})`);
    }
    return { status: response.status, data: (answer ? JSON.parse(answer) : {}) as T };
  }

  async start(order: PayOrderRow, context: StartContext): Promise<PaymentStart> {
    const { status, data } = await this.api<{ code_url?: string; message?: string }>(
      'POST',
      '/v3/pay/transactions/native',
      {
        appid: this.settings.appId,
        mchid: this.settings.mchId,
        description: order.orderDescription,
        out_trade_no: order.orderCode,
        time_expire: order.expiresAt.replace(/\.\d{3}Z$/, '+00:00'),
        notify_url: `${context.notifyOrigin}/api/payment/notify/wechat`,
        amount: { total: order.payFee, currency: order.currency },
      },
    );
    if (status !== 200 || !data.code_url)
      throw new Error(`WeChat Pay refused the order: ${data.message ?? status}`);
    return { payQrCode: data.code_url };
  }

  async query(order: PayOrderRow): Promise<PaymentQuery> {
    const { status, data } = await this.api<WechatTransaction>(
      'GET',
      `/v3/pay/transactions/out-trade-no/${encodeURIComponent(order.orderCode)}?mchid=${encodeURIComponent(this.settings.mchId)}`,
    );
    if (status !== 200 || data.trade_state !== 'SUCCESS') return { paid: false };
    return {
      paid: true,
      ...(data.transaction_id ? { transactionId: data.transaction_id } : {}),
      ...(data.amount?.total !== undefined ? { amount: data.amount.total } : {}),
    };
  }

  async refund({ order, refundNo, amount }: RefundRequest): Promise<RefundResult> {
    const { status, data } = await this.api<{ status?: string; refund_id?: string }>(
      'POST',
      '/v3/refund/domestic/refunds',
      {
        out_trade_no: order.orderCode,
        out_refund_no: refundNo,
        amount: { refund: amount, total: order.payFee, currency: order.currency },
      },
    );
    if (status >= 300) return { status: 'failed' };
    const outcome =
      data.status === 'SUCCESS' ? 'succeeded' : data.status === 'PROCESSING' ? 'pending' : 'failed';
    return { status: outcome, ...(data.refund_id ? { providerRefundId: data.refund_id } : {}) };
  }

  async close(order: PayOrderRow): Promise<void> {
    await this.api('POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(order.orderCode)}/close`, {
      mchid: this.settings.mchId,
    });
  }
}
