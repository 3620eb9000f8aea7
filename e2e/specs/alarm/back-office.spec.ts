import assert from 'node:assert/strict';
import {
  api,
  apiLogin,
  createAccount,
  DEMO_OPERATOR,
  DEMO_PASSWORD,
  expectText,
  pickOption,
  signIn,
  test,
  waitForPath,
} from '../../harness.ts';

const modalOk = '.ant-modal-wrap:not([style*="display: none"]) .ant-modal-footer .ant-btn-primary';

test('an operator words a template with inserted text, uses it in rules and sets up a data push', async ({
  page,
  baseUrl,
}) => {
  const run = Date.now().toString(36).slice(-5);
  const owner = createAccount();
  const ownerToken = await apiLogin(baseUrl, owner);
  const info = await api<{ baseAccount: { id: number } }>(
    baseUrl,
    ownerToken,
    'GET',
    '/base/BaseAccount/accountInfo',
  );
  assert.equal(info.code, 0, info.msg);

  await page.goto('/product/messageTemplate');
  await waitForPath(page, '/user/login');
  await signIn(page, DEMO_OPERATOR, DEMO_PASSWORD);
  await waitForPath(page, '/product/messageTemplate');

  // A body without inserted template text is refused (002 §5); a placeholder button inserts it.
  const templateName = `Hot ${run}`;
  await page.getByTestId('template-add').click();
  await page.getByTestId('template-name').fill(templateName);
  await page.getByTestId('template-system').fill('Too warm: ');
  await page.locator(modalOk).click();
  await page.getByText('系统消息：必须包含插入的模板文本（点击占位符按钮）').waitFor();
  await page.getByTestId('template-insert-deviceName').click();
  assert.equal(await page.getByTestId('template-system').inputValue(), 'Too warm: {deviceName}');
  await page.locator(modalOk).click();
  await page.locator('.ant-message').getByText('添加成功').last().waitFor();
  await page.locator('.ant-table-row').filter({ hasText: templateName }).waitFor();

  // An alarm rule at level 2 worded by that template.
  await page.goto('/product/alarmRule');
  const ruleName = `Door ${run}`;
  await page.getByTestId('alarm-rule-add').click();
  await page.getByTestId('rule-name').fill(ruleName);
  await pickOption(page, page.getByTestId('rule-level'), '2 级');
  await page.getByTestId('rule-value').fill('30');
  await pickOption(page, page.getByTestId('rule-template'), templateName);
  await page.locator(modalOk).click();
  await page.locator('.ant-message').getByText('添加成功').last().waitFor();
  const ruleRow = page.locator('.ant-table-row').filter({ hasText: ruleName });
  await ruleRow.waitFor();
  assert.match(await ruleRow.innerText(), /2 级[\s\S]*> 30/);

  // Warning rules: a fixed value of the same reading may not repeat (002 §3).
  await page.goto('/product/warnRule');
  const warnValue = String(40 + (Date.now() % 40));
  for (const [index, expectSaved] of [
    [1, true],
    [2, false],
  ] as const) {
    await page.getByTestId('warn-rule-add').click();
    await page.getByTestId('rule-name').fill(`Warm ${run} ${index}`);
    await page.getByTestId('rule-value').fill(warnValue);
    await page.locator(modalOk).click();
    if (expectSaved) {
      await page.locator('.ant-message').getByText('添加成功').last().waitFor();
      continue;
    }
    await page
      .getByTestId('warn-rule-form')
      .locator('.ant-form-item-explain-error')
      .getByText('已存在相同固定值的预警规则')
      .waitFor();
  }
  await page.locator('.ant-modal-wrap:not([style*="display: none"]) .ant-modal-close').click();

  // A data push: the URL's scheme is checked in the form; the loopback target needs the operator's consent.
  await page.goto('/operation/dataPush');
  const pushName = `Hook ${run}`;
  await page.getByTestId('data-push-add').click();
  await page.getByTestId('data-push-name').fill(pushName);
  await page.getByTestId('data-push-account').fill(String(info.data.baseAccount.id));
  await page.getByTestId('data-push-url').fill('ftp://127.0.0.1/hook');
  await page.locator(modalOk).click();
  await page.getByText('推送地址：必须是 http 或 https 地址').waitFor();
  await page.getByTestId('data-push-url').fill('http://127.0.0.1:9/hook');
  await page.locator(modalOk).click();
  await page.getByText('属于内网、回环或链路本地地址', { exact: false }).first().waitFor();
  await page.getByTestId('data-push-form').getByRole('switch').nth(1).click();
  await page.locator(modalOk).click();
  const secret = page.getByTestId('data-push-secret');
  await secret.waitFor();
  assert.ok(((await secret.textContent()) ?? '').length >= 16);
  await page.getByTestId('data-push-secret-close').click();
  const pushRow = page.locator('.ant-table-row').filter({ hasText: pushName });
  await pushRow.waitFor();

  // A test event to a closed port fails, and the attempt is in the push records.
  await pushRow.locator('.ant-checkbox-input').check();
  await page.getByTestId('data-push-test').click();
  await page.locator('.ant-message-notice-error').first().waitFor({ timeout: 20_000 });
  await page.goto('/operation/pushRecord');
  await pickOption(page, page.getByTestId('push-record-filter-channel'), 'Webhook');
  await page.getByTestId('list-search').click();
  const record = page.locator('.ant-table-row').filter({ hasText: 'http://127.0.0.1:9/hook' }).first();
  await record.waitFor();
  await expectText(record.locator('.ant-tag').first(), 'Webhook');
});
