import type { AlarmLiveFrame } from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { deviceWithLimits, messagesOf } from './test-support.ts';

describe('alarms on the live channel', () => {
  let t: TestApp;
  let address: string;
  beforeAll(async () => {
    t = await createTestApp();
    address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t.close());

  it("tells the owner's console at once when an alarm is raised", async () => {
    const d = await deviceWithLimits(t.app);
    const ws = new WebSocket(`${address.replace(/^http/, 'ws')}/api/ws`);
    const frames: { type: string }[] = [];
    ws.on('message', (data) => frames.push(JSON.parse(String(data)) as { type: string }));
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    const arrived = async (type: string) => {
      for (let i = 0; i < 300 && !frames.some((f) => f.type === type); i += 1)
        await new Promise((r) => setTimeout(r, 10));
      return frames.find((f) => f.type === type);
    };
    ws.send(JSON.stringify({ type: 'auth', token: d.user.token }));
    expect(await arrived('ready')).toBeDefined();

    await d.readings([[Date.now() - 60_000, 25]]);
    const [record] = await messagesOf(t.app, d.device.id);
    const frame = (await arrived('alarm')) as AlarmLiveFrame | undefined;
    expect(frame?.data).toMatchObject({
      id: record?.id,
      deviceId: d.device.id,
      deviceName: d.device.deviceName,
      messageType: 'gradedAlarm',
      state: 'untreated',
      value: 25,
    });
    ws.close();
  });
});
