import assert from 'node:assert/strict';
import { createAccount, DEMO_PASSWORD, signIn, test, waitForPath } from '../../harness.ts';

test('a device that does not exist is told once, on the page, without error notices', async ({ page }) => {
  const userName = createAccount();
  await page.goto('/user/login');
  await signIn(page, userName, DEMO_PASSWORD);
  await waitForPath(page, '/home');

  const answered = (path: string) => page.waitForResponse((r) => new URL(r.url()).pathname === `/api${path}`);
  const detail = answered('/device/Device/detail');
  const permission = answered('/device/DevicePermissionModel/devicePermission');
  await page.goto('/device/detail/987654');
  await Promise.all([detail, permission]);
  await page.locator('.ant-result-title').getByText('设备不存在或您无权查看该设备').waitFor();
  // Both calls have answered and the page has rendered; two more frames let a notice they raised appear.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  assert.equal(await page.locator('.ant-notification-notice, .ant-message-notice').count(), 0);
  assert.equal(await page.locator('.ant-result-subtitle').count(), 0);
});
