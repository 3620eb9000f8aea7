import { type DeviceShare, ERRORS, type LiveServerMessage } from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { addDevice, publishedType, signedIn } from '../devices/test-support.ts';
import { SHARE, shareAccepted } from './test-support.ts';

type Account = Awaited<ReturnType<typeof signedIn>>;

/** Opens the live channel, signs in with the token and answers the reply to one subscribe message. */
async function subscribe(address: string, token: string, deviceIds: number[]) {
  const ws = new WebSocket(`${address.replace(/^http/, 'ws')}/api/ws`);
  const messages: LiveServerMessage[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(String(data)) as LiveServerMessage));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const next = async <T extends LiveServerMessage['type']>(type: T) => {
    const deadline = Date.now() + 3000;
    for (;;) {
      const index = messages.findIndex((m) => m.type === type);
      if (index >= 0) return messages.splice(index, 1)[0] as Extract<LiveServerMessage, { type: T }>;
      if (Date.now() > deadline) throw new Error(`no ${type} message; got ${JSON.stringify(messages)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  try {
    ws.send(JSON.stringify({ type: 'auth', token }));
    await next('ready');
    ws.send(JSON.stringify({ type: 'subscribe', deviceIds }));
    return await next('subscribed');
  } finally {
    ws.terminate();
  }
}

/** The calls by id that other modules built (history, exports, live channel) follow shares as well. */
describe('granted devices in history and the live channel', () => {
  let t: TestApp;
  let address: string;
  let owner: Account;
  let recipient: Account;
  let shared: { id: number };
  let other: { id: number };
  let share: DeviceShare;

  beforeAll(async () => {
    t = await createTestApp();
    const operator = await login(t.app, 'demo_operator');
    const typeId = (await publishedType(t.app, operator)).type.id;
    owner = await signedIn(t.app);
    recipient = await signedIn(t.app);
    shared = await addDevice(t.app, owner.token, typeId);
    other = await addDevice(t.app, owner.token, typeId);
    [share] = (await shareAccepted(t.app, owner.token, recipient, [shared.id])) as [DeviceShare];
    address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t?.close());

  it('reads the history of a shared device, and no longer once the share ends', async () => {
    const body = (id: number) => ({ deviceId: id, startTime: Date.now() - 3_600_000, endTime: Date.now() });
    const page = await call(t.app, 'POST', '/api/device/DeviceData/page', {
      token: recipient.token,
      body: body(shared.id),
    });
    expect(page.code).toBe(0);
    const chart = await call(t.app, 'POST', '/api/device/DeviceData/chart', {
      token: recipient.token,
      body: body(shared.id),
    });
    expect(chart.code).toBe(0);
    const notShared = await call(t.app, 'POST', '/api/device/DeviceData/page', {
      token: recipient.token,
      body: body(other.id),
    });
    expect(notShared.code).toBe(ERRORS.deviceNotFound.code);

    await call(t.app, 'DELETE', `${SHARE}/cancel`, {
      token: recipient.token,
      query: { id: String(share.id) },
    });
    const after = await call(t.app, 'POST', '/api/device/DeviceData/page', {
      token: recipient.token,
      body: body(shared.id),
    });
    expect(after.code).toBe(ERRORS.deviceNotFound.code);
    // Shared again for the live channel below.
    [share] = (await shareAccepted(t.app, owner.token, recipient, [shared.id])) as [DeviceShare];
  });

  it('lets the recipient follow the shared device live, and nothing else', async () => {
    const answer = await subscribe(address, recipient.token, [shared.id, other.id]);
    expect(answer).toEqual({ type: 'subscribed', deviceIds: [shared.id], denied: [other.id] });
  });
});
