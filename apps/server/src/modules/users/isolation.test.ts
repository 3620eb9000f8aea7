import type { DownloadRow, Platform, RoleDetail, UserPick, UserRow } from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { signedIn } from '../devices/test-support.ts';
import { downloadsSettled } from '../downloads/downloads.service.ts';
import { PEOPLE_PROBES, type PeopleProbe } from './isolation-probes.ts';

const ACCOUNT = '/api/base/BaseAccount';
const ROLE = '/api/base/BaseRole';
const FILE = '/api/device/FileDownload';
const PASSWORD = 'Passw0rd!';
const HOST_B = 'people-b.example.com';
const MISSING = 999_999;

describe('tenant isolation of users, roles and downloads', () => {
  let t: TestApp;
  const ids = { user: 0, child: 0, platformRole: 0, enterpriseRole: 0, download: 0 };
  const intruders: { name: string; token: string; host?: string; skip: PeopleProbe['target'][] }[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const operator = await login(t.app, 'demo_operator');
    const victim = await signedIn(t.app, { userName: 'victim_user', password: PASSWORD });
    ids.user = victim.id;
    ids.platformRole = (
      await call<RoleDetail>(t.app, 'POST', `${ROLE}/sysInsert`, {
        token: operator,
        body: { roleName: 'Platform A', permissions: ['operation.log:query'] },
      })
    ).data.id;
    const enterprise = await signedIn(t.app, { roleCode: 'enterpriseAdmin' });
    const role = await call<RoleDetail>(t.app, 'POST', `${ROLE}/insert`, {
      token: enterprise.token,
      body: { roleName: 'Enterprise A', permissions: ['device.list:query'] },
    });
    ids.enterpriseRole = role.data.id;
    ids.child = (
      await call<UserRow>(t.app, 'POST', `${ACCOUNT}/child/insert`, {
        token: enterprise.token,
        body: {
          userName: 'child_of_a',
          accountPassword: PASSWORD,
          confirmPassword: PASSWORD,
          roleCode: role.data.code,
        },
      })
    ).data.id;
    ids.download = (
      await call<DownloadRow>(t.app, 'POST', `${FILE}/insert`, {
        token: enterprise.token,
        body: { kind: 'devices', condition: {} },
      })
    ).data.id;
    await downloadsSettled(t.app.ctx);

    const platformB = await call<Platform>(t.app, 'POST', '/api/base/BaseCustomPage/insert', {
      token: operator,
      body: { topDomain: HOST_B, title: 'Tenant B' },
    });
    const onB = (roleCode: 'operator' | 'enterpriseAdmin') =>
      signedIn(t.app, { roleCode, platformId: platformB.data.id, host: HOST_B });
    intruders.push({
      name: 'operator of another platform',
      host: HOST_B,
      token: (await onB('operator')).token,
      skip: [],
    });
    intruders.push({
      name: 'enterprise of another platform',
      host: HOST_B,
      token: (await onB('enterpriseAdmin')).token,
      skip: [],
    });
    // Same platform: the back office legitimately sees platform A's users and roles.
    intruders.push({
      name: 'another enterprise',
      token: (await signedIn(t.app, { roleCode: 'enterpriseAdmin' })).token,
      skip: [],
    });
    intruders.push({ name: 'personal user', token: (await signedIn(t.app)).token, skip: [] });
    intruders.push({
      name: 'operator of the same platform',
      token: (await signedIn(t.app, { roleCode: 'operator' })).token,
      skip: ['user', 'platformRole'],
    });
  });
  afterAll(async () => t.close());

  it('answers every id-bearing call about another account’s things exactly as for a missing id', async () => {
    for (const intruder of intruders) {
      for (const probe of PEOPLE_PROBES) {
        if (intruder.skip.includes(probe.target)) continue;
        const ask = (id: number) =>
          call(t.app, probe.method, probe.url, {
            token: intruder.token,
            locale: 'en-US',
            ...(intruder.host ? { host: intruder.host } : {}),
            ...(probe.body ? { body: probe.body(id) } : {}),
            ...(probe.query ? { query: probe.query(id) } : {}),
          });
        const foreign = await ask(ids[probe.target]);
        const missing = await ask(MISSING);
        const label = `${intruder.name} ${probe.name}`;
        expect([foreign.status, foreign.code, foreign.msg, foreign.data], label).toEqual([
          missing.status,
          missing.code,
          missing.msg,
          missing.data,
        ]);
        if (!probe.list)
          expect(foreign.code === 403 || foreign.code === 1004, `${label}: ${foreign.code}`).toBe(true);
      }
    }
    const db = t.app.ctx.db;
    const victim = await db
      .selectFrom('account')
      .selectAll()
      .where('id', 'in', [ids.user, ids.child])
      .orderBy('id')
      .execute();
    expect(victim.map((a) => [a.realName, a.deletedFlag, a.accountType, a.companyName])).toEqual([
      [null, 0, 1, null],
      [null, 0, 2, null],
    ]);
    expect(await login(t.app, 'victim_user', PASSWORD)).toBeTruthy();
    const roles = await db
      .selectFrom('role')
      .select('roleName')
      .where('id', 'in', [ids.platformRole, ids.enterpriseRole])
      .orderBy('id')
      .execute();
    expect(roles.map((r) => r.roleName)).toEqual(['Platform A', 'Enterprise A']);
    const file = await db.selectFrom('downloadFile').select('state').where('id', '=', ids.download).execute();
    expect(file).toEqual([{ state: 'generated' }]);
  });

  it('shows nothing of another platform or enterprise in lists and pickers', async () => {
    for (const intruder of intruders) {
      const opts = { token: intruder.token, ...(intruder.host ? { host: intruder.host } : {}) };
      const picks = await call<UserPick[]>(t.app, 'POST', `${ACCOUNT}/get/list`, {
        ...opts,
        body: { ids: [ids.user, ids.child] },
      });
      if (picks.code === 0 && intruder.skip.length === 0) expect(picks.data, intruder.name).toEqual([]);
      const children = await call<{ data: UserRow[] }>(t.app, 'POST', `${ACCOUNT}/child/page`, {
        ...opts,
        body: {},
      });
      if (children.code === 0)
        expect(
          children.data.data.map((u) => u.id),
          intruder.name,
        ).not.toContain(ids.child);
      const roles = await call<{ data: RoleDetail[] }>(t.app, 'POST', `${ROLE}/page`, { ...opts, body: {} });
      if (roles.code === 0)
        expect(
          roles.data.data.map((r) => r.id),
          intruder.name,
        ).not.toContain(ids.enterpriseRole);
      const files = await call<{ data: DownloadRow[] }>(t.app, 'POST', `${FILE}/page`, { ...opts, body: {} });
      if (files.code === 0)
        expect(
          files.data.data.map((f) => f.id),
          intruder.name,
        ).not.toContain(ids.download);
      const camp = await call<{ id: number }[]>(t.app, 'GET', `${ROLE}/queryRolesByCampAccount`, opts);
      if (camp.code === 0)
        expect(
          camp.data.map((r) => r.id),
          intruder.name,
        ).not.toContain(ids.enterpriseRole);
      const sysRoles = await call<{ id: number }[]>(t.app, 'POST', `${ROLE}/querySystemRoleList`, {
        ...opts,
        body: {},
      });
      if (sysRoles.code === 0 && intruder.host)
        expect(
          sysRoles.data.map((r) => r.id),
          intruder.name,
        ).not.toContain(ids.platformRole);
      const users = await call<{ data: UserRow[] }>(t.app, 'POST', `${ACCOUNT}/queryUserByCondition`, {
        ...opts,
        body: { pageSize: 200 },
      });
      if (users.code === 0 && intruder.host)
        expect(
          users.data.data.map((u) => u.id),
          intruder.name,
        ).not.toContain(ids.user);
    }
  });
});
