import crypto from 'node:crypto';
import type {
  AppVersion,
  PageResponse,
  SoftwareVersion,
  UpgradeBatchResult,
  UpgradeCandidate,
  UpgradeCommandPayload,
  UpgradeRecord,
} from '@coldchain/shared';
import { FIRMWARE_FILE_MAX_BYTES, UPGRADE_BATCH_MAX } from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoDevices } from '../../ingest/demo-devices.ts';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { seedDemoFirmware } from './demo-firmware.ts';
import { firmwareOf } from './firmware.module.ts';
import {
  createVersion,
  multipart,
  upgradableDevice,
  upgradableType,
  uploadFirmware,
} from './test-support.ts';

const basic = (guid: string, secret: string) =>
  `Basic ${Buffer.from(`${guid}:${secret}`).toString('base64')}`;

describe('firmware versions and online upgrade', () => {
  let t: TestApp;
  let operator: string;
  let typeId: number;

  beforeAll(async () => {
    t = await createTestApp();
    operator = await login(t.app, 'demo_operator');
    typeId = await upgradableType(t.app);
  });
  afterAll(async () => t.close());

  it('keeps a version per device type with its uploaded file, and refuses bad versions naming the field', async () => {
    const content = Buffer.from('image 2.0.0'.repeat(100));
    const uploaded = await uploadFirmware(t.app, operator, content, 'logger-2.0.0.bin');
    expect(uploaded.code).toBe(0);
    expect(uploaded.data.sha256).toBe(crypto.createHash('sha256').update(content).digest('hex'));
    const body = {
      deviceTypeId: typeId,
      value: '2.0.0',
      label: 'Spring release',
      description: 'Faster upload',
      fileKey: uploaded.data.fileKey,
      fileName: uploaded.data.fileName,
    };
    const created = await call<SoftwareVersion>(t.app, 'POST', '/api/device/DeviceSoftwareVersion/insert', {
      token: operator,
      body,
    });
    expect(created.code).toBe(0);
    expect(created.data).toMatchObject({
      value: '2.0.0',
      fileSize: content.length,
      fileName: 'logger-2.0.0.bin',
    });

    const insert = (changes: Record<string, unknown>) =>
      call(t.app, 'POST', '/api/device/DeviceSoftwareVersion/insert', {
        token: operator,
        locale: 'en-US',
        body: { ...body, ...changes },
      });
    const taken = await insert({});
    expect(taken.code).toBe(3555);
    expect(taken.msg).toContain('2.0.0');
    const longLabel = await insert({ value: '2.0.1', label: 'x'.repeat(51) });
    expect(longLabel.code).toBe(1001);
    expect(longLabel.msg).toContain('Label');
    const longDescription = await insert({ value: '2.0.1', description: 'x'.repeat(501) });
    expect(longDescription.code).toBe(1001);
    expect(longDescription.msg).toContain('Description');
    const badValue = await insert({ value: '2.0 beta' });
    expect(badValue.code).toBe(1001);
    expect(badValue.msg).toContain('Value');
    const noFile = await insert({ value: '2.0.1', fileKey: 'a'.repeat(32) });
    expect(noFile.code).toBe(3552);
    const noLabel = await insert({ value: '2.0.1', label: '' });
    expect(noLabel.code).toBe(1001);

    const tooLarge = await uploadFirmware(t.app, operator, Buffer.alloc(FIRMWARE_FILE_MAX_BYTES + 1, 1));
    expect(tooLarge.code).toBe(1102);
    const empty = await uploadFirmware(t.app, operator, Buffer.alloc(0));
    expect(empty.code).toBe(1101);

    const updated = await call<SoftwareVersion>(t.app, 'PUT', '/api/device/DeviceSoftwareVersion/update', {
      token: operator,
      body: { id: created.data.id, label: 'Spring release (final)' },
    });
    expect(updated.data.label).toBe('Spring release (final)');
    const page = await call<PageResponse<SoftwareVersion>>(
      t.app,
      'POST',
      '/api/device/DeviceSoftwareVersion/page',
      {
        token: operator,
        body: { deviceTypeId: typeId },
      },
    );
    expect(page.data.data.map((v) => v.value)).toEqual(['2.0.0']);
    const missing = await call(t.app, 'PUT', '/api/device/DeviceSoftwareVersion/update', {
      token: operator,
      body: { id: 999_999, label: 'x' },
    });
    expect(missing.code).toBe(3550);
  });

  it('starts a batch only for devices of the version’s type whose type allows online upgrades', async () => {
    const version = await createVersion(t.app, operator, typeId, '3.0.0');
    const closedType = await upgradableType(t.app, false);
    const closedVersion = await createVersion(t.app, operator, closedType, '3.0.0');
    const a = await upgradableDevice(t.app, typeId);
    const other = await upgradableDevice(t.app, closedType);
    const batch = (body: unknown) =>
      call<UpgradeBatchResult>(t.app, 'POST', '/api/device/DeviceUpgradeRecord/batchUpgrade', {
        token: operator,
        locale: 'en-US',
        body,
      });

    expect((await batch({ versionId: version.id, deviceIds: [a.id, other.id] })).code).toBe(3554);
    expect((await batch({ versionId: closedVersion.id, deviceIds: [other.id] })).code).toBe(3553);
    expect((await batch({ versionId: version.id, deviceIds: [] })).code).toBe(1001);
    const tooMany = await batch({
      versionId: version.id,
      deviceIds: Array.from({ length: UPGRADE_BATCH_MAX + 1 }, (_, i) => i + 1),
    });
    expect(tooMany.code).toBe(1001);
    expect(tooMany.msg).toContain('Devices');
    expect((await batch({ versionId: version.id, deviceIds: [999_999] })).code).toBe(4006);
    expect((await batch({ versionId: 999_999, deviceIds: [a.id] })).code).toBe(3550);

    const started = await batch({ versionId: version.id, deviceIds: [a.id] });
    expect(started.code).toBe(0);
    expect(started.data.count).toBe(1);
    const again = await batch({ versionId: version.id, deviceIds: [a.id] });
    expect(again.code).toBe(3556);
    expect(again.msg).toContain(a.guid);
    const inUse = await call(t.app, 'DELETE', '/api/device/DeviceSoftwareVersion/delete', {
      token: operator,
      query: { id: String(version.id) },
    });
    expect(inUse.code).toBe(3559);

    const candidates = await call<PageResponse<UpgradeCandidate>>(
      t.app,
      'POST',
      '/api/device/DeviceUpgradeRecord/candidates',
      { token: operator, body: { deviceTypeId: typeId } },
    );
    expect(candidates.data.data.find((c) => c.deviceId === a.id)).toMatchObject({
      version: '1.0.0',
      lastState: 'pending',
    });
  });

  it('lets a device over HTTP take the command, download its file, report progress and finish with its new version', async () => {
    const content = Buffer.from('image 4.0.0 '.repeat(5000));
    const version = await createVersion(t.app, operator, typeId, '4.0.0', content);
    const device = await upgradableDevice(t.app, typeId);
    const stranger = await upgradableDevice(t.app, typeId);
    const started = await call<UpgradeBatchResult>(
      t.app,
      'POST',
      '/api/device/DeviceUpgradeRecord/batchUpgrade',
      {
        token: operator,
        body: { versionId: version.id, deviceIds: [device.id] },
      },
    );
    const base = `/api/mqtt-broker/transport/service/devices/${device.guid}`;
    const auth = { authorization: basic(device.guid, device.secret) };
    const commands = await t.app.inject({ method: 'GET', url: `${base}/commands`, headers: auth });
    const command = (
      JSON.parse(commands.body) as { data: { id: number; type: string; payload: UpgradeCommandPayload }[] }
    ).data.find((c) => c.type === 'upgrade');
    expect(command?.payload).toMatchObject({ version: '4.0.0', size: content.length });
    const payload = command?.payload as UpgradeCommandPayload;

    const wrongSecret = await t.app.inject({
      method: 'GET',
      url: payload.url,
      headers: { authorization: basic(device.guid, 'nope') },
    });
    expect(wrongSecret.statusCode).toBe(401);
    const otherDevice = await t.app.inject({
      method: 'GET',
      url: payload.url,
      headers: { authorization: basic(stranger.guid, stranger.secret) },
    });
    expect(otherDevice.statusCode).toBe(403);
    const foreignRecord = await t.app.inject({
      method: 'GET',
      url: `/api/mqtt-broker/transport/service/devices/${stranger.guid}/firmware/${payload.recordId}`,
      headers: { authorization: basic(stranger.guid, stranger.secret) },
    });
    expect(JSON.parse(foreignRecord.body).code).toBe(3551);
    const download = await t.app.inject({ method: 'GET', url: payload.url, headers: auth });
    expect(download.statusCode).toBe(200);
    expect(crypto.createHash('sha256').update(download.rawPayload).digest('hex')).toBe(payload.sha256);

    const report = (body: unknown) =>
      t.app.inject({
        method: 'POST',
        url: `${base}/upgrade`,
        headers: { ...auth, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    expect(
      (await report({ recordId: payload.recordId, state: 'downloading', progress: 40 })).statusCode,
    ).toBe(200);
    const progress = await call<PageResponse<UpgradeRecord>>(
      t.app,
      'POST',
      '/api/device/DeviceUpgradeRecord/page',
      {
        token: operator,
        body: { batchId: started.data.batchId },
      },
    );
    expect(progress.data.data[0]).toMatchObject({ state: 'downloading', progress: 40, fromVersion: '1.0.0' });
    expect(
      (await report({ recordId: payload.recordId, state: 'downloading', progress: 101 })).statusCode,
    ).toBe(400);
    expect((await report({ recordId: payload.recordId, state: 'succeeded' })).statusCode).toBe(400);
    expect((await report({ recordId: payload.recordId, state: 'rebooting' })).statusCode).toBe(400);
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/mqtt-broker/transport/service/devices/${stranger.guid}/upgrade`,
      headers: { authorization: basic(stranger.guid, stranger.secret), 'content-type': 'application/json' },
      payload: JSON.stringify({ recordId: payload.recordId, state: 'failed', error: 'not mine' }),
    });
    expect(foreign.statusCode).toBe(400);
    expect(
      (await report({ recordId: payload.recordId, state: 'succeeded', version: '4.0.0' })).statusCode,
    ).toBe(200);

    const done = await call<UpgradeRecord>(t.app, 'GET', '/api/device/DeviceUpgradeRecord/detail', {
      token: operator,
      query: { id: String(payload.recordId) },
    });
    expect(done.data).toMatchObject({ state: 'succeeded', progress: 100, failure: null });
    const row = await t.app.ctx.db
      .selectFrom('device')
      .select('version')
      .where('id', '=', device.id)
      .executeTakeFirstOrThrow();
    expect(row.version).toBe('4.0.0');
    const afterwards = await t.app.inject({ method: 'GET', url: payload.url, headers: auth });
    expect(JSON.parse(afterwards.body).code).toBe(3551);
  });

  it('fails an upgrade whose device reports failure or another version, and one whose device stays silent', async () => {
    const version = await createVersion(t.app, operator, typeId, '5.0.0');
    const failing = await upgradableDevice(t.app, typeId);
    const wrong = await upgradableDevice(t.app, typeId);
    const silent = await upgradableDevice(t.app, typeId);
    const started = await call<UpgradeBatchResult>(
      t.app,
      'POST',
      '/api/device/DeviceUpgradeRecord/batchUpgrade',
      {
        token: operator,
        body: { versionId: version.id, deviceIds: [failing.id, wrong.id, silent.id] },
      },
    );
    const records = async () =>
      (
        await call<PageResponse<UpgradeRecord>>(t.app, 'POST', '/api/device/DeviceUpgradeRecord/page', {
          token: operator,
          body: { batchId: started.data.batchId },
        })
      ).data.data;
    const recordOf = async (deviceId: number) => (await records()).find((r) => r.deviceId === deviceId);
    const post = async (d: { guid: string; secret: string }, body: unknown) =>
      t.app.inject({
        method: 'POST',
        url: `/api/mqtt-broker/transport/service/devices/${d.guid}/upgrade`,
        headers: { authorization: basic(d.guid, d.secret), 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    await post(failing, { recordId: (await recordOf(failing.id))?.id, state: 'failed', error: 'checksum' });
    await post(wrong, { recordId: (await recordOf(wrong.id))?.id, state: 'succeeded', version: '4.9.9' });

    const service = firmwareOf(t.app.ctx);
    await service.sweep(new Date(Date.now() + 60_000));
    expect((await recordOf(silent.id))?.state).toBe('pending');
    const swept = await service.sweep(new Date(Date.now() + t.config.upgradeTimeoutMs + 60_000));
    expect(swept.failed).toBeGreaterThanOrEqual(1);

    expect(await recordOf(failing.id)).toMatchObject({
      state: 'failed',
      failure: 'device',
      detail: 'checksum',
    });
    expect(await recordOf(wrong.id)).toMatchObject({
      state: 'failed',
      failure: 'versionMismatch',
      detail: '4.9.9',
    });
    const timedOut = await recordOf(silent.id);
    expect(timedOut).toMatchObject({ state: 'failed', failure: 'timeout' });
    const commands = await t.app.ctx.db
      .selectFrom('deviceCommand')
      .select('state')
      .where('deviceId', '=', silent.id)
      .execute();
    expect(commands.map((c) => c.state)).toEqual(['failed']);
    const filtered = await call<PageResponse<UpgradeRecord>>(
      t.app,
      'POST',
      '/api/device/DeviceUpgradeRecord/page',
      {
        token: operator,
        body: { batchId: started.data.batchId, state: 'failed' },
      },
    );
    expect(filtered.data.totalCount).toBe(3);
  });

  it('fails an upgrade whose command the device refused, and counts a late success with the right version', async () => {
    const version = await createVersion(t.app, operator, typeId, '6.0.0');
    const refusing = await upgradableDevice(t.app, typeId);
    const late = await upgradableDevice(t.app, typeId);
    const started = await call<UpgradeBatchResult>(
      t.app,
      'POST',
      '/api/device/DeviceUpgradeRecord/batchUpgrade',
      {
        token: operator,
        body: { versionId: version.id, deviceIds: [refusing.id, late.id] },
      },
    );
    const records = async () =>
      (
        await call<PageResponse<UpgradeRecord>>(t.app, 'POST', '/api/device/DeviceUpgradeRecord/page', {
          token: operator,
          body: { batchId: started.data.batchId },
        })
      ).data.data;
    const refusedCommand = await t.app.ctx.db
      .selectFrom('deviceCommand')
      .select('id')
      .where('deviceId', '=', refusing.id)
      .executeTakeFirstOrThrow();
    const ack = await t.app.inject({
      method: 'POST',
      url: `/api/mqtt-broker/transport/service/devices/${refusing.guid}/commands/ack`,
      headers: { authorization: basic(refusing.guid, refusing.secret), 'content-type': 'application/json' },
      payload: JSON.stringify({ id: refusedCommand.id, ok: false, result: 'battery too low' }),
    });
    expect(ack.statusCode).toBe(200);
    const service = firmwareOf(t.app.ctx);
    await service.sweep(new Date());
    expect((await records()).find((r) => r.deviceId === refusing.id)).toMatchObject({
      state: 'failed',
      failure: 'device',
    });
    await service.sweep(new Date(Date.now() + t.config.upgradeTimeoutMs + 60_000));
    const timedOut = (await records()).find((r) => r.deviceId === late.id);
    expect(timedOut).toMatchObject({ state: 'failed', failure: 'timeout' });
    const report = await t.app.inject({
      method: 'POST',
      url: `/api/mqtt-broker/transport/service/devices/${late.guid}/upgrade`,
      headers: { authorization: basic(late.guid, late.secret), 'content-type': 'application/json' },
      payload: JSON.stringify({ recordId: timedOut?.id, state: 'succeeded', version: '6.0.0' }),
    });
    expect(report.statusCode).toBe(200);
    expect((await records()).find((r) => r.deviceId === late.id)).toMatchObject({
      state: 'succeeded',
      failure: null,
    });
  });

  it('keeps apk and iOS versions per platform with their release notes', async () => {
    const { payload, headers } = multipart('coldchain-2.1.0.apk', Buffer.from('PK apk bytes'));
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/base/BaseApkVersion/upload',
      payload,
      headers: { ...headers, authorization: `Bearer ${operator}` },
    });
    const uploaded = JSON.parse(upload.body) as { code: number; data: { fileKey: string; fileName: string } };
    expect(uploaded.code).toBe(0);
    const notApk = multipart('notes.txt', Buffer.from('hello'));
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/base/BaseApkVersion/upload',
      payload: notApk.payload,
      headers: { ...notApk.headers, authorization: `Bearer ${operator}` },
    });
    expect(JSON.parse(refused.body).code).toBe(1103);

    const apk = await call<AppVersion>(t.app, 'POST', '/api/base/BaseApkVersion/insert', {
      token: operator,
      body: {
        version: '2.1.0',
        releaseNotes: 'Upgrade records on the phone',
        forced: 1,
        fileKey: uploaded.data.fileKey,
        fileName: uploaded.data.fileName,
      },
    });
    expect(apk.code).toBe(0);
    expect(apk.data.downloadUrl).toContain(String(apk.data.id));
    const duplicate = await call(t.app, 'POST', '/api/base/BaseApkVersion/insert', {
      token: operator,
      body: { version: '2.1.0', releaseNotes: 'Again', storeUrl: 'https://example.com/app' },
    });
    expect(duplicate.code).toBe(3558);
    const noSource = await call(t.app, 'POST', '/api/base/BaseIosVersion/insert', {
      token: operator,
      body: { version: '2.1.0', releaseNotes: 'iOS' },
    });
    expect(noSource.code).toBe(3560);
    const notHttps = await call(t.app, 'POST', '/api/base/BaseIosVersion/insert', {
      token: operator,
      locale: 'en-US',
      body: { version: '2.1.0', releaseNotes: 'iOS', storeUrl: 'http://apps.apple.com/app/x' },
    });
    expect(notHttps.code).toBe(1001);
    expect(notHttps.msg).toContain('Store link');
    const longNotes = await call(t.app, 'POST', '/api/base/BaseIosVersion/insert', {
      token: operator,
      body: { version: '2.1.0', releaseNotes: 'x'.repeat(2001), storeUrl: 'https://apps.apple.com/app/x' },
    });
    expect(longNotes.code).toBe(1001);
    const ios = await call<AppVersion>(t.app, 'POST', '/api/base/BaseIosVersion/insert', {
      token: operator,
      body: { version: '2.1.0', releaseNotes: 'iOS release', storeUrl: 'https://apps.apple.com/app/x' },
    });
    expect(ios.code).toBe(0);
    // The iOS list does not reach an apk entry, and the reverse.
    const crossed = await call(t.app, 'PUT', '/api/base/BaseIosVersion/update', {
      token: operator,
      body: { id: apk.data.id, forced: 0 },
    });
    expect(crossed.code).toBe(3557);

    const notes = await call<PageResponse<AppVersion>>(t.app, 'POST', '/api/base/BaseNotice/releaseNotes', {
      body: {},
    });
    expect(notes.data.data.map((v) => `${v.appType} ${v.version}`)).toEqual(['ios 2.1.0', 'android 2.1.0']);
    const latest = await call<AppVersion>(t.app, 'GET', '/api/base/BaseAppVersion/latest', {
      query: { appType: 'android' },
    });
    expect(latest.data).toMatchObject({ version: '2.1.0', forced: 1 });
    const download = await t.app.inject({ method: 'GET', url: apk.data.downloadUrl ?? '' });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('PK apk bytes');

    const deleted = await call(t.app, 'DELETE', '/api/base/BaseApkVersion/delete', {
      token: operator,
      query: { id: String(apk.data.id) },
    });
    expect(deleted.code).toBe(0);
    const gone = await t.app.inject({ method: 'GET', url: apk.data.downloadUrl ?? '' });
    expect(JSON.parse(gone.body).code).toBe(3557);
  });

  it('seeds the demo once: two versions of the demo logger and one finished upgrade', async () => {
    await seedDemoDevices(t.app.ctx);
    await seedDemoFirmware(t.app.ctx);
    await seedDemoFirmware(t.app.ctx);
    const versions = await call<PageResponse<SoftwareVersion>>(
      t.app,
      'POST',
      '/api/device/DeviceSoftwareVersion/page',
      {
        token: operator,
        body: { value: '1.' },
      },
    );
    expect(versions.data.data.map((v) => v.value).sort()).toEqual(['1.1.0', '1.2.0']);
    const records = await call<PageResponse<UpgradeRecord>>(
      t.app,
      'POST',
      '/api/device/DeviceUpgradeRecord/page',
      {
        token: operator,
        body: { state: 'succeeded', deviceGuid: '86100000000000000001' },
      },
    );
    expect(records.data.data).toHaveLength(1);
    expect(records.data.data[0]).toMatchObject({
      fromVersion: '1.0.0',
      versionValue: '1.1.0',
      progress: 100,
    });
    const notes = await call<PageResponse<AppVersion>>(t.app, 'POST', '/api/base/BaseNotice/releaseNotes', {
      body: { appType: 'android' },
    });
    // The apk of the test before was deleted: the demo adds its Android release (iOS already has one).
    expect(notes.data.data.map((v) => v.version)).toEqual(['3.2.0']);
  });
});
