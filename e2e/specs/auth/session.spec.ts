import assert from 'node:assert/strict';
import {
  DEMO_PASSWORD,
  DEMO_USER,
  expectText,
  logOut,
  signIn,
  storedToken,
  TOKEN_KEY,
  test,
  waitForPath,
} from '../../harness.ts';

test('a token the server does not know sends the user to login with a notice', async ({ context, page }) => {
  await context.addInitScript(
    ([key]) => {
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem(key ?? '', 'not-a-real-token');
      }
    },
    [TOKEN_KEY],
  );
  await page.goto('/home');
  const atLogin = await waitForPath(page, '/user/login');
  assert.equal(atLogin.searchParams.get('redirect'), '/home');
  await page.locator('.ant-notification-notice').first().waitFor();
  assert.equal(await storedToken(page), null);
});

test('logging out in one tab reloads the other, which then asks to sign in', async ({ context, page }) => {
  await page.goto('/user/login');
  await signIn(page, DEMO_USER, DEMO_PASSWORD);
  await waitForPath(page, '/home');
  const other = await context.newPage();
  await other.goto('/home');
  await expectText(other.getByTestId('header-user-name'), DEMO_USER);

  await logOut(page);
  await waitForPath(page, '/user/login');
  const otherAtLogin = await waitForPath(other, '/user/login');
  assert.equal(otherAtLogin.searchParams.get('redirect'), '/home');
});

test('the query-string login signs in and drops the password from the address', async ({ page }) => {
  const params = new URLSearchParams({
    userName: DEMO_USER,
    accountPassword: DEMO_PASSWORD,
    redirect: '/home',
  });
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/base/BaseAccount/login'));
  await page.goto(`/user/login?${params}`);
  assert.equal(((await sent).postDataJSON() as { loginType: number }).loginType, 4);
  await waitForPath(page, '/home');
  await expectText(page.getByTestId('header-user-name'), DEMO_USER);
  const history = await page.evaluate(() => window.history.length);
  assert.ok(!page.url().includes('accountPassword'));
  assert.ok(history <= 2, `history entries: ${history}`);
});
