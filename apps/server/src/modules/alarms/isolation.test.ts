import type { Platform } from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { signedIn } from '../devices/test-support.ts';
import { ALARM_PROBES } from './isolation-probes.ts';
import { at, deviceWithLimits, ManualClock, messagesOf } from './test-support.ts';

const T0 = Date.parse('2026-11-20T00:00:00.000Z');
const HOST_B = 'alarms-b.example.com';
const MISSING = 99_999_999;

describe('isolation of alarm messages between accounts', () => {
  let t: TestApp;
  let deviceId: number;
  let messageId: number;
  const intruders: { name: string; token: string; host?: string }[] = [];

  beforeAll(async () => {
    const clock = new ManualClock(T0);
    t = await createTestApp({ clock });
    const owner = await deviceWithLimits(t.app);
    clock.ms = at(T0, 30);
    await owner.readings([[at(T0, 29), 20]]);
    const [message] = await messagesOf(t.app, owner.device.id);
    if (!message) throw new Error('no alarm raised');
    deviceId = owner.device.id;
    messageId = message.id;
    const operator = await login(t.app, 'demo_operator');
    const platformB = await call<Platform>(t.app, 'POST', '/api/base/BaseCustomPage/insert', {
      token: operator,
      body: { topDomain: HOST_B, title: 'Tenant B' },
    });
    intruders.push({ name: 'personal user', token: (await signedIn(t.app)).token });
    intruders.push({
      name: 'enterprise admin',
      token: (await signedIn(t.app, { roleCode: 'enterpriseAdmin' })).token,
    });
    intruders.push({
      name: 'operator of another platform',
      host: HOST_B,
      token: (await signedIn(t.app, { roleCode: 'operator', platformId: platformB.data.id, host: HOST_B }))
        .token,
    });
  });
  afterAll(async () => t.close());

  it('answers every call naming another account’s alarm message exactly as for a missing one', async () => {
    for (const intruder of intruders) {
      for (const probe of ALARM_PROBES) {
        const ask = (id: number) =>
          call(t.app, probe.method, probe.url, {
            token: intruder.token,
            locale: 'en-US',
            ...(intruder.host ? { host: intruder.host } : {}),
            ...(probe.body ? { body: probe.body(id) } : {}),
            ...(probe.query ? { query: probe.query(id) } : {}),
          });
        const foreign = await ask(messageId);
        const missing = await ask(MISSING);
        const label = `${intruder.name} ${probe.name}`;
        expect([foreign.status, foreign.code, foreign.msg, foreign.data], label).toEqual([
          missing.status,
          missing.code,
          missing.msg,
          missing.data,
        ]);
        expect(foreign.code, label).not.toBe(0);
      }
    }
    const [message] = await messagesOf(t.app, deviceId);
    expect(message).toMatchObject({
      id: messageId,
      state: 'untreated',
      treatment: null,
      result: null,
      newFlag: 1,
    });
  });
});
