import type { DataPushConfigDetail, Notice, Platform } from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { signedIn } from '../devices/test-support.ts';
import { PLATFORM_PROBES, type PlatformTarget } from './isolation-probes.ts';

const HOST_B = 'platform-b.example.com';
const MISSING = 999_999;

describe('isolation between platforms: settings, notices and data push configurations', () => {
  let t: TestApp;
  const victim: Record<PlatformTarget, number> = { platform: 0, notice: 0, dataPush: 0, account: 0 };
  const intruders: { name: string; token: string }[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const operator = await login(t.app, 'demo_operator');
    const home = await t.app.ctx.db
      .selectFrom('platform')
      .select('id')
      .where('isDefault', '=', 1)
      .executeTakeFirstOrThrow();
    victim.platform = home.id;
    victim.account = (await signedIn(t.app)).id;
    victim.notice = (
      await call<Notice>(t.app, 'POST', '/api/base/BaseNotice/insert', {
        token: operator,
        body: { noticeContent: 'Platform A only' },
      })
    ).data.id;
    const config = await call<DataPushConfigDetail>(t.app, 'POST', '/api/device/DataPushConfig/insert', {
      token: operator,
      body: {
        accountId: victim.account,
        configName: 'Platform A hook',
        pushUrl: 'http://127.0.0.1:9/hook',
        allowPrivate: 1,
        pushTypes: ['alarms'],
      },
    });
    victim.dataPush = config.data.id;
    const platformB = await call<Platform>(t.app, 'POST', '/api/base/BaseCustomPage/insert', {
      token: operator,
      body: { topDomain: HOST_B, title: 'Tenant B' },
    });
    for (const roleCode of ['operator', 'enterpriseAdmin', 'personalUser'] as const)
      intruders.push({
        name: `${roleCode} of another platform`,
        token: (await signedIn(t.app, { roleCode, platformId: platformB.data.id, host: HOST_B })).token,
      });
  });
  afterAll(async () => t.close());

  it('answers every call naming another platform’s things exactly as for a missing id', async () => {
    for (const intruder of intruders) {
      for (const probe of PLATFORM_PROBES) {
        const ask = (id: number) =>
          call(t.app, probe.method, probe.url, {
            token: intruder.token,
            host: HOST_B,
            locale: 'en-US',
            ...(probe.body ? { body: probe.body(id) } : {}),
            ...(probe.query ? { query: probe.query(id) } : {}),
          });
        const foreign = await ask(victim[probe.target]);
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
    const db = t.app.ctx.db;
    const platform = await db
      .selectFrom('platform')
      .select('title')
      .where('id', '=', victim.platform)
      .executeTakeFirstOrThrow();
    expect(platform.title).not.toBe('Taken');
    const notice = await db
      .selectFrom('notice')
      .select(['noticeContent', 'active'])
      .where('id', '=', victim.notice)
      .executeTakeFirstOrThrow();
    expect(notice).toEqual({ noticeContent: 'Platform A only', active: 1 });
    const config = await db
      .selectFrom('dataPushConfig')
      .select(['configName', 'accountId'])
      .where('id', '=', victim.dataPush)
      .executeTakeFirstOrThrow();
    expect(config).toEqual({ configName: 'Platform A hook', accountId: victim.account });
    expect(
      await db.selectFrom('dataPushConfig').select('id').where('configName', '=', 'Taken').execute(),
    ).toEqual([]);
  });
});
