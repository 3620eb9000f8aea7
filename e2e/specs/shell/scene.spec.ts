import assert from 'node:assert/strict';
import {
  createAccount,
  DEMO_OPERATOR,
  DEMO_PASSWORD,
  expectText,
  signIn,
  squash,
  test,
  waitForPath,
} from '../../harness.ts';

test('scene 2 is refused without cloudChain.myProject and opens the project menu with it', async ({
  page,
  context,
}) => {
  // A personal user (demo_user holds the demo's role, which opens the cloud chain).
  await page.goto('/user/login');
  await signIn(page, createAccount(), DEMO_PASSWORD);
  await waitForPath(page, '/home');
  const asked = page.waitForResponse((r) => r.url().includes('/getScenePermissionList?sceneId=2'));
  await page.getByTestId('scene-switch').click();
  await page.getByTestId('scene-option-2').click();
  assert.equal(((await (await asked).json()) as { code: number }).code, 2017);
  await page.locator('.ant-message').getByText('您没有该场景的权限').waitFor();
  await expectText(page.getByTestId('scene-switch'), '监测');
  assert.equal(new URL(page.url()).pathname, '/home');

  const other = await context
    .browser()
    ?.newContext({ baseURL: new URL(page.url()).origin, viewport: { width: 1366, height: 820 } });
  assert.ok(other);
  try {
    const op = await other.newPage();
    await op.goto('/user/login');
    await signIn(op, DEMO_OPERATOR, DEMO_PASSWORD);
    await waitForPath(op, '/home');
    await op.getByTestId('scene-switch').click();
    await op.getByTestId('scene-option-2').click();
    await waitForPath(op, '/projectList/index');
    await expectText(op.getByTestId('scene-switch'), '云链');
    const menu = squash(await op.getByTestId('menu-scene2').textContent());
    assert.ok(menu.includes('我的项目') && menu.includes('项目总览'), menu);
    // The scene is remembered.
    await op.reload();
    await expectText(op.getByTestId('scene-switch'), '云链');
  } finally {
    await other.close();
  }
});
