import {
  type AlarmCount,
  type AlarmMessage,
  type DeviceDetail,
  type DeviceRow,
  type Invitation,
  type Organization,
  type PageResponse,
  type Param,
  paramPermissionCode,
} from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { addDevice, publishedType, signedIn } from '../devices/test-support.ts';
import { createTemplate, item, shareAccepted } from './test-support.ts';

type Account = Awaited<ReturnType<typeof signedIn>>;

const ALARM = '/api/device/alarm';
const DEVICE = '/api/device/Device';
const ORG = '/api/base/BaseOrganization';
const ACCOUNT = '/api/base/BaseAccount';

/** 000 §6, 002 §3: alarms and limits of a probe a permission template hides are not shown. */
describe('alarms and limits of probes a permission template hides', () => {
  let t: TestApp;
  let owner: Account;
  /** Through a share whose template hides probe 2. */
  let narrowed: Account;
  /** Through a share whose template shows both probes. */
  let trusted: Account;
  /** Through a share whose template hides probe 1. */
  let firstHidden: Account;
  /** Through an organization whose member template hides probe 2. */
  let member: Account;
  let device: DeviceDetail;
  let orgDevice: DeviceDetail;
  let organizationId = 0;
  let noProbeOneId = 0;
  /** A device of the narrowed recipient itself, of the same type. */
  let ownOfNarrowed: DeviceDetail;
  const ids: Record<'probe1' | 'probe2' | 'offline' | 'orgProbe2' | 'orgProbe1' | 'ownProbe2', number> = {
    probe1: 0,
    probe2: 0,
    offline: 0,
    orgProbe2: 0,
    orgProbe1: 0,
    ownProbe2: 0,
  };

  async function addAlarm(target: { id: number }, accountId: number, probeId: number | null) {
    const now = new Date().toISOString();
    const { platformId } = await t.app.ctx.db
      .selectFrom('device')
      .select('platformId')
      .where('id', '=', target.id)
      .executeTakeFirstOrThrow();
    const row = await t.app.ctx.db
      .insertInto('alarmMessage')
      .values({
        platformId,
        accountId,
        deviceId: target.id,
        messageType: probeId === null ? 'offline' : 'alarm',
        cause: probeId === null ? 'offline' : 'high',
        probeId,
        channelKind: probeId === null ? null : 'temperature',
        value: probeId === null ? null : 12,
        limitValue: probeId === null ? null : 8,
        startTime: now,
        state: 'untreated',
        newFlag: 1,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Makes the account a member of the owner's organization under the template. */
  async function join(account: Account, permissionModelId: number) {
    const added = await call(t.app, 'POST', `${ACCOUNT}/organizationAddUser`, {
      token: owner.token,
      body: { organizationId, accountId: account.id, permissionModelId },
    });
    if (added.code !== 0) throw new Error(`member not invited: ${added.msg}`);
    const [invitation] = (
      await call<Invitation[]>(t.app, 'GET', `${ORG}/myInvitations`, { token: account.token })
    ).data;
    const accepted = await call(t.app, 'PUT', `${ORG}/acceptInvitation`, {
      token: account.token,
      body: { id: invitation?.id },
    });
    if (accepted.code !== 0) throw new Error(`invitation not accepted: ${accepted.msg}`);
  }

  beforeAll(async () => {
    t = await createTestApp();
    const operator = await login(t.app, 'demo_operator');
    const { type, params } = await publishedType(t.app, operator, { probes: 2 });
    const [p1, p2] = params as [Param, Param];
    owner = await signedIn(t.app, { roleCode: 'enterpriseAdmin' });
    narrowed = await signedIn(t.app);
    trusted = await signedIn(t.app);
    firstHidden = await signedIn(t.app);
    member = await signedIn(t.app);
    device = await addDevice(t.app, owner.token, type.id);
    orgDevice = await addDevice(t.app, owner.token, type.id, { deviceName: 'Freezer B' });
    ownOfNarrowed = await addDevice(t.app, narrowed.token, type.id, { deviceName: 'Own freezer' });
    for (const target of [device, orgDevice]) {
      const limits = await call(t.app, 'PUT', `${DEVICE}/updateParamSetting`, {
        token: owner.token,
        body: {
          id: target.id,
          probes: [
            { probeId: 1, upperLimit: 8, lowerLimit: 2, correctionValue: 0.5 },
            { probeId: 2, upperLimit: 6, lowerLimit: 0 },
          ],
        },
      });
      if (limits.code !== 0) throw new Error(`limits not set: ${limits.msg}`);
    }
    const template = (name: string, one: 1 | 0, two: 1 | 0) =>
      createTemplate(t.app, owner.token, {
        name,
        deviceTypeId: type.id,
        items: [
          item(paramPermissionCode(p1.id), 'param', one, 0),
          item(paramPermissionCode(p2.id), 'param', two, 0),
          item('export', 'button', 1, 1),
        ],
      });
    const hideTwo = await template('No probe 2', 1, 0);
    await shareAccepted(t.app, owner.token, narrowed, [device.id], hideTwo.id);
    await shareAccepted(t.app, owner.token, trusted, [device.id], (await template('Everything', 1, 1)).id);
    noProbeOneId = (await template('No probe 1', 0, 1)).id;
    await shareAccepted(t.app, owner.token, firstHidden, [device.id], noProbeOneId);

    const org = await call<Organization>(t.app, 'POST', `${ORG}/insert`, {
      token: owner.token,
      body: { name: 'Cold Store' },
    });
    if (org.code !== 0) throw new Error(`organization not created: ${org.msg}`);
    organizationId = org.data.id;
    const bound = await call(t.app, 'PUT', `${ORG}/bindDevices`, {
      token: owner.token,
      body: { id: org.data.id, deviceIds: [orgDevice.id] },
    });
    if (bound.code !== 0) throw new Error(`device not bound: ${bound.msg}`);
    await join(member, hideTwo.id);

    ids.probe1 = await addAlarm(device, owner.id, 1);
    ids.probe2 = await addAlarm(device, owner.id, 2);
    ids.offline = await addAlarm(device, owner.id, null);
    ids.orgProbe1 = await addAlarm(orgDevice, owner.id, 1);
    ids.orgProbe2 = await addAlarm(orgDevice, owner.id, 2);
    ids.ownProbe2 = await addAlarm(ownOfNarrowed, narrowed.id, 2);
  });
  afterAll(async () => t?.close());

  const page = (token: string, body: Record<string, unknown> = {}) =>
    call<PageResponse<AlarmMessage>>(t.app, 'POST', `${ALARM}/page`, {
      token,
      body: { start: 1, pageSize: 50, ...body },
    });
  const idsOf = async (token: string, body: Record<string, unknown> = {}) => {
    const answer = await page(token, body);
    expect(answer.code, answer.msg).toBe(0);
    expect(answer.data.totalCount).toBe(answer.data.data.length);
    return answer.data.data.map((m) => m.id).sort((a, b) => a - b);
  };
  const count = async (token: string) =>
    (await call<AlarmCount>(t.app, 'GET', `${ALARM}/count`, { token })).data;
  const detail = (token: string, id: number) =>
    call<AlarmMessage>(t.app, 'GET', `${ALARM}/detail`, {
      token,
      query: { id: String(id) },
      locale: 'en-US',
    });
  const handle = (token: string, id: number) =>
    call(t.app, 'PUT', `${ALARM}/handle`, {
      token,
      body: { ids: [id], treatment: 'approved', reason: 'fault' },
      locale: 'en-US',
    });

  it('lists the probe 2 alarm to the owner and the trusted recipient, not to the narrowed one', async () => {
    expect(await idsOf(owner.token)).toEqual(
      [ids.probe1, ids.probe2, ids.offline, ids.orgProbe1, ids.orgProbe2].sort((a, b) => a - b),
    );
    expect(await idsOf(trusted.token)).toEqual([ids.probe1, ids.probe2, ids.offline]);
    // Alarms without a probe stay; the recipient's own device hides nothing.
    expect(await idsOf(narrowed.token)).toEqual([ids.probe1, ids.offline, ids.ownProbe2]);
    expect(await idsOf(firstHidden.token)).toEqual([ids.probe2, ids.offline]);
  });

  it('pages and filters by device (the alarm record tab) without the hidden alarm', async () => {
    expect(await idsOf(narrowed.token, { deviceId: device.id })).toEqual([ids.probe1, ids.offline]);
    expect(await idsOf(trusted.token, { deviceId: device.id })).toEqual([
      ids.probe1,
      ids.probe2,
      ids.offline,
    ]);
    const first = await page(narrowed.token, { pageSize: 2, sortOrder: 'ascend' });
    expect(first.data.totalCount).toBe(3);
    expect(first.data.data.map((m) => m.id)).toEqual([ids.probe1, ids.offline]);
    const second = await page(narrowed.token, { start: 2, pageSize: 2, sortOrder: 'ascend' });
    expect(second.data.data.map((m) => m.id)).toEqual([ids.ownProbe2]);
  });

  it('applies an organization member template the same way', async () => {
    expect(await idsOf(member.token)).toEqual([ids.orgProbe1]);
    expect((await count(member.token)).totalCount).toBe(1);
    expect((await detail(member.token, ids.orgProbe2)).code).toBe(1004);
  });

  it('counts only the alarms the caller may see', async () => {
    expect((await count(owner.token)).totalCount).toBe(5);
    expect((await count(trusted.token)).totalCount).toBe(3);
    expect(await count(narrowed.token)).toEqual({ totalCount: 3, newFlagOneCount: 3 });
  });

  it('answers the hidden alarm by id exactly like a missing one, for detail and handling', async () => {
    expect((await detail(owner.token, ids.probe2)).data.probeId).toBe(2);
    expect((await detail(trusted.token, ids.probe2)).code).toBe(0);
    const missing = await detail(narrowed.token, 2_000_000_000);
    const hidden = await detail(narrowed.token, ids.probe2);
    expect(missing.code).toBe(1004);
    expect({ code: hidden.code, msg: hidden.msg }).toEqual({ code: missing.code, msg: missing.msg });
    expect((await detail(narrowed.token, ids.probe1)).code).toBe(0);

    const missingHandled = await handle(narrowed.token, 2_000_000_000);
    const hiddenHandled = await handle(narrowed.token, ids.probe2);
    expect(missingHandled.code).toBe(1004);
    expect({ code: hiddenHandled.code, msg: hiddenHandled.msg }).toEqual({
      code: missingHandled.code,
      msg: missingHandled.msg,
    });
    const row = await t.app.ctx.db
      .selectFrom('alarmMessage')
      .select(['state'])
      .where('id', '=', ids.probe2)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe('untreated');
  });

  it('marks read only the alarms the caller may see', async () => {
    const marked = await call<{ updated: number }>(t.app, 'POST', `${ALARM}/markRead`, {
      token: narrowed.token,
    });
    expect(marked.data.updated).toBe(3);
    const flags = await t.app.ctx.db
      .selectFrom('alarmMessage')
      .select(['id', 'newFlag'])
      .where('id', 'in', [ids.probe1, ids.probe2, ids.offline, ids.ownProbe2])
      .orderBy('id')
      .execute();
    expect(flags.map((f) => [f.id, f.newFlag])).toEqual([
      [ids.probe1, 0],
      [ids.probe2, 1],
      [ids.offline, 0],
      [ids.ownProbe2, 0],
    ]);
  });

  describe('device limits, which mirror probe 1', () => {
    const listed = async (token: string) => {
      const answer = await call<PageResponse<DeviceRow>>(t.app, 'POST', `${DEVICE}/page`, {
        token,
        body: { start: 1, pageSize: 50 },
      });
      expect(answer.code, answer.msg).toBe(0);
      return answer.data.data.find((d) => d.id === device.id);
    };
    const shown = async (token: string) => {
      const answer = await call<DeviceDetail>(t.app, 'GET', `${DEVICE}/detail`, {
        token,
        query: { id: String(device.id) },
      });
      expect(answer.code, answer.msg).toBe(0);
      return answer.data;
    };
    const limits = { upperLimit: 8, lowerLimit: 2 };

    it('answers no limits in the list and the detail when probe 1 is hidden', async () => {
      expect(await listed(firstHidden.token)).toMatchObject({ upperLimit: null, lowerLimit: null });
      expect(await shown(firstHidden.token)).toMatchObject({
        upperLimit: null,
        lowerLimit: null,
        correctionValue: null,
        deviceName: 'Freezer A',
      });
    });

    it("answers no limits on the organization's device page to a member whose template hides probe 1", async () => {
      const orgRow = async (token: string) => {
        const answer = await call<PageResponse<DeviceRow>>(t.app, 'POST', `${ORG}/devicePage`, {
          token,
          body: { id: organizationId, start: 1, pageSize: 50 },
        });
        expect(answer.code, answer.msg).toBe(0);
        return answer.data.data.find((d) => d.id === orgDevice.id);
      };
      const blind = await signedIn(t.app, { roleCode: 'organizationMember' });
      await join(blind, noProbeOneId);
      expect(await orgRow(blind.token)).toMatchObject({ upperLimit: null, lowerLimit: null });
      expect(await orgRow(owner.token)).toMatchObject(limits);
    });

    it('answers the limits to the owner and to recipients who see probe 1', async () => {
      for (const who of [owner, narrowed, trusted]) {
        expect(await listed(who.token)).toMatchObject(limits);
        expect(await shown(who.token)).toMatchObject({ ...limits, correctionValue: 0.5 });
      }
    });
  });
});
