import {
  addPushRecord,
  apiLogin,
  createAccount,
  DEMO_PASSWORD,
  expectText,
  signIn,
  test,
  waitForPath,
} from '../../harness.ts';
import { addDevice, publishedType } from '../devices/setup.ts';

test('a project groups devices and opens its cloud-chain views', async ({ page, baseUrl }) => {
  const type = await publishedType(baseUrl, 'E2E project type');
  const userName = createAccount({ roleCode: 'enterpriseAdmin' });
  const device = await addDevice(baseUrl, await apiLogin(baseUrl, userName), type.id, 'Ward fridge');

  await page.goto('/projectList/index');
  await waitForPath(page, '/user/login');
  await signIn(page, userName, DEMO_PASSWORD);
  await waitForPath(page, '/projectList/index');

  // Project names are 2-20 characters (002 §5).
  await page.getByTestId('project-add').click();
  await page.getByTestId('project-name').fill('W');
  await page.locator('.ant-modal:visible .ant-modal-footer .ant-btn-primary').click();
  await page.getByText(/^项目名称.至少 2 个字符$/).waitFor();
  await page.getByTestId('project-name').fill('Ward 3');
  await page.locator('.ant-modal:visible .ant-modal-footer .ant-btn-primary').click();
  await page.locator('.ant-table-row').filter({ hasText: 'Ward 3' }).locator('a').click();
  await expectText(page.getByTestId('project-title'), 'Ward 3');

  await page.getByTestId('project-devices-bind').click();
  await page.getByTestId('device-picker').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: 'Ward fridge' })
    .click();
  await page.keyboard.press('Escape');
  await page.locator('.ant-modal:visible .ant-modal-footer .ant-btn-primary').click();
  await page.locator('.ant-table-row').filter({ hasText: device.deviceGuid }).waitFor();

  // The cloud-chain layout: the cockpit counts the project's device, the views pick it, back returns.
  await page.getByRole('button', { name: /进入项目/ }).click();
  await waitForPath(page, '/cockpit/index');
  await expectText(page.getByTestId('cockpit-total'), '设备1');
  await page.goto('/cloudChain/realtimeData');
  await page
    .getByTestId('cloud-device')
    .getByText(/Ward fridge/)
    .waitFor();
  await page.getByTestId('live-status').waitFor();
  // Push records: the notifications about the project's devices, without the back office.
  addPushRecord(device.deviceGuid, 'ward3@example.com', 'Ward fridge probe 1 above 8');
  await page.goto('/cloudChain/pushRecord');
  const record = page.locator('.ant-table-row').filter({ hasText: 'ward3@example.com' });
  await record.getByText('Ward fridge probe 1 above 8').waitFor();
  await expectText(record.locator('.ant-tag').last(), '已发送');
  await page.getByTestId('cloud-back').click();
  await waitForPath(page, '/projectList/index');
});
