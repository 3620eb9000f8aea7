import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import {
  apiLogin,
  createAccount,
  DEMO_PASSWORD,
  expectText,
  signIn,
  test,
  waitForPath,
} from '../../harness.ts';
import { addDevice, publishedType } from '../devices/setup.ts';

/** Chooses devices by name in the device picker and confirms. */
async function pickDevices(page: Page, names: string[]): Promise<void> {
  const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('device-picker') });
  await dialog.getByTestId('device-picker').click();
  for (const name of names)
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: name })
      .click();
  await page.keyboard.press('Escape');
  await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
}

test('an asset binds at most five devices: a sixth is refused with the spec message', async ({
  page,
  baseUrl,
}) => {
  const type = await publishedType(baseUrl, 'E2E asset type');
  const userName = createAccount();
  const token = await apiLogin(baseUrl, userName);
  const names = ['Cold A', 'Cold B', 'Cold C', 'Cold D', 'Cold E', 'Cold F'];
  for (const name of names) await addDevice(baseUrl, token, type.id, name);

  await page.goto('/asset/list');
  await waitForPath(page, '/user/login');
  await signIn(page, userName, DEMO_PASSWORD);
  await waitForPath(page, '/asset/list');

  // A barcode of letters and digits only (002 §5), then a valid asset.
  await page.getByTestId('asset-add').click();
  await page.getByTestId('asset-combName').fill('Vaccine fridge');
  await page.getByTestId('asset-combNum').fill('AB-12');
  await page.locator('.ant-modal-footer .ant-btn-primary').click();
  await page.getByText(/^条形码.只能包含字母和数字$/).waitFor();
  await page.getByTestId('asset-combNum').fill('AB12');
  await page.locator('.ant-modal-footer .ant-btn-primary').click();
  const detail = await page.waitForURL(/\/asset\/detail\/\d+$/).then(() => new URL(page.url()));
  assert.match(detail.pathname, /^\/asset\/detail\/\d+$/);
  await expectText(page.getByTestId('asset-title'), 'Vaccine fridge');

  await page.getByTestId('asset-devices-bind').click();
  await pickDevices(page, names.slice(0, 5));
  await expectText(page.getByTestId('asset-device-count'), '5 / 最多 5');

  await page.getByTestId('asset-devices-bind').click();
  await pickDevices(page, ['Cold F']);
  await page.locator('.ant-notification').getByText('资产最多绑定五台设备').waitFor();
  await expectText(page.getByTestId('asset-device-count'), '5 / 最多 5');
  assert.equal(await page.locator('.ant-table-row').filter({ hasText: 'Cold F' }).count(), 0);
});
