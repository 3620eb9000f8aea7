import { type AccountInfo, TOKEN_LIFETIME_MS } from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test/factories.ts';
import { call, createTestApp, DEMO_PASSWORD, login, type TestApp } from '../../test/harness.ts';
import { addDevice, publishedType, signedIn } from '../devices/test-support.ts';
import { solvedCaptcha } from './test-support.ts';

const LOGIN = '/api/base/BaseAccount/login';
const INFO = '/api/base/BaseAccount/accountInfo';

describe('login, session and account info', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('logs the demo user in and answers the full account info shape', async () => {
    const token = await login(t.app, 'demo_user');
    const info = await call<AccountInfo>(t.app, 'GET', INFO, { token, query: { timeStamp: '1' } });
    expect(info.code).toBe(0);
    expect(info.data.baseAccount.userName).toBe('demo_user');
    expect(info.data.permissionRoutes).toContain('device.list');
    expect(info.data.permissionRoutes).not.toContain('customized.list');
    expect(info.data.userProfile).toMatchObject({
      identity: 'manager',
      industry: 'pharma',
      alarmToneStatus: 1,
    });
    expect(info.data.premiumState).toEqual({ state: 0, remainingDays: 0, expiredCount: 0 });
    expect(info.data.baseSceneList.map((s) => s.sceneType)).toEqual([1]);
    expect(info.data.orgWithMyRole).toEqual([]);
    expect(typeof info.data.version).toBe('string');
  });

  it("counts the caller's devices whose service lapsed in premiumState.expiredCount", async () => {
    const operator = await login(t.app, 'demo_operator');
    const { type } = await publishedType(t.app, operator);
    const owner = await signedIn(t.app);
    const lapsed = await addDevice(t.app, owner.token, type.id);
    await addDevice(t.app, owner.token, type.id);
    await t.app.ctx.db
      .updateTable('device')
      .set({ serviceExpiredDate: new Date(Date.now() - 86_400_000).toISOString() })
      .where('id', '=', lapsed.id)
      .execute();
    const info = await call<AccountInfo>(t.app, 'GET', INFO, { token: owner.token });
    expect(info.data.premiumState.expiredCount).toBe(1);
  });

  it('gives the operator the back office and the cloud-chain scene', async () => {
    const token = await login(t.app, 'demo_operator');
    const info = await call<AccountInfo>(t.app, 'GET', INFO, { token });
    expect(info.data.permissionRoutes).toContain('customized.list:add');
    expect(info.data.baseSceneList.map((s) => s.sceneType)).toEqual([1, 2]);
    const scene2 = await call<string[]>(t.app, 'GET', '/api/base/BaseAccount/getScenePermissionList', {
      token,
      query: { sceneId: '2' },
    });
    expect(scene2.data).toContain('cloudChain.myProject');
    expect(scene2.data.every((r) => r.startsWith('cloudChain.'))).toBe(true);
  });

  it('denies scene 2 without cloudChain.myProject', async () => {
    const token = await login(t.app, 'demo_user');
    const denied = await call(t.app, 'GET', '/api/base/BaseAccount/getScenePermissionList', {
      token,
      query: { sceneId: '2' },
      locale: 'en-US',
    });
    expect(denied.code).toBe(2017);
    expect(denied.msg).toBe('You have no permission for this scene');
    const scene1 = await call<string[]>(t.app, 'GET', '/api/base/BaseAccount/getScenePermissionList', {
      token,
      query: { sceneId: '1' },
    });
    expect(scene1.data).toContain('device.list');
  });

  it('refuses a wrong password without saying whether the name exists', async () => {
    const wrong = await call(t.app, 'POST', LOGIN, {
      body: { userName: 'demo_user', accountPassword: 'nope', loginType: 1 },
      locale: 'en-US',
    });
    const unknown = await call(t.app, 'POST', LOGIN, {
      body: { userName: 'nobody_here', accountPassword: 'nope', loginType: 1 },
      locale: 'en-US',
    });
    expect(wrong.code).toBe(2001);
    expect(unknown.code).toBe(2001);
    expect(wrong.msg).toBe(unknown.msg);
  });

  it('asks for a captcha after three failures; the right password from elsewhere still gets in', async () => {
    const { account, password } = await createAccount(t.app);
    const from = (remoteAddress: string, accountPassword: string, captcha = {}) =>
      t.app.inject({
        method: 'POST',
        url: LOGIN,
        remoteAddress,
        headers: { 'accept-language': 'en-US' },
        payload: { userName: account.userName, accountPassword, ...captcha },
      });
    for (let i = 0; i < 3; i += 1) expect((await from('10.1.0.1', 'bad-guess')).json().code).toBe(2001);
    expect((await from('10.1.0.1', password)).json().code).toBe(2020);
    const elsewhere = await from('10.1.0.2', password, await solvedCaptcha(t.app));
    expect(elsewhere.json().code).toBe(0);
  });

  it('accepts the query-string login type 4 and logs in by phone', async () => {
    const { password } = await createAccount(t.app, { phone: '13800138000' });
    const answer = await call<{ token: string }>(t.app, 'POST', LOGIN, {
      body: { userName: '13800138000', accountPassword: password, loginType: 4 },
    });
    expect(answer.code).toBe(0);
    expect(answer.data.token.length).toBeGreaterThan(30);
  });

  it('names the field of bad login input in the caller language, never a 500', async () => {
    const missing = await call<{ fields: { field: string }[] }>(t.app, 'POST', LOGIN, {
      body: { userName: 'demo_user', loginType: 1 },
      locale: 'en-US',
    });
    expect(missing.status).toBe(200);
    expect(missing.code).toBe(1001);
    expect(missing.msg).toBe('Password: is required');
    expect(missing.data.fields[0]?.field).toBe('accountPassword');
    const badType = await call(t.app, 'POST', LOGIN, {
      body: { userName: 'demo_user', accountPassword: 'x', loginType: 3 },
      locale: 'de-DE',
    });
    expect(badType.code).toBe(1001);
    expect(badType.msg).toContain('1, 2, 4');
    const zh = await call(t.app, 'POST', LOGIN, { body: { userName: '', accountPassword: 'x' } });
    expect(zh.msg).toBe('用户名：不能为空');
    const notJson = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      headers: { 'content-type': 'application/json' },
      payload: '{"userName":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(JSON.parse(notJson.body).code).toBe(1002);
  });

  it('revokes the session on logout; logout without a session still completes', async () => {
    const token = await login(t.app, 'demo_user');
    expect((await call(t.app, 'GET', '/api/base/BaseAccount/loginOut', { token })).code).toBe(0);
    const after = await call(t.app, 'GET', INFO, { token });
    expect(after.status).toBe(401);
    expect((await call(t.app, 'GET', '/api/base/BaseAccount/loginOut')).code).toBe(0);
    expect((await call(t.app, 'GET', '/api/base/BaseAccount/loginOut', { token: 'garbage' })).code).toBe(0);
  });

  it('stores only a hash of the token and expires it after 7 days', async () => {
    const token = await login(t.app, 'demo_user');
    const row = await t.app.ctx.db
      .selectFrom('session')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.tokenHash).not.toBe(token);
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(Date.parse(row.expiresAt) - Date.parse(row.createdAt)).toBe(TOKEN_LIFETIME_MS);
    await t.app.ctx.db
      .updateTable('session')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', row.id)
      .execute();
    const expired = await call(t.app, 'GET', INFO, { token });
    expect(expired.code).toBe(2010);
  });

  it('ends an idle protected (FDA) session on the server after 5 minutes with code 2010', async () => {
    const { account, password } = await createAccount(t.app, { enableFda: true });
    const token = await login(t.app, account.userName, password);
    expect((await call(t.app, 'GET', INFO, { token })).code).toBe(0);
    await t.app.ctx.db
      .updateTable('session')
      .set({ lastSeenAt: new Date(Date.now() - 301_000).toISOString() })
      .where('accountId', '=', account.id)
      .execute();
    const idle = await call(t.app, 'GET', INFO, { token, locale: 'en-US' });
    expect(idle.code).toBe(2010);
    expect(idle.msg).toBe('Inactive for 5 minutes, you have been logged out');
  });

  it('keeps an unprotected session alive past 5 minutes of silence', async () => {
    const { account, password } = await createAccount(t.app);
    const token = await login(t.app, account.userName, password);
    await t.app.ctx.db
      .updateTable('session')
      .set({ lastSeenAt: new Date(Date.now() - 3_600_000).toISOString() })
      .where('accountId', '=', account.id)
      .execute();
    expect((await call(t.app, 'GET', INFO, { token })).code).toBe(0);
  });

  it('answers 2010 on a protected account session ended by a login elsewhere', async () => {
    const { account, password } = await createAccount(t.app, { enableFda: true });
    const first = await login(t.app, account.userName, password);
    await login(t.app, account.userName, password);
    const ended = await call(t.app, 'GET', INFO, { token: first });
    expect(ended.code).toBe(2010);
  });

  it('answers 401 without a token and 403 for a back-office call without its permission', async () => {
    expect((await call(t.app, 'GET', INFO)).status).toBe(401);
    const token = await login(t.app, 'demo_user');
    const forbidden = await call(t.app, 'POST', '/api/base/BaseCustomPage/get/page', { token, body: {} });
    expect(forbidden.status).toBe(403);
    expect(forbidden.code).toBe(403);
  });

  it('logs logins and failed logins in the operation trail', async () => {
    await login(t.app, 'demo_user', DEMO_PASSWORD);
    const rows = await t.app.ctx.db.selectFrom('operationLog').select(['action', 'accountName']).execute();
    expect(rows.some((r) => r.action === 'account.login' && r.accountName === 'demo_user')).toBe(true);
    expect(rows.some((r) => r.action === 'account.loginFailed')).toBe(true);
  });
});
