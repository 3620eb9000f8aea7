import {
  type DeviceDetail,
  type DeviceRow,
  type DeviceShare,
  type DeviceTransfer,
  ERRORS,
  type PageResponse,
  type ParamSetting,
  type PendingRequests,
} from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { addDevice, publishedType, signedIn } from '../devices/test-support.ts';
import { SHARE, shareAccepted, TRANSFER } from '../sharing/test-support.ts';

const DEVICE = '/api/device/Device';
type Account = Awaited<ReturnType<typeof signedIn>>;

describe('device transfer', () => {
  let t: TestApp;
  let typeId: number;
  let sender: Account;
  let receiver: Account;
  let onlooker: Account;

  const listed = async (token: string) =>
    (
      await call<PageResponse<DeviceRow>>(t.app, 'POST', `${DEVICE}/page`, {
        token,
        body: { start: 1, pageSize: 100 },
      })
    ).data.data.map((d) => d.id);
  const offer = (token: string, deviceIds: number[], account: string) =>
    call<{ transfers: DeviceTransfer[] }>(t.app, 'POST', `${TRANSFER}/batchTransfer`, {
      token,
      body: { deviceIds, account },
    });

  beforeAll(async () => {
    t = await createTestApp();
    const operator = await login(t.app, 'demo_operator');
    typeId = (await publishedType(t.app, operator)).type.id;
    sender = await signedIn(t.app);
    receiver = await signedIn(t.app);
    onlooker = await signedIn(t.app);
  });
  afterAll(async () => t?.close());

  it('moves devices when the recipient accepts; their history, settings and log stay with them', async () => {
    const a = await addDevice(t.app, sender.token, typeId, { deviceName: 'Moving A' });
    const b = await addDevice(t.app, sender.token, typeId, { deviceName: 'Moving B' });
    await call(t.app, 'PUT', `${DEVICE}/updateParamSetting`, {
      token: sender.token,
      body: { id: a.id, probes: [{ probeId: 1, upperLimit: 8, lowerLimit: 2 }] },
    });
    const ts = Date.now();
    await t.app.ctx.db
      .insertInto('reading')
      .values([
        { deviceId: a.id, channel: 1, ts, value: 4.5 },
        { deviceId: a.id, channel: 1, ts: ts + 1000, value: 4.6 },
      ])
      .execute();
    const [shared] = await shareAccepted(t.app, sender.token, onlooker, [a.id]);

    const offered = await offer(sender.token, [a.id, b.id], receiver.userName);
    expect(offered.code).toBe(0);
    expect(offered.data.transfers.map((x) => [x.deviceId, x.state, x.toName])).toEqual([
      [a.id, 'pending', receiver.userName],
      [b.id, 'pending', receiver.userName],
    ]);
    // Until the answer nothing moves, and a second offer of the same device waits its turn.
    expect(await listed(receiver.token)).not.toContain(a.id);
    expect((await offer(sender.token, [a.id], onlooker.userName)).code).toBe(ERRORS.transferPending.code);

    const pending = await call<PendingRequests>(t.app, 'GET', `${SHARE}/pendingRequests`, {
      token: receiver.token,
    });
    const [ta, tb] = offered.data.transfers as [DeviceTransfer, DeviceTransfer];
    expect(pending.data.transfers.map((x) => x.id).sort()).toEqual([ta.id, tb.id].sort());

    const accepted = await call<DeviceTransfer>(t.app, 'PUT', `${TRANSFER}/accept`, {
      token: receiver.token,
      body: { id: ta.id },
    });
    expect(accepted.data.state).toBe('accepted');
    const refused = await call<DeviceTransfer>(t.app, 'PUT', `${TRANSFER}/refuse`, {
      token: receiver.token,
      body: { id: tb.id },
    });
    expect(refused.data.state).toBe('refused');

    const row = await t.app.ctx.db
      .selectFrom('device')
      .select(['accountId'])
      .where('id', '=', a.id)
      .executeTakeFirstOrThrow();
    expect(row.accountId).toBe(receiver.id);
    expect(await listed(receiver.token)).toContain(a.id);
    expect(await listed(receiver.token)).not.toContain(b.id);
    expect(await listed(sender.token)).not.toContain(a.id);
    expect(await listed(sender.token)).toContain(b.id);
    const senderView = await call(t.app, 'GET', `${DEVICE}/detail`, {
      token: sender.token,
      query: { id: String(a.id) },
    });
    expect(senderView.code).toBe(ERRORS.deviceNotFound.code);

    // History, settings and the operation log stayed with the device.
    const data = await call<{ data: { ts: number; values: (number | null)[] }[] }>(
      t.app,
      'POST',
      '/api/device/DeviceData/page',
      {
        token: receiver.token,
        body: { deviceId: a.id, startTime: ts - 1000, endTime: ts + 5000, channels: [1] },
      },
    );
    expect(data.data.data.map((r) => r.values[0])).toEqual([4.6, 4.5]);
    const settings = await call<ParamSetting>(t.app, 'GET', `${DEVICE}/getParamSetting`, {
      token: receiver.token,
      query: { id: String(a.id) },
    });
    expect(settings.data.probes[0]?.upperLimit).toBe(8);
    const log = await call<PageResponse<{ action: string }>>(t.app, 'POST', `${DEVICE}/operationLog`, {
      token: receiver.token,
      body: { deviceId: a.id },
    });
    expect(log.data.data.map((e) => e.action)).toContain('device.transfer');

    // The sender's shares of the moved device ended with the move.
    const share = await call<PageResponse<DeviceShare>>(t.app, 'POST', `${SHARE}/page`, {
      token: onlooker.token,
      body: { side: 'recipient' },
    });
    expect(share.data.data.find((s) => s.id === shared?.id)?.state).toBe('cancelled');
    expect(await listed(onlooker.token)).not.toContain(a.id);

    // The new owner may pass it on.
    expect((await offer(receiver.token, [a.id], sender.userName)).code).toBe(0);
  });

  it('lets the sender withdraw a waiting transfer, and nobody answer it twice', async () => {
    const d = await addDevice(t.app, sender.token, typeId);
    const [transfer] = (await offer(sender.token, [d.id], receiver.userName)).data.transfers as [
      DeviceTransfer,
    ];
    const byReceiver = await call(t.app, 'DELETE', `${TRANSFER}/cancel`, {
      token: receiver.token,
      query: { id: String(transfer.id) },
    });
    expect(byReceiver.code).toBe(ERRORS.transferNotFound.code);
    const cancelled = await call<DeviceTransfer>(t.app, 'DELETE', `${TRANSFER}/cancel`, {
      token: sender.token,
      query: { id: String(transfer.id) },
    });
    expect(cancelled.data.state).toBe('cancelled');
    const late = await call(t.app, 'PUT', `${TRANSFER}/accept`, {
      token: receiver.token,
      body: { id: transfer.id },
    });
    expect(late.code).toBe(ERRORS.requestAnswered.code);
    const outgoing = await call<PageResponse<DeviceTransfer>>(t.app, 'POST', `${TRANSFER}/page`, {
      token: sender.token,
      body: { side: 'outgoing', state: 'cancelled' },
    });
    expect(outgoing.data.data.map((x) => x.id)).toContain(transfer.id);
    expect(await listed(sender.token)).toContain(d.id);
  });

  it('refuses a transfer to oneself or to an unknown account', async () => {
    const d = await addDevice(t.app, sender.token, typeId);
    expect((await offer(sender.token, [d.id], sender.userName)).code).toBe(ERRORS.recipientIsSelf.code);
    expect((await offer(sender.token, [d.id], 'nobody_with_this_name')).code).toBe(
      ERRORS.recipientNotFound.code,
    );
    const detail = await call<DeviceDetail>(t.app, 'GET', `${DEVICE}/detail`, {
      token: sender.token,
      query: { id: String(d.id) },
    });
    expect(detail.data.id).toBe(d.id);
  });
});
