import assert from 'node:assert/strict';
import {
  DEMO_PASSWORD,
  DEMO_USER,
  expectText,
  signIn,
  squash,
  storedToken,
  test,
  textOf,
  waitForPath,
} from '../../harness.ts';

test('the login page shows the tenant title and asks for both fields', async ({ page }) => {
  await page.goto('/user/login');
  // The seeded platform's title comes from queryByTopDomain, not from the locale's fallback name.
  await expectText(page.getByTestId('platform-title'), 'Coldchain Cloud');
  assert.equal(await page.title(), 'Coldchain Cloud - 登录');
  await page.getByTestId('login-submit').click();
  await page.getByText('请输入用户名').waitFor();
  await page.getByText('请输入密码').waitFor();
});

test('demo_user signs in and lands on the home page with their name', async ({ page }) => {
  await page.goto('/user/login');
  await signIn(page, DEMO_USER, DEMO_PASSWORD);
  await waitForPath(page, '/home');
  await expectText(page.getByTestId('header-user-name'), DEMO_USER);
  assert.match(await textOf(page.getByTestId('welcome-card')), new RegExp(`欢迎回来，${DEMO_USER}`));
  assert.ok(await storedToken(page), 'the token is kept under Access-Token');
  assert.equal(await page.title(), 'Coldchain Cloud - 首页');
  // The menu comes from permissionRoutes: a personal user has home and the device list.
  const menu = squash(await textOf(page.locator('.ant-menu')));
  assert.ok(menu.includes('首页') && menu.includes('设备列表'), `menu: ${menu}`);
});

test("a wrong password shows the server's message", async ({ page }) => {
  await page.goto('/user/login');
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/base/BaseAccount/login'));
  await signIn(page, DEMO_USER, 'not-the-password');
  const body = (await (await answer).json()) as { code: number; msg: string };
  assert.notEqual(body.code, 0);
  assert.ok(body.msg, 'the server explains the failure');
  await expectText(page.getByTestId('login-error'), body.msg);
  assert.equal(new URL(page.url()).pathname, '/user/login');
  assert.equal(await storedToken(page), null);
});
