import {
  type DeviceDetail,
  type DevicePermission,
  type DeviceRow,
  type DeviceShare,
  ERRORS,
  type PageResponse,
  type Param,
  type ParamSetting,
  type PendingRequests,
  paramPermissionCode,
  type ShareLink,
  type SharePageInfo,
} from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { addDevice, publishedType, signedIn } from '../devices/test-support.ts';
import { createTemplate, item, MODEL, MovableClock, SHARE, shareAccepted } from './test-support.ts';

const DEVICE = '/api/device/Device';
const HOUR = 3_600_000;
type Account = Awaited<ReturnType<typeof signedIn>>;

describe('device sharing', () => {
  let t: TestApp;
  const clock = new MovableClock();
  let owner: Account;
  let recipient: Account;
  let stranger: Account;
  let params: Param[];
  let typeId: number;

  const detail = (token: string, id: number) =>
    call<DeviceDetail>(t.app, 'GET', `${DEVICE}/detail`, { token, query: { id: String(id) } });
  const listed = async (token: string) =>
    (
      await call<PageResponse<DeviceRow>>(t.app, 'POST', `${DEVICE}/page`, {
        token,
        body: { start: 1, pageSize: 100 },
      })
    ).data.data.map((d) => d.id);

  beforeAll(async () => {
    t = await createTestApp({ clock });
    const operator = await login(t.app, 'demo_operator');
    const type = await publishedType(t.app, operator, { probes: 2 });
    typeId = type.type.id;
    params = type.params;
    owner = await signedIn(t.app);
    recipient = await signedIn(t.app, { phone: '13800000001', email: 'recipient@example.com' });
    stranger = await signedIn(t.app);
  });
  afterAll(async () => t?.close());

  it('shares devices pending the recipient, who accepts one and refuses the other', async () => {
    const a = await addDevice(t.app, owner.token, typeId, { deviceName: 'Shared A' });
    const b = await addDevice(t.app, owner.token, typeId, { deviceName: 'Shared B' });
    const shared = await call<{ shares: DeviceShare[] }>(t.app, 'POST', `${SHARE}/batchShare`, {
      token: owner.token,
      body: { deviceIds: [a.id, b.id], account: 'recipient@example.com' },
    });
    expect(shared.code).toBe(0);
    expect(shared.data.shares.map((s) => [s.deviceId, s.state, s.accountName])).toEqual([
      [a.id, 'pending', recipient.userName],
      [b.id, 'pending', recipient.userName],
    ]);
    // Pending: nothing visible yet.
    expect(await listed(recipient.token)).not.toContain(a.id);
    expect((await detail(recipient.token, a.id)).code).toBe(ERRORS.deviceNotFound.code);

    const pending = await call<PendingRequests>(t.app, 'GET', `${SHARE}/pendingRequests`, {
      token: recipient.token,
    });
    const [shareA, shareB] = shared.data.shares as [DeviceShare, DeviceShare];
    expect(pending.data.shares.map((s) => s.id).sort()).toEqual([shareA.id, shareB.id].sort());

    expect(
      (await call(t.app, 'PUT', `${SHARE}/accept`, { token: recipient.token, body: { id: shareA.id } })).code,
    ).toBe(0);
    const refused = await call<DeviceShare>(t.app, 'PUT', `${SHARE}/refuse`, {
      token: recipient.token,
      body: { id: shareB.id },
    });
    expect(refused.data.state).toBe('refused');
    const again = await call(t.app, 'PUT', `${SHARE}/accept`, {
      token: recipient.token,
      body: { id: shareB.id },
    });
    expect(again.code).toBe(ERRORS.requestAnswered.code);

    expect(await listed(recipient.token)).toContain(a.id);
    expect(await listed(recipient.token)).not.toContain(b.id);
    expect((await detail(recipient.token, a.id)).data.deviceName).toBe('Shared A');
    expect((await detail(recipient.token, b.id)).code).toBe(ERRORS.deviceNotFound.code);
    expect(await listed(stranger.token)).not.toContain(a.id);

    // The owner's sharer management lists both, with their answers.
    const mine = await call<PageResponse<DeviceShare>>(t.app, 'POST', `${SHARE}/page`, {
      token: owner.token,
      body: { side: 'sharer' },
    });
    expect(
      mine.data.data
        .filter((s) => [a.id, b.id].includes(s.deviceId))
        .map((s) => s.state)
        .sort(),
    ).toEqual(['accepted', 'refused']);

    // The owner withdraws the share: the device is gone for the recipient.
    expect(
      (
        await call(t.app, 'DELETE', `${SHARE}/cancel`, {
          token: owner.token,
          query: { id: String(shareA.id) },
        })
      ).code,
    ).toBe(0);
    expect(await listed(recipient.token)).not.toContain(a.id);
  });

  it('refuses sharing twice, with oneself, with nobody, or by someone who only received the device', async () => {
    const d = await addDevice(t.app, owner.token, typeId);
    await shareAccepted(t.app, owner.token, recipient, [d.id]);
    const twice = await call(t.app, 'POST', `${SHARE}/batchShare`, {
      token: owner.token,
      body: { deviceIds: [d.id], account: recipient.userName },
    });
    expect(twice.code).toBe(ERRORS.userInSharingList.code);
    const self = await call(t.app, 'POST', `${SHARE}/batchShare`, {
      token: owner.token,
      body: { deviceIds: [d.id], account: owner.userName },
    });
    expect(self.code).toBe(ERRORS.recipientIsSelf.code);
    const nobody = await call(t.app, 'POST', `${SHARE}/batchShare`, {
      token: owner.token,
      body: { deviceIds: [d.id], account: 'no_such_user_here' },
    });
    expect(nobody.code).toBe(ERRORS.recipientNotFound.code);
    const reshare = await call(t.app, 'POST', `${SHARE}/batchShare`, {
      token: recipient.token,
      body: { deviceIds: [d.id], account: stranger.userName },
    });
    expect(reshare.code).toBe(ERRORS.notDeviceOwner.code);
    const transfer = await call(t.app, 'POST', '/api/device/DeviceTransfer/batchTransfer', {
      token: recipient.token,
      body: { deviceIds: [d.id], account: stranger.userName },
    });
    expect(transfer.code).toBe(ERRORS.notDeviceOwner.code);
    const empty = await call(t.app, 'POST', `${SHARE}/batchShare`, {
      token: owner.token,
      locale: 'en-US',
      body: { deviceIds: [], account: recipient.userName },
    });
    expect(empty.code).toBe(ERRORS.validation.code);
    expect(empty.msg).toContain('Devices');
  });

  it('keeps the owner actions with the owner: a recipient may look but not edit, delete or download credentials', async () => {
    const d = await addDevice(t.app, owner.token, typeId);
    await shareAccepted(t.app, owner.token, recipient, [d.id]);
    const attempts = [
      call(t.app, 'PUT', `${DEVICE}/update`, {
        token: recipient.token,
        body: { id: d.id, deviceName: 'Mine now' },
      }),
      call(t.app, 'PUT', `${DEVICE}/updateRemark/${d.id}`, {
        token: recipient.token,
        body: { deviceDesc: 'x' },
      }),
      call(t.app, 'DELETE', `${DEVICE}/batchDelete`, {
        token: recipient.token,
        query: { ids: String(d.id) },
      }),
      call(t.app, 'PUT', `${DEVICE}/batchStop`, { token: recipient.token, body: { ids: [d.id] } }),
      call(t.app, 'GET', `${DEVICE}/credentials`, { token: recipient.token, query: { id: String(d.id) } }),
      call(t.app, 'POST', '/api/device/Device/clearData', { token: recipient.token, body: { id: d.id } }),
    ];
    for (const answer of await Promise.all(attempts))
      expect(answer.code).toBe(ERRORS.noDevicePermission.code);
    expect((await detail(owner.token, d.id)).data.deviceName).toBe(d.deviceName);
  });

  it('applies the permission template: hidden parameters are left out, read-only ones cannot be set', async () => {
    const [p1, p2] = params as [Param, Param];
    const template = await createTemplate(t.app, owner.token, {
      name: 'Probe one',
      deviceTypeId: typeId,
      items: [
        item('params', 'block', 1, -1),
        item(paramPermissionCode(p1.id), 'param', 1, 1),
        item(paramPermissionCode(p2.id), 'param', 1, 0),
        item('recordInterval', 'param', 1, 0),
        item('uploadInterval', 'param', 1, 1),
      ],
    });
    const d = await addDevice(t.app, owner.token, typeId);
    const set = await call(t.app, 'PUT', `${DEVICE}/updateParamSetting`, {
      token: owner.token,
      body: {
        id: d.id,
        probes: [
          { probeId: 1, upperLimit: 8, lowerLimit: 2 },
          { probeId: 2, upperLimit: 30, lowerLimit: 10 },
        ],
      },
    });
    expect(set.code).toBe(0);
    await shareAccepted(t.app, owner.token, recipient, [d.id], template.id);

    const permission = await call<DevicePermission>(t.app, 'GET', `${MODEL}/devicePermission`, {
      token: recipient.token,
      query: { deviceId: String(d.id) },
    });
    expect(permission.data.owner).toBe(false);
    const byCode = new Map(permission.data.items.map((i) => [i.permissionCode, i]));
    expect(byCode.get(paramPermissionCode(p2.id))).toMatchObject({ viewStatus: 1, setStatus: 0 });
    expect(byCode.get('timeZone')).toMatchObject({ viewStatus: 0, setStatus: 0 });
    expect(byCode.get('chart')).toMatchObject({ viewStatus: 0 });

    const settings = await call<ParamSetting>(t.app, 'GET', `${DEVICE}/getParamSetting`, {
      token: recipient.token,
      query: { id: String(d.id) },
    });
    expect(settings.data.probes.map((p) => p.probeId)).toEqual([1, 2]);

    const readOnlyProbe = await call(t.app, 'PUT', `${DEVICE}/updateParamSetting`, {
      token: recipient.token,
      body: { id: d.id, probes: [{ probeId: 2, upperLimit: 31, lowerLimit: 10 }] },
    });
    expect(readOnlyProbe.code).toBe(ERRORS.paramReadOnly.code);
    const readOnlyInterval = await call(t.app, 'PUT', `${DEVICE}/updateParamSetting`, {
      token: recipient.token,
      body: { id: d.id, recordInterval: d.recordInterval + 60, uploadInterval: d.recordInterval + 60 },
    });
    expect(readOnlyInterval.code).toBe(ERRORS.paramReadOnly.code);
    const hiddenZone = await call(t.app, 'PUT', `${DEVICE}/updateParamSetting`, {
      token: recipient.token,
      body: { id: d.id, timeZone: 'UTC' },
    });
    expect(hiddenZone.code).toBe(ERRORS.paramReadOnly.code);

    // Sending read-only values back unchanged is fine; the operable probe changes.
    const allowed = await call<{ probes: { probeId: number; upperLimit: number }[] }>(
      t.app,
      'PUT',
      `${DEVICE}/updateParamSetting`,
      {
        token: recipient.token,
        body: {
          id: d.id,
          probes: [
            { probeId: 1, upperLimit: 9, lowerLimit: 2 },
            { probeId: 2, upperLimit: 30, lowerLimit: 10 },
          ],
        },
      },
    );
    expect(allowed.code).toBe(0);
    const after = await call<ParamSetting>(t.app, 'GET', `${DEVICE}/getParamSetting`, {
      token: owner.token,
      query: { id: String(d.id) },
    });
    expect(after.data.probes.map((p) => [p.probeId, p.upperLimit])).toEqual([
      [1, 9],
      [2, 30],
    ]);

    // The export button is not in the template: the data export is refused.
    const exported = await call(t.app, 'GET', '/api/device/DeviceData/export', {
      token: recipient.token,
      query: { deviceId: String(d.id), startTime: '0', endTime: String(Date.now()), format: 'csv' },
    });
    expect(exported.code).toBe(ERRORS.noDevicePermission.code);

    // A template hiding a probe leaves it out; one hiding the block refuses the settings altogether.
    await call(t.app, 'PUT', `${MODEL}/update`, {
      token: owner.token,
      body: {
        id: template.id,
        name: 'Probe one',
        deviceTypeId: typeId,
        items: [item('params', 'block', 1, -1), item(paramPermissionCode(p1.id), 'param', 1, 1)],
      },
    });
    const narrowed = await call<ParamSetting>(t.app, 'GET', `${DEVICE}/getParamSetting`, {
      token: recipient.token,
      query: { id: String(d.id) },
    });
    expect(narrowed.data.probes.map((p) => p.probeId)).toEqual([1]);
    await call(t.app, 'PUT', `${MODEL}/update`, {
      token: owner.token,
      body: { id: template.id, name: 'Nothing', deviceTypeId: typeId, items: [] },
    });
    const blocked = await call(t.app, 'GET', `${DEVICE}/getParamSetting`, {
      token: recipient.token,
      query: { id: String(d.id) },
    });
    expect(blocked.code).toBe(ERRORS.noDevicePermission.code);
    const notSent = await call(t.app, 'PUT', `${DEVICE}/updateParamSetting`, {
      token: recipient.token,
      body: { id: d.id, probes: [{ probeId: 1, upperLimit: 7, lowerLimit: 2 }] },
    });
    expect(notSent.code).toBe(ERRORS.noDevicePermission.code);
  });

  it('without a template a recipient sees everything read-only', async () => {
    const d = await addDevice(t.app, owner.token, typeId);
    await shareAccepted(t.app, owner.token, recipient, [d.id]);
    const settings = await call<ParamSetting>(t.app, 'GET', `${DEVICE}/getParamSetting`, {
      token: recipient.token,
      query: { id: String(d.id) },
    });
    expect(settings.data.probes).toHaveLength(2);
    const change = await call(t.app, 'PUT', `${DEVICE}/updateParamSetting`, {
      token: recipient.token,
      body: { id: d.id, probes: [{ probeId: 1, upperLimit: 7, lowerLimit: 2 }] },
    });
    expect(change.code).toBe(ERRORS.paramReadOnly.code);
    const ownerChange = await call(t.app, 'PUT', `${DEVICE}/updateParamSetting`, {
      token: owner.token,
      body: { id: d.id, probes: [{ probeId: 1, upperLimit: 7, lowerLimit: 2 }] },
    });
    expect(ownerChange.code).toBe(0);
  });

  it('ends a share at its validity, driven by the clock', async () => {
    const d = await addDevice(t.app, owner.token, typeId);
    const shared = await call<{ shares: DeviceShare[] }>(t.app, 'POST', `${SHARE}/batchShare`, {
      token: owner.token,
      body: { deviceIds: [d.id], account: recipient.userName, validity: '1d' },
    });
    const [share] = shared.data.shares as [DeviceShare];
    expect(Date.parse(share.expiresAt as string) - clock.now().getTime()).toBeGreaterThan(23 * HOUR);
    await call(t.app, 'PUT', `${SHARE}/accept`, { token: recipient.token, body: { id: share.id } });
    expect(await listed(recipient.token)).toContain(d.id);
    clock.advance(24 * HOUR + 60_000);
    expect(await listed(recipient.token)).not.toContain(d.id);
    expect((await detail(recipient.token, d.id)).code).toBe(ERRORS.deviceNotFound.code);
    const mine = await call<PageResponse<DeviceShare>>(t.app, 'POST', `${SHARE}/page`, {
      token: recipient.token,
      body: { side: 'recipient', deviceName: d.deviceName },
    });
    expect(mine.data.data.find((s) => s.id === share.id)?.expired).toBe(true);
    // An ended share is no longer "in the sharing list": sharing again works.
    const again = await call(t.app, 'POST', `${SHARE}/batchShare`, {
      token: owner.token,
      body: { deviceIds: [d.id], account: recipient.userName },
    });
    expect(again.code).toBe(0);
  });

  it('hands devices out by a link valid 8 hours; after that the link and what it gave end', async () => {
    const d = await addDevice(t.app, owner.token, typeId, { deviceName: 'By link' });
    const link = await call<ShareLink>(t.app, 'POST', `${SHARE}/createLink`, {
      token: owner.token,
      body: { deviceIds: [d.id], validity: '8h' },
    });
    expect(link.code).toBe(0);
    expect(Date.parse(link.data.expiresAt) - clock.now().getTime()).toBeGreaterThan(8 * HOUR - 60_000);

    const info = await call<SharePageInfo>(t.app, 'GET', `${SHARE}/pageInfo`, {
      query: { token: link.data.token },
    });
    expect(info.data).toMatchObject({ ownerName: owner.userName, expired: false, validity: '8h' });
    expect(info.data.devices.map((x) => x.deviceName)).toEqual(['By link']);

    const taken = await call<{ shares: DeviceShare[] }>(t.app, 'POST', `${SHARE}/acceptLink`, {
      token: recipient.token,
      body: { token: link.data.token },
    });
    expect(taken.data.shares.map((s) => [s.deviceId, s.state, s.viaLink])).toEqual([
      [d.id, 'accepted', true],
    ]);
    expect(await listed(recipient.token)).toContain(d.id);
    const own = await call(t.app, 'POST', `${SHARE}/acceptLink`, {
      token: owner.token,
      body: { token: link.data.token },
    });
    expect(own.code).toBe(ERRORS.recipientIsSelf.code);

    clock.advance(8 * HOUR + 60_000);
    expect(await listed(recipient.token)).not.toContain(d.id);
    const ended = await call<SharePageInfo>(t.app, 'GET', `${SHARE}/pageInfo`, {
      query: { token: link.data.token },
    });
    expect(ended.data.expired).toBe(true);
    const late = await call(t.app, 'POST', `${SHARE}/acceptLink`, {
      token: stranger.token,
      body: { token: link.data.token },
    });
    expect(late.code).toBe(ERRORS.shareLinkExpired.code);
    const forged = await call(t.app, 'GET', `${SHARE}/pageInfo`, { query: { token: 'x'.repeat(43) } });
    expect(forged.code).toBe(ERRORS.shareLinkInvalid.code);
  });

  it('takes a custom end only ahead of now and within a year', async () => {
    const d = await addDevice(t.app, owner.token, typeId);
    const now = clock.now().getTime();
    for (const expiresAt of [new Date(now - HOUR), new Date(now + 400 * 24 * HOUR)]) {
      const answer = await call(t.app, 'POST', `${SHARE}/createLink`, {
        token: owner.token,
        body: { deviceIds: [d.id], validity: 'custom', expiresAt: expiresAt.toISOString() },
      });
      expect(answer.code).toBe(ERRORS.shareEndInvalid.code);
    }
    const missing = await call(t.app, 'POST', `${SHARE}/createLink`, {
      token: owner.token,
      body: { deviceIds: [d.id], validity: 'custom' },
    });
    expect(missing.code).toBe(ERRORS.validation.code);
    const end = new Date(now + 2 * HOUR).toISOString();
    const custom = await call<ShareLink>(t.app, 'POST', `${SHARE}/createLink`, {
      token: owner.token,
      body: { deviceIds: [d.id], validity: 'custom', expiresAt: end },
    });
    expect(custom.data.expiresAt).toBe(end);
  });

  it('shows organization devices to members, under the template of their membership', async () => {
    const db = t.app.ctx.db;
    const at = clock.now().toISOString();
    const member = await signedIn(t.app);
    const d = await addDevice(t.app, owner.token, typeId, { deviceName: 'Org device' });
    const template = await createTemplate(t.app, owner.token, {
      name: 'Members',
      deviceTypeId: typeId,
      items: [
        item('params', 'block', 1, -1),
        item(paramPermissionCode((params[0] as Param).id), 'param', 1, 1),
      ],
    });
    const org = await db
      .insertInto('organization')
      .values({
        platformId: 1,
        name: 'Cold rooms',
        parentId: null,
        creatorAccountId: owner.id,
        createdAt: at,
        updatedAt: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.updateTable('device').set({ organizationId: org.id }).where('id', '=', d.id).execute();
    expect(await listed(member.token)).not.toContain(d.id);
    await db
      .insertInto('organizationMember')
      .values({
        organizationId: org.id,
        accountId: member.id,
        roleId: null,
        permissionModelId: template.id,
        createdAt: at,
      })
      .execute();
    expect(await listed(member.token)).toContain(d.id);
    const settings = await call<ParamSetting>(t.app, 'GET', `${DEVICE}/getParamSetting`, {
      token: member.token,
      query: { id: String(d.id) },
    });
    expect(settings.data.probes.map((p) => p.probeId)).toEqual([1]);
    const change = await call(t.app, 'PUT', `${DEVICE}/updateParamSetting`, {
      token: member.token,
      body: { id: d.id, probes: [{ probeId: 1, upperLimit: 6, lowerLimit: 1 }] },
    });
    expect(change.code).toBe(0);
    expect(await listed(stranger.token)).not.toContain(d.id);
    const deleted = await call(t.app, 'DELETE', `${DEVICE}/batchDelete`, {
      token: member.token,
      query: { ids: String(d.id) },
    });
    expect(deleted.code).toBe(ERRORS.noDevicePermission.code);
    // The template is in use: it cannot be deleted.
    const drop = await call(t.app, 'DELETE', `${MODEL}/delete`, {
      token: owner.token,
      query: { id: String(template.id) },
    });
    expect(drop.code).toBe(ERRORS.permissionModelInUse.code);
  });

  it('counts shared devices on the recipient dashboard', async () => {
    const fresh = await signedIn(t.app);
    const d = await addDevice(t.app, owner.token, typeId);
    const before = await call<{ total: number }>(t.app, 'GET', '/api/device/Device/getStatusCount', {
      token: fresh.token,
    });
    await shareAccepted(t.app, owner.token, fresh, [d.id]);
    const after = await call<{ total: number }>(t.app, 'GET', '/api/device/Device/getStatusCount', {
      token: fresh.token,
    });
    expect(before.code).toBe(0);
    expect(after.data.total).toBe(before.data.total + 1);
  });
});
