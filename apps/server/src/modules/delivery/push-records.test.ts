import { ERRORS, type PageResponse, type PushRecord } from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test/factories.ts';
import { call, login, type TestApp } from '../../test/harness.ts';
import { createPlatform } from '../accounts/test-support.ts';
import { enqueueNotifications } from './outbox.ts';
import { deliveryTestApp, deviceWithAlarm, drivenClock, intentFor } from './test-support.ts';

const PAGE = '/api/device/PushRecord/page';
let test: TestApp;
let operator: string;
const clock = drivenClock();

beforeAll(async () => {
  test = await deliveryTestApp({ clock });
  operator = await login(test.app, 'demo_operator');
});

afterAll(async () => {
  await test?.close();
});

describe('push records of the back office', () => {
  it('lists every attempt of the platform with its device and status, filtered by channel and status', async () => {
    const target = await deviceWithAlarm(test.app, { sms: 1 });
    const phone = '13900000201';
    const paid = intentFor(target, { channel: 'sms', phone, email: null });
    const unpaid = intentFor(target, { channel: 'sms', phone, email: null });
    await enqueueNotifications(test.app.ctx.db, [paid], clock);
    await test.app.delivery.notifications.drain();
    await enqueueNotifications(test.app.ctx.db, [unpaid], clock);
    await test.app.delivery.notifications.drain();

    const all = await call<PageResponse<PushRecord>>(test.app, 'POST', PAGE, {
      token: operator,
      body: { deviceGuid: target.device.deviceGuid },
    });
    expect(all.code).toBe(0);
    expect(all.data.totalCount).toBe(2);
    expect(all.data.data.map((r) => [r.channel, r.status, r.target, r.provider])).toEqual([
      ['sms', 'exhausted', phone, 'sandbox'],
      ['sms', 'sent', phone, 'sandbox'],
    ]);
    expect(all.data.data[0]).toMatchObject({
      deviceGuid: target.device.deviceGuid,
      deviceName: target.device.deviceName,
      recipientName: paid.recipientName,
      content: unpaid.body,
      error: 'sms count exhausted',
    });

    const sentOnly = await call<PageResponse<PushRecord>>(test.app, 'POST', PAGE, {
      token: operator,
      body: { deviceGuid: target.device.deviceGuid, status: 'sent', channel: 'sms', target: '0000201' },
    });
    expect(sentOnly.data.data.map((r) => r.status)).toEqual(['sent']);
    const none = await call<PageResponse<PushRecord>>(test.app, 'POST', PAGE, {
      token: operator,
      body: { deviceGuid: target.device.deviceGuid, channel: 'voice' },
    });
    expect(none.data.totalCount).toBe(0);
  });

  it('answers bad filters with the field, and nothing to users or to another platform', async () => {
    const bad = await call<{ fields: { field: string }[] }>(test.app, 'POST', PAGE, {
      token: operator,
      body: { channel: 'pigeon' },
    });
    expect(bad.code).toBe(ERRORS.validation.code);
    expect(bad.data.fields.map((f) => f.field)).toContain('channel');

    const user = await login(test.app, 'demo_user');
    expect((await call(test.app, 'POST', PAGE, { token: user, body: {} })).status).toBe(403);

    const other = await createPlatform(test.app, { topDomain: `records-${process.pid}.example.test` });
    await createAccount(test.app, {
      platformId: other.id,
      roleCode: 'operator',
      userName: `recop_${process.pid}`,
    });
    const foreign = await login(test.app, `recop_${process.pid}`, 'Passw0rd!', other.topDomain);
    const page = await call<PageResponse<PushRecord>>(test.app, 'POST', PAGE, {
      token: foreign,
      host: other.topDomain,
      body: {},
    });
    expect(page.code).toBe(0);
    expect(page.data.totalCount).toBe(0);
  });
});
