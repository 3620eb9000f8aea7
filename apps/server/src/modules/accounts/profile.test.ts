import fs from 'node:fs';
import path from 'node:path';
import { AVATAR_MAX_BYTES, type BaseAccount, type UserProfile } from '@coldchain/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test/factories.ts';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';

const BASE_INFO = '/api/base/BaseAccount/modifyBaseInfo';
const BASE_INFO_FOREIGN = '/api/base/BaseAccount/modifyBaseInfoForForeign';
const PROFILE = '/api/base/BaseUserProfile/update';
const UPLOAD = '/api/base/BaseAccount/uploadHeadPhoto';

/** A 1×1 transparent PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** The start of a JFIF JPEG; only the signature is read. */
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0rest-of-image'),
]);

function multipart(filename: string, content: Buffer, contentType = 'application/octet-stream') {
  const boundary = `----coldchain${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(
  app: FastifyInstance,
  token: string,
  filename: string,
  content: Buffer,
  locale = 'en-US',
) {
  const { payload, headers } = multipart(filename, content);
  const response = await app.inject({
    method: 'POST',
    url: UPLOAD,
    payload,
    headers: { ...headers, authorization: `Bearer ${token}`, 'accept-language': locale },
  });
  return {
    status: response.statusCode,
    ...(JSON.parse(response.body) as { code: number; msg: string; data: BaseAccount }),
  };
}

async function accountRow(app: FastifyInstance, id: number) {
  return app.ctx.db.selectFrom('account').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function signedIn(app: FastifyInstance) {
  const { account, password } = await createAccount(app);
  return { account, token: await login(app, account.userName, password) };
}

describe('base info and profile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('changes base info and records the old and new values', async () => {
    const { account, token } = await signedIn(t.app);
    const answer = await call<BaseAccount>(t.app, 'POST', BASE_INFO, {
      token,
      body: { realName: 'Han Meimei', timeZone: 'Europe/Berlin', temperatureUnit: 'F' },
    });
    expect(answer.code).toBe(0);
    expect(answer.data).toMatchObject({
      realName: 'Han Meimei',
      timeZone: 'Europe/Berlin',
      temperatureUnit: 'F',
    });
    const entry = await t.app.ctx.db
      .selectFrom('operationLog')
      .selectAll()
      .where('action', '=', 'account.modifyBaseInfo')
      .where('entityId', '=', String(account.id))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.oldValue ?? '{}')).toEqual({
      realName: null,
      timeZone: 'Asia/Shanghai',
      temperatureUnit: 'C',
    });
    expect(JSON.parse(entry.newValue ?? '{}')).toEqual({
      realName: 'Han Meimei',
      timeZone: 'Europe/Berlin',
      temperatureUnit: 'F',
    });
    // An empty real name clears it; UTC is accepted.
    const cleared = await call<BaseAccount>(t.app, 'POST', BASE_INFO, {
      token,
      body: { realName: '', timeZone: 'UTC' },
    });
    expect(cleared.data).toMatchObject({ realName: null, timeZone: 'UTC' });
  });

  it('refuses unknown time zones, long names, empty bodies and fields a user may not set', async () => {
    const { account, token } = await signedIn(t.app);
    const before = await accountRow(t.app, account.id);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ timeZone: 'Mars/Olympus_Mons' }, 'en-US', 'Time zone: is not a known time zone'],
      [{ timeZone: 'Mars/Olympus_Mons' }, 'zh-CN', '时区：不是已知的时区'],
      [{ realName: 'x'.repeat(21) }, 'en-US', 'Real name: must be at most 20 characters'],
      [{ companyName: 'x' }, 'en-US', 'Company name: must be at least 2 characters'],
      [{ temperatureUnit: 'K' }, 'en-US', 'Temperature unit: must be one of: C, F'],
      [{}, 'en-US', 'Request: nothing to change'],
      [{ roleCode: 'operator' }, 'en-US', 'roleCode: is not an accepted field'],
      [{ id: 1, realName: 'Other' }, 'en-US', 'ID: is not an accepted field'],
    ];
    for (const [body, locale, message] of cases) {
      const answer = await call(t.app, 'POST', BASE_INFO, { token, body, locale });
      expect(answer.status, message).toBe(200);
      expect(answer.code, message).toBe(1001);
      expect(answer.msg).toBe(message);
    }
    expect(await accountRow(t.app, account.id)).toEqual(before);
  });

  it('keeps the country calling code in the overseas edition', async () => {
    const { account, token } = await signedIn(t.app);
    const answer = await call<BaseAccount>(t.app, 'POST', BASE_INFO_FOREIGN, {
      token,
      body: { countryCode: '+49', timeZone: 'Europe/Berlin' },
    });
    expect(answer.code).toBe(0);
    expect(answer.data.countryCode).toBe('49');
    const missing = await call(t.app, 'POST', BASE_INFO_FOREIGN, {
      token,
      body: { timeZone: 'Europe/Berlin' },
      locale: 'en-US',
    });
    expect(missing.code).toBe(1001);
    expect(missing.msg).toBe('Country code: is required');
    const bad = await call(t.app, 'POST', BASE_INFO_FOREIGN, {
      token,
      body: { countryCode: '4a' },
      locale: 'en-US',
    });
    expect(bad.msg).toBe('Country code: is not a valid country calling code');
    expect((await accountRow(t.app, account.id)).countryCode).toBe('49');
  });

  it('updates identity, industry, alarm tone and home page from the dictionaries', async () => {
    const { account, token } = await signedIn(t.app);
    const answer = await call<UserProfile>(t.app, 'POST', PROFILE, {
      token,
      body: { identity: 'driver', industry: 'vaccine', alarmToneStatus: 0, homePage: '/device/list' },
    });
    expect(answer.code).toBe(0);
    expect(answer.data).toMatchObject({
      identity: 'driver',
      industry: 'vaccine',
      alarmToneStatus: 0,
      homePage: '/device/list',
    });
    const entry = await t.app.ctx.db
      .selectFrom('operationLog')
      .selectAll()
      .where('action', '=', 'userProfile.update')
      .where('entityId', '=', String(account.id))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.oldValue ?? '{}')).toEqual({
      identity: 'manager',
      industry: 'pharma',
      alarmToneStatus: 1,
      homePage: null,
    });
    expect(entry.entityType).toBe('userProfile');
  });

  it('refuses values outside the dictionaries and bad flags, changing nothing', async () => {
    const { account, token } = await signedIn(t.app);
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ identity: 'astronaut' }, 'en-US', 'identity', 'Identity: is not a value of the Identity dictionary'],
      [{ industry: 'mining' }, 'zh-CN', 'industry', '行业：不是行业字典中的值'],
      [{ alarmToneStatus: 2 }, 'en-US', 'alarmToneStatus', 'Alarm tone: must be one of: 0, 1'],
      [
        { homePage: 'https://evil.example' },
        'en-US',
        'homePage',
        'Home page: must be a console path starting with /',
      ],
      [{}, 'en-US', 'body', 'Request: nothing to change'],
      [{ enableFda: 1 }, 'en-US', 'enableFda', 'enableFda: is not an accepted field'],
      [{ walletStatus: 1 }, 'en-US', 'walletStatus', 'walletStatus: is not an accepted field'],
    ];
    for (const [body, locale, field, message] of cases) {
      const answer = await call<{ fields: { field: string }[] }>(t.app, 'POST', PROFILE, {
        token,
        body,
        locale,
      });
      expect(answer.code, message).toBe(1001);
      expect(answer.msg).toBe(message);
      expect(answer.data.fields[0]?.field).toBe(field);
    }
    const profile = await t.app.ctx.db
      .selectFrom('userProfile')
      .selectAll()
      .where('accountId', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(profile).toMatchObject({ identity: 'manager', industry: 'pharma', walletStatus: 0, enableFda: 0 });
  });

  it("changes only the caller's own rows", async () => {
    const a = await signedIn(t.app);
    const b = await signedIn(t.app);
    const beforeA = await accountRow(t.app, a.account.id);
    await call(t.app, 'POST', BASE_INFO, { token: b.token, body: { realName: 'B only' } });
    await call(t.app, 'POST', PROFILE, { token: b.token, body: { identity: 'other' } });
    expect(await accountRow(t.app, a.account.id)).toEqual(beforeA);
    const profileA = await t.app.ctx.db
      .selectFrom('userProfile')
      .select('identity')
      .where('accountId', '=', a.account.id)
      .executeTakeFirstOrThrow();
    expect(profileA.identity).toBe('manager');
    expect((await call(t.app, 'POST', BASE_INFO, { body: { realName: 'Anonymous' } })).status).toBe(401);
    expect((await call(t.app, 'POST', PROFILE, { body: { identity: 'other' } })).status).toBe(401);
  });
});

describe('avatar upload', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const avatarDir = () => path.join(t.config.dataDir, 'uploads', 'avatars');

  it('stores a png under the data directory and serves it back publicly', async () => {
    const { account, token } = await signedIn(t.app);
    const answer = await upload(t.app, token, 'me.PNG', PNG);
    expect(answer.code).toBe(0);
    const url = answer.data.accountPhoto ?? '';
    expect(url).toMatch(/^\/api\/files\/avatars\/[a-f0-9]{32}\.png$/);
    expect((await accountRow(t.app, account.id)).accountPhoto).toBe(url);
    const file = path.join(avatarDir(), path.basename(url));
    expect(fs.readFileSync(file).equals(PNG)).toBe(true);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    const entry = await t.app.ctx.db
      .selectFrom('operationLog')
      .selectAll()
      .where('action', '=', 'account.uploadHeadPhoto')
      .where('entityId', '=', String(account.id))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.newValue ?? '{}')).toEqual({ accountPhoto: url });

    // A new avatar replaces the file of the old one.
    const second = await upload(t.app, token, 'me.jpeg', JPEG);
    expect(second.code).toBe(0);
    expect(second.data.accountPhoto).toMatch(/\.jpeg$/);
    expect(fs.existsSync(file)).toBe(false);
    const jpeg = await t.app.inject({ method: 'GET', url: second.data.accountPhoto ?? '' });
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
  });

  it('checks the extension and the content, naming the allowed types', async () => {
    const { account, token } = await signedIn(t.app);
    const cases: [string, Buffer][] = [
      ['me.gif', Buffer.from('GIF89a........')],
      ['me.png', JPEG],
      ['me.jpg', PNG],
      ['me.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
      ['me.png.html', PNG],
      ['me', PNG],
    ];
    for (const [name, content] of cases) {
      const answer = await upload(t.app, token, name, content);
      expect(answer.code, name).toBe(1103);
      expect(answer.msg).toBe('Only jpg, jpeg, png files are allowed');
    }
    const zh = await upload(t.app, token, 'me.gif', Buffer.from('GIF89a'), 'zh-CN');
    expect(zh.msg).toBe('只允许上传 jpg, jpeg, png 格式的文件');
    expect((await accountRow(t.app, account.id)).accountPhoto).toBeNull();
  });

  it('refuses a file over 2 MB and a request without a file', async () => {
    const { account, token } = await signedIn(t.app);
    const big = Buffer.concat([PNG, Buffer.alloc(AVATAR_MAX_BYTES)]);
    const answer = await upload(t.app, token, 'big.png', big);
    expect(answer.code).toBe(1102);
    expect(answer.msg).toBe('The file is too large (at most 2 MB)');
    const justUnder = Buffer.concat([PNG, Buffer.alloc(AVATAR_MAX_BYTES - PNG.length)]);
    expect((await upload(t.app, token, 'ok.png', justUnder)).code).toBe(0);
    const photo = (await accountRow(t.app, account.id)).accountPhoto;

    const json = await call(t.app, 'POST', UPLOAD, { token, body: { file: 'x' }, locale: 'en-US' });
    expect(json.code).toBe(1001);
    expect(json.msg).toBe('File: is required');
    expect((await accountRow(t.app, account.id)).accountPhoto).toBe(photo);
    const before = fs.readdirSync(avatarDir()).length;
    const anonymous = await t.app.inject({ method: 'POST', url: UPLOAD, ...multipart('me.png', PNG) });
    expect(anonymous.statusCode).toBe(401);
    expect(fs.readdirSync(avatarDir()).length).toBe(before);
  });

  it('serves only stored avatar names', async () => {
    const traversal = await t.app.inject({ method: 'GET', url: '/api/files/avatars/..%2F..%2Ftest.db' });
    expect(JSON.parse(traversal.body).code).toBe(1001);
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/files/avatars/${'0'.repeat(32)}.png`,
      headers: { 'accept-language': 'en-US' },
    });
    expect(JSON.parse(missing.body)).toMatchObject({ code: 1004, msg: 'File not found' });
  });
});
