import { type ConsolePushRecord, ERRORS, type PageResponse } from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test/factories.ts';
import { call, login, type TestApp } from '../../test/harness.ts';
import { shareAccepted } from '../sharing/test-support.ts';
import { enqueueNotifications } from './outbox.ts';
import { deliveryTestApp, deviceWithAlarm, drivenClock, intentFor } from './test-support.ts';

const PAGE = '/api/device/PushRecord/consolePage';
let test: TestApp;
const clock = drivenClock(new Date('2026-11-21T08:00:00.000Z'));

beforeAll(async () => {
  test = await deliveryTestApp({ clock });
});

afterAll(async () => {
  await test?.close();
});

/** A signed-in enterprise account (it holds cloudChain.pushRecord). */
async function enterprise() {
  const { account, password } = await createAccount(test.app, { roleCode: 'enterpriseAdmin' });
  return { ...account, token: await login(test.app, account.userName, password) };
}

async function projectOf(accountId: number, platformId: number) {
  const now = clock.now().toISOString();
  return test.app.ctx.db
    .insertInto('project')
    .values({ platformId, accountId, projectName: 'Ward 3', createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** A device of `owner` (in a project when given) with one SMS sent about its alarm, to `phone`. */
async function deviceWithRecord(owner: { id: number }, phone: string, projectId: number | null = null) {
  const target = await deviceWithAlarm(test.app, { sms: 5 });
  const device = await test.app.ctx.db
    .updateTable('device')
    .set({ accountId: owner.id, projectId })
    .where('id', '=', target.device.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  const owned = { ...target, device };
  await enqueueNotifications(
    test.app.ctx.db,
    [intentFor(owned, { channel: 'sms', phone, email: null, recipientName: `Duty ${phone}` })],
    clock,
  );
  await test.app.delivery.notifications.drain();
  return device;
}

const list = (token: string, body: Record<string, unknown> = {}) =>
  call<PageResponse<ConsolePushRecord>>(test.app, 'POST', PAGE, { token, body, locale: 'en-US' });

describe('push records of the cloud-chain page', () => {
  it("lists the notifications about the caller's devices, of one project, and never another account's", async () => {
    const owner = await enterprise();
    const stranger = await enterprise();
    const project = await projectOf(owner.id, owner.platformId);
    const inProject = await deviceWithRecord(owner, '13900000301', project.id);
    const elsewhere = await deviceWithRecord(owner, '13900000302');
    const foreign = await deviceWithRecord(
      stranger,
      '13900000303',
      (await projectOf(stranger.id, stranger.platformId)).id,
    );
    // A data push about the project device: the back office's business, not the console's.
    await test.app.ctx.db
      .insertInto('pushRecord')
      .values({
        platformId: inProject.platformId,
        accountId: owner.id,
        deviceId: inProject.id,
        channel: 'webhook',
        target: 'https://hooks.example.test/coldchain',
        content: '{}',
        status: 'sent',
        provider: 'webhook',
        dataPushConfigId: 1,
        attempt: 1,
        createdAt: clock.now().toISOString(),
      })
      .execute();

    const all = await list(owner.token);
    expect(all.code, all.msg).toBe(0);
    expect(all.data.data.map((r) => [r.deviceId, r.channel, r.target, r.status])).toEqual([
      [elsewhere.id, 'sms', '13900000302', 'sent'],
      [inProject.id, 'sms', '13900000301', 'sent'],
    ]);
    expect(all.data.data[1]).toEqual({
      id: expect.any(Number),
      channel: 'sms',
      target: '13900000301',
      recipientName: 'Duty 13900000301',
      subject: expect.any(String),
      content: expect.stringContaining('above the upper limit'),
      status: 'sent',
      deviceId: inProject.id,
      deviceGuid: inProject.deviceGuid,
      deviceName: inProject.deviceName,
      attempt: 1,
      createdAt: clock.now().toISOString(),
    });

    const ofProject = await list(owner.token, { projectId: project.id });
    expect(ofProject.data.data.map((r) => r.deviceId)).toEqual([inProject.id]);
    expect((await list(owner.token, { deviceId: elsewhere.id })).data.data.map((r) => r.deviceId)).toEqual([
      elsewhere.id,
    ]);

    // Another account's device, project or records: nothing, as if they did not exist.
    const strangers = await list(stranger.token);
    expect(strangers.data.data.map((r) => r.deviceId)).toEqual([foreign.id]);
    for (const body of [{ deviceId: inProject.id }, { projectId: project.id }]) {
      const none = await list(stranger.token, body);
      expect(none.code).toBe(0);
      expect(none.data.totalCount).toBe(0);
    }
    expect((await list(owner.token, { deviceId: foreign.id })).data.totalCount).toBe(0);
  });

  it('follows what was shared with the caller, and offers the filters of the page', async () => {
    const owner = await enterprise();
    const viewer = await enterprise();
    const shared = await deviceWithRecord(owner, '13900000311');
    await deviceWithRecord(owner, '13900000312');
    expect((await list(viewer.token)).data.totalCount).toBe(0);
    await shareAccepted(test.app, owner.token, viewer, [shared.id]);
    expect((await list(viewer.token)).data.data.map((r) => r.deviceId)).toEqual([shared.id]);

    clock.advance(60_000);
    const later = clock.now().toISOString();
    await enqueueNotifications(
      test.app.ctx.db,
      [
        intentFor(
          { device: shared, alarmMessageId: (await firstAlarm(shared.id)).id },
          { channel: 'voice', phone: '13900000313', email: null },
        ),
      ],
      clock,
    );
    await test.app.delivery.notifications.drain();

    // The device has no voice count left: the page shows why the call did not go out.
    const voice = await list(viewer.token, { channel: 'voice' });
    expect(voice.data.data.map((r) => [r.channel, r.status])).toEqual([['voice', 'exhausted']]);
    expect((await list(viewer.token, { status: 'sent' })).data.data.map((r) => r.channel)).toEqual(['sms']);
    expect((await list(viewer.token, { status: 'failed' })).data.totalCount).toBe(0);
    expect((await list(viewer.token, { target: '0000311' })).data.data.map((r) => r.target)).toEqual([
      '13900000311',
    ]);
    expect((await list(viewer.token, { startTime: later })).data.data.map((r) => r.channel)).toEqual([
      'voice',
    ]);
    const before = new Date(Date.parse(later) - 1).toISOString();
    expect((await list(viewer.token, { endTime: before })).data.data.map((r) => r.channel)).toEqual(['sms']);
    const oldestFirst = await list(viewer.token, { sortOrder: 'ascend' });
    expect(oldestFirst.data.data.map((r) => r.channel)).toEqual(['sms', 'voice']);
  });

  it('answers bad filters with the field, and needs the cloud-chain push record permission', async () => {
    const owner = await enterprise();
    const bad = await call<{ fields: { field: string }[] }>(test.app, 'POST', PAGE, {
      token: owner.token,
      body: { channel: 'webhook', projectId: 'ward' },
      locale: 'en-US',
    });
    expect(bad.code).toBe(ERRORS.validation.code);
    expect(bad.data.fields.map((f) => f.field).sort()).toEqual(['channel', 'projectId']);

    expect((await call(test.app, 'POST', PAGE, { body: {} })).status).toBe(401);
    const { account, password } = await createAccount(test.app, { roleCode: 'personalUser' });
    const personal = await login(test.app, account.userName, password);
    expect((await call(test.app, 'POST', PAGE, { token: personal, body: {} })).status).toBe(403);
  });
});

function firstAlarm(deviceId: number) {
  return test.app.ctx.db
    .selectFrom('alarmMessage')
    .select('id')
    .where('deviceId', '=', deviceId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
}
