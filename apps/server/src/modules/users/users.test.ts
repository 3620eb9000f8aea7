import type { PageResponse, Platform, UserPick, UserRow } from '@coldchain/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test/factories.ts';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { signedIn } from '../devices/test-support.ts';

const ACCOUNT = '/api/base/BaseAccount';
const HOST_B = 'users-b.example.com';
const PASSWORD = 'Passw0rd!';

const newUser = (userName: string, extra: Record<string, unknown> = {}) => ({
  userName,
  accountPassword: PASSWORD,
  confirmPassword: PASSWORD,
  accountType: 1,
  roleCode: 'personalUser',
  ...extra,
});

describe('users in the back office', () => {
  let t: TestApp;
  let operator: string;
  let dealer: string;
  let platformB: number;
  let operatorB: string;

  beforeAll(async () => {
    t = await createTestApp();
    operator = await login(t.app, 'demo_operator');
    dealer = (await signedIn(t.app, { roleCode: 'dealer' })).token;
    platformB = (
      await call<Platform>(t.app, 'POST', '/api/base/BaseCustomPage/insert', {
        token: operator,
        body: { topDomain: HOST_B, title: 'Tenant B' },
      })
    ).data.id;
    operatorB = (await signedIn(t.app, { roleCode: 'operator', platformId: platformB, host: HOST_B })).token;
  });
  afterAll(async () => t.close());

  const add = (body: unknown, token = operator, host?: string) =>
    call<UserRow>(t.app, 'POST', `${ACCOUNT}/sysAddUser`, {
      token,
      body,
      locale: 'en-US',
      ...(host ? { host } : {}),
    });
  const query = (body: unknown, token = operator, host?: string) =>
    call<PageResponse<UserRow>>(t.app, 'POST', `${ACCOUNT}/queryUserByCondition`, {
      token,
      body,
      ...(host ? { host } : {}),
    });

  it('adds users under the rules of 002 §5 and answers each broken rule naming its field', async () => {
    const added = await add(
      newUser('cold_keeper', {
        realName: 'Keeper',
        phone: '13800000001',
        email: 'Keeper@Example.com',
        timeZone: 'Europe/Berlin',
        temperatureUnit: 'F',
      }),
    );
    expect(added.code).toBe(0);
    expect(added.data).toMatchObject({
      userName: 'cold_keeper',
      email: 'keeper@example.com',
      accountType: 1,
      roleCode: 'personalUser',
      timeZone: 'Europe/Berlin',
      temperatureUnit: 'F',
      parentAccountId: null,
    });
    expect(await login(t.app, 'cold_keeper', PASSWORD)).toBeTruthy();

    const cases: [Record<string, unknown>, string][] = [
      [newUser('1starts_digit'), 'User name'],
      [newUser('_starts_underscore'), 'User name'],
      [newUser('short'), 'User name'],
      [newUser(`a${'b'.repeat(50)}`), 'User name'],
      [newUser('has space'), 'User name'],
      [newUser('real_name_long', { realName: 'R'.repeat(21) }), 'Real name'],
      [newUser('company_short', { accountType: 2, companyName: 'C' }), 'Company'],
      [newUser('company_long', { accountType: 2, companyName: 'C'.repeat(51) }), 'Company'],
      [newUser('company_none', { accountType: 2 }), 'Company'],
      [newUser('bad_phone', { phone: '12ab' }), 'Phone'],
      [newUser('bad_email', { email: 'nobody@' }), 'mail'],
      [newUser('weak_password', { accountPassword: 'abcdefgh', confirmPassword: 'abcdefgh' }), 'Password'],
      [newUser('short_password', { accountPassword: 'a1', confirmPassword: 'a1' }), 'Password'],
      [newUser('mismatch_pw', { confirmPassword: 'Other0ne!' }), 'onfirm'],
      [newUser('no_role', { roleCode: '' }), 'roleCode'],
      [newUser('unknown_role', { roleCode: 'nope' }), 'roleCode'],
      [newUser('bad_zone', { timeZone: 'Mars/Base' }), 'ime zone'],
    ];
    for (const [body, field] of cases) {
      const answer = await add(body);
      expect(answer.code, String(body.userName)).toBe(1001);
      expect(answer.msg, String(body.userName)).toContain(field);
    }
    const sixChars = await add(newUser('张三李四王五'));
    expect(sixChars.code).toBe(0);
    const fifty = await add(newUser(`a${'b'.repeat(49)}`));
    expect(fifty.code).toBe(0);
    const enterprise = await add(
      newUser('ent_holder', { accountType: 2, companyName: 'Cold Co', roleCode: 'enterpriseAdmin' }),
    );
    expect(enterprise.data).toMatchObject({ accountType: 2, companyName: 'Cold Co' });

    const again = await add(newUser('cold_keeper'));
    expect(again.code).toBe(2004);
    const samePhone = await add(newUser('other_keeper', { phone: '13800000001' }));
    expect(samePhone.code).toBe(2005);
    const sameEmail = await add(newUser('other_keeper', { email: 'keeper@example.com' }));
    expect(sameEmail.code).toBe(2005);
    const names = await t.app.ctx.db
      .selectFrom('account')
      .select('userName')
      .where('userName', 'in', ['other_keeper', 'short', '1starts_digit'])
      .execute();
    expect(names).toEqual([]);
  });

  it('gives the administrator role only from administrators, and platform roles only on their platform', async () => {
    const byDealer = await add(newUser('would_be_admin', { roleCode: 'operator' }), dealer);
    expect(byDealer.code).toBe(1001);
    const roleB = await call<{ code: string }>(t.app, 'POST', '/api/base/BaseRole/sysInsert', {
      token: operatorB,
      host: HOST_B,
      body: { roleName: 'B staff', permissions: [] },
    });
    const foreignRole = await add(newUser('foreign_role', { roleCode: roleB.data.code }));
    expect(foreignRole.code).toBe(1001);
    const onB = await add(newUser('staff_of_b', { roleCode: roleB.data.code }), operatorB, HOST_B);
    expect(onB.data).toMatchObject({ platformId: platformB, roleName: 'B staff' });
    const dealerAdds = await add(newUser('dealer_made'), dealer);
    expect(dealerAdds.code).toBe(0);
  });

  it('lists and filters users; a platform operator sees only its platform, the default one sees all', async () => {
    const byName = await query({ userName: 'KEEPER' });
    expect(byName.data.data.map((u) => u.userName)).toEqual(['cold_keeper']);
    const enterprises = await query({ accountType: 2, pageSize: 200 });
    expect(enterprises.data.data.every((u) => u.accountType === 2)).toBe(true);
    expect(enterprises.data.data.map((u) => u.userName)).toContain('ent_holder');
    const byRole = await query({ roleCode: 'enterpriseAdmin', pageSize: 200 });
    expect(byRole.data.data.every((u) => u.roleCode === 'enterpriseAdmin')).toBe(true);

    const all = await query({ pageSize: 200 });
    expect(all.data.data.map((u) => u.userName)).toEqual(
      expect.arrayContaining(['cold_keeper', 'staff_of_b']),
    );
    const onB = await query({ pageSize: 200 }, operatorB, HOST_B);
    expect(onB.data.data.every((u) => u.platformId === platformB)).toBe(true);
    expect(onB.data.data.map((u) => u.userName)).toContain('staff_of_b');
    expect(onB.data.totalCount).toBe(onB.data.data.length);

    const picks = await call<UserPick[]>(t.app, 'POST', `${ACCOUNT}/get/list`, {
      token: operatorB,
      host: HOST_B,
      body: { userName: 'keeper' },
    });
    expect(picks.data).toEqual([]);
    const mine = await call<UserPick[]>(t.app, 'POST', `${ACCOUNT}/get/list`, {
      token: operator,
      body: { userName: 'keeper' },
    });
    expect(mine.data.map((u) => u.userName)).toEqual(['cold_keeper']);

    const personal = await signedIn(t.app);
    expect((await query({}, personal.token)).status).toBe(403);
  });

  it('modifies a user, and keeps administrators out of reach of non-administrators', async () => {
    const target = (await query({ userName: 'cold_keeper' })).data.data[0];
    const changed = await call<UserRow>(t.app, 'POST', `${ACCOUNT}/sysModifyUser`, {
      token: operator,
      body: { id: target?.id, realName: 'Keeper Two', phone: '', temperatureUnit: 'C' },
    });
    expect(changed.data).toMatchObject({ realName: 'Keeper Two', phone: null, temperatureUnit: 'C' });
    const tooLong = await call(t.app, 'POST', `${ACCOUNT}/sysModifyUser`, {
      token: operator,
      body: { id: target?.id, realName: 'x'.repeat(21) },
    });
    expect(tooLong.code).toBe(1001);
    const nameChange = await call(t.app, 'POST', `${ACCOUNT}/sysModifyUser`, {
      token: operator,
      body: { id: target?.id, userName: 'renamed_user' },
    });
    expect(nameChange.code).toBe(1001);

    const admin = (await query({ userName: 'demo_operator' })).data.data[0];
    const byDealer = await call(t.app, 'POST', `${ACCOUNT}/sysModifyUser`, {
      token: dealer,
      body: { id: admin?.id, email: 'taken@over.example' },
    });
    expect(byDealer.status).toBe(403);
    const row = await t.app.ctx.db
      .selectFrom('account')
      .select('email')
      .where('id', '=', admin?.id ?? 0)
      .executeTakeFirst();
    expect(row?.email).not.toBe('taken@over.example');
  });

  it('resets a password after the confirm, for administrators only, ending the user’s sessions', async () => {
    const { account } = await createAccount(t.app, { userName: 'reset_me_user', password: PASSWORD });
    const oldSession = await login(t.app, 'reset_me_user', PASSWORD);
    const body = { id: account.id, newPassword: 'N3w-secret', confirmPassword: 'N3w-secret' };
    const byDealer = await call(t.app, 'POST', `${ACCOUNT}/resetPasswordBySys`, { token: dealer, body });
    expect(byDealer.status).toBe(403);
    const mismatch = await call(t.app, 'POST', `${ACCOUNT}/resetPasswordBySys`, {
      token: operator,
      body: { ...body, confirmPassword: 'different1' },
    });
    expect(mismatch.code).toBe(1001);
    const weak = await call(t.app, 'POST', `${ACCOUNT}/resetPasswordBySys`, {
      token: operator,
      body: { ...body, newPassword: 'aaaaaaaa', confirmPassword: 'aaaaaaaa' },
    });
    expect(weak.code).toBe(1001);
    expect(await login(t.app, 'reset_me_user', PASSWORD)).toBeTruthy();

    const reset = await call(t.app, 'POST', `${ACCOUNT}/resetPasswordBySys`, { token: operator, body });
    expect(reset.code).toBe(0);
    const ended = await call(t.app, 'GET', `${ACCOUNT}/accountInfo`, { token: oldSession });
    expect(ended.code).toBe(2010);
    const oldFails = await call(t.app, 'POST', `${ACCOUNT}/login`, {
      body: { userName: 'reset_me_user', accountPassword: PASSWORD, loginType: 1 },
    });
    expect(oldFails.code).toBe(2001);
    expect(await login(t.app, 'reset_me_user', 'N3w-secret')).toBeTruthy();
    const log = await t.app.ctx.db
      .selectFrom('operationLog')
      .select(['action', 'newValue'])
      .where('action', '=', 'account.resetPasswordBySys')
      .execute();
    expect(log).toHaveLength(1);
    expect(log[0]?.newValue).not.toContain('N3w-secret');
  });

  it('upgrades a personal account to enterprise, for administrators only', async () => {
    const { account } = await createAccount(t.app, { userName: 'upgrade_me' });
    const upgrade = (token: string, query: Record<string, string>) =>
      call<UserRow>(t.app, 'PUT', `${ACCOUNT}/userTypeUpgrade`, { token, query, locale: 'en-US' });
    expect((await upgrade(dealer, { id: String(account.id), companyName: 'Frost Ltd' })).status).toBe(403);
    const noCompany = await upgrade(operator, { id: String(account.id) });
    expect(noCompany.code).toBe(1001);
    expect(noCompany.msg).toContain('Company');
    const done = await upgrade(operator, { id: String(account.id), companyName: 'Frost Ltd' });
    expect(done.data).toMatchObject({
      accountType: 2,
      companyName: 'Frost Ltd',
      roleCode: 'enterpriseAdmin',
    });
    const twice = await upgrade(operator, { id: String(account.id), companyName: 'Frost Ltd' });
    expect(twice.code).toBe(4451);
    const token = await login(t.app, 'upgrade_me', 'Passw0rd!');
    const info = await call<{ permissionRoutes: string[] }>(t.app, 'GET', `${ACCOUNT}/accountInfo`, {
      token,
    });
    expect(info.data.permissionRoutes).toContain('consumer.list:add');
  });

  it('deletes a user for administrators only; the name stays reserved and the sessions end', async () => {
    const { account } = await createAccount(t.app, { userName: 'delete_me', password: PASSWORD });
    const session = await login(t.app, 'delete_me', PASSWORD);
    expect(
      (await call(t.app, 'POST', `${ACCOUNT}/sysDeleteUser`, { token: dealer, body: { id: account.id } }))
        .status,
    ).toBe(403);
    const self = (await query({ userName: 'demo_operator' })).data.data[0];
    const selfDelete = await call(t.app, 'POST', `${ACCOUNT}/sysDeleteUser`, {
      token: operator,
      body: { id: self?.id },
    });
    expect(selfDelete.code).toBe(4453);
    const removed = await call(t.app, 'POST', `${ACCOUNT}/sysDeleteUser`, {
      token: operator,
      body: { id: account.id },
    });
    expect(removed.code).toBe(0);
    expect((await call(t.app, 'GET', `${ACCOUNT}/accountInfo`, { token: session })).code).toBe(2010);
    expect((await query({ userName: 'delete_me' })).data.totalCount).toBe(0);
    expect(
      (await query({ userName: 'delete_me', deletedFlag: 1 })).data.data.map((u) => u.deletedFlag),
    ).toEqual([1]);
    expect((await add(newUser('delete_me'))).code).toBe(2004);
    const twice = await call(t.app, 'POST', `${ACCOUNT}/sysDeleteUser`, {
      token: operator,
      body: { id: account.id },
    });
    expect(twice.code).toBe(1004);
  });

  it('exports the users of a condition as an XLSX workbook with their rows', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${ACCOUNT}/exportUserByCondition`,
      headers: { authorization: `Bearer ${operator}`, 'accept-language': 'en-US' },
      payload: { userName: 'keeper' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="users-.*\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.name).toBe('Users');
    const values = (n: number) => (sheet ? (sheet.getRow(n).values as unknown[]).slice(1) : []);
    expect(values(1).slice(0, 3)).toEqual(['User name', 'Real name', 'Company']);
    expect(sheet?.rowCount).toBe(2);
    expect(values(2).slice(0, 2)).toEqual(['cold_keeper', 'Keeper Two']);
    expect(values(2)).toContain('Personal');

    const personal = await signedIn(t.app);
    const refused = await call(t.app, 'POST', `${ACCOUNT}/exportUserByCondition`, {
      token: personal.token,
      body: {},
    });
    expect(refused.status).toBe(403);
    const onB = await t.app.inject({
      method: 'POST',
      url: `${ACCOUNT}/exportUserByCondition`,
      headers: { authorization: `Bearer ${operatorB}`, host: HOST_B },
      payload: { userName: 'keeper' },
    });
    const bWorkbook = new ExcelJS.Workbook();
    await bWorkbook.xlsx.load(onB.rawPayload as unknown as ArrayBuffer);
    expect(bWorkbook.worksheets[0]?.rowCount).toBe(1);
  });
});

describe('sub-users of an enterprise account', () => {
  let t: TestApp;
  let enterprise: { id: number; token: string };

  beforeAll(async () => {
    t = await createTestApp();
    enterprise = await signedIn(t.app, { roleCode: 'enterpriseAdmin' });
  });
  afterAll(async () => t.close());

  it('adds, lists, edits and deletes sub-users with the enterprise’s roles', async () => {
    const child = await call<UserRow>(t.app, 'POST', `${ACCOUNT}/child/insert`, {
      token: enterprise.token,
      body: {
        userName: 'cellar_hand',
        accountPassword: PASSWORD,
        confirmPassword: PASSWORD,
        roleCode: 'organizationMember',
      },
    });
    expect(child.data).toMatchObject({
      parentAccountId: enterprise.id,
      accountType: 2,
      roleCode: 'organizationMember',
    });
    const adminRole = await call(t.app, 'POST', `${ACCOUNT}/child/insert`, {
      token: enterprise.token,
      body: {
        userName: 'cellar_boss',
        accountPassword: PASSWORD,
        confirmPassword: PASSWORD,
        roleCode: 'enterpriseAdmin',
      },
    });
    expect(adminRole.code).toBe(1001);
    const page = await call<PageResponse<UserRow>>(t.app, 'POST', `${ACCOUNT}/child/page`, {
      token: enterprise.token,
      body: {},
    });
    expect(page.data.data.map((u) => u.userName)).toEqual(['cellar_hand']);

    const role = await call<{ code: string }>(t.app, 'POST', '/api/base/BaseRole/insert', {
      token: enterprise.token,
      body: { roleName: 'Cellar', permissions: ['device.list:query'] },
    });
    const edited = await call<UserRow>(t.app, 'PUT', `${ACCOUNT}/child/update`, {
      token: enterprise.token,
      body: { id: child.data.id, realName: 'Hand', roleCode: role.data.code },
    });
    expect(edited.data).toMatchObject({ realName: 'Hand', roleName: 'Cellar' });

    const childToken = await login(t.app, 'cellar_hand', PASSWORD);
    const selfDelete = await call(t.app, 'DELETE', `${ACCOUNT}/child/delete`, {
      token: childToken,
      query: { id: String(child.data.id) },
    });
    expect(selfDelete.status).toBe(403);
    const removed = await call(t.app, 'DELETE', `${ACCOUNT}/child/delete`, {
      token: enterprise.token,
      query: { id: String(child.data.id) },
    });
    expect(removed.code).toBe(0);
    expect((await call(t.app, 'GET', `${ACCOUNT}/accountInfo`, { token: childToken })).code).toBe(2010);

    const personal = await signedIn(t.app);
    const refused = await call(t.app, 'POST', `${ACCOUNT}/child/insert`, {
      token: personal.token,
      body: {
        userName: 'not_allowed',
        accountPassword: PASSWORD,
        confirmPassword: PASSWORD,
        roleCode: 'organizationMember',
      },
    });
    expect(refused.status).toBe(403);
  });
});
