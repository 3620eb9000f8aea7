import type { Platform, PublicPlatform } from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test/factories.ts';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { multipart, PNG } from '../operations-overview/test-support.ts';

const BASE = '/api/base/BaseCustomPage';

describe('white-label platforms', () => {
  let t: TestApp;
  let operator: string;
  beforeAll(async () => {
    t = await createTestApp();
    operator = await login(t.app, 'demo_operator');
  });
  afterAll(async () => t.close());

  it('resolves the default platform for an unknown host and a custom one by its domain', async () => {
    const fallback = await call<PublicPlatform>(t.app, 'GET', `${BASE}/queryByTopDomain`, {
      host: 'unknown.test',
    });
    expect(fallback.data.title).toBe('Coldchain Cloud');
    const created = await call<Platform>(t.app, 'POST', `${BASE}/insert`, {
      token: operator,
      body: {
        topDomain: 'frost.example.org',
        title: 'Frost Watch',
        themeColor: '#547DF2',
        enableRegister: 0,
      },
    });
    expect(created.code).toBe(0);
    const byQuery = await call<PublicPlatform>(t.app, 'GET', `${BASE}/queryByTopDomain`, {
      query: { topDomain: 'app.frost.example.org' },
    });
    expect(byQuery.data).toMatchObject({ title: 'Frost Watch', themeColor: '#547DF2', enableRegister: 0 });
    const byHost = await call<PublicPlatform>(t.app, 'GET', `${BASE}/queryByTopDomain`, {
      host: 'console.frost.example.org:8080',
    });
    expect(byHost.data.title).toBe('Frost Watch');
    expect(byHost.data).not.toHaveProperty('topDomain');
  });

  it('pages, updates and deletes platforms, refusing a taken domain and the default platform', async () => {
    const created = await call<Platform>(t.app, 'POST', `${BASE}/insert`, {
      token: operator,
      body: { topDomain: 'ice.example.net', title: 'Ice' },
    });
    const taken = await call(t.app, 'POST', `${BASE}/insert`, {
      token: operator,
      body: { topDomain: 'ice.example.net', title: 'Ice again' },
      locale: 'en-US',
    });
    expect(taken.code).toBe(2015);
    const page = await call<{ data: Platform[]; totalCount: number; start: number }>(
      t.app,
      'POST',
      `${BASE}/get/page`,
      {
        token: operator,
        body: { start: 1, pageSize: 10, title: 'ice' },
      },
    );
    expect(page.data.totalCount).toBe(1);
    expect(page.data.data[0]?.topDomain).toBe('ice.example.net');
    const updated = await call<Platform>(t.app, 'PUT', `${BASE}/update`, {
      token: operator,
      body: { id: created.data.id, title: 'Ice Cold', styleModel: 2 },
    });
    expect(updated.data).toMatchObject({ title: 'Ice Cold', styleModel: 2, topDomain: 'ice.example.net' });
    const list = await call<{ id: number }[]>(t.app, 'POST', `${BASE}/selectCustomList`, { token: operator });
    expect(list.data.length).toBeGreaterThanOrEqual(2);
    const defaultId = (await call<PublicPlatform>(t.app, 'GET', `${BASE}/queryByTopDomain`)).data.id;
    const locked = await call(t.app, 'DELETE', `${BASE}/delete`, {
      token: operator,
      query: { id: String(defaultId) },
    });
    expect(locked.code).toBe(2016);
    const removed = await call(t.app, 'DELETE', `${BASE}/delete`, {
      token: operator,
      query: { id: String(created.data.id) },
    });
    expect(removed.code).toBe(0);
    const gone = await call(t.app, 'PUT', `${BASE}/update`, {
      token: operator,
      body: { id: created.data.id, title: 'x' },
    });
    expect(gone.code).toBe(1004);
  });

  it('validates every field with a message naming it, and stores nothing on failure', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ topDomain: 'not a domain', title: 'X' }, 'Top domain: is not a valid domain name'],
      [{ topDomain: 'ok.example.com', title: '' }, 'Title: is required'],
      [{ topDomain: 'ok.example.com', title: 'x'.repeat(101) }, 'Title: must be at most 100 characters'],
      [
        { topDomain: 'ok.example.com', title: 'X', themeColor: 'orange' },
        'Theme colour: must be a colour like #FA8C16',
      ],
      [
        { topDomain: 'ok.example.com', title: 'X', description: 'd'.repeat(51) },
        'Description: must be at most 50 characters',
      ],
      [{ topDomain: 'ok.example.com', title: 'X', enableRegister: 2 }, 'Registration: must be one of: 0, 1'],
      [{ topDomain: 'ok.example.com', title: 'X', isDefault: 1 }, 'isDefault: is not an accepted field'],
    ];
    for (const [body, message] of cases) {
      const answer = await call(t.app, 'POST', `${BASE}/insert`, { token: operator, body, locale: 'en-US' });
      expect(answer.status).toBe(200);
      expect(answer.code).toBe(1001);
      expect(answer.msg).toBe(message);
    }
    const stored = await t.app.ctx.db
      .selectFrom('platform')
      .select('id')
      .where('topDomain', '=', 'ok.example.com')
      .execute();
    expect(stored).toEqual([]);
  });

  it('refuses the back-office calls to users without the customized.list permission', async () => {
    const { account, password } = await createAccount(t.app, { roleCode: 'enterpriseAdmin' });
    const token = await login(t.app, account.userName, password);
    for (const [method, path, body] of [
      ['POST', 'get/page', {}],
      ['POST', 'insert', { topDomain: 'evil.example.com', title: 'Evil' }],
      ['PUT', 'update', { id: 1, title: 'Evil' }],
    ] as const) {
      const answer = await call(t.app, method, `${BASE}/${path}`, { token, body });
      expect(answer.status).toBe(403);
    }
    const del = await call(t.app, 'DELETE', `${BASE}/delete`, { token, query: { id: '1' } });
    expect(del.status).toBe(403);
    const stillThere = await t.app.ctx.db
      .selectFrom('platform')
      .select('title')
      .where('id', '=', 1)
      .executeTakeFirst();
    expect(stillThere?.title).toBe('Coldchain Cloud');
  });

  it('keeps accounts to their platform: a session is not valid on another platform', async () => {
    const other = await call<Platform>(t.app, 'POST', `${BASE}/insert`, {
      token: operator,
      body: { topDomain: 'tenant-b.example.com', title: 'Tenant B' },
    });
    const { account, password } = await createAccount(t.app, {
      platformId: other.data.id,
      userName: 'tenant_b_user',
    });
    // Not known on the default platform...
    const elsewhere = await call(t.app, 'POST', '/api/base/BaseAccount/login', {
      body: { userName: account.userName, accountPassword: password },
    });
    expect(elsewhere.code).toBe(2001);
    // ...but on its own domain, and its token is refused on another platform's host.
    const token = await login(t.app, account.userName, password, 'tenant-b.example.com');
    const own = await call(t.app, 'GET', '/api/base/BaseAccount/accountInfo', {
      token,
      host: 'tenant-b.example.com',
    });
    expect(own.code).toBe(0);
    const foreign = await call(t.app, 'GET', '/api/base/BaseAccount/accountInfo', {
      token,
      host: 'localhost',
    });
    expect(foreign.status).toBe(401);
  });

  it('narrows permissions to the restricted route set on a restricted-style platform', async () => {
    const restricted = await call<Platform>(t.app, 'POST', `${BASE}/insert`, {
      token: operator,
      body: { topDomain: 'lite.example.com', title: 'Lite', styleModel: 2 },
    });
    const { account, password } = await createAccount(t.app, { platformId: restricted.data.id });
    const token = await login(t.app, account.userName, password, 'lite.example.com');
    const info = await call<{ permissionRoutes: string[] }>(
      t.app,
      'GET',
      '/api/base/BaseAccount/accountInfo',
      {
        token,
        host: 'lite.example.com',
      },
    );
    expect(info.data.permissionRoutes).toContain('device.list');
    expect(info.data.permissionRoutes).not.toContain('home');
    expect(info.data.permissionRoutes).not.toContain('waybill.list');
  });

  it('uploads a logo for a platform, serves it, and shows it on the platform’s login data', async () => {
    const upload = async (filename: string, content: Buffer, token = operator) => {
      const m = multipart(filename, content);
      const response = await t.app.inject({
        method: 'POST',
        url: `${BASE}/uploadLogo`,
        headers: { authorization: `Bearer ${token}`, 'accept-language': 'en-US', ...m.headers },
        payload: m.payload,
      });
      return {
        status: response.statusCode,
        ...(JSON.parse(response.body) as { code: number; msg: string; data: { url: string } }),
      };
    };
    expect((await upload('logo.svg', Buffer.from('<svg/>'))).code).toBe(1103);
    expect((await upload('logo.png', Buffer.from('plain text'))).code).toBe(1103);
    expect((await upload('logo.png', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]))).code).toBe(1102);
    const { account, password } = await createAccount(t.app, { roleCode: 'enterpriseAdmin' });
    expect((await upload('logo.png', PNG, await login(t.app, account.userName, password))).status).toBe(403);

    const saved = await upload('logo.png', PNG);
    expect(saved.code).toBe(0);
    expect(saved.data.url).toMatch(/^\/api\/files\/platform-logos\/[a-f0-9]{32}\.png$/);
    const file = await t.app.inject({ method: 'GET', url: saved.data.url });
    expect([file.statusCode, file.headers['content-type']]).toEqual([200, 'image/png']);
    const created = await call<Platform>(t.app, 'POST', `${BASE}/insert`, {
      token: operator,
      body: { topDomain: 'logo.example.org', title: 'Logo Cold', loginLogo: saved.data.url, useLogo: 1 },
    });
    expect(created.code).toBe(0);
    const visitor = await call<PublicPlatform>(t.app, 'GET', `${BASE}/queryByTopDomain`, {
      host: 'logo.example.org',
    });
    expect(visitor.data).toMatchObject({ title: 'Logo Cold', loginLogo: saved.data.url, useLogo: 1 });
    const traversal = await t.app.inject({
      method: 'GET',
      url: '/api/files/platform-logos/..%2F..%2Ftest.db',
    });
    expect(JSON.parse(traversal.body).code).toBe(1001);
  });
});
