import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../test/harness.ts';

describe('HTTP contract: envelope, errors, headers, limits, docs', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { BODY_LIMIT_BYTES: '2048', RATE_LIMIT_LOGIN_PER_MINUTE: '3' } });
    token = await login(t.app, 'demo_user');
  });
  afterAll(async () => t.close());

  it('answers health with the database in use', async () => {
    const health = await call<{ status: string; database: string }>(t.app, 'GET', '/api/health');
    expect(health).toMatchObject({ status: 200, code: 0, data: { status: 'ok' } });
    expect(['sqlite', 'postgres']).toContain(health.data.database);
  });

  it('sends the security headers on API answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(response.headers['strict-transport-security']).toContain('max-age=');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('answers an unknown API path with a translated 404 envelope', async () => {
    const missing = await call(t.app, 'GET', '/api/no/such/path', { locale: 'en-US' });
    expect(missing).toMatchObject({ status: 404, code: 1004, msg: 'Page not found', data: null });
  });

  it('refuses an oversized body with 413 and loses nothing', async () => {
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/base/BaseAccount/login',
      headers: { 'content-type': 'application/json', 'accept-language': 'en-US' },
      payload: JSON.stringify({ userName: 'x'.repeat(4096), accountPassword: 'y' }),
    });
    expect(big.statusCode).toBe(413);
    expect(JSON.parse(big.body)).toMatchObject({ code: 1003, msg: 'The request is too large' });
  });

  it('rate-limits login per client address with a translated 429', async () => {
    const attempts = [];
    for (let i = 0; i < 4; i += 1) {
      attempts.push(
        await call(t.app, 'POST', '/api/base/BaseAccount/login', {
          body: { userName: 'demo_user', accountPassword: 'wrong' },
          locale: 'en-US',
        }),
      );
    }
    const last = attempts.at(-1);
    expect(last?.status).toBe(429);
    expect(last?.code).toBe(1029);
    expect(last?.msg).toMatch(/Too many requests, please try again in \d+ seconds/);
  });

  it('publishes the OpenAPI document generated from the request schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = JSON.parse(response.body) as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>
      >;
    };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/base/BaseAccount/login', '/api/base/BaseCustomPage/insert']),
    );
    const loginSchema = JSON.stringify(doc.paths['/api/base/BaseAccount/login']?.post?.requestBody);
    expect(loginSchema).toContain('accountPassword');
  });

  // Last: it breaks the database under the app.
  it('answers a server fault with 500 and no internals, in the caller language', async () => {
    await t.app.ctx.db.schema.dropTable('user_profile').execute();
    const fault = await call(t.app, 'GET', '/api/base/BaseAccount/accountInfo', { token, locale: 'en-US' });
    expect(fault).toMatchObject({ status: 500, code: 500, msg: 'Server exception', data: null });
    expect(JSON.stringify(fault)).not.toMatch(/user_profile|SQLITE|relation|\.ts:/);
  });
});
