import assert from 'node:assert/strict';
import {
  DEMO_OPERATOR,
  DEMO_PASSWORD,
  DEMO_USER,
  expectText,
  expectTitle,
  menuTexts,
  signIn,
  test,
  waitForPath,
} from '../../harness.ts';

test('a personal user gets the 403 page for the back office; 404 and both return home', async ({ page }) => {
  await page.goto('/operation/system');
  const atLogin = await waitForPath(page, '/user/login');
  assert.equal(atLogin.searchParams.get('redirect'), '/operation/system');
  await signIn(page, DEMO_USER, DEMO_PASSWORD);
  await waitForPath(page, '/operation/system');
  await page.getByText('抱歉，您无权访问此页面。').waitFor();
  await page.getByRole('button', { name: /返回首页|返 回 首 页/ }).click();
  await waitForPath(page, '/home');

  await page.goto('/404');
  await page.getByText('抱歉，您访问的页面不存在或正在开发中。').waitFor();
  await expectTitle(page, 'Coldchain Cloud - 页面不存在');
  await page.getByRole('button', { name: /返回首页|返 回 首 页/ }).click();
  await waitForPath(page, '/home');

  // A route whose page comes later says what it will hold; its title and access already work.
  await page.goto('/fda');
  await expectText(page.getByTestId('placeholder-title'), 'FDA 设置');
  await page.getByText('FDA 21 CFR Part 11 设置和电子签名。').waitFor();
  await expectTitle(page, 'Coldchain Cloud - FDA 设置');
});

test('a personal user and an operator see different menus', async ({ page, context }) => {
  await page.goto('/user/login');
  await signIn(page, DEMO_USER, DEMO_PASSWORD);
  await waitForPath(page, '/home');
  const personal = await menuTexts(page);
  assert.ok(personal.includes('首页') && personal.includes('设备列表'), personal.join(','));
  assert.ok(!personal.includes('组织管理'), 'no organizations for a personal user');
  assert.ok(!personal.includes('系统运维'), 'no back office for a personal user');
  // The wallet needs walletStatus 1.
  assert.ok(!personal.includes('我的钱包'));

  const other = await context
    .browser()
    ?.newContext({ baseURL: new URL(page.url()).origin, viewport: { width: 1366, height: 820 } });
  assert.ok(other);
  try {
    const operatorPage = await other.newPage();
    await operatorPage.goto('/user/login');
    await signIn(operatorPage, DEMO_OPERATOR, DEMO_PASSWORD);
    await waitForPath(operatorPage, '/home');
    const operator = await menuTexts(operatorPage);
    for (const entry of ['组织管理', '系统运维', '固件升级', '公告管理', '设备列表'])
      assert.ok(operator.includes(entry), `operator menu lacks ${entry}: ${operator.join(',')}`);
    // The operator's extra entries open: the back-office page is allowed.
    await operatorPage.getByTestId('menu-operation.system').click();
    await waitForPath(operatorPage, '/operation/system');
    await expectTitle(operatorPage, 'Coldchain Cloud - 系统运维');
    await operatorPage.getByTestId('overview-system').waitFor();
  } finally {
    await other.close();
  }
});

test('each area sends a signed-out visitor to its own login page', async ({ page }) => {
  for (const [path, login] of [
    ['/mobile/calibration/list', '/mobile/calibration/login'],
    ['/calibration/admin/order/list', '/calibration/admin/login'],
    ['/calibration/customer/order/list', '/calibration/login'],
    ['/consumer/info', '/user/login'],
  ] as const) {
    await page.goto(path);
    const at = await waitForPath(page, login);
    assert.equal(at.searchParams.get('redirect'), path);
  }
  // Signing in goes back to the page asked for.
  await signIn(page, DEMO_USER, DEMO_PASSWORD);
  await waitForPath(page, '/consumer/info');
});
