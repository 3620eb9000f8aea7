import type { BaseAccount } from '@coldchain/shared';
import { OLD_PLATFORM_TOKEN_TTL_MS } from '@coldchain/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../auth/passwords.ts';
import { createAccount } from '../../test/factories.ts';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { CODE_PHONE, mailCode, newPhone, smsCode, startSmtp, type TestSmtp } from './test-support.ts';

const BINDING = '/api/base/BaseAccount/binding';
const MODIFY_PHONE = '/api/base/BaseAccount/modifyPhoneAndPassword';
const MODIFY_EMAIL = '/api/base/BaseAccount/modifyEmailAndPassword';
const OLD_PLATFORM = '/api/base/BaseAccount/toOldPaltform';
const INFO = '/api/base/BaseAccount/accountInfo';

async function accountRow(app: FastifyInstance, id: number) {
  return app.ctx.db.selectFrom('account').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function signedIn(app: FastifyInstance, options: Parameters<typeof createAccount>[1] = {}) {
  const { account, password } = await createAccount(app, options);
  return { account, password, token: await login(app, account.userName, password) };
}

describe('binding a phone or e-mail', () => {
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

  it('binds a phone to the caller after the code check and records old and new values', async () => {
    const { account, token } = await signedIn(t.app);
    const phone = newPhone();
    const code = await smsCode(t.app, phone, 'bind', token);
    const answer = await call<BaseAccount>(t.app, 'POST', BINDING, {
      token,
      body: { phone, verifyCode: code },
    });
    expect(answer.code).toBe(0);
    expect(answer.data.phone).toBe(phone);
    expect((await accountRow(t.app, account.id)).phone).toBe(phone);
    const entry = await t.app.ctx.db
      .selectFrom('operationLog')
      .selectAll()
      .where('action', '=', 'account.binding')
      .where('entityId', '=', String(account.id))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.oldValue ?? '{}')).toEqual({ phone: null, email: null });
    expect(JSON.parse(entry.newValue ?? '{}')).toEqual({ phone, email: null });
  });

  it('binds an e-mail read from a real mail server, stored lower-case', async () => {
    const { account, token } = await signedIn(t.app);
    const email = `Bind.${process.pid}@Example.com`;
    const code = await mailCode(t.app, smtp, email, 'bind', token);
    const answer = await call<BaseAccount>(t.app, 'POST', BINDING, {
      token,
      body: { email, verifyCode: code },
    });
    expect(answer.code).toBe(0);
    expect((await accountRow(t.app, account.id)).email).toBe(email.toLowerCase());
  });

  it("refuses another account's phone, a second phone, and a code asked for by someone else", async () => {
    const taken = newPhone();
    await createAccount(t.app, { phone: taken });
    const { account, token } = await signedIn(t.app);
    const refused = await call(t.app, 'GET', CODE_PHONE, {
      query: { phone: taken, purpose: 'bind' },
      token,
      locale: 'en-US',
    });
    expect(refused.code).toBe(2005);

    // A code the victim asked for does not bind the phone to the attacker.
    const victim = await signedIn(t.app);
    const phone = newPhone();
    const victimCode = await smsCode(t.app, phone, 'bind', victim.token);
    const stolen = await call(t.app, 'POST', BINDING, { token, body: { phone, verifyCode: victimCode } });
    expect(stolen.code).toBe(2011);
    expect((await accountRow(t.app, account.id)).phone).toBeNull();
    expect(
      (await call(t.app, 'POST', BINDING, { token: victim.token, body: { phone, verifyCode: victimCode } }))
        .code,
    ).toBe(0);

    // Someone who already has a phone changes it with the current password instead.
    const withPhone = await signedIn(t.app, { phone: newPhone() });
    const second = newPhone();
    const asked = await call<{ fields: { field: string }[] }>(t.app, 'GET', CODE_PHONE, {
      query: { phone: second, purpose: 'bind' },
      token: withPhone.token,
      locale: 'en-US',
    });
    expect(asked.code).toBe(1001);
    expect(asked.msg).toBe(
      'Phone: is already set; change it in your account settings with your current password',
    );
    expect(asked.data.fields[0]?.field).toBe('phone');
  });

  it('refuses a wrong code and an expired one, binding nothing', async () => {
    const { account, token } = await signedIn(t.app);
    const phone = newPhone();
    const code = await smsCode(t.app, phone, 'bind', token);
    const wrong = await call(t.app, 'POST', BINDING, {
      token,
      body: { phone, verifyCode: code === '000000' ? '111111' : '000000' },
      locale: 'en-US',
    });
    expect(wrong.code).toBe(2011);
    await t.app.ctx.db
      .updateTable('verificationCode')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('target', '=', phone)
      .execute();
    const late = await call(t.app, 'POST', BINDING, { token, body: { phone, verifyCode: code } });
    expect(late.code).toBe(2011);
    expect((await accountRow(t.app, account.id)).phone).toBeNull();
  });

  it('needs a session and a valid body', async () => {
    const anonymous = await call(t.app, 'POST', BINDING, {
      body: { phone: newPhone(), verifyCode: '123456' },
    });
    expect(anonymous.status).toBe(401);
    const { token } = await signedIn(t.app);
    const bad = await call(t.app, 'POST', BINDING, {
      token,
      body: { phone: newPhone(), verifyCode: '123456', accountId: 1 },
      locale: 'en-US',
    });
    expect(bad.code).toBe(1001);
    expect(bad.msg).toBe('User: is not an accepted field');
    const neither = await call(t.app, 'POST', BINDING, {
      token,
      body: { verifyCode: '123456' },
      locale: 'en-US',
    });
    expect(neither.code).toBe(1001);
    expect(neither.msg).toBe('Phone: give a phone number or an e-mail address');
  });
});

describe('changing phone, e-mail and password', () => {
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

  it('changes phone and password together; other sessions end, the caller stays signed in', async () => {
    const oldPhone = newPhone();
    const { account, password, token } = await signedIn(t.app, { phone: oldPhone });
    const elsewhere = await login(t.app, account.userName, password);
    const phone = newPhone();
    const code = await smsCode(t.app, phone, 'modify', token);
    const answer = await call<BaseAccount>(t.app, 'POST', MODIFY_PHONE, {
      token,
      body: {
        oldPassword: password,
        phone,
        verifyCode: code,
        newPassword: 'Brand123',
        confirmPassword: 'Brand123',
      },
    });
    expect(answer.code).toBe(0);
    expect(answer.data.phone).toBe(phone);
    const row = await accountRow(t.app, account.id);
    expect(await verifyPassword(row.passwordHash, 'Brand123')).toBe(true);
    expect((await call(t.app, 'GET', INFO, { token })).code).toBe(0);
    const ended = await call(t.app, 'GET', INFO, { token: elsewhere, locale: 'en-US' });
    expect(ended.code).toBe(2010);
    const revoked = await t.app.ctx.db
      .selectFrom('session')
      .select('revokedReason')
      .where('accountId', '=', account.id)
      .where('revokedAt', 'is not', null)
      .execute();
    expect(revoked.map((r) => r.revokedReason)).toEqual(['password']);
    const entry = await t.app.ctx.db
      .selectFrom('operationLog')
      .selectAll()
      .where('action', '=', 'account.modifyPhoneAndPassword')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.oldValue ?? '{}')).toEqual({ phone: oldPhone, email: null });
    expect(JSON.parse(entry.newValue ?? '{}')).toEqual({ phone, email: null, passwordChanged: true });
    expect(entry.newValue).not.toContain('Brand123');
  });

  it('changes only the e-mail (code from a real mail server) and keeps other sessions', async () => {
    const { account, password, token } = await signedIn(t.app, { email: `old.${process.pid}@example.com` });
    const elsewhere = await login(t.app, account.userName, password);
    const email = `new.${process.pid}@example.com`;
    const code = await mailCode(t.app, smtp, email, 'modify', token);
    const answer = await call<BaseAccount>(t.app, 'POST', MODIFY_EMAIL, {
      token,
      body: { oldPassword: password, email, verifyCode: code },
    });
    expect(answer.code).toBe(0);
    expect(answer.data.email).toBe(email);
    expect((await call(t.app, 'GET', INFO, { token: elsewhere })).code).toBe(0);
    expect(await verifyPassword((await accountRow(t.app, account.id)).passwordHash, password)).toBe(true);
  });

  it('refuses a wrong current password, and every rule of the new values, changing nothing', async () => {
    const phone = newPhone();
    const { account, password, token } = await signedIn(t.app, { phone });
    const before = await accountRow(t.app, account.id);
    const newPhoneNumber = newPhone();
    const code = await smsCode(t.app, newPhoneNumber, 'modify', token);
    const cases: [Record<string, unknown>, number, string][] = [
      [
        { oldPassword: 'Wrong123', newPassword: 'Brand123', confirmPassword: 'Brand123' },
        2014,
        'The current password is wrong',
      ],
      [{ oldPassword: password }, 1001, 'Request: nothing to change'],
      [{ oldPassword: password, phone }, 1001, 'Request: nothing to change'],
      [{ oldPassword: password, phone: newPhoneNumber }, 1001, 'Verification code: is required'],
      [
        { oldPassword: password, newPassword: password, confirmPassword: password },
        1001,
        'New password: must differ from the current password',
      ],
      [
        { oldPassword: password, newPassword: 'Brand123', confirmPassword: 'Brand124' },
        1001,
        'Confirm password: does not match the password',
      ],
      [
        { oldPassword: password, newPassword: 'brandnew', confirmPassword: 'brandnew' },
        1001,
        'New password: must contain at least two of: digits, letters, symbols',
      ],
      [
        { oldPassword: 'Wrong123', phone: newPhoneNumber, verifyCode: code },
        2014,
        'The current password is wrong',
      ],
      [
        { oldPassword: password, phone: 'not-a-phone', verifyCode: code },
        1001,
        'Phone: is not a valid phone number',
      ],
    ];
    for (const [body, expectedCode, message] of cases) {
      const answer = await call(t.app, 'POST', MODIFY_PHONE, { token, body, locale: 'en-US' });
      expect(answer.code, message).toBe(expectedCode);
      expect(answer.msg).toBe(message);
    }
    const after = await accountRow(t.app, account.id);
    expect(after.phone).toBe(before.phone);
    expect(after.passwordHash).toBe(before.passwordHash);
    // The code survived the refusals that came before its check.
    const ok = await call(t.app, 'POST', MODIFY_PHONE, {
      token,
      body: { oldPassword: password, phone: newPhoneNumber, verifyCode: code },
    });
    expect(ok.code).toBe(0);
  });

  it("refuses taking another account's e-mail", async () => {
    const takenEmail = `taken.${process.pid}@example.com`;
    await createAccount(t.app, { email: takenEmail });
    const { password, token } = await signedIn(t.app);
    const asked = await call(t.app, 'GET', '/api/base/BaseAccount/code/email', {
      query: { email: takenEmail, purpose: 'modify' },
      token,
      locale: 'en-US',
    });
    expect(asked.code).toBe(2005);
    const answer = await call(t.app, 'POST', MODIFY_EMAIL, {
      token,
      body: { oldPassword: password, email: takenEmail, verifyCode: '123456' },
      locale: 'en-US',
    });
    expect(answer.code).toBe(2005);
    expect(answer.msg).toBe('This phone number or e-mail is already in use');
  });
});

describe('hand-over to the old platform', () => {
  it('answers notConfigured naming the feature when OLD_PLATFORM_URL is not set', async () => {
    const t = await createTestApp();
    try {
      const token = await login(t.app, 'demo_user');
      const en = await call(t.app, 'POST', OLD_PLATFORM, { token, locale: 'en-US' });
      expect(en.code).toBe(1100);
      expect(en.msg).toBe('The old platform is not configured on this platform');
      const zh = await call(t.app, 'POST', OLD_PLATFORM, { token });
      expect(zh.msg).toBe('本平台未配置旧平台');
      expect((await call(t.app, 'POST', OLD_PLATFORM)).status).toBe(401);
    } finally {
      await t.close();
    }
  });

  it('answers the URL and a fresh short-lived session token when configured', async () => {
    const t = await createTestApp({ env: { OLD_PLATFORM_URL: 'https://old.example.com/sso' } });
    try {
      const token = await login(t.app, 'demo_user');
      const answer = await call<{ url: string; token: string }>(t.app, 'POST', OLD_PLATFORM, { token });
      expect(answer.code).toBe(0);
      expect(answer.data.url).toBe('https://old.example.com/sso');
      expect(answer.data.token).not.toBe(token);
      const info = await call<{ baseAccount: { userName: string } }>(t.app, 'GET', INFO, {
        token: answer.data.token,
      });
      expect(info.data.baseAccount.userName).toBe('demo_user');
      const row = await t.app.ctx.db
        .selectFrom('session')
        .selectAll()
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(Date.parse(row.expiresAt) - Date.parse(row.createdAt)).toBeLessThanOrEqual(
        OLD_PLATFORM_TOKEN_TTL_MS + 1000,
      );
      expect(Date.parse(row.expiresAt) - Date.parse(row.createdAt)).toBeGreaterThan(
        OLD_PLATFORM_TOKEN_TTL_MS - 5000,
      );
      // The caller's own session is untouched.
      expect((await call(t.app, 'GET', INFO, { token })).code).toBe(0);
      const entry = await t.app.ctx.db
        .selectFrom('operationLog')
        .selectAll()
        .where('action', '=', 'account.toOldPlatform')
        .executeTakeFirstOrThrow();
      expect(entry.newValue).not.toContain(answer.data.token);
    } finally {
      await t.close();
    }
  });
});
