import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PAY_TYPE_ALIPAY, type Platform } from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { signedIn } from '../devices/test-support.ts';
import { paymentsOf } from './payments.module.ts';
import { SecretBox } from './provider-keys.ts';
import { type AliConfig, ProviderSettings, type WxConfig } from './provider-settings.ts';
import { PROVIDER_SETTINGS_PROBES } from './provider-settings-probes.ts';
import {
  type Buyer,
  buyerWithDevices,
  createServiceOrder,
  orderRow,
  type PurchaseWorld,
  purchaseWorld,
} from './test-support.ts';

const WX = '/api/payment/PayPdWxConfig';
const ALI = '/api/payment/PayPdAliConfig';
const API_V3_KEY = 'Q'.repeat(16) + 'r'.repeat(16);
const KEY_ID = 'PUB_KEY_ID_0100000000000002';
const pair = () =>
  crypto.generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
const wechatKeys = pair();
const merchant = pair();
const alipayApp = pair();
const alipayKeys = pair();
const bare = (pem: string) => pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');

/** A local stand-in for the WeChat Pay API: native orders answer a code_url, signed with its key. */
function fakeWechatApi() {
  const paths: string[] = [];
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      paths.push(request.url ?? '');
      const body = JSON.stringify({ code_url: 'weixin://wxpay/bizpayurl?pr=settings01' });
      const timestamp = String(Math.floor(Date.now() / 1000));
      const nonce = crypto.randomBytes(8).toString('hex');
      const signature = crypto
        .sign('sha256', Buffer.from(`${timestamp}\n${nonce}\n${body}\n`), wechatKeys.privateKey)
        .toString('base64');
      response.writeHead(200, {
        'content-type': 'application/json',
        'wechatpay-timestamp': timestamp,
        'wechatpay-nonce': nonce,
        'wechatpay-serial': KEY_ID,
        'wechatpay-signature': signature,
      });
      response.end(body);
    });
  });
  return { server, paths };
}

const wxBody = (platformId: number, overrides: Record<string, unknown> = {}) => ({
  platformId,
  enabled: 1,
  appId: 'wx00000000000000bb',
  mchId: '1900000110',
  merchantSerial: 'MERCHANTSERIAL02',
  publicKeyId: KEY_ID,
  apiV3Key: API_V3_KEY,
  privateKey: merchant.privateKey,
  publicKey: wechatKeys.publicKey,
  ...overrides,
});

describe('payment-provider settings of a platform', () => {
  let t: TestApp;
  let operator: string;
  let world: PurchaseWorld;
  let buyer: Buyer;
  const fake = fakeWechatApi();

  beforeAll(async () => {
    t = await createTestApp();
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    operator = await login(t.app, 'demo_operator');
    world = await purchaseWorld(t.app);
    buyer = await buyerWithDevices(t.app, world.typeId, 3);
  });
  afterAll(async () => {
    fake.server.close();
    await t?.close();
  });

  const putWx = (body: unknown) =>
    call<WxConfig>(t.app, 'PUT', `${WX}/updateWxConfig`, { token: operator, body, locale: 'en-US' });
  const getWx = (platformId: number) =>
    call<WxConfig>(t.app, 'GET', `${WX}/selectByCamp`, {
      token: operator,
      query: { platformId: String(platformId) },
    });

  it('answers an unset platform as not configured', async () => {
    const answer = await getWx(world.platformId);
    expect(answer.code).toBe(0);
    expect(answer.data).toMatchObject({
      enabled: 0,
      mchId: '',
      apiV3KeyConfigured: false,
      privateKeyConfigured: false,
      publicKeyConfigured: false,
    });
  });

  it('refuses a key that does not parse, a short APIv3 key and a missing field, naming the field', async () => {
    const badPem = await putWx(
      wxBody(world.platformId, { privateKey: '-----BEGIN PRIVATE KEY-----\nnope\n' }),
    );
    expect(badPem.code).toBe(1001);
    expect(badPem.msg).toBe('Private key: is not a private key in PEM form');
    const badPublic = await putWx(wxBody(world.platformId, { publicKey: merchant.privateKey.slice(0, 200) }));
    expect(badPublic.msg).toBe('WeChat Pay public key: is not a public key in PEM form');
    const shortKey = await putWx(wxBody(world.platformId, { apiV3Key: 'short' }));
    expect(shortKey.msg).toBe('APIv3 key: must be exactly 32 characters');
    const noMch = await putWx(wxBody(world.platformId, { mchId: '' }));
    expect(noMch.msg).toBe('Merchant ID: is required');
    expect((await getWx(world.platformId)).data.enabled).toBe(0);
  });

  it('never answers secrets, keeps them when left empty, and orders go through WeChat Pay', async () => {
    // The gateway is not settable from the API; a stored one (here the local stand-in) is kept.
    await paymentsOf(t.app.ctx).registry.saveConfig(
      world.platformId,
      'wechat',
      { gateway: `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}` },
      {},
      false,
    );
    const saved = await putWx(wxBody(world.platformId));
    expect(saved.code).toBe(0);
    expect(saved.data).toMatchObject({
      enabled: 1,
      mchId: '1900000110',
      apiV3KeyConfigured: true,
      privateKeyConfigured: true,
      publicKeyConfigured: true,
    });
    const read = await getWx(world.platformId);
    for (const text of [JSON.stringify(saved), JSON.stringify(read)]) {
      expect(text).not.toContain(API_V3_KEY);
      expect(text).not.toContain('PRIVATE KEY');
      expect(text).not.toContain('PUBLIC KEY');
    }
    const log = await t.app.ctx.db
      .selectFrom('operationLog')
      .select(['oldValue', 'newValue'])
      .where('action', '=', 'payment.updateWxConfig')
      .execute();
    expect(log.length).toBeGreaterThan(0);
    expect(JSON.stringify(log)).not.toContain(API_V3_KEY);
    expect(JSON.stringify(log)).not.toContain('PRIVATE KEY');

    const kept = await putWx({
      platformId: world.platformId,
      enabled: 1,
      appId: 'wx00000000000000bb',
      mchId: '1900000110',
      merchantSerial: 'MERCHANTSERIAL03',
      publicKeyId: KEY_ID,
      apiV3Key: '',
      privateKey: '',
    });
    expect(kept.code).toBe(0);
    expect(kept.data).toMatchObject({
      merchantSerial: 'MERCHANTSERIAL03',
      apiV3KeyConfigured: true,
      privateKeyConfigured: true,
      publicKeyConfigured: true,
    });

    const created = await createServiceOrder(t.app, buyer.token, world, buyer.devices[0]?.id ?? 0);
    expect(created.code).toBe(0);
    expect(created.data.payQrCode).toBe('weixin://wxpay/bizpayurl?pr=settings01');
    expect((await orderRow(t.app, created.data.orderId)).provider).toBe('wechat');
    expect(fake.paths).toContain('/v3/pay/transactions/native');
  });

  it('disabling falls back to the sandbox', async () => {
    const off = await putWx({ platformId: world.platformId, enabled: 0 });
    expect(off.code).toBe(0);
    expect(off.data.enabled).toBe(0);
    const created = await createServiceOrder(t.app, buyer.token, world, buyer.devices[1]?.id ?? 0);
    expect(created.code).toBe(0);
    expect((await orderRow(t.app, created.data.orderId)).provider).toBe('sandbox');
  });

  it('stores Alipay keys given as PEM or bare base64, refuses others, and can be turned off', async () => {
    const put = (body: unknown) =>
      call<AliConfig>(t.app, 'PUT', `${ALI}/updateAliConfig`, { token: operator, body, locale: 'en-US' });
    const bad = await put({
      platformId: world.platformId,
      enabled: 1,
      appId: '2021000000000001',
      privateKey: 'MIIBadKey',
      alipayPublicKey: bare(alipayKeys.publicKey),
    });
    expect(bad.msg).toBe('Private key: is not a private key in PEM form');
    const saved = await put({
      platformId: world.platformId,
      enabled: 1,
      appId: '2021000000000001',
      privateKey: alipayApp.privateKey,
      alipayPublicKey: bare(alipayKeys.publicKey),
    });
    expect(saved.code).toBe(0);
    expect(saved.data).toMatchObject({
      enabled: 1,
      privateKeyConfigured: true,
      alipayPublicKeyConfigured: true,
    });
    expect(JSON.stringify(saved)).not.toContain(bare(alipayKeys.publicKey).slice(0, 40));
    const kept = await put({ platformId: world.platformId, enabled: 1, appId: '2021000000000002' });
    expect(kept.data).toMatchObject({ appId: '2021000000000002', privateKeyConfigured: true });
    const pkcs1 = crypto
      .createPrivateKey(alipayApp.privateKey)
      .export({ type: 'pkcs1', format: 'pem' })
      .toString();
    const barePkcs1 = await put({
      platformId: world.platformId,
      enabled: 1,
      appId: '2021000000000002',
      privateKey: bare(pkcs1),
    });
    expect(barePkcs1.code).toBe(0);
    const provider = await paymentsOf(t.app.ctx).registry.forNewOrder(world.platformId, PAY_TYPE_ALIPAY);
    expect(provider.name).toBe('alipay');
    const read = await call<AliConfig>(t.app, 'GET', `${ALI}/selectByCamp`, {
      token: operator,
      query: { platformId: String(world.platformId) },
    });
    expect(read.data).toMatchObject({ enabled: 1, appId: '2021000000000002' });
    expect((await put({ platformId: world.platformId, enabled: 0 })).data.enabled).toBe(0);
    const fallback = await paymentsOf(t.app.ctx).registry.forNewOrder(world.platformId, PAY_TYPE_ALIPAY);
    expect(fallback.name).toBe('sandbox');
  });

  it('answers another platform’s id exactly as a missing one', async () => {
    const host = 'pay-settings-b.example.com';
    const platformB = await call<Platform>(t.app, 'POST', '/api/base/BaseCustomPage/insert', {
      token: operator,
      body: { topDomain: host, title: 'Tenant B' },
    });
    expect(platformB.code).toBe(0);
    for (const roleCode of ['operator', 'enterpriseAdmin'] as const) {
      const intruder = await signedIn(t.app, { roleCode, platformId: platformB.data.id, host });
      for (const probe of PROVIDER_SETTINGS_PROBES) {
        const ask = (id: number) =>
          call(t.app, probe.method, probe.url, {
            token: intruder.token,
            host,
            locale: 'en-US',
            ...(probe.body ? { body: probe.body(id) } : {}),
            ...(probe.query ? { query: probe.query(id) } : {}),
          });
        const foreign = await ask(world.platformId);
        const missing = await ask(999_999);
        const label = `${roleCode} ${probe.name}`;
        expect([foreign.status, foreign.code, foreign.msg, foreign.data], label).toEqual([
          missing.status,
          missing.code,
          missing.msg,
          missing.data,
        ]);
        expect(foreign.code, label).not.toBe(0);
      }
    }
    // The scope itself: a platform's own back office reaches its own platform only.
    const settings = new ProviderSettings(
      t.app.ctx.db,
      new SecretBox('k'.repeat(40)),
      paymentsOf(t.app.ctx).registry,
    );
    expect((await settings.wechat(platformB.data.id, platformB.data.id)).enabled).toBe(0);
    const foreign = await settings.wechat(platformB.data.id, world.platformId).catch((e: Error) => e.message);
    const missing = await settings.wechat(platformB.data.id, 999_999).catch((e: Error) => e.message);
    expect(foreign).toBe('notFound');
    expect(missing).toBe('notFound');
    // The default platform's back office sets any platform's.
    expect((await getWx(platformB.data.id)).code).toBe(0);
  });
});
