import {
  LOGIN_ADDRESS_FAILURES_BEFORE_DELAY,
  LOGIN_NAME_DELAY_MAX_MS,
  LOGIN_NAME_FAILURES_BEFORE_CAPTCHA,
  LOGIN_NAME_FAILURES_BEFORE_DELAY,
  LOGIN_PAIR_FAILURES_BEFORE_LOCK,
  LOGIN_PAIR_LOCK_MS,
  VERIFY_CODE_TTL_MS,
} from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { addressKey } from './login-guard.ts';
import {
  CODE_EMAIL,
  CODE_PHONE,
  codeIn,
  lastSms,
  newPhone,
  solvedCaptcha,
  startSmtp,
  type TestSmtp,
} from './test-support.ts';

const LOGIN = '/api/base/BaseAccount/login';

interface Answer {
  code: number;
  msg: string;
  data: { token?: string } | null;
}

let now = Date.parse('2026-03-02T08:00:00.000Z');
const clock = { now: () => new Date(now) };

let t: TestApp;
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ clock, env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let addressCounter = 0;
/** A source address no other test uses. */
function newAddress(): string {
  addressCounter += 1;
  return `10.7.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}

async function loginFrom(address: string, body: Record<string, unknown>): Promise<Answer> {
  const response = await t.app.inject({
    method: 'POST',
    url: LOGIN,
    remoteAddress: address,
    headers: { 'accept-language': 'en-US' },
    payload: body,
  });
  return response.json<Answer>();
}

/** A password attempt that answers the captcha whenever the server asks for one. */
async function attempt(address: string, userName: string, accountPassword: string): Promise<Answer> {
  const answer = await loginFrom(address, { userName, accountPassword });
  if (answer.code !== 2020) return answer;
  return loginFrom(address, { userName, accountPassword, ...(await solvedCaptcha(t.app)) });
}

async function askCode(address: string, query: Record<string, string>, url: string) {
  const response = await t.app.inject({ method: 'GET', url, remoteAddress: address, query });
  return response.json<Answer>();
}

async function waitForMail(to: string, count: number) {
  for (let i = 0; i < 100 && smtp.messages.filter((m) => m.to.includes(to)).length < count; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return smtp.messages.filter((m) => m.to.includes(to));
}

describe('verification-code login', () => {
  it('logs in with a code sent by SMS or e-mail, once per code', async () => {
    const phone = newPhone();
    const email = `code.login.${process.pid}@example.com`;
    await createAccount(t.app, { phone });
    await createAccount(t.app, { email });
    const address = newAddress();
    expect((await askCode(address, { phone, purpose: 'login' }, CODE_PHONE)).code).toBe(0);
    const smsCode = codeIn(await lastSms(t.app, phone));
    const bySms = await loginFrom(address, { loginType: 2, userName: phone, verifyCode: smsCode });
    expect(bySms.code).toBe(0);
    expect(bySms.data?.token?.length).toBeGreaterThan(30);
    const again = await loginFrom(address, { loginType: 2, userName: phone, verifyCode: smsCode });
    expect(again.code).toBe(2001);

    expect((await askCode(address, { email: email.toUpperCase(), purpose: 'login' }, CODE_EMAIL)).code).toBe(
      0,
    );
    const mailed = codeIn((await waitForMail(email, 1)).at(-1)?.text);
    const byMail = await loginFrom(address, { loginType: 2, userName: email, verifyCode: mailed });
    expect(byMail.code).toBe(0);
  });

  it('answers a wrong or expired code, or a phone nobody has, as a failed login', async () => {
    const phone = newPhone();
    const { account } = await createAccount(t.app, { phone });
    const address = newAddress();
    await askCode(address, { phone, purpose: 'login' }, CODE_PHONE);
    const code = codeIn(await lastSms(t.app, phone));
    const wrong = await loginFrom(address, {
      loginType: 2,
      userName: phone,
      verifyCode: code === '000000' ? '000001' : '000000',
    });
    expect(wrong).toMatchObject({ code: 2001, msg: 'Wrong user name or password' });
    now += VERIFY_CODE_TTL_MS + 1000;
    const late = await loginFrom(address, { loginType: 2, userName: phone, verifyCode: code });
    expect(late.code).toBe(2001);

    const nobody = newPhone();
    const asked = await askCode(address, { phone: nobody, purpose: 'login' }, CODE_PHONE);
    expect(asked.code).toBe(0);
    expect(await lastSms(t.app, nobody)).toBeUndefined();
    const guessed = await loginFrom(address, { loginType: 2, userName: nobody, verifyCode: '123456' });
    expect(guessed).toEqual(wrong);
    // The failures count like wrong passwords: the name and the phone nobody has now ask for a captcha.
    await loginFrom(address, { loginType: 2, userName: phone, verifyCode: '123456' });
    await loginFrom(address, { loginType: 2, userName: nobody, verifyCode: '123456' });
    await loginFrom(address, { loginType: 2, userName: nobody, verifyCode: '123456' });
    for (const userName of [phone, nobody]) {
      expect((await loginFrom(address, { loginType: 2, userName, verifyCode: '123456' })).code).toBe(2020);
    }
    const trail = await t.app.ctx.db
      .selectFrom('operationLog')
      .select('accountId')
      .where('action', '=', 'account.loginFailed')
      .where('accountName', '=', phone)
      .execute();
    expect(trail.map((r) => r.accountId)).toEqual([account.id, account.id, account.id]);
  });

  it('names the missing code and a user name that is neither phone nor e-mail', async () => {
    const answer = await loginFrom(newAddress(), { loginType: 2, userName: 'demo_user' });
    expect(answer.code).toBe(1001);
    const fields = (answer.data as unknown as { fields: { field: string }[] }).fields.map((f) => f.field);
    expect(fields).toEqual(['userName', 'verifyCode']);
  });
});

describe('failed logins', () => {
  it('asks for a captcha after failures, refuses a wrong one without counting it, accepts a right one', async () => {
    const { account, password } = await createAccount(t.app);
    const address = newAddress();
    for (let i = 0; i < LOGIN_NAME_FAILURES_BEFORE_CAPTCHA; i += 1) {
      expect((await loginFrom(address, { userName: account.userName, accountPassword: 'nope' })).code).toBe(
        2001,
      );
    }
    const asked = await loginFrom(address, { userName: account.userName, accountPassword: password });
    expect(asked).toMatchObject({ code: 2020, msg: 'Please enter the image code to log in' });
    // Wrong captchas never reach the password check, so they cannot lock the pair.
    for (let i = 0; i < LOGIN_PAIR_FAILURES_BEFORE_LOCK + 1; i += 1) {
      const { captchaId } = await solvedCaptcha(t.app);
      const wrong = await loginFrom(address, {
        userName: account.userName,
        accountPassword: 'nope',
        captchaId,
        captchaCode: 'zzzz',
      });
      expect(wrong.code).toBe(2012);
    }
    const right = await loginFrom(address, {
      userName: account.userName,
      accountPassword: password,
      ...(await solvedCaptcha(t.app)),
    });
    expect(right.code).toBe(0);
    // A successful login clears the name's count: no captcha next time.
    expect((await loginFrom(address, { userName: account.userName, accountPassword: password })).code).toBe(
      0,
    );
  });

  it('locks only the guessing address; the right password from another address still gets in', async () => {
    const { account, password } = await createAccount(t.app);
    const attacker = newAddress();
    for (let i = 0; i < LOGIN_PAIR_FAILURES_BEFORE_LOCK; i += 1) {
      expect((await attempt(attacker, account.userName, `guess-${i}`)).code).toBe(2001);
    }
    const locked = await attempt(attacker, account.userName, password);
    expect(locked).toMatchObject({ code: 2002, msg: 'Too many failed logins; try again in 15 minutes' });
    const owner = await attempt(newAddress(), account.userName, password);
    expect(owner.code).toBe(0);
    // Still locked for the attacker after the owner's login, until the lock ends.
    expect((await attempt(attacker, account.userName, password)).code).toBe(2002);
    now += LOGIN_PAIR_LOCK_MS;
    expect((await attempt(attacker, account.userName, password)).code).toBe(0);
  });

  it('makes an address that keeps failing wait a delay that doubles, while others log in', async () => {
    const { account, password } = await createAccount(t.app);
    const sprayer = newAddress();
    for (let i = 0; i < LOGIN_ADDRESS_FAILURES_BEFORE_DELAY; i += 1) {
      expect((await attempt(sprayer, `sprayed_name_${i}`, 'Summer2026')).code).toBe(2001);
    }
    const waits: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const refused = await attempt(sprayer, `sprayed_more_${i}`, 'Summer2026');
      expect(refused.code).toBe(2021);
      waits.push(refused.msg);
      now += 2 ** i * 1000;
      expect((await attempt(sprayer, `sprayed_more_${i}`, 'Summer2026')).code).toBe(2001);
    }
    expect(waits).toEqual([1, 2, 4].map((s) => `Too many failed logins; try again in ${s} seconds`));
    expect((await attempt(sprayer, account.userName, password)).code).toBe(2021);
    expect((await attempt(newAddress(), account.userName, password)).code).toBe(0);
  });

  it('makes a name that keeps failing from many addresses wait, capped, and needs a captcha', async () => {
    const { account, password } = await createAccount(t.app);
    for (let i = 0; i < LOGIN_NAME_FAILURES_BEFORE_DELAY; i += 1) {
      expect((await attempt(newAddress(), account.userName, `guess-${i}`)).code).toBe(2001);
    }
    const refused = await attempt(newAddress(), account.userName, password);
    expect(refused.msg).toBe('Too many failed logins; try again in 1 seconds');
    // However long the guessing went on, the owner waits at most a minute.
    await t.app.ctx.db
      .updateTable('loginFailure')
      .set({ failures: LOGIN_NAME_FAILURES_BEFORE_DELAY + 30 })
      .where('loginName', '=', account.userName.toLowerCase())
      .where('address', '=', '')
      .execute();
    const capped = await attempt(newAddress(), account.userName, password);
    expect(capped.msg).toBe(`Too many failed logins; try again in ${LOGIN_NAME_DELAY_MAX_MS / 1000} seconds`);
    now += LOGIN_NAME_DELAY_MAX_MS;
    const owner = await attempt(newAddress(), account.userName, password);
    expect(owner.code).toBe(0);
  });

  it('counts an IPv6 caller by its /64 network, so hopping addresses inside it does not help', async () => {
    expect(addressKey('2001:db8:a:b:1:2:3:4')).toBe('2001:db8:a:b::/64');
    expect(addressKey('2001:DB8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    const { account, password } = await createAccount(t.app);
    for (let i = 0; i < LOGIN_PAIR_FAILURES_BEFORE_LOCK; i += 1) {
      expect((await attempt(`2001:db8:77:1::${i + 1}`, account.userName, 'nope')).code).toBe(2001);
    }
    expect((await attempt('2001:db8:77:1::ff', account.userName, password)).code).toBe(2002);
    expect((await attempt('2001:db8:77:2::1', account.userName, password)).code).toBe(0);
  });

  it('answers a name nobody has exactly as a taken one over a sequence of attempts', async () => {
    const { account } = await createAccount(t.app);
    const sequence = async (userName: string) => {
      const address = newAddress();
      const answers: Answer[] = [];
      for (let i = 0; i < LOGIN_PAIR_FAILURES_BEFORE_LOCK + 2; i += 1) {
        answers.push(await loginFrom(address, { userName, accountPassword: `guess-${i}` }));
        answers.push(await attempt(address, userName, `guess-${i}`));
      }
      return answers;
    };
    const known = await sequence(account.userName);
    const unknown = await sequence(`${account.userName}_x`);
    expect(unknown).toEqual(known);
    expect(new Set(known.map((a) => a.code))).toEqual(new Set([2001, 2020, 2002]));
  });

  it('alerts the owner once by e-mail when its pair locks, and by SMS when it has no e-mail', async () => {
    const email = `alert.${process.pid}@example.com`;
    const { account, password } = await createAccount(t.app, { email });
    const first = newAddress();
    for (let i = 0; i < LOGIN_PAIR_FAILURES_BEFORE_LOCK; i += 1)
      await attempt(first, account.userName, 'nope');
    const mails = await waitForMail(email, 1);
    expect(mails).toHaveLength(1);
    // The owner's language (zh-CN for the mainland edition); encoded words may split the subject.
    expect(mails[0]?.subject.replace(/\s+/g, '')).toContain('登录安全提醒');
    expect(mails[0]?.text).toContain(account.userName);
    expect(mails[0]?.text).toContain(first);
    const second = newAddress();
    for (let i = 0; i < LOGIN_PAIR_FAILURES_BEFORE_LOCK; i += 1)
      await attempt(second, account.userName, 'nope');
    expect((await attempt(second, account.userName, password)).code).toBe(2002);
    // The second lock inside the same window sends nothing more.
    await attempt(newAddress(), account.userName, password);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages.filter((m) => m.to.includes(email))).toHaveLength(1);

    const phone = newPhone();
    const byPhone = await createAccount(t.app, { phone });
    const third = newAddress();
    for (let i = 0; i < LOGIN_PAIR_FAILURES_BEFORE_LOCK; i += 1)
      await attempt(third, byPhone.account.userName, 'x');
    let sms: string | undefined;
    for (let i = 0; i < 100 && !sms?.includes(third); i += 1) {
      sms = await lastSms(t.app, phone);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(sms).toContain(byPhone.account.userName);
    expect(sms).toContain(third);
  });
});
