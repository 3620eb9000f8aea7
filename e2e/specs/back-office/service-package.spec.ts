import assert from 'node:assert/strict';
import {
  apiLogin,
  createAccount,
  DEMO_OPERATOR,
  DEMO_PASSWORD,
  signIn,
  TOKEN_KEY,
  test,
  textOf,
  waitForPath,
} from '../../harness.ts';
import { addDevice, publishedType } from '../devices/setup.ts';

test('an operator creates a package with two levels on /service/package; a device of its type sees both in the set-meal drawer', async ({
  page,
  baseUrl,
}) => {
  const stamp = Date.now();
  const type = await publishedType(baseUrl, 'E2E plan type');
  const typeName = type.typeName;
  const userName = createAccount();
  const userToken = await apiLogin(baseUrl, userName);
  const device = await addDevice(baseUrl, userToken, type.id, 'Plan fridge');
  const silver = `Silver ${stamp % 10_000}`;
  const gold = `Gold ${stamp % 10_000}`;

  await page.goto('/service/package');
  await waitForPath(page, '/user/login');
  await signIn(page, DEMO_OPERATOR, DEMO_PASSWORD);
  await waitForPath(page, '/service/package');

  await page.getByTestId('sp-add').click();
  await waitForPath(page, '/service/package/new');
  await page.getByTestId('sp-name').fill(`E2E plan ${stamp % 10_000}`);
  await page.getByTestId('sp-code').fill(String(stamp % 100_000_000).padStart(8, '0'));
  // Level 1 keeps its 12-month row: 100.00 service and 20.00 data.
  await page.getByTestId('sp-level-name-0').fill(silver);
  await page.getByTestId('sp-year-service-0-0').fill('100');
  await page.getByTestId('sp-year-data-0-0').fill('20');
  // Level 2, side by side: 200.00 and 30.00.
  await page.getByTestId('sp-add-level').click();
  await page.getByTestId('sp-level-name-1').fill(gold);
  await page.getByTestId('sp-year-service-1-0').fill('200');
  await page.getByTestId('sp-year-data-1-0').fill('30');
  // The device type may buy it.
  const types = page.getByTestId('sp-types');
  await types.click();
  await page.keyboard.type(typeName);
  await page
    .locator('.ant-select-dropdown .ant-select-item-option')
    .filter({ hasText: typeName })
    .first()
    .click();
  // Closes the dropdown without choosing anything more.
  await page.getByTestId('sp-name').click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').waitFor({ state: 'detached' });
  assert.deepEqual(await types.locator('.ant-select-selection-item').allTextContents(), [
    `${typeName} (${typeName.split(' ').pop()})`,
  ]);

  await page.getByTestId('sp-save').click();
  await page.waitForURL((url) => /^\/service\/package\/\d+$/.test(url.pathname));
  const packageId = Number(new URL(page.url()).pathname.split('/').pop());
  assert.ok(packageId > 0);
  await page.getByTestId(`sp-level-1`).filter({ hasText: gold }).waitFor();

  // Back on the list, the new package is stopped until the operator enables it.
  await page.goto('/service/package');
  const toggle = page.getByTestId(`sp-toggle-${packageId}`);
  await toggle.waitFor();
  await toggle.click();
  await page
    .locator('tr')
    .filter({ has: page.getByTestId(`sp-toggle-${packageId}`) })
    .getByText('启用中')
    .waitFor();

  // The owner of a device of that type (signed in on this browser) sees both levels in the set-meal drawer.
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [TOKEN_KEY, userToken] as const);
  await page.goto(`/device/detail/${device.id}?tab=recharge`);
  await page.getByTestId('device-recharge-open').click();
  const drawer = page.getByTestId('purchase-set-meal');
  const silverCard = drawer.locator('.ant-card').filter({ hasText: silver });
  const goldCard = drawer.locator('.ant-card').filter({ hasText: gold });
  await silverCard.waitFor();
  await goldCard.waitFor();
  assert.equal(await textOf(silverCard.locator('[data-testid^="purchase-level-price-"]')), '¥120');
  assert.equal(await textOf(goldCard.locator('[data-testid^="purchase-level-price-"]')), '¥230');
});
