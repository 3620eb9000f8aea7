import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PAY_STATUS_PAID } from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { paymentsOf } from './payments.module.ts';
import { SecretBox, secretBinding } from './provider-keys.ts';
import {
  type Buyer,
  buyerWithDevices,
  createServiceOrder,
  creditState,
  listening,
  orderRow,
  type PurchaseWorld,
  postToNotify,
  purchaseWorld,
  UNIT_FEE,
} from './test-support.ts';

const API_V3_KEY = 'Z'.repeat(16) + 'y'.repeat(16);
const KEY_ID = 'PUB_KEY_ID_0100000000000001';
const keys = crypto.generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const merchant = crypto.generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});

/** WeChat Pay's signature headers over a body, as its API and notices carry them. */
function signed(body: string) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = crypto.randomBytes(8).toString('hex');
  return {
    'wechatpay-timestamp': timestamp,
    'wechatpay-nonce': nonce,
    'wechatpay-serial': KEY_ID,
    'wechatpay-signature': crypto
      .sign('sha256', Buffer.from(`${timestamp}\n${nonce}\n${body}\n`), keys.privateKey)
      .toString('base64'),
  };
}

/** A local stand-in for the WeChat Pay API: native orders answer a code_url, signed. */
function fakeWechatApi() {
  const seen: { path: string; authorization: string; body: Record<string, unknown> }[] = [];
  const server = http.createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => {
      text += chunk.toString();
    });
    request.on('end', () => {
      seen.push({
        path: request.url ?? '',
        authorization: String(request.headers.authorization ?? ''),
        body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
      });
      const body = JSON.stringify({ code_url: 'weixin://wxpay/bizpayurl?pr=test0001' });
      response.writeHead(200, { 'content-type': 'application/json', ...signed(body) });
      response.end(body);
    });
  });
  return { server, seen };
}

describe('a platform selling through its own WeChat Pay merchant account', () => {
  let t: TestApp;
  let origin: string;
  let world: PurchaseWorld;
  let buyer: Buyer;
  const fake = fakeWechatApi();

  beforeAll(async () => {
    t = await createTestApp();
    origin = await listening(t.app);
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    world = await purchaseWorld(t.app);
    buyer = await buyerWithDevices(t.app, world.typeId, 1);
    await paymentsOf(t.app.ctx).registry.saveConfig(
      world.platformId,
      'wechat',
      {
        appId: 'wx00000000000000aa',
        mchId: '1900000109',
        merchantSerial: 'MERCHANTSERIAL01',
        publicKeyId: KEY_ID,
        gateway: `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`,
      },
      { apiV3Key: API_V3_KEY, privateKey: merchant.privateKey, publicKey: keys.publicKey },
    );
  });
  afterAll(async () => {
    fake.server.close();
    await t?.close();
  });

  it('keeps the keys encrypted, bound to the platform and provider', async () => {
    const row = await t.app.ctx.db
      .selectFrom('paymentProviderConfig')
      .selectAll()
      .where('platformId', '=', world.platformId)
      .executeTakeFirstOrThrow();
    expect(row.secretCipher).not.toContain(API_V3_KEY);
    expect(row.secretCipher).not.toContain('PRIVATE KEY');
    expect(row.settings).toContain('1900000109');
    const box = new SecretBox('k'.repeat(40));
    expect(() => box.open(row.secretCipher, secretBinding(world.platformId, 'wechat'))).toThrow();
    const sealed = box.seal('secret', secretBinding(1, 'wechat'));
    expect(box.open(sealed, secretBinding(1, 'wechat'))).toBe('secret');
    expect(() => box.open(sealed, secretBinding(2, 'wechat'))).toThrow();
  });

  it('orders get WeChat’s QR code; a signed, encrypted notice credits once; a tampered one nothing', async () => {
    const created = await createServiceOrder(t.app, buyer.token, world, buyer.devices[0]?.id ?? 0);
    expect(created.data.payQrCode).toBe('weixin://wxpay/bizpayurl?pr=test0001');
    const order = await orderRow(t.app, created.data.orderId);
    expect(order.provider).toBe('wechat');
    const placed = fake.seen.find((r) => r.path === '/v3/pay/transactions/native');
    expect(placed?.body).toMatchObject({
      mchid: '1900000109',
      out_trade_no: order.orderCode,
      amount: { total: UNIT_FEE, currency: 'CNY' },
    });
    expect(placed?.body.notify_url).toMatch(/^http:\/\/.+\/api\/payment\/notify\/wechat$/);
    expect(placed?.authorization).toMatch(/^WECHATPAY2-SHA256-RSA2048 mchid="1900000109",/);

    const nonce = crypto.randomBytes(6).toString('hex');
    const cipher = crypto.createCipheriv('aes-256-gcm', Buffer.from(API_V3_KEY), Buffer.from(nonce));
    cipher.setAAD(Buffer.from('transaction'));
    const trade = {
      mchid: '1900000109',
      out_trade_no: order.orderCode,
      transaction_id: '4200000000202611250000000001',
      trade_state: 'SUCCESS',
      amount: { total: UNIT_FEE, payer_total: UNIT_FEE, currency: 'CNY' },
    };
    const ciphertext = Buffer.concat([
      cipher.update(JSON.stringify(trade)),
      cipher.final(),
      cipher.getAuthTag(),
    ]);
    const body = JSON.stringify({
      id: crypto.randomUUID(),
      event_type: 'TRANSACTION.SUCCESS',
      resource: {
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: ciphertext.toString('base64'),
        associated_data: 'transaction',
        nonce,
      },
    });
    const headers = { 'content-type': 'application/json', ...signed(body) };
    const tampered = await postToNotify(origin, 'wechat', {
      headers,
      body: body.replace('TRANSACTION.SUCCESS', 'TRANSACTION.SUCCESS '),
    });
    expect(tampered.status).toBe(400);
    expect(JSON.parse(tampered.body)).toMatchObject({ code: 'FAIL' });
    expect((await creditState(t.app, order.id, buyer.devices[0]?.id ?? 0)).notices).toBe(0);

    const answers = await Promise.all(
      Array.from({ length: 10 }, () => postToNotify(origin, 'wechat', { headers, body })),
    );
    expect(answers.map((a) => [a.status, a.body])).toEqual(Array.from({ length: 10 }, () => [204, '']));
    expect((await creditState(t.app, order.id, buyer.devices[0]?.id ?? 0)).notices).toBe(1);
    expect((await orderRow(t.app, order.id)).payStatus).toBe(PAY_STATUS_PAID);
  });
});
