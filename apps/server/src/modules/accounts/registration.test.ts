import type { AccountInfo } from '@coldchain/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../auth/passwords.ts';
import { createAccount } from '../../test/factories.ts';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { createPlatform, mailCode, newPhone, smsCode, startSmtp, type TestSmtp } from './test-support.ts';

const REGISTER = '/api/base/BaseAccount/register';
const FORGOT = '/api/base/BaseAccount/forgot';
const INFO = '/api/base/BaseAccount/accountInfo';
const LOGIN = '/api/base/BaseAccount/login';

let seq = 0;
function newUserName() {
  seq += 1;
  return `reg_${process.pid}_${seq}`;
}

const accountCount = async (app: FastifyInstance) =>
  Number(
    (
      await app.ctx.db
        .selectFrom('account')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

function personal(phone: string, verifyCode: string, extra: Record<string, unknown> = {}) {
  return {
    accountType: 1,
    userName: newUserName(),
    accountPassword: 'Secret12',
    confirmPassword: 'Secret12',
    phone,
    verifyCode,
    agreeTerms: true,
    agreePrivacy: true,
    ...extra,
  };
}

describe('registration', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('registers a personal account by phone and signs it in', async () => {
    const phone = newPhone();
    const code = await smsCode(t.app, phone, 'register');
    const body = personal(phone, code, { realName: 'Li Lei' });
    const answer = await call<{ token: string }>(t.app, 'POST', REGISTER, { body });
    expect(answer.code).toBe(0);
    const info = await call<AccountInfo>(t.app, 'GET', INFO, { token: answer.data.token });
    expect(info.code).toBe(0);
    expect(info.data.baseAccount).toMatchObject({
      userName: body.userName,
      phone,
      email: null,
      realName: 'Li Lei',
      accountType: 1,
      roleCode: 'personalUser',
      timeZone: 'Asia/Shanghai',
      countryCode: '86',
      foreignFlag: 0,
    });
    expect(info.data.userProfile).toMatchObject({ identity: null, industry: null, alarmToneStatus: 1 });
    expect(info.data.permissionRoutes).toContain('device.list');
    const row = await t.app.ctx.db
      .selectFrom('account')
      .selectAll()
      .where('userName', '=', body.userName)
      .executeTakeFirstOrThrow();
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row.passwordHash, 'Secret12')).toBe(true);
    const profile = await t.app.ctx.db
      .selectFrom('userProfile')
      .selectAll()
      .where('accountId', '=', row.id)
      .executeTakeFirst();
    expect(profile).toBeDefined();
    const entry = await t.app.ctx.db
      .selectFrom('operationLog')
      .selectAll()
      .where('action', '=', 'account.register')
      .where('entityId', '=', String(row.id))
      .executeTakeFirstOrThrow();
    expect(entry.accountId).toBe(row.id);
    expect(entry.accountName).toBe(body.userName);
    expect(entry.newValue).toContain(phone);
    expect(entry.newValue).not.toContain('Secret12');
  });

  it('registers an enterprise account by e-mail as its admin; the company is required', async () => {
    const email = `Boss.${process.pid}@Example.com`;
    const code = await mailCode(t.app, smtp, email, 'register');
    const base = {
      accountType: 2,
      userName: newUserName(),
      accountPassword: 'Secret12!',
      confirmPassword: 'Secret12!',
      email,
      verifyCode: code,
      agreeTerms: true,
      agreePrivacy: true,
    };
    const before = await accountCount(t.app);
    const missing = await call<{ fields: { field: string }[] }>(t.app, 'POST', REGISTER, {
      body: base,
      locale: 'en-US',
    });
    expect(missing.code).toBe(1001);
    expect(missing.msg).toBe('Company name: is required for an enterprise account');
    expect(missing.data.fields[0]?.field).toBe('companyName');
    expect(await accountCount(t.app)).toBe(before);
    const answer = await call<{ token: string }>(t.app, 'POST', REGISTER, {
      body: { ...base, companyName: 'Frosty Logistics' },
      locale: 'en-US',
    });
    expect(answer.code).toBe(0);
    const info = await call<AccountInfo>(t.app, 'GET', INFO, { token: answer.data.token });
    expect(info.data.baseAccount).toMatchObject({
      email: email.toLowerCase(),
      companyName: 'Frosty Logistics',
      accountType: 2,
      roleCode: 'enterpriseAdmin',
      foreignFlag: 1,
      timeZone: 'UTC',
    });
    expect(info.data.permissionRoutes).toContain('organization.list');
  });

  it('requires both the terms and the privacy policy', async () => {
    const phone = newPhone();
    const code = await smsCode(t.app, phone, 'register');
    const before = await accountCount(t.app);
    for (const body of [
      personal(phone, code, { agreeTerms: false }),
      personal(phone, code, { agreePrivacy: false }),
    ]) {
      const refused = await call(t.app, 'POST', REGISTER, { body, locale: 'en-US' });
      expect(refused.code).toBe(2013);
      expect(refused.msg).toBe('Please agree to the terms of service and the privacy policy');
    }
    expect(await accountCount(t.app)).toBe(before);
    // The code was not spent by the refused attempts.
    expect((await call(t.app, 'POST', REGISTER, { body: personal(phone, code) })).code).toBe(0);
  });

  it('applies the platform password policy and the confirmation, naming the field', async () => {
    const phone = newPhone();
    const code = await smsCode(t.app, phone, 'register');
    const before = await accountCount(t.app);
    const cases: [Record<string, unknown>, string, string, string][] = [
      [
        { accountPassword: 'abcdefgh', confirmPassword: 'abcdefgh' },
        'en-US',
        'accountPassword',
        'Password: must contain at least two of: digits, letters, symbols',
      ],
      [
        { accountPassword: 'ab1', confirmPassword: 'ab1' },
        'en-US',
        'accountPassword',
        'Password: must be 6-20 characters',
      ],
      [
        { accountPassword: 'abcdefgh', confirmPassword: 'abcdefgh' },
        'zh-CN',
        'accountPassword',
        '密码：须包含数字、字母、符号中的至少两种',
      ],
      [
        { confirmPassword: 'Secret13' },
        'en-US',
        'confirmPassword',
        'Confirm password: does not match the password',
      ],
      [{ confirmPassword: '' }, 'en-US', 'confirmPassword', 'Confirm password: is required'],
      [
        { userName: '1badname' },
        'en-US',
        'userName',
        'User name: must be 6-50 characters of Chinese, letters, digits or underscore, not starting with a digit or underscore',
      ],
      [{ accountType: 3 }, 'en-US', 'accountType', 'Account type: must be one of: 1, 2'],
      [{ verifyCode: '12345' }, 'en-US', 'verifyCode', 'Verification code: must be 6 digits'],
      [{ roleCode: 'operator' }, 'en-US', 'roleCode', 'roleCode: is not an accepted field'],
    ];
    for (const [change, locale, field, message] of cases) {
      const answer = await call<{ fields: { field: string }[] }>(t.app, 'POST', REGISTER, {
        body: personal(phone, code, change),
        locale,
      });
      expect(answer.status, message).toBe(200);
      expect(answer.code, message).toBe(1001);
      expect(answer.msg).toBe(message);
      expect(answer.data.fields[0]?.field).toBe(field);
    }
    expect(await accountCount(t.app)).toBe(before);
  });

  it('applies the four-kinds policy on a platform that chose it', async () => {
    await createPlatform(t.app, { topDomain: 'strict.example', passwordPolicy: 'fourKinds' });
    const phone = newPhone();
    const asked = await call(t.app, 'GET', '/api/base/BaseAccount/code/phone', {
      query: { phone, purpose: 'register' },
      host: 'strict.example',
    });
    expect(asked.code).toBe(0);
    const sms = await t.app.ctx.db
      .selectFrom('smsMessage')
      .select('content')
      .where('phone', '=', phone)
      .executeTakeFirstOrThrow();
    expect(sms.content).toContain('Platform strict.example');
    const code = /\d{6}/.exec(sms.content)?.[0] ?? '';
    const weak = await call(t.app, 'POST', REGISTER, {
      body: personal(phone, code, { accountPassword: 'Secret12', confirmPassword: 'Secret12' }),
      host: 'strict.example',
      locale: 'en-US',
    });
    expect(weak.code).toBe(1001);
    expect(weak.msg).toBe(
      'Password: must contain a digit, an uppercase letter, a lowercase letter and a special character',
    );
    const strong = await call(t.app, 'POST', REGISTER, {
      body: personal(phone, code, { accountPassword: 'Secret12!', confirmPassword: 'Secret12!' }),
      host: 'strict.example',
    });
    expect(strong.code).toBe(0);
  });

  it('wants exactly one of phone or e-mail', async () => {
    const neither = await call<{ fields: { field: string }[] }>(t.app, 'POST', REGISTER, {
      body: personal(newPhone(), '123456', { phone: undefined }),
      locale: 'en-US',
    });
    expect(neither.code).toBe(1001);
    expect(neither.msg).toBe('Phone: give a phone number or an e-mail address');
    const both = await call<{ fields: { field: string }[] }>(t.app, 'POST', REGISTER, {
      body: personal(newPhone(), '123456', { email: 'both@example.com' }),
      locale: 'en-US',
    });
    expect(both.code).toBe(1001);
    expect(both.msg).toBe('E-mail: give either a phone number or an e-mail address, not both');
    expect(both.data.fields[0]?.field).toBe('email');
  });

  it('refuses a taken user name (also of a deleted account) and a taken phone, per platform', async () => {
    const { account } = await createAccount(t.app);
    const phone = newPhone();
    const code = await smsCode(t.app, phone, 'register');
    const before = await accountCount(t.app);
    const taken = await call(t.app, 'POST', REGISTER, {
      body: personal(phone, code, { userName: account.userName }),
      locale: 'en-US',
    });
    expect(taken.code).toBe(2004);
    expect(taken.msg).toBe('User already exists');
    await t.app.ctx.db.updateTable('account').set({ deletedFlag: 1 }).where('id', '=', account.id).execute();
    const deleted = await call(t.app, 'POST', REGISTER, {
      body: personal(phone, code, { userName: account.userName }),
    });
    expect(deleted.code).toBe(2004);
    expect(await accountCount(t.app)).toBe(before);

    // The same user name is free on another platform.
    await createPlatform(t.app, { topDomain: 'other.example' });
    const otherPhone = newPhone();
    await call(t.app, 'GET', '/api/base/BaseAccount/code/phone', {
      query: { phone: otherPhone, purpose: 'register' },
      host: 'other.example',
    });
    const sms = await t.app.ctx.db
      .selectFrom('smsMessage')
      .select('content')
      .where('phone', '=', otherPhone)
      .executeTakeFirstOrThrow();
    const elsewhere = await call(t.app, 'POST', REGISTER, {
      body: personal(otherPhone, /\d{6}/.exec(sms.content)?.[0] ?? '', { userName: account.userName }),
      host: 'other.example',
    });
    expect(elsewhere.code).toBe(0);

    // A phone taken after the code was sent is refused at registration.
    await createAccount(t.app, { phone });
    const dup = await call(t.app, 'POST', REGISTER, { body: personal(phone, code), locale: 'en-US' });
    expect(dup.code).toBe(2005);
  });

  it('refuses sign-up on a platform closed to it', async () => {
    await createPlatform(t.app, { topDomain: 'nosignup.example', enableRegister: 0 });
    const before = await accountCount(t.app);
    const closed = await call(t.app, 'POST', REGISTER, {
      body: personal(newPhone(), '123456'),
      host: 'nosignup.example',
      locale: 'en-US',
    });
    expect(closed.code).toBe(2009);
    expect(await accountCount(t.app)).toBe(before);
  });

  it('accepts a code only for its own target and purpose, the newest one only', async () => {
    const phone = newPhone();
    const other = newPhone();
    const code = await smsCode(t.app, phone, 'register');
    const wrongTarget = await call(t.app, 'POST', REGISTER, { body: personal(other, code), locale: 'en-US' });
    expect(wrongTarget.code).toBe(2011);
    expect(wrongTarget.msg).toBe('The verification code is wrong or has expired');

    const { account } = await createAccount(t.app, { phone: other });
    const forgotCode = await smsCode(t.app, other, 'forgot');
    await t.app.ctx.db.updateTable('account').set({ phone: null }).where('id', '=', account.id).execute();
    const wrongPurpose = await call(t.app, 'POST', REGISTER, { body: personal(other, forgotCode) });
    expect(wrongPurpose.code).toBe(2011);

    const newer = await smsCode(t.app, phone, 'register');
    if (newer !== code) {
      const superseded = await call(t.app, 'POST', REGISTER, { body: personal(phone, code) });
      expect(superseded.code).toBe(2011);
    }
    expect((await call(t.app, 'POST', REGISTER, { body: personal(phone, newer) })).code).toBe(0);
  });

  it('voids a code after 5 wrong entries and refuses an expired one', async () => {
    const phone = newPhone();
    const code = await smsCode(t.app, phone, 'register');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      expect((await call(t.app, 'POST', REGISTER, { body: personal(phone, wrong) })).code).toBe(2011);
    }
    const before = await accountCount(t.app);
    expect((await call(t.app, 'POST', REGISTER, { body: personal(phone, code) })).code).toBe(2011);
    expect(await accountCount(t.app)).toBe(before);

    const late = newPhone();
    const lateCode = await smsCode(t.app, late, 'register');
    await t.app.ctx.db
      .updateTable('verificationCode')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('target', '=', late)
      .execute();
    expect((await call(t.app, 'POST', REGISTER, { body: personal(late, lateCode) })).code).toBe(2011);
  });

  it('lets only one of two concurrent sign-ups use a code', async () => {
    const phone = newPhone();
    const code = await smsCode(t.app, phone, 'register');
    const answers = await Promise.all([
      call(t.app, 'POST', REGISTER, { body: personal(phone, code) }),
      call(t.app, 'POST', REGISTER, { body: personal(phone, code) }),
    ]);
    // The loser either finds the code spent (2011) or, when the winner finished first, the name
    // or phone already taken (2004, 2005); never two accounts.
    const [winner, loser] = answers.map((a) => a.code).sort((a, b) => a - b);
    expect(winner).toBe(0);
    expect([2004, 2005, 2011]).toContain(loser);
    const holders = await t.app.ctx.db
      .selectFrom('account')
      .select('id')
      .where('phone', '=', phone)
      .execute();
    expect(holders).toHaveLength(1);
  });
});

describe('password recovery', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('resets the password by phone code, ends every session and lifts the login throttle', async () => {
    const phone = newPhone();
    const { account, password } = await createAccount(t.app, { phone });
    const first = await login(t.app, account.userName, password);
    const second = await login(t.app, account.userName, password);
    // What repeated wrong passwords from this address leave: a locked pair and a name asking for a captcha.
    const lastFailureAt = new Date().toISOString();
    await t.app.ctx.db
      .insertInto('loginFailure')
      .values(
        ['', '127.0.0.1'].map((address) => ({
          platformId: account.platformId,
          loginName: account.userName.toLowerCase(),
          address,
          failures: 5,
          lastFailureAt,
          alertedAt: null,
        })),
      )
      .execute();
    const locked = await call(t.app, 'POST', LOGIN, {
      body: { userName: account.userName, accountPassword: password, loginType: 1 },
    });
    expect(locked.code).toBe(2002);
    const code = await smsCode(t.app, phone, 'forgot');
    const answer = await call(t.app, 'POST', FORGOT, {
      body: { phone, verifyCode: code, accountPassword: 'Fresh123', confirmPassword: 'Fresh123' },
    });
    expect(answer.code).toBe(0);
    for (const token of [first, second]) {
      expect((await call(t.app, 'GET', INFO, { token })).code).toBe(2010);
    }
    const old = await call(t.app, 'POST', LOGIN, {
      body: { userName: account.userName, accountPassword: password, loginType: 1 },
    });
    expect(old.code).toBe(2001);
    expect(await login(t.app, account.userName, 'Fresh123')).toBeTruthy();
    const sessions = await t.app.ctx.db
      .selectFrom('session')
      .select('revokedReason')
      .where('accountId', '=', account.id)
      .where('revokedAt', 'is not', null)
      .execute();
    expect(sessions.map((s) => s.revokedReason)).toEqual(['password', 'password']);
    const entry = await t.app.ctx.db
      .selectFrom('operationLog')
      .selectAll()
      .where('action', '=', 'account.forgot')
      .executeTakeFirstOrThrow();
    expect(entry.accountId).toBe(account.id);
    expect(entry.newValue).not.toContain('Fresh123');

    // The code works once.
    const reuse = await call(t.app, 'POST', FORGOT, {
      body: { phone, verifyCode: code, accountPassword: 'Other123', confirmPassword: 'Other123' },
    });
    expect(reuse.code).toBe(2011);
  });

  it('resets by e-mail code through a real mail server', async () => {
    const email = `forgot.${process.pid}@example.com`;
    const { account } = await createAccount(t.app, { email });
    const code = await mailCode(t.app, smtp, email, 'forgot');
    const answer = await call(t.app, 'POST', FORGOT, {
      body: {
        email: email.toUpperCase(),
        verifyCode: code,
        accountPassword: 'Mailed12',
        confirmPassword: 'Mailed12',
      },
    });
    expect(answer.code).toBe(0);
    expect(await login(t.app, account.userName, 'Mailed12')).toBeTruthy();
  });

  it('refuses bad input and wrong codes without touching the password', async () => {
    const phone = newPhone();
    const { account, password } = await createAccount(t.app, { phone });
    const code = await smsCode(t.app, phone, 'forgot');
    const mismatch = await call(t.app, 'POST', FORGOT, {
      body: { phone, verifyCode: code, accountPassword: 'Fresh123', confirmPassword: 'Fresh124' },
      locale: 'en-US',
    });
    expect(mismatch.code).toBe(1001);
    expect(mismatch.msg).toBe('Confirm password: does not match the password');
    const weak = await call(t.app, 'POST', FORGOT, {
      body: { phone, verifyCode: code, accountPassword: '12345678', confirmPassword: '12345678' },
      locale: 'zh-CN',
    });
    expect(weak.code).toBe(1001);
    expect(weak.msg).toBe('密码：须包含数字、字母、符号中的至少两种');
    const wrongCode = await call(t.app, 'POST', FORGOT, {
      body: {
        phone,
        verifyCode: code === '999999' ? '999998' : '999999',
        accountPassword: 'Fresh123',
        confirmPassword: 'Fresh123',
      },
    });
    expect(wrongCode.code).toBe(2011);
    // A code asked for another account's phone does not reset this one.
    const otherPhone = newPhone();
    await createAccount(t.app, { phone: otherPhone });
    const otherCode = await smsCode(t.app, otherPhone, 'forgot');
    if (otherCode !== code) {
      const crossed = await call(t.app, 'POST', FORGOT, {
        body: { phone, verifyCode: otherCode, accountPassword: 'Fresh123', confirmPassword: 'Fresh123' },
      });
      expect(crossed.code).toBe(2011);
    }
    expect(await login(t.app, account.userName, password)).toBeTruthy();
  });

  it('refuses an expired code, keeping the old password', async () => {
    const phone = newPhone();
    const { account, password } = await createAccount(t.app, { phone });
    const code = await smsCode(t.app, phone, 'forgot');
    await t.app.ctx.db
      .updateTable('verificationCode')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('target', '=', phone)
      .execute();
    const late = await call(t.app, 'POST', FORGOT, {
      body: { phone, verifyCode: code, accountPassword: 'Fresh123', confirmPassword: 'Fresh123' },
      locale: 'en-US',
    });
    expect(late.code).toBe(2011);
    expect(await login(t.app, account.userName, password)).toBeTruthy();
  });

  it('never resets an account for a target nobody holds', async () => {
    const phone = newPhone();
    const asked = await call(t.app, 'GET', '/api/base/BaseAccount/code/phone', {
      query: { phone, purpose: 'forgot' },
    });
    expect(asked.code).toBe(0);
    for (const guess of ['000000', '123456']) {
      const answer = await call(t.app, 'POST', FORGOT, {
        body: { phone, verifyCode: guess, accountPassword: 'Fresh123', confirmPassword: 'Fresh123' },
      });
      expect(answer.code).toBe(2011);
    }
  });
});
