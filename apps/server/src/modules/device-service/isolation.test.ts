import type { Platform } from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { addDevice, publishedType, signedIn } from '../devices/test-support.ts';
import { DEVICE_SERVICE_PROBES } from './isolation-probes.ts';

const MISSING = 999_999;

describe('tenant isolation of the device service', () => {
  let t: TestApp;
  let device: { id: number };
  const intruders: { name: string; token: string; host?: string }[] = [];
  const HOST_B = 'service-b.example.com';

  beforeAll(async () => {
    t = await createTestApp();
    const operator = await login(t.app, 'demo_operator');
    const typeId = (await publishedType(t.app, operator)).type.id;
    const owner = await signedIn(t.app);
    device = await addDevice(t.app, owner.token, typeId);
    const platformB = await call<Platform>(t.app, 'POST', '/api/base/BaseCustomPage/insert', {
      token: operator,
      body: { topDomain: HOST_B, title: 'Tenant B' },
    });
    intruders.push({ name: 'personal user', token: (await signedIn(t.app)).token });
    intruders.push({
      name: 'enterprise admin',
      token: (await signedIn(t.app, { roleCode: 'enterpriseAdmin' })).token,
    });
    intruders.push({ name: 'dealer', token: (await signedIn(t.app, { roleCode: 'dealer' })).token });
    for (const roleCode of ['personalUser', 'operator'] as const)
      intruders.push({
        name: `${roleCode} of another platform`,
        host: HOST_B,
        token: (await signedIn(t.app, { roleCode, platformId: platformB.data.id, host: HOST_B })).token,
      });
  });
  afterAll(async () => t.close());

  it('answers every call naming another account’s device exactly as for a missing one, and changes nothing', async () => {
    const before = await t.app.ctx.db
      .selectFrom('device')
      .select(['serviceExpiredDate', 'dataExpiredDate', 'serverLevel'])
      .where('id', '=', device.id)
      .executeTakeFirstOrThrow();
    for (const intruder of intruders) {
      for (const probe of DEVICE_SERVICE_PROBES) {
        const ask = (which: number) =>
          call(t.app, probe.method, probe.url, {
            token: intruder.token,
            locale: 'en-US',
            ...(intruder.host ? { host: intruder.host } : {}),
            ...(probe.body ? { body: probe.body(which, 0) } : {}),
            ...(probe.query ? { query: probe.query(which, 0) } : {}),
          });
        const foreign = await ask(device.id);
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
    const after = await t.app.ctx.db
      .selectFrom('device')
      .select(['serviceExpiredDate', 'dataExpiredDate', 'serverLevel'])
      .where('id', '=', device.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    expect(
      await t.app.ctx.db
        .selectFrom('deviceTrialClaim')
        .select('id')
        .where('deviceId', '=', device.id)
        .execute(),
    ).toEqual([]);
  });
});
