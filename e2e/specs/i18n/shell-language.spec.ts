import assert from 'node:assert/strict';
import {
  createAccount,
  DEMO_PASSWORD,
  expectText,
  expectTitle,
  menuTexts,
  signIn,
  test,
  waitForPath,
} from '../../harness.ts';

test('switching language in the header translates the shell, persists and reaches the server', async ({
  page,
}) => {
  // A personal account without the cloud-chain scene (demo_user has it), so the server refuses it below.
  const userName = createAccount();
  await page.goto('/user/login');
  await signIn(page, userName, DEMO_PASSWORD);
  await waitForPath(page, '/home');
  await expectText(page.getByTestId('tab'), '首页');

  await page.getByTestId('language-switch').click();
  await page.getByRole('menuitemradio', { name: 'Deutsch' }).click();
  await expectText(page.getByTestId('tab'), 'Startseite');
  const menu = await menuTexts(page);
  assert.ok(menu.includes('Geräte') && menu.includes('Nachrichten'), menu.join(','));
  await expectText(page.getByTestId('scene-switch'), 'Überwachung');
  await expectTitle(page, 'Coldchain Cloud - Startseite');

  // Stored: a reload keeps it, and the calls carry it.
  const sent = page.waitForRequest((r) => r.url().includes('/api/base/BaseAccount/accountInfo'));
  await page.reload();
  assert.equal((await sent).headers()['accept-language'], 'de-DE');
  await expectText(page.getByTestId('tab'), 'Startseite');

  // A server message in the chosen language: the scene refusal comes from the server's code 2017.
  const refused = page.waitForResponse((r) => r.url().includes('getScenePermissionList?sceneId=2'));
  await page.getByTestId('scene-switch').click();
  await page.getByTestId('scene-option-2').click();
  const body = (await (await refused).json()) as { code: number; msg: string };
  assert.equal(body.code, 2017);
  assert.equal(body.msg, 'Sie haben keine Berechtigung für dieses Szenario');
  await page.locator('.ant-message').getByText(body.msg).waitFor();
});
