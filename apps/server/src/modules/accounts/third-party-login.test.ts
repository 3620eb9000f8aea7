import type { ThirdPartyProviderName } from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionsService } from '../../auth/sessions.service.ts';
import { createAccount } from '../../test/factories.ts';
import { call, createTestApp, type TestApp } from '../../test/harness.ts';
import { createPlatform } from './test-support.ts';
import {
  type ExternalIdentity,
  type ThirdPartyLoginProvider,
  ThirdPartyLoginService,
} from './third-party-login.ts';

/** A provider double that knows one code; real providers call WeChat, QQ or Facebook. */
class KnownCodeProvider implements ThirdPartyLoginProvider {
  constructor(
    readonly name: ThirdPartyProviderName,
    private readonly codes: Record<string, ExternalIdentity>,
  ) {}
  authorizeUrl(redirectUri: string): string {
    return `https://${this.name}.example/authorize?redirect_uri=${encodeURIComponent(redirectUri)}`;
  }
  async exchange(code: string): Promise<ExternalIdentity> {
    const identity = this.codes[code];
    if (!identity) throw new Error('code rejected by provider');
    return identity;
  }
}

const client = { ip: '127.0.0.1', userAgent: 'vitest' };

describe('third-party login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answers notConfigured naming each feature, in the caller language', async () => {
    const wechat = await call(t.app, 'POST', '/api/base/BaseAccount/login/wechat/web', {
      body: { code: 'abc' },
      locale: 'en-US',
    });
    expect(wechat.code).toBe(1100);
    expect(wechat.msg).toBe('WeChat login is not configured on this platform');
    const qq = await call(t.app, 'POST', '/api/base/BaseAccount/login/qq/web', { body: { code: 'abc' } });
    expect(qq.msg).toBe('本平台未配置QQ 登录');
    const facebook = await call(t.app, 'GET', '/api/base/BaseAccount/login/facebook/web', {
      query: { code: 'abc' },
      locale: 'en-US',
    });
    expect(facebook.code).toBe(1100);
    expect(facebook.msg).toBe('Facebook login is not configured on this platform');
    expect(await t.app.ctx.db.selectFrom('session').select('id').execute()).toHaveLength(0);
  });

  it('offers no provider when none is configured, and each configured one returning to login-result', async () => {
    const none = await call<unknown[]>(t.app, 'GET', '/api/base/BaseAccount/login/providers');
    expect(none.code).toBe(0);
    expect(none.data).toEqual([]);
    const service = new ThirdPartyLoginService(
      t.app.ctx,
      sessionsOf(t),
      new Map([['qq', new KnownCodeProvider('qq', {})]]),
    );
    expect(service.offered('https://cold.example')).toEqual([
      {
        provider: 'qq',
        authorizeUrl: `https://qq.example/authorize?redirect_uri=${encodeURIComponent(
          'https://cold.example/user/login-result?provider=qq',
        )}`,
      },
    ]);
  });

  it('names a missing code before anything else', async () => {
    const missing = await call(t.app, 'POST', '/api/base/BaseAccount/login/wechat/web', {
      body: {},
      locale: 'en-US',
    });
    expect(missing.code).toBe(1001);
    expect(missing.msg).toBe('Authorisation code: is required');
    const facebook = await call(t.app, 'GET', '/api/base/BaseAccount/login/facebook/web', {
      locale: 'en-US',
    });
    expect(facebook.code).toBe(1001);
  });

  it('with a provider: a linked identity signs in, an unlinked one or a refused code does not', async () => {
    const platform = await t.app.ctx.db
      .selectFrom('platform')
      .selectAll()
      .where('isDefault', '=', 1)
      .executeTakeFirstOrThrow();
    const { account } = await createAccount(t.app);
    await t.app.ctx.db
      .insertInto('accountIdentity')
      .values({
        platformId: platform.id,
        accountId: account.id,
        provider: 'wechat',
        subject: 'open-id-1',
        createdAt: new Date().toISOString(),
      })
      .execute();
    const provider = new KnownCodeProvider('wechat', {
      good: { subject: 'open-id-1', displayName: 'Wei' },
      stranger: { subject: 'open-id-2', displayName: null },
    });
    const service = new ThirdPartyLoginService(t.app.ctx, sessionsOf(t), new Map([['wechat', provider]]));

    const { token } = await service.login(platform, 'wechat', 'good', client);
    const info = await call<{ baseAccount: { id: number } }>(
      t.app,
      'GET',
      '/api/base/BaseAccount/accountInfo',
      {
        token,
      },
    );
    expect(info.data.baseAccount.id).toBe(account.id);
    const entry = await t.app.ctx.db
      .selectFrom('operationLog')
      .selectAll()
      .where('action', '=', 'account.login')
      .where('accountId', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.newValue ?? '{}')).toEqual({ loginType: 'wechat' });

    await expect(service.login(platform, 'wechat', 'stranger', client)).rejects.toMatchObject({
      key: 'accountNotBound',
    });
    await expect(service.login(platform, 'wechat', 'forged', client)).rejects.toMatchObject({
      key: 'loginFailed',
    });
    await expect(service.login(platform, 'qq', 'good', client)).rejects.toMatchObject({
      key: 'notConfigured',
      params: { feature: 'features.qq' },
    });
    // The link belongs to its platform: the same identity does not open an account elsewhere.
    const other = await createPlatform(t.app, { topDomain: 'wechat-elsewhere.example' });
    await expect(service.login(other, 'wechat', 'good', client)).rejects.toMatchObject({
      key: 'accountNotBound',
    });
    // A deleted account no longer signs in.
    await t.app.ctx.db.updateTable('account').set({ deletedFlag: 1 }).where('id', '=', account.id).execute();
    await expect(service.login(platform, 'wechat', 'good', client)).rejects.toMatchObject({
      key: 'accountNotBound',
    });
  });
});

function sessionsOf(t: TestApp) {
  return new SessionsService(t.app.ctx.db, t.app.ctx.clock);
}
