import type { CurrentNotice, Notice, PageResponse, Platform } from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test/factories.ts';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';

const BASE = '/api/base/BaseNotice';

describe('notices', () => {
  let t: TestApp;
  let operator: string;
  let user: string;
  beforeAll(async () => {
    t = await createTestApp();
    operator = await login(t.app, 'demo_operator');
    user = await login(t.app, 'demo_user');
  });
  afterAll(async () => t.close());

  it('shows the newest active notice until the account dismisses it', async () => {
    const none = await call<CurrentNotice | null>(t.app, 'GET', `${BASE}/getNotice`, { token: user });
    expect(none).toMatchObject({ code: 0, data: null });

    const older = await call<Notice>(t.app, 'POST', `${BASE}/insert`, {
      token: operator,
      body: { noticeContent: 'Maintenance on Sunday 02:00-04:00 UTC' },
    });
    expect(older.code).toBe(0);
    expect(older.data).toMatchObject({ noticeCamp: 1, noticePlatform: 1, noticeType: 1, active: 1 });
    const newer = await call<Notice>(t.app, 'POST', `${BASE}/insert`, {
      token: operator,
      body: { noticeContent: 'New report templates are available', noticeCamp: 0 },
    });

    const shown = await call<CurrentNotice>(t.app, 'GET', `${BASE}/getNotice`, { token: user });
    expect(shown.data).toEqual({
      noticeId: newer.data.id,
      noticeContent: 'New report templates are available',
    });
    // Filters of the request (000 §3): the mainland camp sees only the older one.
    const mainland = await call<CurrentNotice>(t.app, 'GET', `${BASE}/getNotice`, {
      token: user,
      query: { noticeCamp: '1', noticePlatform: '1', noticeType: '1' },
    });
    expect(mainland.data.noticeId).toBe(older.data.id);

    const dismissed = await call(t.app, 'POST', `${BASE}/dismiss`, {
      token: user,
      body: { noticeId: newer.data.id },
    });
    expect(dismissed.code).toBe(0);
    // Twice is harmless.
    expect(
      (await call(t.app, 'POST', `${BASE}/dismiss`, { token: user, body: { noticeId: newer.data.id } })).code,
    ).toBe(0);
    const next = await call<CurrentNotice>(t.app, 'GET', `${BASE}/getNotice`, { token: user });
    expect(next.data.noticeId).toBe(older.data.id);
    // Kept per account: the operator still sees the newer one.
    const forOperator = await call<CurrentNotice>(t.app, 'GET', `${BASE}/getNotice`, { token: operator });
    expect(forOperator.data.noticeId).toBe(newer.data.id);

    // An inactive notice is not shown.
    const off = await call<Notice>(t.app, 'PUT', `${BASE}/update`, {
      token: operator,
      body: { id: older.data.id, active: 0 },
    });
    expect(off.data.active).toBe(0);
    const after = await call(t.app, 'GET', `${BASE}/getNotice`, { token: user });
    expect(after.data).toBeNull();
  });

  it('pages, updates and deletes notices for the back office, with field messages', async () => {
    const created = await call<Notice>(t.app, 'POST', `${BASE}/insert`, {
      token: operator,
      body: { noticeContent: 'Paged notice alpha' },
    });
    const page = await call<PageResponse<Notice>>(t.app, 'POST', `${BASE}/page`, {
      token: operator,
      body: { start: 1, pageSize: 10, noticeContent: 'alpha' },
    });
    expect(page.data.totalCount).toBe(1);
    expect(page.data.data[0]?.id).toBe(created.data.id);

    const updated = await call<Notice>(t.app, 'PUT', `${BASE}/update`, {
      token: operator,
      body: { id: created.data.id, noticeContent: 'Paged notice beta' },
    });
    expect(updated.data.noticeContent).toBe('Paged notice beta');
    const nothing = await call(t.app, 'PUT', `${BASE}/update`, {
      token: operator,
      body: { id: created.data.id },
      locale: 'en-US',
    });
    expect(nothing).toMatchObject({ code: 1001, msg: 'Request: nothing to change' });

    const tooLong = await call(t.app, 'POST', `${BASE}/insert`, {
      token: operator,
      body: { noticeContent: 'x'.repeat(2001) },
      locale: 'en-US',
    });
    expect(tooLong).toMatchObject({ code: 1001, msg: 'Notice text: must be at most 2000 characters' });
    const badCamp = await call(t.app, 'POST', `${BASE}/insert`, {
      token: operator,
      body: { noticeContent: 'x', noticeCamp: 3 },
      locale: 'en-US',
    });
    expect(badCamp.code).toBe(1001);
    expect(badCamp.msg).toMatch(/^Notice edition: /);

    const user2 = await login(t.app, 'demo_user');
    await call(t.app, 'POST', `${BASE}/dismiss`, { token: user2, body: { noticeId: created.data.id } });
    const removed = await call(t.app, 'DELETE', `${BASE}/delete`, {
      token: operator,
      query: { id: String(created.data.id) },
    });
    expect(removed.code).toBe(0);
    const gone = await call(t.app, 'POST', `${BASE}/dismiss`, {
      token: user2,
      body: { noticeId: created.data.id },
      locale: 'en-US',
    });
    expect(gone).toMatchObject({ code: 1004 });
    const left = await t.app.ctx.db
      .selectFrom('noticeDismissal')
      .select('accountId')
      .where('noticeId', '=', created.data.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('keeps notices to their platform and the back-office calls to notice.list permissions', async () => {
    const refused = await call(t.app, 'POST', `${BASE}/insert`, {
      token: user,
      body: { noticeContent: 'x' },
    });
    expect(refused.status).toBe(403);
    const page = await call(t.app, 'POST', `${BASE}/page`, { token: user, body: { start: 1, pageSize: 10 } });
    expect(page.status).toBe(403);
    const anonymous = await call(t.app, 'GET', `${BASE}/getNotice`);
    expect(anonymous.status).toBe(401);

    const other = await call<Platform>(t.app, 'POST', '/api/base/BaseCustomPage/insert', {
      token: operator,
      body: { topDomain: 'notices.example.org', title: 'Other' },
    });
    const { account, password } = await createAccount(t.app, {
      platformId: other.data.id,
      roleCode: 'operator',
    });
    const otherOperator = await login(t.app, account.userName, password, 'notices.example.org');
    const mine = await call<Notice>(t.app, 'POST', `${BASE}/insert`, {
      token: otherOperator,
      host: 'notices.example.org',
      body: { noticeContent: 'Only for Other' },
    });
    const seen = await call<CurrentNotice>(t.app, 'GET', `${BASE}/getNotice`, {
      token: otherOperator,
      host: 'notices.example.org',
    });
    expect(seen.data.noticeId).toBe(mine.data.id);
    // The default platform's operator can neither see nor change it.
    const foreign = await call(t.app, 'PUT', `${BASE}/update`, {
      token: operator,
      body: { id: mine.data.id, active: 0 },
    });
    expect(foreign.code).toBe(1004);
    const dismissForeign = await call(t.app, 'POST', `${BASE}/dismiss`, {
      token: user,
      body: { noticeId: mine.data.id },
    });
    expect(dismissForeign.code).toBe(1004);
  });
});
