import type {
  AccountInfo,
  AlarmMessage,
  AssignableRole,
  DeviceCounts,
  DevicePosition,
  DeviceRow,
  Organization,
  PageResponse,
} from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { addDevice, publishedType, signedIn } from '../devices/test-support.ts';

const ORG = '/api/base/BaseOrganization';
const ACCOUNT = '/api/base/BaseAccount';
const HOME = '/api/base/BaseHomeOption/organization';
type Caller = { id: number; userName: string; token: string };

describe('the caller’s organizations: accountInfo, device list filter and organization home', () => {
  let t: TestApp;
  let typeId: number;
  let roles: AssignableRole[];

  const createOrg = async (by: Caller, name: string) => {
    const answer = await call<Organization>(t.app, 'POST', `${ORG}/insert`, {
      token: by.token,
      body: { name },
    });
    expect(answer.code, answer.msg).toBe(0);
    return answer.data;
  };
  /** Invites an account by id with a role and accepts as the invitee. */
  const join = async (organizationId: number, who: Caller, by: Caller, roleCode: string) => {
    const roleId = roles.find((r) => r.code === roleCode)?.id;
    const added = await call(t.app, 'POST', `${ACCOUNT}/organizationAddUser`, {
      token: by.token,
      body: { organizationId, accountId: who.id, roleId },
    });
    expect(added.code, added.msg).toBe(0);
    const mine = await call<{ id: number; organizationId: number }[]>(t.app, 'GET', `${ORG}/myInvitations`, {
      token: who.token,
    });
    const invitation = mine.data.find((i) => i.organizationId === organizationId);
    const accepted = await call(t.app, 'PUT', `${ORG}/acceptInvitation`, {
      token: who.token,
      body: { id: invitation?.id },
    });
    expect(accepted.code, accepted.msg).toBe(0);
  };
  const bind = async (by: Caller, organizationId: number, deviceIds: number[]) => {
    const bound = await call(t.app, 'PUT', `${ORG}/bindDevices`, {
      token: by.token,
      body: { id: organizationId, deviceIds },
    });
    expect(bound.code, bound.msg).toBe(0);
  };
  const info = async (who: Caller) =>
    (await call<AccountInfo>(t.app, 'GET', `${ACCOUNT}/accountInfo`, { token: who.token })).data;
  const alarmOn = (deviceId: number, accountId: number) =>
    t.app.ctx.db
      .insertInto('alarmMessage')
      .values({
        platformId: 1,
        accountId,
        deviceId,
        messageType: 'temperatureHigh',
        state: 'untreated',
        newFlag: 1,
        createdAt: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await createTestApp();
    const operator = await login(t.app, 'demo_operator');
    typeId = (await publishedType(t.app, operator)).type.id;
    const someone = await signedIn(t.app, { roleCode: 'enterpriseAdmin' });
    roles = (await call<AssignableRole[]>(t.app, 'GET', `${ORG}/roles`, { token: someone.token })).data;
  });
  afterAll(async () => t.close());

  it('lists no organization for an account that belongs to none', async () => {
    const loner = await signedIn(t.app);
    expect((await info(loner)).orgWithMyRole).toEqual([]);
  });

  it('lists each organization of the caller with the role it holds there, and no other', async () => {
    const me = await signedIn(t.app, { roleCode: 'enterpriseAdmin' });
    const other = await signedIn(t.app, { roleCode: 'enterpriseAdmin' });
    const third = await signedIn(t.app, { roleCode: 'enterpriseAdmin' });
    const own = await createOrg(me, `Alpha ${me.id}`);
    const theirs = await createOrg(other, `Beta ${me.id}`);
    const managed = await createOrg(third, `Gamma ${me.id}`);
    const foreign = await createOrg(other, `Delta ${me.id}`);
    await join(theirs.id, me, other, 'organizationMember');
    await join(managed.id, me, third, 'enterpriseAdmin');

    expect((await info(me)).orgWithMyRole).toEqual([
      { organizationId: own.id, organizationName: `Alpha ${me.id}`, roleCode: 'enterpriseAdmin' },
      { organizationId: theirs.id, organizationName: `Beta ${me.id}`, roleCode: 'organizationMember' },
      { organizationId: managed.id, organizationName: `Gamma ${me.id}`, roleCode: 'enterpriseAdmin' },
    ]);
    expect((await info(me)).orgWithMyRole.map((o) => o.organizationId)).not.toContain(foreign.id);
    expect((await info(other)).orgWithMyRole.map((o) => o.organizationId)).toEqual([theirs.id, foreign.id]);
  });

  describe('with an organization holding some of its creator’s devices', () => {
    let creator: Caller;
    let member: Caller;
    let orgId: number;
    let otherOrgId: number;
    let inOrg: number[];
    let outside: number;

    beforeAll(async () => {
      creator = await signedIn(t.app, { roleCode: 'enterpriseAdmin' });
      member = await signedIn(t.app);
      orgId = (await createOrg(creator, 'Cold North')).id;
      otherOrgId = (await createOrg(creator, 'Cold South')).id;
      const first = await addDevice(t.app, creator.token, typeId, {
        deviceName: 'North A',
        latitude: 31.2,
        longitude: 121.5,
      });
      const second = await addDevice(t.app, creator.token, typeId, { deviceName: 'North B' });
      const south = await addDevice(t.app, creator.token, typeId, { deviceName: 'South A' });
      outside = (await addDevice(t.app, creator.token, typeId, { deviceName: 'Loose' })).id;
      inOrg = [first.id, second.id];
      await bind(creator, orgId, inOrg);
      await bind(creator, otherOrgId, [south.id]);
      await join(orgId, member, creator, 'organizationMember');
      await alarmOn(first.id, creator.id);
      await alarmOn(south.id, creator.id);
    });

    const page = (who: Caller, body: Record<string, unknown>) =>
      call<PageResponse<DeviceRow>>(t.app, 'POST', '/api/device/Device/page', {
        token: who.token,
        body: { start: 1, pageSize: 50, ...body },
      });

    it('filters the device list by organization', async () => {
      const all = await page(creator, {});
      expect(all.data.totalCount).toBe(4);
      const north = await page(creator, { organizationId: orgId });
      expect(north.data.data.map((d) => d.id).sort()).toEqual([...inOrg].sort());
      expect((await page(creator, { organizationId: otherOrgId })).data.totalCount).toBe(1);
      expect(all.data.data.map((d) => d.id)).toContain(outside);
    });

    it('shows a member the organization’s devices only, and nothing of an organization it is not in', async () => {
      const north = await page(member, { organizationId: orgId });
      expect(north.data.data.map((d) => d.id).sort()).toEqual([...inOrg].sort());
      const south = await page(member, { organizationId: otherOrgId });
      expect(south.data).toMatchObject({ totalCount: 0, data: [] });
      const bad = await call(t.app, 'POST', '/api/device/Device/page', {
        token: member.token,
        body: { start: 1, pageSize: 10, organizationId: 'x' },
        locale: 'en-US',
      });
      expect(bad.status).toBe(200);
      expect(bad.code).not.toBe(0);
      expect(bad.msg).toBe('Organization: has the wrong type');
    });

    it('gives members the organization home: counts, positions and alarms of its devices', async () => {
      for (const who of [member, creator]) {
        const counts = await call<DeviceCounts>(t.app, 'GET', `${HOME}/statusCount`, {
          token: who.token,
          query: { organizationId: String(orgId) },
        });
        expect(counts.code, counts.msg).toBe(0);
        expect(counts.data).toMatchObject({ total: 2, scrapped: 0 });
        const positions = await call<DevicePosition[]>(t.app, 'GET', `${HOME}/positions`, {
          token: who.token,
          query: { organizationId: String(orgId) },
        });
        expect(positions.data.map((p) => p.deviceName)).toEqual(['North A']);
      }
      const alarms = await call<PageResponse<AlarmMessage>>(t.app, 'POST', '/api/device/alarm/page', {
        token: member.token,
        body: { start: 1, pageSize: 10, organizationId: orgId },
      });
      expect(alarms.data.data.map((a) => a.deviceId)).toEqual([inOrg[0]]);
      const creatorAlarms = await call<PageResponse<AlarmMessage>>(t.app, 'POST', '/api/device/alarm/page', {
        token: creator.token,
        body: { start: 1, pageSize: 10, organizationId: otherOrgId },
      });
      expect(creatorAlarms.data.totalCount).toBe(1);
    });

    it('answers the home of an organization the caller is not in as a missing one', async () => {
      const outsider = await signedIn(t.app, { roleCode: 'organizationMember' });
      for (const [who, id] of [
        [outsider, orgId],
        [member, otherOrgId],
        [member, 999_999],
      ] as const) {
        const answer = await call(t.app, 'GET', `${HOME}/statusCount`, {
          token: who.token,
          query: { organizationId: String(id) },
          locale: 'en-US',
        });
        expect(answer.status).toBe(200);
        expect(answer.code).not.toBe(0);
        expect(answer.msg).toMatch(/organization/i);
      }
    });
  });
});
