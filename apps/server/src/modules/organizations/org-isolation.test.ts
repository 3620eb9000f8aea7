import type { Asset, Organization, Platform, Project } from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { addDevice, publishedType, signedIn } from '../devices/test-support.ts';

const ORG = '/api/base/BaseOrganization';
const ACCOUNT = '/api/base/BaseAccount';
const PROJECT = '/api/base/BaseProject';
const ASSET = '/api/device/DeviceComb';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The victim's ids a probe names, or the ids of nothing at all. */
interface Ids {
  org: number;
  member: number;
  invitation: number;
  project: number;
  asset: number;
  device: number;
}
/** The intruder's own things, to pair with the victim's ids. */
interface Own {
  org: number;
  project: number;
  asset: number;
  device: number;
}
interface Probe {
  name: string;
  method: Method;
  url: string;
  body?: (v: Ids, own: Own) => unknown;
  query?: (v: Ids, own: Own) => Record<string, string>;
}

const q = (o: Record<string, number>) =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, String(v)]));

/** Every call of organizations, projects and assets that names an id. */
const CALLS: Probe[] = [
  { name: 'org detail', method: 'GET', url: `${ORG}/detail`, query: (v) => q({ id: v.org }) },
  { name: 'org update', method: 'PUT', url: `${ORG}/update`, body: (v) => ({ id: v.org, name: 'Taken' }) },
  { name: 'org delete', method: 'DELETE', url: `${ORG}/delete`, query: (v) => q({ id: v.org }) },
  {
    name: 'org sub',
    method: 'POST',
    url: `${ORG}/insert`,
    body: (v) => ({ name: 'Inside', parentId: v.org }),
  },
  {
    name: 'org transfer',
    method: 'PUT',
    url: `${ORG}/transfer`,
    body: (v) => ({ id: v.org, accountId: v.member }),
  },
  {
    name: 'org devices',
    method: 'POST',
    url: `${ORG}/devicePage`,
    body: (v) => ({ id: v.org, start: 1, pageSize: 10 }),
  },
  {
    name: 'org bind into foreign org',
    method: 'PUT',
    url: `${ORG}/bindDevices`,
    body: (v, own) => ({ id: v.org, deviceIds: [own.device] }),
  },
  {
    name: 'org bind foreign device',
    method: 'PUT',
    url: `${ORG}/bindDevices`,
    body: (v, own) => ({ id: own.org, deviceIds: [v.device] }),
  },
  {
    name: 'org unbind',
    method: 'PUT',
    url: `${ORG}/unbindDevices`,
    body: (v) => ({ id: v.org, deviceIds: [v.device] }),
  },
  {
    name: 'members',
    method: 'POST',
    url: `${ACCOUNT}/getAccountList/page`,
    body: (v) => ({ organizationId: v.org, start: 1, pageSize: 10 }),
  },
  {
    name: 'invite',
    method: 'POST',
    url: `${ACCOUNT}/invite`,
    body: (v) => ({ organizationId: v.org, email: 'intruder-friend@example.com' }),
  },
  {
    name: 'add user',
    method: 'POST',
    url: `${ACCOUNT}/organizationAddUser`,
    body: (v) => ({ organizationId: v.org, accountId: v.member }),
  },
  {
    name: 'remove member',
    method: 'DELETE',
    url: `${ACCOUNT}/deleteInOrganization`,
    query: (v) => q({ organizationId: v.org, accountId: v.member }),
  },
  {
    name: 'update role',
    method: 'PUT',
    url: '/api/base/BaseRole/updateRoleInOrganization',
    body: (v) => ({ organizationId: v.org, accountId: v.member, roleId: 1 }),
  },
  {
    name: 'update relation',
    method: 'PUT',
    url: `${ACCOUNT}/updateAccountOrganizationRel`,
    body: (v) => ({ organizationId: v.org, accountId: v.member, permissionModelId: 9 }),
  },
  {
    name: 'move member into foreign org',
    method: 'PUT',
    url: `${ACCOUNT}/updateAccountOrganizationRel`,
    body: (v, own) => ({ organizationId: own.org, accountId: v.member, targetOrganizationId: v.org }),
  },
  {
    name: 'invitations',
    method: 'GET',
    url: `${ORG}/invitationList`,
    query: (v) => q({ organizationId: v.org }),
  },
  {
    name: 'cancel invitation',
    method: 'DELETE',
    url: `${ORG}/cancelInvitation`,
    query: (v) => q({ id: v.invitation }),
  },
  {
    name: 'accept invitation',
    method: 'PUT',
    url: `${ORG}/acceptInvitation`,
    body: (v) => ({ id: v.invitation }),
  },
  {
    name: 'decline invitation',
    method: 'PUT',
    url: `${ORG}/declineInvitation`,
    body: (v) => ({ id: v.invitation }),
  },
  { name: 'project detail', method: 'GET', url: `${PROJECT}/detail`, query: (v) => q({ id: v.project }) },
  {
    name: 'project update',
    method: 'PUT',
    url: `${PROJECT}/update`,
    body: (v) => ({ id: v.project, projectName: 'Taken' }),
  },
  { name: 'project delete', method: 'DELETE', url: `${PROJECT}/delete`, query: (v) => q({ id: v.project }) },
  {
    name: 'project devices',
    method: 'POST',
    url: `${PROJECT}/devicePage`,
    body: (v) => ({ id: v.project, start: 1, pageSize: 10 }),
  },
  {
    name: 'project bind foreign device',
    method: 'PUT',
    url: `${PROJECT}/bindDevices`,
    body: (v, own) => ({ id: own.project, deviceIds: [v.device] }),
  },
  {
    name: 'project bind into foreign project',
    method: 'PUT',
    url: `${PROJECT}/bindDevices`,
    body: (v, own) => ({ id: v.project, deviceIds: [own.device] }),
  },
  {
    name: 'project unbind',
    method: 'PUT',
    url: `${PROJECT}/unbindDevices`,
    body: (v) => ({ id: v.project, deviceIds: [v.device] }),
  },
  {
    name: 'project insert with foreign device',
    method: 'POST',
    url: `${PROJECT}/insert`,
    body: (v) => ({ projectName: 'Grab', deviceIds: [v.device] }),
  },
  { name: 'asset detail', method: 'GET', url: `${ASSET}/detail`, query: (v) => q({ id: v.asset }) },
  {
    name: 'asset update',
    method: 'PUT',
    url: `${ASSET}/update`,
    body: (v) => ({ id: v.asset, combName: 'Taken' }),
  },
  { name: 'asset delete', method: 'DELETE', url: `${ASSET}/delete`, query: (v) => q({ id: v.asset }) },
  {
    name: 'asset state',
    method: 'PUT',
    url: `${ASSET}/updateState`,
    body: (v) => ({ id: v.asset, combState: 0 }),
  },
  {
    name: 'asset devices',
    method: 'POST',
    url: `${ASSET}/devicePage`,
    body: (v) => ({ id: v.asset, start: 1, pageSize: 10 }),
  },
  {
    name: 'asset bind foreign device',
    method: 'PUT',
    url: `${ASSET}/bindDevices`,
    body: (v, own) => ({ id: own.asset, deviceIds: [v.device] }),
  },
  {
    name: 'asset bind into foreign asset',
    method: 'PUT',
    url: `${ASSET}/bindDevices`,
    body: (v, own) => ({ id: v.asset, deviceIds: [own.device] }),
  },
  {
    name: 'asset unbind',
    method: 'PUT',
    url: `${ASSET}/unbindDevices`,
    body: (v) => ({ id: v.asset, deviceIds: [v.device] }),
  },
  {
    name: 'asset insert with foreign device',
    method: 'POST',
    url: `${ASSET}/insert`,
    body: (v) => ({ combName: 'Grab', deviceIds: [v.device] }),
  },
  {
    name: 'asset insert into foreign org',
    method: 'POST',
    url: `${ASSET}/insert`,
    body: (v) => ({ combName: 'Grab', organizationId: v.org }),
  },
];

const MISSING: Ids = {
  org: 999_999,
  member: 999_998,
  invitation: 999_999,
  project: 999_999,
  asset: 999_999,
  device: 999_999,
};

describe('tenant isolation of organizations, projects and assets', () => {
  let t: TestApp;
  let victim: Ids;
  const intruders: { name: string; token: string; host?: string; own: Own }[] = [];
  const HOST_B = 'org-tenant-b.example.com';

  beforeAll(async () => {
    t = await createTestApp();
    const operator = await login(t.app, 'demo_operator');
    const typeId = (await publishedType(t.app, operator)).type.id;
    const owner = await signedIn(t.app, { roleCode: 'enterpriseAdmin' });
    const memberEmail = `victim-member${process.pid}@example.com`;
    const member = await signedIn(t.app, { roleCode: 'enterpriseAdmin', email: memberEmail });
    const device = await addDevice(t.app, owner.token, typeId, { deviceName: 'Victim' });
    const org = (
      await call<Organization>(t.app, 'POST', `${ORG}/insert`, {
        token: owner.token,
        body: { name: 'Victim Org' },
      })
    ).data;
    await call(t.app, 'PUT', `${ORG}/bindDevices`, {
      token: owner.token,
      body: { id: org.id, deviceIds: [device.id] },
    });
    await call(t.app, 'POST', `${ACCOUNT}/invite`, {
      token: owner.token,
      body: { organizationId: org.id, email: memberEmail },
    });
    const [first] = (
      await call<{ id: number }[]>(t.app, 'GET', `${ORG}/myInvitations`, { token: member.token })
    ).data;
    await call(t.app, 'PUT', `${ORG}/acceptInvitation`, { token: member.token, body: { id: first?.id } });
    const pending = await call<{ invitationId: number }>(t.app, 'POST', `${ACCOUNT}/invite`, {
      token: owner.token,
      body: { organizationId: org.id, email: 'victim-pending@example.com' },
    });
    const project = (
      await call<Project>(t.app, 'POST', `${PROJECT}/insert`, {
        token: owner.token,
        body: { projectName: 'Victim project', deviceIds: [device.id] },
      })
    ).data;
    const asset = (
      await call<Asset>(t.app, 'POST', `${ASSET}/insert`, {
        token: owner.token,
        body: { combName: 'Victim asset', deviceIds: [device.id], organizationId: org.id },
      })
    ).data;
    victim = {
      org: org.id,
      member: member.id,
      invitation: pending.data.invitationId,
      project: project.id,
      asset: asset.id,
      device: device.id,
    };

    const platformB = await call<Platform>(t.app, 'POST', '/api/base/BaseCustomPage/insert', {
      token: operator,
      body: { topDomain: HOST_B, title: 'Tenant B' },
    });
    const accounts: { name: string; token: string; host?: string }[] = [
      { name: 'personal user', token: (await signedIn(t.app)).token },
      { name: 'enterprise admin', token: (await signedIn(t.app, { roleCode: 'enterpriseAdmin' })).token },
      {
        name: 'organization member',
        token: (await signedIn(t.app, { roleCode: 'organizationMember' })).token,
      },
      {
        name: 'enterprise admin of another platform',
        host: HOST_B,
        token: (
          await signedIn(t.app, { roleCode: 'enterpriseAdmin', platformId: platformB.data.id, host: HOST_B })
        ).token,
      },
    ];
    for (const account of accounts) {
      const opts = { token: account.token, ...(account.host ? { host: account.host } : {}) };
      const ownDevice = account.host
        ? { id: MISSING.device }
        : await addDevice(t.app, account.token, typeId, { deviceName: 'Intruder' }).catch(() => ({
            id: MISSING.device,
          }));
      const ownOrg = await call<Organization>(t.app, 'POST', `${ORG}/insert`, {
        ...opts,
        body: { name: 'Own org' },
      });
      const ownProject = await call<Project>(t.app, 'POST', `${PROJECT}/insert`, {
        ...opts,
        body: { projectName: 'Own' },
      });
      const ownAsset = await call<Asset>(t.app, 'POST', `${ASSET}/insert`, {
        ...opts,
        body: { combName: 'Own' },
      });
      intruders.push({
        ...account,
        own: {
          org: ownOrg.data?.id ?? MISSING.org,
          project: ownProject.data?.id ?? MISSING.project,
          asset: ownAsset.data?.id ?? MISSING.asset,
          device: ownDevice.id,
        },
      });
    }
  });
  afterAll(async () => t.close());

  it('answers every id-bearing call about another account’s things exactly as for missing ones', async () => {
    for (const intruder of intruders) {
      for (const probe of CALLS) {
        const ask = (ids: Ids) =>
          call(t.app, probe.method, probe.url, {
            token: intruder.token,
            locale: 'en-US',
            ...(intruder.host ? { host: intruder.host } : {}),
            ...(probe.body ? { body: probe.body(ids, intruder.own) } : {}),
            ...(probe.query ? { query: probe.query(ids, intruder.own) } : {}),
          });
        const foreign = await ask(victim);
        const missing = await ask(MISSING);
        const label = `${intruder.name}: ${probe.name}`;
        expect(foreign.status, label).toBe(missing.status);
        expect(foreign.code, label).toBe(missing.code);
        expect(foreign.msg, label).toBe(missing.msg);
        expect(foreign.code, label).not.toBe(0);
      }
    }
  });

  it('left everything of the victim as it was', async () => {
    const db = t.app.ctx.db;
    const org = await db
      .selectFrom('organization')
      .selectAll()
      .where('id', '=', victim.org)
      .executeTakeFirstOrThrow();
    expect(org.name).toBe('Victim Org');
    const members = await db
      .selectFrom('organizationMember')
      .select(['accountId', 'permissionModelId'])
      .where('organizationId', '=', victim.org)
      .orderBy('accountId')
      .execute();
    expect(members.map((m) => m.accountId)).toEqual([org.creatorAccountId, victim.member]);
    expect(members.every((m) => m.permissionModelId === null)).toBe(true);
    const invitations = await db
      .selectFrom('organizationInvitation')
      .select(['contact', 'state'])
      .where('organizationId', '=', victim.org)
      .orderBy('id')
      .execute();
    expect(invitations.map((i) => i.state)).toEqual(['accepted', 'pending']);
    const device = await db
      .selectFrom('device')
      .selectAll()
      .where('id', '=', victim.device)
      .executeTakeFirstOrThrow();
    expect(device).toMatchObject({
      organizationId: victim.org,
      projectId: victim.project,
      useState: 'enabled',
    });
    const project = await db
      .selectFrom('project')
      .selectAll()
      .where('id', '=', victim.project)
      .executeTakeFirstOrThrow();
    expect(project.projectName).toBe('Victim project');
    const asset = await db
      .selectFrom('asset')
      .selectAll()
      .where('id', '=', victim.asset)
      .executeTakeFirstOrThrow();
    expect(asset).toMatchObject({ combName: 'Victim asset', combState: 1 });
    const bound = await db
      .selectFrom('assetDevice')
      .select('deviceId')
      .where('assetId', '=', victim.asset)
      .execute();
    expect(bound.map((b) => b.deviceId)).toEqual([victim.device]);
    const grabbed = await db.selectFrom('asset').select('id').where('combName', '=', 'Grab').execute();
    expect(grabbed).toEqual([]);
  });
});
