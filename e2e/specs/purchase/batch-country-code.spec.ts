import { apiLogin, createAccount, DEMO_PASSWORD, signIn, test, waitForPath } from '../../harness.ts';
import { addDevice, publishedType } from '../devices/setup.ts';
import { packageForType, setDeviceService } from './setup.ts';

test('batch recharge from the expired-devices modal refuses devices of two country codes', async ({
  page,
  baseUrl,
}) => {
  const type = await publishedType(baseUrl, 'E2E expired type');
  await packageForType(baseUrl, type.id);
  const userName = createAccount();
  const token = await apiLogin(baseUrl, userName);
  const lapsed = new Date(Date.now() - 3 * 86_400_000).toISOString();
  const mainland = await addDevice(baseUrl, token, type.id, 'Lapsed mainland');
  const abroad = await addDevice(baseUrl, token, type.id, 'Lapsed abroad');
  setDeviceService(mainland.id, { serviceExpiredDate: lapsed, countryCode: '86' });
  setDeviceService(abroad.id, { serviceExpiredDate: lapsed, countryCode: '1' });

  await page.goto('/device/list');
  await waitForPath(page, '/user/login');
  await signIn(page, userName, DEMO_PASSWORD);

  // The expired-devices modal opens at login on lapsed devices; both are chosen (one type).
  const modal = page.getByRole('dialog').filter({ has: page.getByTestId('expired-batch-recharge') });
  await modal.waitFor({ timeout: 15_000 });
  for (const device of [mainland, abroad])
    await modal
      .locator('.ant-table-row')
      .filter({ hasText: device.deviceGuid })
      .locator('.ant-checkbox-input')
      .check();
  await modal.getByTestId('expired-batch-recharge').click();

  // The set-meal drawer lists both devices and refuses them with the country-code message.
  const drawer = page.getByTestId('purchase-set-meal');
  await drawer.getByTestId('purchase-batch-table').getByText('Lapsed abroad').waitFor();
  await drawer.getByTestId('purchase-batch-refused').getByText('只能为国家代码相同的设备充值').waitFor();
  const buttons = drawer.locator('[data-testid^="purchase-level-button-"]');
  await buttons.first().waitFor();
  const count = await buttons.count();
  for (let i = 0; i < count; i += 1) {
    if (!(await buttons.nth(i).isDisabled()))
      throw new Error('a level can be bought for mixed country codes');
  }
});
