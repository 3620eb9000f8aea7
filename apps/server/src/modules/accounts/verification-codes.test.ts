import { CAPTCHA_ID_HEADER, VERIFY_CODE_PER_TARGET_PER_HOUR, VERIFY_CODE_TTL_MS } from '@coldchain/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../auth/tokens.ts';
import { createAccount } from '../../test/factories.ts';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import {
  CODE_EMAIL,
  CODE_PHONE,
  codeIn,
  createPlatform,
  lastSms,
  newPhone,
  smsCode,
  startSmtp,
  type TestSmtp,
} from './test-support.ts';

const NEW_VERIFY = '/api/base/BaseAccount/newVerify';

async function codeRows(app: FastifyInstance, target: string) {
  return app.ctx.db.selectFrom('verificationCode').selectAll().where('target', '=', target).execute();
}

async function newCaptcha(app: FastifyInstance) {
  const response = await app.inject({ method: 'GET', url: NEW_VERIFY });
  const id = String(response.headers[CAPTCHA_ID_HEADER.toLowerCase()] ?? '');
  const row = await app.ctx.db
    .selectFrom('captcha')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { response, id, answer: row.answer };
}

describe('verification codes and captchas', () => {
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

  it('e-mails a 6-digit code in the caller language and stores only its hash, valid 10 minutes', async () => {
    const email = 'Code.Owner@Example.com';
    const answer = await call(t.app, 'GET', CODE_EMAIL, {
      query: { email, purpose: 'register' },
      locale: 'en-US',
    });
    expect(answer.code).toBe(0);
    const mail = smtp.lastTo('code.owner@example.com');
    expect(mail?.subject).toBe('Coldchain Cloud verification code');
    expect(mail?.text).toMatch(/^Your verification code is \d{6}\. It is valid for 10 minutes\./);
    const code = codeIn(mail?.text);
    const rows = await codeRows(t.app, 'code.owner@example.com');
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.codeHash).not.toContain(code);
    expect(row?.codeHash).not.toBe(sha256(code));
    expect(JSON.stringify(row)).not.toContain(code);
    expect(Date.parse(row?.expiresAt ?? '') - Date.parse(row?.createdAt ?? '')).toBe(VERIFY_CODE_TTL_MS);
  });

  it('texts the code through the SMS carrier, in Chinese by default', async () => {
    const phone = newPhone();
    const code = await smsCode(t.app, phone, 'register');
    expect(await lastSms(t.app, phone)).toBe(`【Coldchain Cloud】您的验证码是 ${code}，10 分钟内有效。`);
    const es = await call(t.app, 'GET', CODE_PHONE, {
      query: { phone, purpose: 'register' },
      locale: 'es-ES',
    });
    expect(es.code).toBe(0);
    expect(await lastSms(t.app, phone)).not.toContain('您的验证码');
  });

  it(`sends at most ${VERIFY_CODE_PER_TARGET_PER_HOUR} codes per phone per hour, then answers rateLimited`, async () => {
    const phone = newPhone();
    for (let i = 0; i < VERIFY_CODE_PER_TARGET_PER_HOUR; i += 1) {
      expect((await call(t.app, 'GET', CODE_PHONE, { query: { phone, purpose: 'register' } })).code).toBe(0);
    }
    const refused = await call(t.app, 'GET', CODE_PHONE, {
      query: { phone, purpose: 'forgot' },
      locale: 'en-US',
    });
    expect(refused.status).toBe(429);
    expect(refused.code).toBe(1029);
    expect(refused.msg).toMatch(/^Too many requests, please try again in \d+ seconds$/);
    const sent = await t.app.ctx.db
      .selectFrom('smsMessage')
      .select('id')
      .where('phone', '=', phone)
      .execute();
    expect(sent).toHaveLength(VERIFY_CODE_PER_TARGET_PER_HOUR);
    expect(await codeRows(t.app, phone)).toHaveLength(VERIFY_CODE_PER_TARGET_PER_HOUR);
    // Another phone is not affected; an hour later the first one may receive codes again.
    expect(
      (await call(t.app, 'GET', CODE_PHONE, { query: { phone: newPhone(), purpose: 'register' } })).code,
    ).toBe(0);
    await t.app.ctx.db
      .updateTable('verificationCode')
      .set({ createdAt: new Date(Date.now() - 3_601_000).toISOString() })
      .where('target', '=', phone)
      .execute();
    expect((await call(t.app, 'GET', CODE_PHONE, { query: { phone, purpose: 'register' } })).code).toBe(0);
  });

  it('names the bad field in the caller language and stores nothing', async () => {
    const bad = await call<{ fields: { field: string }[] }>(t.app, 'GET', CODE_PHONE, {
      query: { phone: '12ab', purpose: 'register' },
      locale: 'en-US',
    });
    expect(bad.status).toBe(200);
    expect(bad.code).toBe(1001);
    expect(bad.msg).toBe('Phone: is not a valid phone number');
    expect(bad.data.fields[0]?.field).toBe('phone');
    const noPurpose = await call(t.app, 'GET', CODE_EMAIL, { query: { email: 'x@example.com' } });
    expect(noPurpose.code).toBe(1001);
    expect(noPurpose.msg).toBe('用途：必须是以下之一：register, forgot, bind, modify, login');
    const badPurpose = await call(t.app, 'GET', CODE_EMAIL, {
      query: { email: 'x@example.com', purpose: 'steal' },
      locale: 'de-DE',
    });
    expect(badPurpose.code).toBe(1001);
    expect(badPurpose.msg).toContain('register, forgot, bind, modify');
    expect(await codeRows(t.app, '12ab')).toHaveLength(0);
    expect(await codeRows(t.app, 'x@example.com')).toHaveLength(0);
  });

  it('refuses a register code for a phone that already has an account', async () => {
    const phone = newPhone();
    await createAccount(t.app, { phone });
    const taken = await call(t.app, 'GET', CODE_PHONE, {
      query: { phone, purpose: 'register' },
      locale: 'en-US',
    });
    expect(taken.code).toBe(2005);
    expect(taken.msg).toBe('This phone number or e-mail is already in use');
    expect(await lastSms(t.app, phone)).toBeUndefined();
  });

  it('answers a forgot request alike whether or not an account holds the target, delivering only to one', async () => {
    const known = newPhone();
    await createAccount(t.app, { phone: known });
    const unknown = newPhone();
    const a = await call(t.app, 'GET', CODE_PHONE, { query: { phone: known, purpose: 'forgot' } });
    const b = await call(t.app, 'GET', CODE_PHONE, { query: { phone: unknown, purpose: 'forgot' } });
    expect(a).toEqual(b);
    expect(await lastSms(t.app, known)).toBeDefined();
    expect(await lastSms(t.app, unknown)).toBeUndefined();
    // The undelivered request still counts towards the hourly cap, so the cap does not tell either.
    const [row] = await codeRows(t.app, unknown);
    expect(row?.usedAt).not.toBeNull();
  });

  it('needs a session for bind and modify codes', async () => {
    const phone = newPhone();
    const anonymous = await call(t.app, 'GET', CODE_PHONE, { query: { phone, purpose: 'bind' } });
    expect(anonymous.status).toBe(401);
    const garbage = await call(t.app, 'GET', CODE_PHONE, {
      query: { phone, purpose: 'modify' },
      token: 'not-a-token',
    });
    expect(garbage.status).toBe(401);
    expect(await lastSms(t.app, phone)).toBeUndefined();
    const token = await login(t.app, 'demo_user');
    expect((await call(t.app, 'GET', CODE_PHONE, { query: { phone, purpose: 'bind' }, token })).code).toBe(0);
  });

  it('refuses registration codes on a platform that is closed to sign-up', async () => {
    await createPlatform(t.app, { topDomain: 'closed.example', enableRegister: 0 });
    const phone = newPhone();
    const closed = await call(t.app, 'GET', CODE_PHONE, {
      query: { phone, purpose: 'register' },
      host: 'closed.example',
      locale: 'en-US',
    });
    expect(closed.code).toBe(2009);
    expect(closed.msg).toBe('Registration is closed on this platform');
    expect(await codeRows(t.app, phone)).toHaveLength(0);
  });

  it('answers codeSendFailed and keeps no usable code when the mail server is down', async () => {
    const down = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    try {
      const answer = await call(down.app, 'GET', CODE_EMAIL, {
        query: { email: 'nobody@example.com', purpose: 'register' },
        locale: 'en-US',
      });
      expect(answer.code).toBe(2019);
      expect(answer.msg).toBe('The verification code could not be sent, please try again later');
      expect(await codeRows(down.app, 'nobody@example.com')).toHaveLength(0);
    } finally {
      await down.close();
    }
  });

  it('serves a captcha image with its id in the Captcha-Id header, valid 5 minutes', async () => {
    const { response, id } = await newCaptcha(t.app);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body.startsWith('<svg')).toBe(true);
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const row = await t.app.ctx.db
      .selectFrom('captcha')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.answer).toMatch(/^[a-z0-9]{4}$/);
    expect(Date.parse(row.expiresAt) - Date.now()).toBeGreaterThan(4 * 60_000);
    expect(Date.parse(row.expiresAt) - Date.now()).toBeLessThanOrEqual(5 * 60_000);
  });

  it('checks a captcha when one is given: right once, wrong spends it, expired refused', async () => {
    const phone = newPhone();
    const good = await newCaptcha(t.app);
    const right = await call(t.app, 'GET', CODE_PHONE, {
      query: { phone, purpose: 'register', captchaId: good.id, captchaCode: good.answer.toUpperCase() },
    });
    expect(right.code).toBe(0);
    const again = await call(t.app, 'GET', CODE_PHONE, {
      query: { phone, purpose: 'register', captchaId: good.id, captchaCode: good.answer },
      locale: 'en-US',
    });
    expect(again.code).toBe(2012);
    expect(again.msg).toBe('The image code is wrong or has expired');

    const guessed = await newCaptcha(t.app);
    const wrong = await call(t.app, 'GET', CODE_PHONE, {
      query: { phone, purpose: 'register', captchaId: guessed.id, captchaCode: 'zzzzz' },
    });
    expect(wrong.code).toBe(2012);
    const late = await call(t.app, 'GET', CODE_PHONE, {
      query: { phone, purpose: 'register', captchaId: guessed.id, captchaCode: guessed.answer },
    });
    expect(late.code).toBe(2012);

    const stale = await newCaptcha(t.app);
    await t.app.ctx.db
      .updateTable('captcha')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', stale.id)
      .execute();
    const expired = await call(t.app, 'GET', CODE_PHONE, {
      query: { phone, purpose: 'register', captchaId: stale.id, captchaCode: stale.answer },
    });
    expect(expired.code).toBe(2012);

    const half = await call<{ fields: { field: string }[] }>(t.app, 'GET', CODE_PHONE, {
      query: { phone, purpose: 'register', captchaCode: 'abcd' },
      locale: 'en-US',
    });
    expect(half.code).toBe(1001);
    expect(half.msg).toBe('Image code: is required');
    expect(half.data.fields[0]?.field).toBe('captchaId');
    // Only the request with the right captcha produced a code.
    expect(await codeRows(t.app, phone)).toHaveLength(1);
  });
});

describe('per-address rate limit of code requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_CODE_PER_MINUTE: '2' } });
  });
  afterAll(async () => t.close());

  it('answers 429 with code 1029 past RATE_LIMIT_CODE_PER_MINUTE requests a minute', async () => {
    for (let i = 0; i < 2; i += 1) {
      expect(
        (await call(t.app, 'GET', CODE_PHONE, { query: { phone: newPhone(), purpose: 'register' } })).code,
      ).toBe(0);
    }
    const phone = newPhone();
    const limited = await call(t.app, 'GET', CODE_PHONE, {
      query: { phone, purpose: 'register' },
      locale: 'en-US',
    });
    expect(limited.status).toBe(429);
    expect(limited.code).toBe(1029);
    expect(limited.msg).toMatch(/^Too many requests, please try again in \d+ seconds$/);
    expect(await lastSms(t.app, phone)).toBeUndefined();
  });
});
