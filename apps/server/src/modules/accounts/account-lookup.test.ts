import type { AccountLookup } from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test/factories.ts';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { createPlatform, newPhone } from './test-support.ts';

const BY_PHONE = '/api/base/BaseAccount/getAccountInfoByPhone';
const BY_EMAIL = '/api/base/BaseAccount/getAccountInfoByEamil';
const BY_UEP = '/api/base/BaseAccount/queryAccountByUEP';

describe('account lookups', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await login(t.app, 'demo_user');
  });
  afterAll(async () => t.close());

  it('finds a live account of the platform by phone, e-mail or user name, answering only lookup fields', async () => {
    const phone = newPhone();
    const email = `found.${process.pid}@example.com`;
    const { account } = await createAccount(t.app, { phone, email });
    const expected = { id: account.id, userName: account.userName, realName: null, accountPhoto: null };
    const byPhone = await call<AccountLookup>(t.app, 'GET', BY_PHONE, { token, query: { phone } });
    expect(byPhone.code).toBe(0);
    expect(byPhone.data).toEqual(expected);
    const byEmail = await call<AccountLookup>(t.app, 'GET', BY_EMAIL, {
      token,
      query: { email: email.toUpperCase() },
    });
    expect(byEmail.data).toEqual(expected);
    for (const uep of [account.userName, phone, email]) {
      const found = await call<AccountLookup>(t.app, 'GET', BY_UEP, { token, query: { uep } });
      expect(found.data, uep).toEqual(expected);
    }
  });

  it('answers null for nobody, for a deleted account and for an account of another platform', async () => {
    expect((await call(t.app, 'GET', BY_PHONE, { token, query: { phone: newPhone() } })).data).toBeNull();
    const phone = newPhone();
    const { account } = await createAccount(t.app, { phone });
    await t.app.ctx.db.updateTable('account').set({ deletedFlag: 1 }).where('id', '=', account.id).execute();
    expect((await call(t.app, 'GET', BY_PHONE, { token, query: { phone } })).data).toBeNull();
    expect((await call(t.app, 'GET', BY_UEP, { token, query: { uep: account.userName } })).data).toBeNull();

    const other = await createPlatform(t.app, { topDomain: 'tenant-b.example' });
    const elsewherePhone = newPhone();
    const elsewhere = await createAccount(t.app, {
      platformId: other.id,
      phone: elsewherePhone,
      email: `b.${process.pid}@example.com`,
    });
    expect((await call(t.app, 'GET', BY_PHONE, { token, query: { phone: elsewherePhone } })).data).toBeNull();
    expect(
      (await call(t.app, 'GET', BY_EMAIL, { token, query: { email: `b.${process.pid}@example.com` } })).data,
    ).toBeNull();
    expect(
      (await call(t.app, 'GET', BY_UEP, { token, query: { uep: elsewhere.account.userName } })).data,
    ).toBeNull();
    // The same lookup from a caller of that platform finds it.
    const inside = await login(t.app, elsewhere.account.userName, elsewhere.password, 'tenant-b.example');
    const found = await call<AccountLookup>(t.app, 'GET', BY_PHONE, {
      token: inside,
      query: { phone: elsewherePhone },
      host: 'tenant-b.example',
    });
    expect(found.data.id).toBe(elsewhere.account.id);
  });

  it('needs a session and names a bad parameter', async () => {
    expect((await call(t.app, 'GET', BY_PHONE, { query: { phone: newPhone() } })).status).toBe(401);
    expect((await call(t.app, 'GET', BY_UEP, { query: { uep: 'demo_user' } })).status).toBe(401);
    const bad = await call(t.app, 'GET', BY_EMAIL, {
      token,
      query: { email: 'not-an-email' },
      locale: 'en-US',
    });
    expect(bad.code).toBe(1001);
    expect(bad.msg).toBe('E-mail: is not a valid e-mail address');
    const empty = await call(t.app, 'GET', BY_UEP, { token, query: { uep: '' }, locale: 'en-US' });
    expect(empty.code).toBe(1001);
    expect(empty.msg).toBe('User name, e-mail or phone: is required');
  });
});
