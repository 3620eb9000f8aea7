import {
  apiLogin,
  confirmOk,
  createAccount,
  DEMO_PASSWORD,
  expectText,
  signIn,
  test,
  waitForPath,
} from '../../harness.ts';
import { addDevice, connectDevice, publishedType, temperature } from './setup.ts';

test('batch operations ask for a selection of one type; the quick query shows a device its owner opened', async ({
  page,
  context,
  baseUrl,
}) => {
  const [first, second] = [
    await publishedType(baseUrl, 'E2E type A'),
    await publishedType(baseUrl, 'E2E type B'),
  ];
  const userName = createAccount();
  const token = await apiLogin(baseUrl, userName);
  const fridge = await addDevice(baseUrl, token, first.id, 'Fridge A');
  await addDevice(baseUrl, token, second.id, 'Fridge B');

  await page.goto('/device/list');
  await waitForPath(page, '/user/login');
  await signIn(page, userName, DEMO_PASSWORD);
  await waitForPath(page, '/device/list');
  await page.locator('.ant-table-row').nth(1).waitFor();

  // 002 §5: nothing selected, then devices of two types.
  await page.getByTestId('device-batch-stop').click();
  await page.locator('.ant-message').getByText('请至少选择一项').waitFor();
  await page.locator('.ant-table-thead .ant-checkbox-input').check();
  await page.getByTestId('device-batch-stop').click();
  await page.locator('.ant-message').getByText('批量操作仅限同一类型的设备').waitFor();

  // One type: stopping asks first, then the list shows the new use state.
  await page.locator('.ant-table-thead .ant-checkbox-input').uncheck();
  const row = page.locator('.ant-table-row').filter({ hasText: fridge.deviceGuid });
  await row.locator('.ant-checkbox-input').check();
  await page.getByTestId('device-batch-stop').click();
  await confirmOk(page);
  await expectText(page.getByTestId(`device-status-${fridge.id}`), '停用');
  await row.locator('.ant-checkbox-input').check();
  await page.getByTestId('device-batch-enable').click();
  await confirmOk(page);
  await expectText(page.getByTestId(`device-status-${fridge.id}`), '离线');

  // The device reports once; its owner opens the public quick query on the basic-info tab.
  const device = await connectDevice(baseUrl, token, fridge.id);
  try {
    await device.send([temperature(5.5)]);
  } finally {
    await device.close();
  }
  await page.goto(`/device/detail/${fridge.id}?tab=info`);
  const quick = page.getByTestId('device-quick-search');
  await quick.waitFor();
  await page.waitForFunction(
    () =>
      !document
        .querySelector('[data-testid="device-quick-search"]')
        ?.classList.contains('ant-switch-loading'),
  );
  await quick.click();
  await page.locator('.ant-message').getByText('保存成功').waitFor();

  // Parameter settings: lower below upper (002 §5), then a settings command waits for the device.
  await page.getByTestId('device-tab-params').click();
  await page.getByTestId('param-lower-1').fill('9');
  await page.getByTestId('param-upper-1').fill('8');
  await page.getByTestId('param-save').click();
  await page.getByText('下限必须低于上限').waitFor();
  await page.getByTestId('param-lower-1').fill('2');
  await page.getByTestId('param-save').click();
  await expectText(page.getByTestId('param-command-state'), '等待设备');

  // Anyone, signed out, finds it by its ID.
  const visitor = await context.browser()?.newContext({ baseURL: baseUrl });
  if (!visitor) throw new Error('no browser');
  try {
    const anonymous = await visitor.newPage();
    await anonymous.goto('/quick/query');
    await anonymous.getByTestId('quick-guid').fill('99999999999999999999');
    await anonymous.getByTestId('quick-search').click();
    await anonymous.getByTestId('quick-not-found').waitFor();
    await anonymous.getByTestId('quick-guid').fill(fridge.deviceGuid);
    await anonymous.getByTestId('quick-search').click();
    await expectText(anonymous.getByTestId('quick-device-name'), 'Fridge A');
    await anonymous.getByTestId('quick-latest').getByText('5.5').waitFor();
  } finally {
    await visitor.close();
  }
});
