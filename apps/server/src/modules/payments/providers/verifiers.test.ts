import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AlipayProvider, yuanToCents } from './alipay.ts';
import { WechatPayProvider } from './wechat.ts';

/** Keys made here, never a live service: the verifiers must accept what the real signer would send and nothing else. */
const rsa = () =>
  crypto.generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

const API_V3_KEY = 'abcdefghijklmnopqrstuvwxyz012345';

/** A self-signed certificate of a key, as WeChat's platform certificates are (openssl). */
function certificateOf(privateKey: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wxcert-'));
  const keyFile = path.join(dir, 'key.pem');
  fs.writeFileSync(keyFile, privateKey);
  const pem = execFileSync('openssl', [
    'req',
    '-x509',
    '-key',
    keyFile,
    '-subj',
    '/CN=Wechatpay',
    '-days',
    '2',
  ]).toString();
  fs.rmSync(dir, { recursive: true, force: true });
  return pem;
}

/** The notice WeChat Pay would send: the resource encrypted with the APIv3 key, the whole signed. */
function wechatNotice(signer: string, serial: string, trade: Record<string, unknown>, at = new Date()) {
  const nonce = crypto.randomBytes(6).toString('hex');
  const cipher = crypto.createCipheriv('aes-256-gcm', Buffer.from(API_V3_KEY), Buffer.from(nonce));
  cipher.setAAD(Buffer.from('transaction'));
  const encrypted = Buffer.concat([
    cipher.update(JSON.stringify(trade)),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  const body = JSON.stringify({
    id: crypto.randomUUID(),
    create_time: at.toISOString(),
    resource_type: 'encrypt-resource',
    event_type: 'TRANSACTION.SUCCESS',
    resource: {
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: encrypted.toString('base64'),
      associated_data: 'transaction',
      nonce,
    },
  });
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const headerNonce = crypto.randomBytes(16).toString('hex');
  const signature = crypto
    .sign('sha256', Buffer.from(`${timestamp}\n${headerNonce}\n${body}\n`), signer)
    .toString('base64');
  return {
    headers: {
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': headerNonce,
      'wechatpay-signature': signature,
      'wechatpay-serial': serial,
    },
    rawBody: body,
  };
}

const TRADE = {
  mchid: '1900000001',
  appid: 'wx0000000000000001',
  out_trade_no: '20261125123000123456',
  transaction_id: '4200000000000000000000000001',
  trade_state: 'SUCCESS',
  amount: { total: 12_000, payer_total: 12_000, currency: 'CNY' },
};

describe('WeChat Pay v3 notice verification', () => {
  const platformKeys = rsa();
  const publicKeys = rsa();
  const merchant = rsa();
  const provider = new WechatPayProvider(
    {
      appId: TRADE.appid,
      mchId: TRADE.mchid,
      merchantSerial: 'MERCHANT01',
      publicKeyId: 'PUB_KEY_ID_0112345678',
    },
    {
      apiV3Key: API_V3_KEY,
      privateKey: merchant.privateKey,
      platformCertificates: {
        '5157F09EFDC096DE15EBE81A47057A7232F1B8E1': certificateOf(platformKeys.privateKey),
      },
      publicKey: publicKeys.publicKey,
    },
  );
  const now = new Date();

  it('accepts a notice signed by the platform certificate named in Wechatpay-Serial, and decrypts it', async () => {
    const notice = wechatNotice(platformKeys.privateKey, '5157F09EFDC096DE15EBE81A47057A7232F1B8E1', TRADE);
    const verified = await provider.verifyNotice(notice, now);
    expect(verified).toMatchObject({
      ok: true,
      notice: {
        orderCode: TRADE.out_trade_no,
        transactionId: TRADE.transaction_id,
        amount: 12_000,
        paid: true,
      },
    });
  });

  it('accepts a notice signed with the WeChat Pay public key when the serial is a PUB_KEY_ID_', async () => {
    const notice = wechatNotice(publicKeys.privateKey, 'PUB_KEY_ID_0112345678', TRADE);
    expect((await provider.verifyNotice(notice, now)).ok).toBe(true);
  });

  it('refuses tampered bodies, swapped keys, unknown serials, stale timestamps and altered resources', async () => {
    const good = wechatNotice(platformKeys.privateKey, '5157F09EFDC096DE15EBE81A47057A7232F1B8E1', TRADE);
    const tampered = {
      ...good,
      rawBody: good.rawBody.replace('TRANSACTION.SUCCESS', 'TRANSACTION.SUCCESS '),
    };
    expect(await provider.verifyNotice(tampered, now)).toMatchObject({ ok: false, reason: 'signature' });
    // Signed by the public-key-mode key but naming the certificate: the serial picks the key.
    const crossed = wechatNotice(publicKeys.privateKey, '5157F09EFDC096DE15EBE81A47057A7232F1B8E1', TRADE);
    expect(await provider.verifyNotice(crossed, now)).toMatchObject({ ok: false, reason: 'signature' });
    const crossedBack = wechatNotice(platformKeys.privateKey, 'PUB_KEY_ID_0112345678', TRADE);
    expect(await provider.verifyNotice(crossedBack, now)).toMatchObject({ ok: false, reason: 'signature' });
    const unknown = wechatNotice(platformKeys.privateKey, 'PUB_KEY_ID_0199999999', TRADE);
    expect(await provider.verifyNotice(unknown, now)).toMatchObject({ ok: false, reason: 'signature' });
    const forged = wechatNotice(rsa().privateKey, '5157F09EFDC096DE15EBE81A47057A7232F1B8E1', TRADE);
    expect(await provider.verifyNotice(forged, now)).toMatchObject({ ok: false, reason: 'signature' });
    const stale = wechatNotice(
      platformKeys.privateKey,
      'PUB_KEY_ID_0112345678',
      TRADE,
      new Date(Date.now() - 600_000),
    );
    const staleWithPublicKey = wechatNotice(
      publicKeys.privateKey,
      'PUB_KEY_ID_0112345678',
      TRADE,
      new Date(Date.now() - 600_000),
    );
    expect((await provider.verifyNotice(stale, now)).ok).toBe(false);
    expect(await provider.verifyNotice(staleWithPublicKey, now)).toMatchObject({
      ok: false,
      reason: 'stale',
    });
    // A resource re-encrypted with another key, then correctly signed: decryption fails.
    const body = JSON.parse(good.rawBody) as { resource: { ciphertext: string } };
    const bytes = Buffer.from(body.resource.ciphertext, 'base64');
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    body.resource.ciphertext = bytes.toString('base64');
    const rawBody = JSON.stringify(body);
    const timestamp = good.headers['wechatpay-timestamp'];
    const nonce = good.headers['wechatpay-nonce'];
    const resigned = {
      headers: {
        ...good.headers,
        'wechatpay-signature': crypto
          .sign('sha256', Buffer.from(`${timestamp}\n${nonce}\n${rawBody}\n`), platformKeys.privateKey)
          .toString('base64'),
      },
      rawBody,
    };
    expect(await provider.verifyNotice(resigned, now)).toMatchObject({ ok: false, reason: 'malformed' });
  });

  it('answers an accepted notice with 204 and no body, a refused one with a FAIL code', () => {
    expect(provider.reply(true)).toMatchObject({ status: 204, body: '' });
    expect(JSON.parse(provider.reply(false).body)).toMatchObject({ code: 'FAIL' });
  });
});

/** An Alipay notice form signed RSA2 over the sorted parameters without sign and sign_type. */
function alipayForm(privateKey: string, params: Record<string, string>): string {
  const content = Object.keys(params)
    .filter((k) => k !== 'sign' && k !== 'sign_type' && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  const sign = crypto.sign('RSA-SHA256', Buffer.from(content, 'utf8'), privateKey).toString('base64');
  return new URLSearchParams({ ...params, sign, sign_type: 'RSA2' }).toString();
}

describe('Alipay notice verification (alipay-sdk)', () => {
  const alipayKeys = rsa();
  const appKeys = rsa();
  const provider = new AlipayProvider(
    { appId: '2021000000000001' },
    { privateKey: appKeys.privateKey, alipayPublicKey: alipayKeys.publicKey },
  );
  const params = {
    app_id: '2021000000000001',
    notify_id: 'ac05099524730693a8b330c5ecf72da9786',
    notify_time: '2026-11-25 20:15:00',
    notify_type: 'trade_status_sync',
    out_trade_no: '20261125121500654321',
    trade_no: '2026112522001400000000000001',
    trade_status: 'TRADE_SUCCESS',
    total_amount: '120.00',
    subject: '标准版 12个月',
    charset: 'utf-8',
  };

  it('accepts a correctly signed notice and reads the amount in cents', async () => {
    const verified = await provider.verifyNotice({
      headers: {},
      rawBody: alipayForm(alipayKeys.privateKey, params),
    });
    expect(verified).toMatchObject({
      ok: true,
      notice: { orderCode: params.out_trade_no, transactionId: params.trade_no, amount: 12_000, paid: true },
    });
    expect(provider.reply(true)).toMatchObject({ status: 200, body: 'success' });
  });

  it('refuses a tampered amount, a foreign signer and another app id', async () => {
    const form = new URLSearchParams(alipayForm(alipayKeys.privateKey, params));
    form.set('total_amount', '0.01');
    expect(await provider.verifyNotice({ headers: {}, rawBody: form.toString() })).toMatchObject({
      ok: false,
      reason: 'signature',
    });
    const foreign = alipayForm(rsa().privateKey, params);
    expect((await provider.verifyNotice({ headers: {}, rawBody: foreign })).ok).toBe(false);
    const otherApp = alipayForm(alipayKeys.privateKey, { ...params, app_id: '2021000000000002' });
    expect(await provider.verifyNotice({ headers: {}, rawBody: otherApp })).toMatchObject({
      ok: false,
      reason: 'signature',
    });
    const unsigned = new URLSearchParams(params).toString();
    expect((await provider.verifyNotice({ headers: {}, rawBody: unsigned })).ok).toBe(false);
  });

  it('reads yuan as exact cents', () => {
    expect(yuanToCents('120.00')).toBe(12_000);
    expect(yuanToCents('0.1')).toBe(10);
    expect(yuanToCents('19.99')).toBe(1_999);
    expect(yuanToCents('1.001')).toBeNull();
    expect(yuanToCents('-1')).toBeNull();
  });
});
