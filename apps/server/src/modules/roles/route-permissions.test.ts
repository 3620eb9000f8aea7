import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test/factories.ts';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { RolesRepo } from './roles.repo.ts';

/**
 * The server checks a route's permission key for every caller: a role that may only look at its own
 * account is refused every change, while reading its own account still works.
 */
describe('permission keys on account routes', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    await new RolesRepo(t.app.ctx.db).upsertSystemRole(
      'viewer',
      'Viewer',
      'read only',
      ['consumer', 'consumer.info', 'consumer.info:get'],
      new Date().toISOString(),
    );
    const { account, password } = await createAccount(t.app);
    await t.app.ctx.db
      .updateTable('account')
      .set({ roleCode: 'viewer' })
      .where('id', '=', account.id)
      .execute();
    token = await login(t.app, account.userName, password);
  });
  afterAll(async () => t.close());

  it('reads its own account info with the narrowed permission list', async () => {
    const info = await call<{ permissionRoutes: string[] }>(
      t.app,
      'GET',
      '/api/base/BaseAccount/accountInfo',
      {
        token,
      },
    );
    expect(info.data.permissionRoutes).toEqual(['consumer', 'consumer.info', 'consumer.info:get']);
  });

  it('is refused every change and lookup its role does not grant, with HTTP 403', async () => {
    const calls: [string, string, unknown][] = [
      ['POST', '/api/base/BaseAccount/modifyBaseInfo', { realName: 'X' }],
      ['POST', '/api/base/BaseUserProfile/update', { alarmToneStatus: 0 }],
      ['POST', '/api/base/BaseAccount/modifyPhoneAndPassword', { oldPassword: 'x', newPassword: 'y' }],
      ['POST', '/api/base/BaseAccount/modifyEmailAndPassword', { oldPassword: 'x', newPassword: 'y' }],
      ['POST', '/api/base/BaseOperationLog/page', {}],
    ];
    for (const [method, url, body] of calls) {
      const answer = await call(t.app, method as 'POST', url, { token, body });
      expect(answer.status, url).toBe(403);
    }
    const lookup = await call(t.app, 'GET', '/api/base/BaseAccount/queryAccountByUEP', {
      token,
      query: { uep: 'demo_user' },
    });
    expect(lookup.status).toBe(403);
    const unchanged = await t.app.ctx.db
      .selectFrom('userProfile')
      .select('alarmToneStatus')
      .where('alarmToneStatus', '=', 0)
      .execute();
    expect(unchanged).toEqual([]);
  });
});
