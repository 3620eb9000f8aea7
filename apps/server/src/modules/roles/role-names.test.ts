import type {
  AssignableRole,
  Invitation,
  Member,
  Organization,
  PageResponse,
  RoleDetail,
  RolePick,
  RoleRow,
  UserRow,
} from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { signedIn } from '../devices/test-support.ts';

const ROLE = '/api/base/BaseRole';
const ORG = '/api/base/BaseOrganization';
const ACCOUNT = '/api/base/BaseAccount';

/**
 * System roles are stored once, in one language; every answer naming a role gives a system role's
 * name (and description) in the caller's language and a user-defined role's as its maker wrote it.
 */
describe('role names in the reader language', () => {
  let t: TestApp;
  let operator: string;
  let enterprise: { id: number; token: string };
  let platformRole: RoleDetail;
  let enterpriseRole: RoleDetail;

  beforeAll(async () => {
    t = await createTestApp();
    operator = await login(t.app, 'demo_operator');
    enterprise = await signedIn(t.app, { roleCode: 'enterpriseAdmin' });
    platformRole = (
      await call<RoleDetail>(t.app, 'POST', `${ROLE}/sysInsert`, {
        token: operator,
        body: { roleName: 'Auditors', description: 'reads the log', permissions: ['operation.log:query'] },
      })
    ).data;
    enterpriseRole = (
      await call<RoleDetail>(t.app, 'POST', `${ROLE}/insert`, {
        token: enterprise.token,
        body: { roleName: 'Drivers', permissions: ['device.list:query'] },
      })
    ).data;
  });
  afterAll(async () => t.close());

  const sysPage = (locale: string, body: Record<string, unknown> = {}) =>
    call<PageResponse<RoleRow>>(t.app, 'POST', `${ROLE}/sysPage`, {
      token: operator,
      body: { pageSize: 50, ...body },
      locale,
    });
  const byCode = <R extends { code: string }>(rows: R[], code: string) => rows.find((r) => r.code === code);

  it('names and describes system roles in the caller language on the role page and in the detail', async () => {
    const english = (await sysPage('en-US')).data.data;
    expect(byCode(english, 'operator')).toMatchObject({
      roleName: 'Operator',
      description: 'Runs the platform: every function of the user console and the back office',
    });
    expect(byCode(english, 'organizationMember')?.roleName).toBe('Organization member');
    const german = (await sysPage('de-DE')).data.data;
    expect(byCode(german, 'operator')).toMatchObject({
      roleName: 'Betreiber',
      description: expect.any(String),
    });
    expect(byCode(german, 'personalUser')?.roleName).toBe('Privatnutzer');
    for (const rows of [english, german])
      expect(byCode(rows, platformRole.code)).toMatchObject({
        roleName: 'Auditors',
        description: 'reads the log',
      });

    const id = String(byCode(english, 'serviceEngineer')?.id);
    const detail = (locale: string) =>
      call<RoleDetail>(t.app, 'GET', `${ROLE}/detail`, { token: operator, query: { id }, locale });
    expect((await detail('zh-CN')).data.roleName).toBe('服务工程师');
    expect((await detail('ru-RU')).data).toMatchObject({
      roleName: 'Сервисный инженер',
      permissions: expect.arrayContaining(['operation.device']),
    });
  });

  it('finds and orders system roles by the name the caller reads', async () => {
    const codes = async (locale: string, roleName: string) =>
      (await sysPage(locale, { roleName })).data.data.map((r) => r.code);
    expect(await codes('zh-CN', '运营')).toEqual(['operator']);
    expect(await codes('de-DE', 'betreiber')).toEqual(['operator']);
    expect(await codes('de-DE', 'Operator')).toEqual([]);
    expect(await codes('en-US', 'audit')).toEqual([platformRole.code]);
    expect(await codes('en-US', 'admin')).toEqual(['calibrationAdmin', 'enterpriseAdmin']);

    const sorted = (await sysPage('en-US', { sortField: 'roleName', sortOrder: 'ascend' })).data.data;
    const names = sorted.map((r) => r.roleName);
    expect(names.slice(0, 3)).toEqual(['Auditors', 'Calibration admin', 'Dealer']);
    expect(names.indexOf('Operator')).toBeLessThan(names.indexOf('Organization member'));
    expect(names.indexOf('Organization member')).toBeLessThan(names.indexOf('Personal user'));
  });

  it('names the roles of the role pickers in the caller language', async () => {
    const systemList = async (locale: string, roleName?: string) =>
      (
        await call<RolePick[]>(t.app, 'POST', `${ROLE}/querySystemRoleList`, {
          token: operator,
          body: roleName ? { roleName } : {},
          locale,
        })
      ).data;
    expect(byCode(await systemList('es-ES'), 'dealer')?.roleName).toBe('Distribuidor');
    expect(byCode(await systemList('zh-TW'), 'dealer')?.roleName).toBe('經銷商');
    expect((await systemList('pt-PT', 'revendedor')).map((r) => r.code)).toEqual(['dealer']);
    expect((await systemList('pt-PT', 'Auditors')).map((r) => r.roleName)).toEqual(['Auditors']);

    for (const path of ['queryRolesByCampAccount', 'queryRoleByOrganizationType']) {
      const picks = (locale: string) =>
        call<RolePick[]>(t.app, 'GET', `${ROLE}/${path}`, {
          token: enterprise.token,
          query: { organizationType: '1' },
          locale,
        });
      expect((await picks('en-US')).data.map((r) => r.roleName)).toEqual(['Organization member', 'Drivers']);
      expect((await picks('zh-CN')).data.map((r) => r.roleName)).toEqual(['组织成员', 'Drivers']);
    }
    const own = await call<PageResponse<RoleRow>>(t.app, 'POST', `${ROLE}/page`, {
      token: enterprise.token,
      body: {},
      locale: 'ru-RU',
    });
    expect(own.data.data.map((r) => r.roleName)).toEqual([enterpriseRole.roleName]);
  });

  it('names the role of each user in the user lists', async () => {
    const users = async (locale: string) =>
      (
        await call<PageResponse<UserRow>>(t.app, 'POST', `${ACCOUNT}/queryUserByCondition`, {
          token: operator,
          body: { userName: 'demo_', pageSize: 50 },
          locale,
        })
      ).data.data;
    const role = (rows: UserRow[], userName: string) => rows.find((u) => u.userName === userName)?.roleName;
    expect(role(await users('en-US'), 'demo_user')).toBe('Personal user');
    expect(role(await users('de-DE'), 'demo_user')).toBe('Privatnutzer');
    expect(role(await users('zh-CN'), 'demo_operator')).toBe('运营管理员');
  });

  it('names the roles held and offered in organizations, in members and in invitations', async () => {
    const org = await call<Organization>(t.app, 'POST', `${ORG}/insert`, {
      token: enterprise.token,
      body: { name: 'Role Names Co' },
      locale: 'en-US',
    });
    expect(org.code, org.msg).toBe(0);
    const detail = await call<Organization>(t.app, 'GET', `${ORG}/detail`, {
      token: enterprise.token,
      query: { id: String(org.data.id) },
      locale: 'es-ES',
    });
    expect(detail.data.myRole).toMatchObject({
      code: 'enterpriseAdmin',
      roleName: 'Administrador de empresa',
    });

    const offered = await call<AssignableRole[]>(t.app, 'GET', `${ORG}/roles`, {
      token: enterprise.token,
      locale: 'en-US',
    });
    expect(byCode(offered.data, 'organizationMember')?.roleName).toBe('Organization member');
    expect(byCode(offered.data, platformRole.code)?.roleName).toBe('Auditors');

    const members = await call<PageResponse<Member>>(t.app, 'POST', `${ACCOUNT}/getAccountList/page`, {
      token: enterprise.token,
      body: { organizationId: org.data.id },
      locale: 'ru-RU',
    });
    expect(members.data.data.map((m) => m.roleName)).toEqual(['Администратор организации']);

    const invitee = await signedIn(t.app, { roleCode: 'enterpriseAdmin' });
    const added = await call(t.app, 'POST', `${ACCOUNT}/organizationAddUser`, {
      token: enterprise.token,
      body: { organizationId: org.data.id, accountId: invitee.id },
    });
    expect(added.code, added.msg).toBe(0);
    const mine = await call<Invitation[]>(t.app, 'GET', `${ORG}/myInvitations`, {
      token: invitee.token,
      locale: 'pt-PT',
    });
    expect(mine.data.map((i) => i.roleName)).toEqual(['Membro da organização']);
    const sent = await call<Invitation[]>(t.app, 'GET', `${ORG}/invitationList`, {
      token: enterprise.token,
      query: { organizationId: String(org.data.id) },
      locale: 'en-US',
    });
    expect(sent.data.map((i) => i.roleName)).toEqual(['Organization member']);
  });
});
