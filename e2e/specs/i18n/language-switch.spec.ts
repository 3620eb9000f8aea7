import assert from 'node:assert/strict';
import { DEMO_USER, expectText, signIn, test } from '../../harness.ts';

test('switching to English translates the login page, persists and reaches the server', async ({ page }) => {
  await page.goto('/user/login');
  await expectText(page.getByTestId('login-submit'), '登录');

  await page.getByTestId('language-switch').click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await expectText(page.getByTestId('login-submit'), 'Log in');
  await page.getByText('User name', { exact: true }).waitFor();
  assert.equal(await page.evaluate(() => localStorage.getItem('lang')), 'en-US');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en-US');

  await page.reload();
  await expectText(page.getByTestId('login-submit'), 'Log in');
  assert.equal(await page.title(), 'Coldchain Cloud - Log in');

  // Later calls carry the language, so the server answers in it.
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/base/BaseAccount/login'));
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/base/BaseAccount/login'));
  await signIn(page, DEMO_USER, 'not-the-password');
  assert.equal((await sent).headers()['accept-language'], 'en-US');
  const body = (await (await answer).json()) as { msg: string };
  await expectText(page.getByTestId('login-error'), body.msg);
  assert.match(body.msg, /[A-Za-z]/, `an English message, got "${body.msg}"`);
  // Field rules speak the chosen language too.
  await page.getByTestId('login-password').fill('');
  await page.getByText('Please enter your password').waitFor();
});
