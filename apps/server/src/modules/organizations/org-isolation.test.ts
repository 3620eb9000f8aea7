import type { Asset, Organization, Platform, Project } from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { addDevice, publishedType, signedIn } from '../devices/test-support.ts';
import { MISSING_IDS as MISSING, ORGANIZATION_PROBES, type OrgIds, type OwnIds } from './isolation-probes.ts';

const ORG = '/api/base/BaseOrganization';
const ACCOUNT = '/api/base/BaseAccount';
const PROJECT = '/api/base/BaseProject';
const ASSET = '/api/device/DeviceComb';

describe('tenant isolation of organizations, projects and assets', () => {
  let t: TestApp;
  let victim: OrgIds;
  const intruders: { name: string; token: string; host?: string; own: OwnIds }[] = [];
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
      {
        name: 'operator of another platform',
        host: HOST_B,
        token: (await signedIn(t.app, { roleCode: 'operator', platformId: platformB.data.id, host: HOST_B }))
          .token,
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
      for (const probe of ORGANIZATION_PROBES) {
        const ask = (ids: OrgIds) =>
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
        expect([foreign.status, foreign.code, foreign.msg, foreign.data], label).toEqual([
          missing.status,
          missing.code,
          missing.msg,
          missing.data,
        ]);
        if (!probe.list) expect(foreign.code, label).not.toBe(0);
      }
    }
  }, 300_000);

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
