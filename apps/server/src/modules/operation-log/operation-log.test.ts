import type { OperationLog } from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test/factories.ts';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';

const PAGE = '/api/base/BaseOperationLog/page';
type Page = { data: OperationLog[]; start: number; totalCount: number };

describe('operation log query', () => {
  let t: TestApp;
  let operator: string;
  let user: string;
  beforeAll(async () => {
    t = await createTestApp();
    operator = await login(t.app, 'demo_operator');
    user = await login(t.app, 'demo_user');
    await call(t.app, 'POST', '/api/base/BaseCustomPage/insert', {
      token: operator,
      body: { topDomain: 'log.example.com', title: 'Log Test' },
    });
  });
  afterAll(async () => t.close());

  it('shows an ordinary user only their own entries', async () => {
    const page = await call<Page>(t.app, 'POST', PAGE, { token: user, body: { start: 1, pageSize: 50 } });
    expect(page.code).toBe(0);
    expect(page.data.totalCount).toBeGreaterThan(0);
    expect(page.data.data.every((e) => e.accountName === 'demo_user')).toBe(true);
  });

  it('shows the operator everything, filtered and paged, newest first', async () => {
    const all = await call<Page>(t.app, 'POST', PAGE, { token: operator, body: { start: 1, pageSize: 2 } });
    expect(all.data.totalCount).toBeGreaterThanOrEqual(3);
    expect(all.data.data).toHaveLength(2);
    const [first, second] = all.data.data;
    expect(first && second && first.createdAt >= second.createdAt).toBe(true);
    const inserts = await call<Page>(t.app, 'POST', PAGE, {
      token: operator,
      body: { start: 1, pageSize: 10, action: 'platform.insert' },
    });
    expect(inserts.data.totalCount).toBe(1);
    expect(inserts.data.data[0]).toMatchObject({ entityType: 'platform', accountName: 'demo_operator' });
    expect(inserts.data.data[0]?.newValue).toMatchObject({ title: 'Log Test' });
    const byName = await call<Page>(t.app, 'POST', PAGE, {
      token: operator,
      body: { start: 1, pageSize: 10, accountName: 'DEMO_USER' },
    });
    expect(byName.data.data.every((e) => e.accountName === 'demo_user')).toBe(true);
    const future = await call<Page>(t.app, 'POST', PAGE, {
      token: operator,
      body: { start: 1, pageSize: 10, from: '2999-01-01T00:00:00Z' },
    });
    expect(future.data.totalCount).toBe(0);
  });

  it('names each action in the caller language and filters by key or by that name', async () => {
    const inserts = (locale: string, action: string) =>
      call<Page>(t.app, 'POST', PAGE, { token: operator, body: { start: 1, pageSize: 10, action }, locale });
    const english = await inserts('en-US', 'platform.insert');
    expect(english.data.data.map((e) => [e.action, e.actionName])).toEqual([
      ['platform.insert', 'White-label platform added'],
    ]);
    const chinese = await inserts('zh-CN', 'platform.insert');
    expect(chinese.data.data[0]?.actionName).toBe('新增定制平台');
    const byEnglishName = await inserts('en-US', 'white-label PLATFORM add');
    expect(byEnglishName.data.data.map((e) => e.action)).toEqual(['platform.insert']);
    const byChineseName = await inserts('zh-CN', '定制平台');
    expect(byChineseName.data.data.map((e) => e.action)).toEqual(['platform.insert']);
    const otherLanguage = await inserts('en-US', '定制平台');
    expect(otherLanguage.data.totalCount).toBe(0);
  });

  it('shows the key of an action that has no name', async () => {
    await t.app.ctx.audit.append({
      platformId: null,
      accountId: null,
      accountName: 'legacy',
      action: 'legacy.retiredAction',
      entityType: 'test',
      sourceIp: null,
    });
    const page = await call<Page>(t.app, 'POST', PAGE, {
      token: operator,
      body: { start: 1, pageSize: 10, action: 'legacy.retired' },
      locale: 'de-DE',
    });
    expect(page.data.data.map((e) => [e.action, e.actionName])).toEqual([
      ['legacy.retiredAction', 'legacy.retiredAction'],
    ]);
  });

  it('never logs a password in clear', async () => {
    const rows = await t.app.ctx.db.selectFrom('operationLog').select(['oldValue', 'newValue']).execute();
    const text = JSON.stringify(rows);
    expect(text).not.toContain('Demo@2026');
  });

  it('refuses bad paging input with the field named', async () => {
    const bad = await call(t.app, 'POST', PAGE, {
      token: operator,
      body: { start: 0, pageSize: 500 },
      locale: 'en-US',
    });
    expect(bad.code).toBe(1001);
    expect(bad.msg).toBe('Page: must be at least 1');
    const badDate = await call(t.app, 'POST', PAGE, {
      token: operator,
      body: { from: 'yesterday' },
      locale: 'en-US',
    });
    expect(badDate.msg).toBe('From: has an invalid format');
  });

  it('keeps a member without the log permission out', async () => {
    const { account, password } = await createAccount(t.app, { roleCode: 'calibrationAdmin' });
    const token = await login(t.app, account.userName, password);
    expect((await call(t.app, 'POST', PAGE, { token, body: {} })).status).toBe(403);
  });
});
