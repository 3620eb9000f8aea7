import type { PageResponse, Platform, RoleDetail, RolePick, RoleRow, UserRow } from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { signedIn } from '../devices/test-support.ts';

const ROLE = '/api/base/BaseRole';
const HOST_B = 'roles-b.example.com';

describe('roles', () => {
  let t: TestApp;
  let operator: string;
  let enterprise: { id: number; token: string };

  beforeAll(async () => {
    t = await createTestApp();
    operator = await login(t.app, 'demo_operator');
    enterprise = await signedIn(t.app, { roleCode: 'enterpriseAdmin' });
  });
  afterAll(async () => t.close());

  const sysInsert = (body: unknown, token = operator) =>
    call<RoleDetail>(t.app, 'POST', `${ROLE}/sysInsert`, { token, body, locale: 'en-US' });

  it('lists the system roles in the back office and keeps them read-only', async () => {
    const page = await call<PageResponse<RoleRow>>(t.app, 'POST', `${ROLE}/sysPage`, {
      token: operator,
      body: { roleType: 'system', pageSize: 50 },
    });
    expect(page.code).toBe(0);
    const codes = page.data.data.map((r) => r.code);
    expect(codes).toEqual(expect.arrayContaining(['operator', 'enterpriseAdmin', 'personalUser']));
    const operatorRole = page.data.data.find((r) => r.code === 'operator');
    expect(operatorRole?.userCount).toBeGreaterThanOrEqual(1);
    const id = operatorRole?.id ?? 0;
    const update = await call(t.app, 'PUT', `${ROLE}/update`, {
      token: operator,
      body: { id, roleName: 'Renamed' },
      locale: 'en-US',
    });
    expect(update.code).toBe(4450);
    const remove = await call(t.app, 'DELETE', `${ROLE}/delete`, {
      token: operator,
      query: { id: String(id) },
    });
    expect(remove.code).toBe(4450);
    const detail = await call<RoleDetail>(t.app, 'GET', `${ROLE}/detail`, {
      token: operator,
      query: { id: String(id) },
    });
    expect(detail.data.roleName).not.toBe('Renamed');
    expect(detail.data.permissions).toContain('system.role:edit');
  });

  it('creates a platform role with its route keys added, enforcing name and description limits', async () => {
    const created = await sysInsert({
      roleName: 'Auditors',
      description: 'reads the log',
      permissions: ['operation.log:query', 'system.consumerList:query'],
    });
    expect(created.code).toBe(0);
    expect(created.data).toMatchObject({ roleType: 'custom', ownerAccountId: null, userCount: 0 });
    expect(created.data.permissions).toEqual([
      'operation.log',
      'operation.log:query',
      'system.consumerList',
      'system.consumerList:query',
    ]);

    const tooLong = await sysInsert({ roleName: 'R'.repeat(21), permissions: [] });
    expect(tooLong.code).toBe(1001);
    expect(tooLong.msg).toContain('Role name');
    const twenty = await sysInsert({
      roleName: '角'.repeat(20),
      description: 'd'.repeat(20),
      permissions: [],
    });
    expect(twenty.code).toBe(0);
    const longDescription = await sysInsert({
      roleName: 'Desc',
      description: 'd'.repeat(21),
      permissions: [],
    });
    expect(longDescription.code).toBe(1001);
    expect(longDescription.msg).toContain('Description');
    const blank = await sysInsert({ roleName: '   ', permissions: [] });
    expect(blank.code).toBe(1001);
    const duplicate = await sysInsert({ roleName: 'auditors', permissions: [] });
    expect(duplicate.code).toBe(4452);
    const unknownKey = await sysInsert({ roleName: 'Bad key', permissions: ['nothing.here'] });
    expect(unknownKey.code).toBe(1001);
    expect(unknownKey.msg).toContain('Permissions');

    const updated = await call<RoleDetail>(t.app, 'PUT', `${ROLE}/update`, {
      token: operator,
      body: { id: created.data.id, description: 'log readers', permissions: ['operation.log:query'] },
    });
    expect(updated.data).toMatchObject({ roleName: 'Auditors', description: 'log readers' });
    expect(updated.data.permissions).toEqual(['operation.log', 'operation.log:query']);
    const overLimit = await call(t.app, 'PUT', `${ROLE}/update`, {
      token: operator,
      body: { id: created.data.id, roleName: 'x'.repeat(21) },
    });
    expect(overLimit.code).toBe(1001);
    const names = await t.app.ctx.db
      .selectFrom('role')
      .select('roleName')
      .where('id', '=', created.data.id)
      .execute();
    expect(names).toEqual([{ roleName: 'Auditors' }]);
  });

  it('refuses to delete a role in use, and deletes it once nobody holds it', async () => {
    const role = (await sysInsert({ roleName: 'Support', permissions: ['system.consumerList:query'] })).data;
    const added = await call<UserRow>(t.app, 'POST', '/api/base/BaseAccount/sysAddUser', {
      token: operator,
      body: {
        userName: 'support_one',
        accountPassword: 'Passw0rd!',
        confirmPassword: 'Passw0rd!',
        accountType: 1,
        roleCode: role.code,
      },
    });
    expect(added.code).toBe(0);
    expect(added.data.roleName).toBe('Support');
    const holders = await call<PageResponse<UserRow>>(
      t.app,
      'POST',
      '/api/base/BaseAccount/queryUserByRole',
      {
        token: operator,
        body: { roleId: role.id },
      },
    );
    expect(holders.data.data.map((u) => u.userName)).toEqual(['support_one']);

    const inUse = await call(t.app, 'DELETE', `${ROLE}/delete`, {
      token: operator,
      query: { id: String(role.id) },
      locale: 'en-US',
    });
    expect(inUse.code).toBe(4103);
    expect(inUse.msg).toMatch(/role/i);
    expect(
      await t.app.ctx.db.selectFrom('role').select('id').where('id', '=', role.id).execute(),
    ).toHaveLength(1);

    // The holder signs in with exactly the role's keys.
    const token = await login(t.app, 'support_one', 'Passw0rd!');
    const info = await call<{ permissionRoutes: string[] }>(
      t.app,
      'GET',
      '/api/base/BaseAccount/accountInfo',
      {
        token,
      },
    );
    expect(info.data.permissionRoutes).toEqual(['system.consumerList', 'system.consumerList:query']);

    await call(t.app, 'POST', '/api/base/BaseAccount/sysModifyUser', {
      token: operator,
      body: { id: added.data.id, roleCode: 'personalUser' },
    });
    const removed = await call(t.app, 'DELETE', `${ROLE}/delete`, {
      token: operator,
      query: { id: String(role.id) },
    });
    expect(removed.code).toBe(0);
    expect(
      await t.app.ctx.db
        .selectFrom('rolePermission')
        .select('roleId')
        .where('roleId', '=', role.id)
        .execute(),
    ).toEqual([]);
  });

  it('lets an enterprise keep its own roles within the keys it holds', async () => {
    const tree = await call<{ route: string; actions: string[] }[]>(t.app, 'GET', `${ROLE}/permissionTree`, {
      token: enterprise.token,
      query: { view: 'console' },
    });
    const routes = tree.data.map((g) => g.route);
    expect(routes).toContain('device.list');
    expect(routes).not.toContain('system.role');
    expect(tree.data.find((g) => g.route === 'device.list')?.actions).toContain('query');

    const insert = (body: unknown) =>
      call<RoleDetail>(t.app, 'POST', `${ROLE}/insert`, { token: enterprise.token, body, locale: 'en-US' });
    const escalate = await insert({ roleName: 'Sneaky', permissions: ['system.role:edit'] });
    expect(escalate.code).toBe(1001);
    expect(escalate.msg).toContain('system.role:edit');
    const viewers = await insert({
      roleName: 'Viewers',
      permissions: ['device.list:query', 'device.list:get'],
    });
    expect(viewers.data).toMatchObject({ ownerAccountId: enterprise.id, roleType: 'custom' });

    const page = await call<PageResponse<RoleRow>>(t.app, 'POST', `${ROLE}/page`, {
      token: enterprise.token,
      body: {},
    });
    expect(page.data.data.map((r) => r.roleName)).toEqual(['Viewers']);
    const camp = await call<RolePick[]>(t.app, 'GET', `${ROLE}/queryRolesByCampAccount`, {
      token: enterprise.token,
    });
    expect(camp.data.map((r) => r.code)).toEqual(['organizationMember', viewers.data.code]);
    const byType = await call<RolePick[]>(t.app, 'GET', `${ROLE}/queryRoleByOrganizationType`, {
      token: enterprise.token,
      query: { organizationType: '1' },
    });
    expect(byType.data.map((r) => r.code)).toEqual(['organizationMember', viewers.data.code]);

    // A sub-user holding the role gets its keys; a change of the role applies at once.
    const child = await call<UserRow>(t.app, 'POST', '/api/base/BaseAccount/child/insert', {
      token: enterprise.token,
      body: {
        userName: 'viewer_child',
        accountPassword: 'Passw0rd!',
        confirmPassword: 'Passw0rd!',
        roleCode: viewers.data.code,
      },
    });
    expect(child.code).toBe(0);
    const childToken = await login(t.app, 'viewer_child', 'Passw0rd!');
    const keys = async () =>
      (
        await call<{ permissionRoutes: string[] }>(t.app, 'GET', '/api/base/BaseAccount/accountInfo', {
          token: childToken,
        })
      ).data.permissionRoutes;
    expect(await keys()).toEqual(['device.list', 'device.list:get', 'device.list:query']);
    await call(t.app, 'PUT', `${ROLE}/update`, {
      token: enterprise.token,
      body: { id: viewers.data.id, permissions: ['device.list:query'] },
    });
    expect(await keys()).toEqual(['device.list', 'device.list:query']);

    // Personal users have no role management at all.
    const personal = await signedIn(t.app);
    const refused = await call(t.app, 'POST', `${ROLE}/insert`, {
      token: personal.token,
      body: { roleName: 'Mine', permissions: [] },
    });
    expect(refused.status).toBe(403);
  });

  it('offers each back office the roles it may give, the administrator role only to administrators', async () => {
    const platformB = await call<Platform>(t.app, 'POST', '/api/base/BaseCustomPage/insert', {
      token: operator,
      body: { topDomain: HOST_B, title: 'Tenant B' },
    });
    const operatorB = await signedIn(t.app, {
      roleCode: 'operator',
      platformId: platformB.data.id,
      host: HOST_B,
    });
    const roleB = await call<RoleDetail>(t.app, 'POST', `${ROLE}/sysInsert`, {
      token: operatorB.token,
      host: HOST_B,
      body: { roleName: 'Tenant B staff', permissions: ['system.consumerList:query'] },
    });
    expect(roleB.data.platformId).toBe(platformB.data.id);

    const listFor = async (token: string, host?: string) =>
      (
        await call<RolePick[]>(t.app, 'POST', `${ROLE}/querySystemRoleList`, {
          token,
          body: {},
          ...(host ? { host } : {}),
        })
      ).data.map((r) => r.roleName);
    expect(await listFor(operatorB.token, HOST_B)).toContain('Tenant B staff');
    expect(await listFor(operator)).not.toContain('Tenant B staff');
    const dealer = await signedIn(t.app, { roleCode: 'dealer' });
    const dealerList = await call<RolePick[]>(t.app, 'POST', `${ROLE}/querySystemRoleList`, {
      token: dealer.token,
      body: {},
    });
    expect(dealerList.data.map((r) => r.code)).not.toContain('operator');
    expect(dealerList.data.map((r) => r.code)).toContain('personalUser');

    // Platform B's operator lists only its own custom roles beside the system ones.
    const pageB = await call<PageResponse<RoleRow>>(t.app, 'POST', `${ROLE}/sysPage`, {
      token: operatorB.token,
      host: HOST_B,
      body: { roleType: 'custom', pageSize: 50 },
    });
    expect(pageB.data.data.map((r) => r.roleName)).toEqual(['Tenant B staff']);
  });
});
