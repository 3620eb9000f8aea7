import assert from 'node:assert/strict';
import {
  api,
  apiLogin,
  confirmOk,
  createAccount,
  DEMO_OPERATOR,
  DEMO_PASSWORD,
  expectText,
  signIn,
  test,
  waitForPath,
} from '../../harness.ts';

test('an operator adds a user in the back office and resets the password after the confirm dialog', async ({
  page,
  baseUrl,
}) => {
  await page.goto('/system/consumer/list');
  await waitForPath(page, '/user/login');
  await signIn(page, DEMO_OPERATOR, DEMO_PASSWORD);
  await waitForPath(page, '/system/consumer/list');

  const userName = `people_${Date.now()}`;
  await page.getByTestId('user-add').click();
  await page.getByTestId('user-name-input').fill(userName);
  await page.getByTestId('user-password-input').fill('Start1234');
  await page.getByTestId('user-confirm-input').fill('Start1234');
  await page.getByTestId('user-save').click();
  await page.locator('.ant-message').getByText('添加成功').waitFor();
  assert.ok(await apiLogin(baseUrl, userName, 'Start1234'));

  await page.getByTestId('user-filter-name').fill(userName);
  await page.getByTestId('list-search').click();
  const row = page.locator('.ant-table-row').filter({ hasText: userName });
  await row.waitFor();
  await expectText(page.locator('.ant-pagination-total-text'), '共 1 条');
  await expectText(row.locator('td').nth(7), '个人用户');

  await row.locator('.ant-checkbox-input').check();
  await page.getByTestId('user-reset-password').click();
  await page.getByTestId('reset-password-input').fill('Changed-42');
  await page.getByTestId('reset-confirm-input').fill('Changed-42');
  await page.getByTestId('reset-ok').click();
  await page
    .locator('.ant-modal-confirm')
    .getByText(`确定重置 ${userName} 的密码？其登录会话将全部结束。`)
    .waitFor();
  await confirmOk(page);
  await page.locator('.ant-message').getByText('保存成功').waitFor();

  await assert.rejects(apiLogin(baseUrl, userName, 'Start1234'));
  assert.ok(await apiLogin(baseUrl, userName, 'Changed-42'));
});

test('personal info changes the time zone and the temperature unit', async ({ page, baseUrl }) => {
  const userName = createAccount();
  await page.goto('/consumer/info');
  await waitForPath(page, '/user/login');
  await signIn(page, userName, DEMO_PASSWORD);
  await waitForPath(page, '/consumer/info');
  await page.getByTestId('info-account').getByText(userName).waitFor();

  await page.getByTestId('info-time-zone').click();
  await page.keyboard.type('Europe/Berlin');
  await page.locator('.ant-select-item-option').filter({ hasText: 'Europe/Berlin' }).first().click();
  await page.getByTestId('info-temperature-unit').getByText('华氏度 (°F)').click();
  await page.getByTestId('info-save').click();
  await page.locator('.ant-message').getByText('保存成功').waitFor();

  const token = await apiLogin(baseUrl, userName);
  const info = await api<{ baseAccount: { timeZone: string; temperatureUnit: string } }>(
    baseUrl,
    token,
    'GET',
    '/base/BaseAccount/accountInfo',
  );
  assert.equal(info.data.baseAccount.timeZone, 'Europe/Berlin');
  assert.equal(info.data.baseAccount.temperatureUnit, 'F');

  // The page reads the saved values back after a reload.
  await page.reload();
  await page.getByTestId('info-time-zone').getByText('Europe/Berlin').waitFor();
  assert.equal(await page.getByTestId('info-temperature-unit').locator('input[value="F"]').isChecked(), true);
});
