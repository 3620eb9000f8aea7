import type { Asset, DeviceRow, Organization, PageResponse } from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { addDevice, publishedType, signedIn } from '../devices/test-support.ts';

const ASSET = '/api/device/DeviceComb';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(filename: string, content: Buffer) {
  const boundary = '----coldchainAsset';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('assets', () => {
  let t: TestApp;
  let typeId: number;
  let owner: { id: number; token: string };

  beforeAll(async () => {
    t = await createTestApp();
    const operator = await login(t.app, 'demo_operator');
    typeId = (await publishedType(t.app, operator)).type.id;
    owner = await signedIn(t.app, { roleCode: 'enterpriseAdmin' });
  });
  afterAll(async () => t.close());

  const insert = (body: Record<string, unknown>, token = owner.token) =>
    call<Asset>(t.app, 'POST', `${ASSET}/insert`, { token, body, locale: 'en-US' });
  const upload = async (filename: string, content: Buffer) => {
    const { payload, headers } = multipart(filename, content);
    const response = await t.app.inject({
      method: 'POST',
      url: `${ASSET}/uploadImage`,
      payload,
      headers: { ...headers, authorization: `Bearer ${owner.token}`, 'accept-language': 'en-US' },
    });
    return JSON.parse(response.body) as { code: number; msg: string; data: { url: string } };
  };
  const devices = (n: number) =>
    Promise.all(
      Array.from({ length: n }, (_, i) => addDevice(t.app, owner.token, typeId, { deviceName: `D${i}` })),
    );

  it('enforces every field length of 002 §3 and names the field', async () => {
    const cases: [string, unknown, RegExp][] = [
      ['combName', 'x'.repeat(101), /^Asset name: must be at most 100 characters$/],
      ['combNum', '1'.repeat(51), /^Barcode: must be at most 50 characters$/],
      ['brand', 'b'.repeat(51), /^Brand: must be at most 50 characters$/],
      ['model', 'm'.repeat(51), /^Model: must be at most 50 characters$/],
      ['volume', 'v'.repeat(51), /^Volume: must be at most 50 characters$/],
      ['combTypeName', 't'.repeat(51), /^Asset type: must be at most 50 characters$/],
      ['desc', 'd'.repeat(201), /^Description: must be at most 200 characters$/],
      ['combNum', 'AB-12', /^Barcode: may contain only letters and digits$/],
    ];
    for (const [field, value, message] of cases) {
      const refused = await insert({ combName: 'Cold room', [field]: value });
      expect(refused.code, field).toBe(1001);
      expect(refused.msg, field).toMatch(message);
    }
    const full = await insert({
      combName: 'x'.repeat(100),
      combTypeName: 'Freezer',
      combNum: 'AB12cd',
      brand: 'b'.repeat(50),
      model: 'm'.repeat(50),
      volume: '500 L',
      desc: 'd'.repeat(200),
      customKeys: ['Room', 'Floor'],
      customValues: ['101', '1'],
    });
    expect(full.code, full.msg).toBe(0);
    expect(full.data).toMatchObject({
      combNum: 'AB12cd',
      combState: 1,
      customKeys: ['Room', 'Floor'],
      customValues: ['101', '1'],
      deviceCount: 0,
      canEdit: true,
    });
  });

  it('refuses custom values that do not match their keys', async () => {
    for (const [customKeys, customValues] of [
      [['Room'], []],
      [
        ['Room', ''],
        ['1', '2'],
      ],
    ]) {
      const refused = await insert({ combName: 'Mismatch', customKeys, customValues });
      expect(refused.msg).toBe('Custom information must match its association');
    }
    const created = (await insert({ combName: 'Matching', customKeys: ['A'], customValues: ['1'] })).data;
    const update = await call(t.app, 'PUT', `${ASSET}/update`, {
      token: owner.token,
      body: { id: created.id, customKeys: ['A', 'B'] },
      locale: 'en-US',
    });
    expect(update.msg).toBe('Custom information must match its association');
  });

  it('binds at most five devices, and a device to one asset only', async () => {
    const six = await devices(6);
    const tooMany = await insert({ combName: 'Crowded', deviceIds: six.map((d) => d.id) });
    expect(tooMany.msg).toBe('An asset binds at most five devices');
    const asset = (await insert({ combName: 'Five', deviceIds: six.slice(0, 4).map((d) => d.id) })).data;
    expect(asset.deviceCount).toBe(4);
    const fifth = await call(t.app, 'PUT', `${ASSET}/bindDevices`, {
      token: owner.token,
      body: { id: asset.id, deviceIds: [six[4]?.id] },
    });
    expect(fifth.code).toBe(0);
    const sixth = await call(t.app, 'PUT', `${ASSET}/bindDevices`, {
      token: owner.token,
      body: { id: asset.id, deviceIds: [six[5]?.id] },
      locale: 'en-US',
    });
    expect(sixth.msg).toBe('An asset binds at most five devices');
    const other = (await insert({ combName: 'Other' })).data;
    const taken = await call(t.app, 'PUT', `${ASSET}/bindDevices`, {
      token: owner.token,
      body: { id: other.id, deviceIds: [six[0]?.id] },
      locale: 'en-US',
    });
    expect(taken.msg).toBe('Device D0 is already bound to another asset');
    const page = await call<PageResponse<DeviceRow>>(t.app, 'POST', `${ASSET}/devicePage`, {
      token: owner.token,
      body: { id: asset.id, start: 1, pageSize: 10 },
    });
    expect(page.data.totalCount).toBe(5);
    await call(t.app, 'PUT', `${ASSET}/unbindDevices`, {
      token: owner.token,
      body: { id: asset.id, deviceIds: [six[0]?.id] },
    });
    const again = await call(t.app, 'PUT', `${ASSET}/bindDevices`, {
      token: owner.token,
      body: { id: asset.id, deviceIds: [six[5]?.id] },
    });
    expect(again.code).toBe(0);
  });

  it('disabling an asset stops its devices and switches their alarms off; enabling undoes it', async () => {
    const [a, b] = await devices(2);
    const asset = (await insert({ combName: 'Switch', deviceIds: [a?.id, b?.id] })).data;
    const disabled = await call<Asset>(t.app, 'PUT', `${ASSET}/updateState`, {
      token: owner.token,
      body: { id: asset.id, combState: 0 },
    });
    expect(disabled.data.combState).toBe(0);
    const ids = [a?.id as number, b?.id as number];
    const state = async () => ({
      use: (await t.app.ctx.db.selectFrom('device').select('useState').where('id', 'in', ids).execute()).map(
        (r) => r.useState,
      ),
      alarms: (
        await t.app.ctx.db
          .selectFrom('devicePushConfig')
          .select('alarmEnabled')
          .where('deviceId', 'in', ids)
          .execute()
      ).map((r) => r.alarmEnabled),
    });
    expect(await state()).toEqual({ use: ['stopped', 'stopped'], alarms: [0, 0] });
    await call(t.app, 'PUT', `${ASSET}/updateState`, {
      token: owner.token,
      body: { id: asset.id, combState: 1 },
    });
    expect(await state()).toEqual({ use: ['enabled', 'enabled'], alarms: [1, 1] });
  });

  it('uploads jpg, jpeg or png images only, and serves them', async () => {
    const refused = await upload('plan.gif', PNG);
    expect(refused.msg).toBe('Only jpg, jpeg, png files are allowed');
    const disguised = await upload('plan.png', Buffer.from('GIF89a not a png'));
    expect(disguised.code).toBe(refused.code);
    const tooLarge = await upload('big.png', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]));
    expect(tooLarge.msg).toBe('The file is too large (at most 2 MB)');
    const uploaded = await upload('plan.png', PNG);
    expect(uploaded.data.url).toMatch(/^\/api\/files\/assets\/[a-f0-9]{32}\.png$/);
    const served = await t.app.inject({ method: 'GET', url: uploaded.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    const asset = await insert({ combName: 'Pictured', image: uploaded.data.url });
    expect(asset.data.image).toBe(uploaded.data.url);
    const forged = await insert({ combName: 'Forged', image: 'https://evil.example.com/x.png' });
    expect(forged.msg).toBe('Image: has an invalid format');
  });

  it('shows an organization’s assets to its members, editable only by those who manage it', async () => {
    const org = (
      await call<Organization>(t.app, 'POST', '/api/base/BaseOrganization/insert', {
        token: owner.token,
        body: { name: 'Asset Org' },
      })
    ).data;
    const email = `asset${process.pid}@example.com`;
    const member = await signedIn(t.app, { roleCode: 'enterpriseAdmin', email });
    await call(t.app, 'POST', '/api/base/BaseAccount/invite', {
      token: owner.token,
      body: { organizationId: org.id, email },
    });
    const [invitation] = (
      await call<{ id: number }[]>(t.app, 'GET', '/api/base/BaseOrganization/myInvitations', {
        token: member.token,
      })
    ).data;
    await call(t.app, 'PUT', '/api/base/BaseOrganization/acceptInvitation', {
      token: member.token,
      body: { id: invitation?.id },
    });
    const asset = (await insert({ combName: 'Shared room', organizationId: org.id })).data;
    expect(asset.organizationName).toBe('Asset Org');
    const seen = await call<PageResponse<Asset>>(t.app, 'POST', `${ASSET}/page`, {
      token: member.token,
      body: { start: 1, pageSize: 10 },
    });
    expect(seen.data.data.map((a) => [a.combName, a.canEdit])).toEqual([['Shared room', false]]);
    const edit = await call(t.app, 'PUT', `${ASSET}/update`, {
      token: member.token,
      body: { id: asset.id, combName: 'Mine now' },
      locale: 'en-US',
    });
    expect(edit.msg).toBe('Only those who manage the organization may do this');
    const filtered = await call<PageResponse<Asset>>(t.app, 'POST', `${ASSET}/page`, {
      token: owner.token,
      body: { start: 1, pageSize: 10, combName: 'shared', combState: 1 },
    });
    expect(filtered.data.data.map((a) => a.id)).toEqual([asset.id]);
    expect(
      (
        await call(t.app, 'DELETE', `${ASSET}/delete`, {
          token: owner.token,
          query: { id: String(asset.id) },
        })
      ).code,
    ).toBe(0);
  });
});
