import {
  type DataPushConfigDetail,
  DELIVERY_RETRY_DELAYS_MS,
  ERRORS,
  type PageResponse,
  type PushRecord,
} from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test/factories.ts';
import { call, login, type TestApp } from '../../test/harness.ts';
import { createPlatform } from '../accounts/test-support.ts';
import { deviceWithLimits } from '../alarms/test-support.ts';
import { enqueueNotifications } from '../delivery/outbox.ts';
import { deliveryTestApp, deviceWithAlarm, drivenClock, intentFor } from '../delivery/test-support.ts';
import { isPrivateAddress } from './address-guard.ts';
import { DELIVERY_HEADER, EVENT_HEADER, SIGNATURE_HEADER, verifySignature } from './signature.ts';
import { type Receiver, startReceiver } from './test-support.ts';

const CONFIG = '/api/device/DataPushConfig';

let test: TestApp;
let receiver: Receiver;
let operator: string;
const clock = drivenClock();

beforeAll(async () => {
  receiver = await startReceiver();
  test = await deliveryTestApp({ clock });
  operator = await login(test.app, 'demo_operator');
});

afterAll(async () => {
  await test?.close();
  await receiver?.close();
});

const SECRET = 'a-long-enough-shared-secret';

async function createConfig(accountId: number, overrides: Record<string, unknown> = {}) {
  const answer = await call<DataPushConfigDetail>(test.app, 'POST', `${CONFIG}/insert`, {
    token: operator,
    body: {
      accountId,
      configName: 'Warehouse ERP',
      pushUrl: receiver.url,
      secret: SECRET,
      pushTypes: ['alarms', 'readings'],
      allowPrivate: 1,
      ...overrides,
    },
  });
  if (answer.code !== 0) throw new Error(`insert refused: ${answer.msg}`);
  return answer.data;
}

describe('address guard', () => {
  it('treats loopback, private, link-local and mapped addresses as private, public ones not', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
    ])
      expect([address, isPrivateAddress(address)]).toEqual([address, true]);
    for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect([address, isPrivateAddress(address)]).toEqual([address, false]);
  });
});

describe('data push configuration', () => {
  it('refuses a loopback URL unless private addresses are allowed, and a host that does not resolve', async () => {
    const { account } = await createAccount(test.app);
    const refused = await call(test.app, 'POST', `${CONFIG}/insert`, {
      token: operator,
      locale: 'en-US',
      body: { accountId: account.id, configName: 'Loopback', pushUrl: receiver.url, pushTypes: ['alarms'] },
    });
    expect(refused.code).toBe(ERRORS.dataPushAddressRefused.code);
    expect(refused.msg).toContain('127.0.0.1');

    // A name is resolved first: localhost is loopback however it is spelled.
    const byName = await call(test.app, 'POST', `${CONFIG}/insert`, {
      token: operator,
      locale: 'en-US',
      body: {
        accountId: account.id,
        configName: 'By name',
        pushUrl: receiver.url.replace('127.0.0.1', 'localhost'),
        pushTypes: ['alarms'],
      },
    });
    expect(byName.code).toBe(ERRORS.dataPushAddressRefused.code);

    const unresolved = await call(test.app, 'POST', `${CONFIG}/insert`, {
      token: operator,
      locale: 'en-US',
      body: {
        accountId: account.id,
        configName: 'Nowhere',
        pushUrl: 'https://nowhere.invalid/x',
        pushTypes: ['alarms'],
      },
    });
    expect(unresolved.code).toBe(ERRORS.dataPushHostUnresolved.code);

    const created = await createConfig(account.id);
    expect(created.allowPrivate).toBe(1);
    expect(created.secret).toBe(SECRET);
    expect(created.secretHint).toBe('a-lo…');
  });

  it('names the field of bad input and generates a secret when none is given', async () => {
    const { account } = await createAccount(test.app);
    for (const [field, body] of [
      ['pushUrl', { pushUrl: 'ftp://example.com/x' }],
      ['secret', { secret: 'short' }],
      ['pushTypes', { pushTypes: [] }],
      ['configName', { configName: 'x'.repeat(51) }],
    ] as const) {
      const valid = {
        accountId: account.id,
        configName: 'Bad',
        pushUrl: receiver.url,
        allowPrivate: 1,
        pushTypes: ['alarms'],
      };
      const answer = await call<{ fields: { field: string }[] }>(test.app, 'POST', `${CONFIG}/insert`, {
        token: operator,
        locale: 'en-US',
        body: { ...valid, ...body },
      });
      expect([field, answer.code]).toEqual([field, ERRORS.validation.code]);
      expect(answer.data.fields.map((f) => f.field)).toContain(field);
    }
    // An account of another platform is named like a missing one.
    const elsewhere = await createPlatform(test.app, { topDomain: `elsewhere-${process.pid}.example.test` });
    const { account: stranger } = await createAccount(test.app, { platformId: elsewhere.id });
    const foreignAccount = await call<{ fields: { field: string }[] }>(test.app, 'POST', `${CONFIG}/insert`, {
      token: operator,
      body: {
        accountId: stranger.id,
        configName: 'Stranger',
        pushUrl: receiver.url,
        allowPrivate: 1,
        pushTypes: ['alarms'],
      },
    });
    expect(foreignAccount.code).toBe(ERRORS.validation.code);
    expect(foreignAccount.data.fields.map((f) => f.field)).toEqual(['accountId']);
    const generated = await createConfig(account.id, { secret: undefined });
    expect(generated.secret.length).toBeGreaterThanOrEqual(32);
  });

  it('lists, updates and deletes on the platform, and another platform sees none of it', async () => {
    const { account } = await createAccount(test.app);
    const created = await createConfig(account.id, { configName: 'Listed one' });
    const page = await call<PageResponse<{ id: number; userName: string }>>(
      test.app,
      'POST',
      `${CONFIG}/page`,
      {
        token: operator,
        body: { configName: 'Listed one' },
      },
    );
    expect(page.data.data.map((r) => [r.id, r.userName])).toEqual([[created.id, account.userName]]);

    const updated = await call<DataPushConfigDetail>(test.app, 'PUT', `${CONFIG}/update`, {
      token: operator,
      body: {
        id: created.id,
        accountId: account.id,
        configName: 'Renamed',
        pushUrl: receiver.url,
        pushTypes: ['readings'],
        allowPrivate: 1,
        enabled: 0,
      },
    });
    expect(updated.code).toBe(0);
    expect(updated.data.pushTypes).toEqual(['readings']);
    expect(updated.data.secret).toBe(SECRET);

    const other = await createPlatform(test.app, { topDomain: `push-${process.pid}.example.test` });
    await createAccount(test.app, {
      platformId: other.id,
      roleCode: 'operator',
      userName: `pushop_${process.pid}`,
    });
    const foreign = await login(test.app, `pushop_${process.pid}`, 'Passw0rd!', other.topDomain);
    const host = other.topDomain;
    const detail = await call(test.app, 'GET', `${CONFIG}/detail`, {
      token: foreign,
      host,
      query: { id: String(created.id) },
    });
    const missing = await call(test.app, 'GET', `${CONFIG}/detail`, {
      token: foreign,
      host,
      query: { id: '999999' },
    });
    expect(detail.code).toBe(ERRORS.notFound.code);
    expect(detail.msg).toBe('数据推送配置不存在');
    expect(detail).toEqual(missing);
    const removeForeign = await call(test.app, 'DELETE', `${CONFIG}/delete`, {
      token: foreign,
      host,
      query: { id: String(created.id) },
    });
    expect(removeForeign.code).toBe(ERRORS.notFound.code);
    const foreignPage = await call<PageResponse<unknown>>(test.app, 'POST', `${CONFIG}/page`, {
      token: foreign,
      host,
      body: {},
    });
    expect(foreignPage.data.totalCount).toBe(0);

    const user = await login(test.app, 'demo_user');
    expect((await call(test.app, 'POST', `${CONFIG}/page`, { token: user, body: {} })).status).toBe(403);

    expect(
      (
        await call(test.app, 'DELETE', `${CONFIG}/delete`, {
          token: operator,
          query: { id: String(created.id) },
        })
      ).code,
    ).toBe(0);
    expect(
      (
        await call(test.app, 'GET', `${CONFIG}/detail`, {
          token: operator,
          query: { id: String(created.id) },
        })
      ).code,
    ).toBe(ERRORS.notFound.code);
  });
});

describe('webhook delivery', () => {
  it('pushes an alarm with a signature the receiver verifies, retrying a failed answer with backoff', async () => {
    const target = await deviceWithAlarm(test.app);
    const config = await createConfig(target.device.accountId, { pushTypes: ['alarms'] });
    const intent = intentFor(target, { channel: 'system' });
    await test.app.ctx.db
      .transaction()
      .execute((trx) =>
        enqueueNotifications(
          trx,
          [intent, intentFor(target, { ...intent, channel: 'email', dedupeKey: `${intent.dedupeKey}:mail` })],
          clock,
        ),
      );

    receiver.answer(503);
    const before = receiver.received.length;
    await test.app.delivery.dataPush.drain();
    expect(receiver.received.length).toBe(before + 1);
    await test.app.delivery.dataPush.drain();
    expect(receiver.received.length).toBe(before + 1);

    clock.advance((DELIVERY_RETRY_DELAYS_MS[0] ?? 0) * 1.1 + 1);
    await test.app.delivery.dataPush.drain();
    const [first, second] = receiver.received.slice(before);
    expect(second).toBeDefined();
    // The same event, the same bytes, on both attempts; one event although the alarm had two intents.
    expect(second?.headers[DELIVERY_HEADER]).toBe(first?.headers[DELIVERY_HEADER]);
    expect(second?.body).toBe(first?.body);
    expect(receiver.received.length).toBe(before + 2);

    const body = second?.body ?? '';
    const signature = String(second?.headers[SIGNATURE_HEADER]);
    const t = Number(/t=(\d+)/.exec(signature)?.[1]);
    expect(verifySignature(config.secret, body, signature, t)).toBe(true);
    expect(verifySignature('another-secret-of-length', body, signature, t)).toBe(false);
    expect(verifySignature(config.secret, body.replace('Alarm', 'Alarn'), signature, t)).toBe(false);
    expect(second?.headers[EVENT_HEADER]).toBe('alarm');
    const event = JSON.parse(body) as {
      type: string;
      device: { guid: string };
      data: { alarmMessageId: number; body: string };
    };
    expect(event.type).toBe('alarm');
    expect(event.device.guid).toBe(target.device.deviceGuid);
    expect(event.data).toMatchObject({ alarmMessageId: target.alarmMessageId, body: intent.body });

    const records = await call<PageResponse<PushRecord>>(test.app, 'POST', '/api/device/PushRecord/page', {
      token: operator,
      body: { channel: 'webhook', deviceGuid: target.device.deviceGuid },
    });
    expect(records.data.data.map((r) => [r.status, r.httpStatus, r.attempt])).toEqual([
      ['sent', 200, 2],
      ['retrying', 503, 1],
    ]);
  });

  it('pushes readings that arrive through ingest', async () => {
    const device = await deviceWithLimits(test.app);
    await createConfig(device.user.id, { pushTypes: ['readings'] });
    const before = receiver.received.length;
    const ts = clock.now().getTime() - 10_000;
    await device.readings([[ts, 4.25]]);
    const queued = await test.app.ctx.db
      .selectFrom('dataPushDelivery')
      .select('id')
      .where('deviceId', '=', device.device.id)
      .execute();
    expect(queued).toHaveLength(1);
    await test.app.delivery.dataPush.drain();
    const pushed = receiver.received
      .slice(before)
      .map((r) => JSON.parse(r.body) as { device: { guid: string }; data: unknown });
    expect(pushed).toHaveLength(1);
    expect(pushed[0]?.device.guid).toBe(device.device.deviceGuid);
    expect(pushed[0]?.data).toEqual([{ channel: 101, kind: 'temperature', probe: 1, ts, value: 4.25 }]);
  });

  it('refuses to send to a private address once the operator withdraws the permission', async () => {
    const target = await deviceWithAlarm(test.app);
    const config = await createConfig(target.device.accountId, { pushTypes: ['alarms'] });
    await test.app.ctx.db
      .updateTable('dataPushConfig')
      .set({ allowPrivate: 0 })
      .where('id', '=', config.id)
      .execute();
    const before = receiver.received.length;
    await enqueueNotifications(test.app.ctx.db, [intentFor(target, { channel: 'system' })], clock);
    await test.app.delivery.dataPush.drain();
    expect(receiver.received.length).toBe(before);
    const row = await test.app.ctx.db
      .selectFrom('pushRecord')
      .select(['status', 'error'])
      .where('dataPushConfigId', '=', config.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('refused');
    expect(row.error).toMatch(/private address/);
  });

  it('sends a signed test event on request and reports the answer', async () => {
    const { account } = await createAccount(test.app);
    const config = await createConfig(account.id);
    const answer = await call<{ status: string; httpStatus: number }>(test.app, 'POST', `${CONFIG}/test`, {
      token: operator,
      body: { id: config.id },
    });
    expect(answer.data).toMatchObject({ status: 'sent', httpStatus: 200 });
    const last = receiver.received.at(-1);
    expect(last?.headers[EVENT_HEADER]).toBe('test');
    const signature = String(last?.headers[SIGNATURE_HEADER]);
    expect(verifySignature(SECRET, last?.body ?? '', signature, Number(/t=(\d+)/.exec(signature)?.[1]))).toBe(
      true,
    );
  });
});
