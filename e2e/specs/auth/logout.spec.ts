import assert from 'node:assert/strict';
import {
  DEMO_PASSWORD,
  DEMO_USER,
  expectText,
  logOut,
  signIn,
  storedToken,
  test,
  waitForPath,
} from '../../harness.ts';

test('logout returns to login; /home then asks to sign in and comes back after', async ({ page }) => {
  await page.goto('/user/login');
  await signIn(page, DEMO_USER, DEMO_PASSWORD);
  await waitForPath(page, '/home');
  await expectText(page.getByTestId('header-user-name'), DEMO_USER);
  const token = await storedToken(page);
  assert.ok(token);

  const loggedOut = page.waitForResponse((r) => r.url().includes('/api/base/BaseAccount/loginOut'));
  await logOut(page);
  assert.equal((await loggedOut).status(), 200);
  const atLogin = await waitForPath(page, '/user/login');
  assert.equal(atLogin.search, '', 'a plain logout carries no redirect');
  assert.equal(await storedToken(page), null);

  // The server revoked the session: the old token is refused.
  const stale = await page.request.get('/api/base/BaseAccount/accountInfo', {
    headers: { Authorization: `Bearer ${token}` },
  });
  assert.equal(stale.status(), 401);

  await page.goto('/home');
  const redirected = await waitForPath(page, '/user/login');
  assert.equal(redirected.searchParams.get('redirect'), '/home');

  await signIn(page, DEMO_USER, DEMO_PASSWORD);
  await waitForPath(page, '/home');
  await expectText(page.getByTestId('header-user-name'), DEMO_USER);
});

test('a signed-out deep link and an unknown path both come back to where they lead', async ({ page }) => {
  await page.goto('/device/list?deviceName=fridge');
  const atLogin = await waitForPath(page, '/user/login');
  assert.equal(atLogin.searchParams.get('redirect'), '/device/list?deviceName=fridge');
  await signIn(page, DEMO_USER, DEMO_PASSWORD);
  const back = await waitForPath(page, '/device/list');
  assert.equal(back.search, '?deviceName=fridge');

  // Signed in, an unknown path goes to the root and on to /home (000 §2.1).
  await page.goto('/no/such/page');
  await waitForPath(page, '/home');
  await expectText(page.getByTestId('header-user-name'), DEMO_USER);
});
