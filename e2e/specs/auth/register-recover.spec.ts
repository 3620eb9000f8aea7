import assert from 'node:assert/strict';
import { CAPTCHA_ID_HEADER, LOGIN_NAME_FAILURES_BEFORE_CAPTCHA } from '@coldchain/shared';
import type { Page } from 'playwright-core';
import {
  captchaAnswer,
  createAccount,
  DEMO_PASSWORD,
  logOut,
  mailCount,
  pickOption,
  signIn,
  squash,
  storedToken,
  test,
  waitForMailCode,
  waitForPath,
} from '../../harness.ts';

let visitors = 0;

/** A user name of 002 §5 no other run or test uses. */
function newVisitor(): string {
  visitors += 1;
  return `visitor${Date.now().toString(36)}${process.pid}x${visitors}`;
}

/** The page scrolls only downwards: nothing sticks out to the right. */
async function assertNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  assert.ok(scrollWidth <= innerWidth, `${where}: ${scrollWidth} px wide in a ${innerWidth} px window`);
}

/** The header names the signed-in user (the name itself is hidden on a phone, the avatar shows). */
async function expectSignedInAs(page: Page, userName: string): Promise<void> {
  await waitForPath(page, '/home');
  const name = page.getByTestId('header-user-name');
  await name.waitFor({ state: 'attached' });
  assert.equal(squash(await name.textContent()), userName);
  assert.ok(await storedToken(page));
}

/** Chooses e-mail in the phone / e-mail switch and asks for a code, answering the one received. */
async function codeByEmail(page: Page, email: string): Promise<string> {
  await page.getByTestId('channel-switch').getByText('邮箱', { exact: true }).click();
  await page.getByTestId('contact-email').fill(email);
  const before = mailCount();
  await page.getByTestId('send-code').click();
  const code = await waitForMailCode(email, before);
  // The button counts down before another code may be asked for.
  await page.getByTestId('send-code').and(page.locator('[disabled]')).waitFor();
  return code;
}

const PHONE = { width: 390, height: 844 };

/**
 * A visitor signs up with an e-mail and the code mailed to it, logs out, logs in, forgets the
 * password, sets a new one with a mailed code and logs in with it; the old password no longer works.
 * Three tests per screen share the account, so each stays well inside the time of one test.
 */
function signUpAndRecover(screen: 'desktop' | 'phone'): void {
  const phone = screen === 'phone';
  const userName = newVisitor();
  const email = `${userName}@example.com`;
  const open = async (page: Page, path: string) => {
    if (phone) await page.setViewportSize(PHONE);
    await page.goto(path);
  };

  test(`${screen}: a visitor signs up with a code mailed to their e-mail and is signed in`, async ({
    page,
  }) => {
    await open(page, '/user/login');
    // The first page of a run may wait for its chunks while the server warms up.
    await page.getByTestId('link-register').waitFor({ timeout: 30_000 });
    if (phone) await assertNoSidewaysScroll(page, 'login');
    await page.getByTestId('link-register').click();
    await waitForPath(page, '/user/register');

    // Consent is required before anything is sent.
    await page.getByTestId('register-submit').click();
    await page.getByText('请阅读并同意服务条款').waitFor();
    await page.getByText('请阅读并同意隐私政策').waitFor();

    await page.getByTestId('register-username').fill(userName);
    await page.getByTestId('new-password').fill('Start123');
    await page.getByTestId('confirm-password').fill('Start123');
    await page.getByTestId('verify-code').fill(await codeByEmail(page, email));
    await page.getByTestId('agree-terms').check();
    await page.getByTestId('agree-privacy').check();
    if (phone) await assertNoSidewaysScroll(page, 'register');
    await page.getByTestId('register-submit').click();
    await expectSignedInAs(page, userName);
  });

  test(`${screen}: the new account logs in with its password, completes its profile and logs out`, async ({
    page,
  }) => {
    await open(page, '/user/login');
    await signIn(page, userName, 'Start123');
    await expectSignedInAs(page, userName);
    // A new account completes its profile first (identity supplement).
    const save = page.getByTestId('identity-save');
    await save.waitFor();
    await pickOption(page, page.getByTestId('identity-select'), '质量负责人');
    await pickOption(page, page.getByTestId('industry-select'), '疫苗与疾控');
    await save.click();
    await save.waitFor({ state: 'hidden' });
    await logOut(page);
    await waitForPath(page, '/user/login');
  });

  test(`${screen}: the account logs in with a code mailed to its e-mail`, async ({ page }) => {
    await open(page, '/user/login');
    await page.getByRole('tab', { name: '验证码登录' }).click();
    await page.getByTestId('contact-userName').fill(email);
    const before = mailCount();
    await page.getByTestId('send-code').click();
    await page.getByTestId('verify-code').fill(await waitForMailCode(email, before));
    await page.getByTestId('code-login-submit').click();
    await expectSignedInAs(page, userName);
  });

  test(`${screen}: the password is recovered with a mailed code and only the new one logs in`, async ({
    page,
  }) => {
    await open(page, '/user/login');
    await page.getByTestId('link-recover').click();
    await waitForPath(page, '/user/recover');
    await page.getByTestId('verify-code').fill(await codeByEmail(page, email));
    await page.getByTestId('new-password').fill('Renew456');
    await page.getByTestId('confirm-password').fill('Renew456');
    if (phone) await assertNoSidewaysScroll(page, 'recover');
    await page.getByTestId('recover-submit').click();
    await waitForPath(page, '/user/login');

    await signIn(page, userName, 'Start123');
    await page.getByTestId('login-error').waitFor();
    assert.equal(await storedToken(page), null, 'the old password no longer signs in');
    await page.getByTestId('login-password').fill('Renew456');
    await page.getByTestId('login-submit').click();
    await expectSignedInAs(page, userName);
  });
}

signUpAndRecover('desktop');
signUpAndRecover('phone');

test('the login page offers password and code login, and links to sign-up, recovery and quick query', async ({
  page,
}) => {
  await page.goto('/user/login');
  await page.getByRole('tab', { name: '验证码登录' }).click({ timeout: 30_000 });
  await page.getByTestId('code-login-submit').click();
  await page.getByText('手机号或邮箱：不能为空').waitFor();
  await page.getByTestId('contact-userName').fill('not-a-contact');
  await page.getByTestId('send-code').click();
  await page.getByText('手机号或邮箱：请填写手机号或邮箱').waitFor();
  await page.getByTestId('link-quick-query').click();
  await waitForPath(page, '/quick/query');
  // No provider is configured on this server: no third-party buttons.
  await page.goto('/user/login');
  await page.getByTestId('link-recover').waitFor();
  assert.equal(await page.locator('[data-testid^="login-wechat"], [data-testid^="login-qq"]').count(), 0);
});

test('after failed logins the form asks for the image code; a wrong one is refused, the right one signs in', async ({
  page,
}) => {
  const userName = createAccount();
  await page.goto('/user/login');
  const loginAnswer = () => page.waitForResponse((r) => r.url().endsWith('/api/base/BaseAccount/login'));
  const newImage = async () => {
    const response = await page.waitForResponse((r) => r.url().includes('/api/base/BaseAccount/newVerify'));
    return response.headers()[CAPTCHA_ID_HEADER.toLowerCase()] ?? '';
  };
  for (let attempt = 0; attempt < LOGIN_NAME_FAILURES_BEFORE_CAPTCHA; attempt += 1) {
    await Promise.all([loginAnswer(), signIn(page, userName, 'not-the-password')]);
  }
  await page.getByTestId('login-password').fill(DEMO_PASSWORD);
  let [captchaId] = await Promise.all([newImage(), page.getByTestId('login-submit').click()]);
  await page.getByTestId('captcha-image').locator('img').waitFor();

  await page.getByTestId('captcha-code').fill(captchaAnswer(captchaId) === 'ZZZZ' ? 'YYYY' : 'ZZZZ');
  [captchaId] = await Promise.all([newImage(), page.getByTestId('login-submit').click()]);
  assert.equal(await storedToken(page), null, 'a wrong image code does not sign in');

  await page.getByTestId('captcha-code').fill(captchaAnswer(captchaId));
  await page.getByTestId('login-submit').click();
  await waitForPath(page, '/home');
});

test('an account without phone or e-mail binds an e-mail by a mailed code and goes on', async ({ page }) => {
  const userName = createAccount();
  const email = `${userName}@example.com`;
  await page.goto('/user/bind-phone?redirect=%2Fdevice%2Flist');
  // Without a session the page asks to log in first and comes back.
  await waitForPath(page, '/user/login');
  await signIn(page, userName, DEMO_PASSWORD);
  await waitForPath(page, '/user/bind-phone');
  await page.getByText('账号未绑定手机号或邮箱，请绑定后登录').waitFor();
  await page.getByRole('link', { name: '改为绑定邮箱' }).click();
  await waitForPath(page, '/user/bind-email');
  await page.getByTestId('contact-email').fill(email);
  const before = mailCount();
  await page.getByTestId('send-code').click();
  await page.getByTestId('verify-code').fill(await waitForMailCode(email, before));
  await page.getByTestId('bind-submit').click();
  await waitForPath(page, '/device/list');
  await page.goto('/user/bind-email');
  await page.getByText(`已绑定：${email}`).waitFor();
});
