import assert from 'node:assert/strict';
import fs from 'node:fs';
import {
  api,
  apiLogin,
  confirmOk,
  DEMO_OPERATOR,
  DEMO_PASSWORD,
  DEMO_USER,
  expectText,
  signIn,
  test,
  waitForPath,
} from '../../harness.ts';

interface Catalogue {
  toast: { add: string };
  catalogue: {
    validation: string;
    rules: Record<string, string>;
    fields: Record<string, string>;
    type: Record<string, string>;
  };
}
/** The console's own zh-CN texts (the default language), so the test follows their wording. */
const zh = JSON.parse(
  fs.readFileSync(new URL('../../../apps/web/src/locales/zh-CN/common.json', import.meta.url), 'utf8'),
) as Catalogue;
const c = zh.catalogue;
const fieldMessage = (field: string, rule: string) =>
  c.validation.replace('{{field}}', c.fields[field] ?? field).replace('{{rule}}', c.rules[rule] ?? rule);

test('an operator creates a device type with a parameter, releases and pushes it; a bad type code is named', async ({
  page,
  baseUrl,
}) => {
  const stamp = Date.now();
  const typeName = `E2E type ${stamp}`;
  // A free code in 800000-FFFFFF, above the 0x8000 floor and within 6 digits.
  const typeCode = (0x800000 + (stamp % 0x7fffff)).toString(16).toUpperCase();

  await page.goto('/product/deviceType');
  await waitForPath(page, '/user/login');
  await signIn(page, DEMO_OPERATOR, DEMO_PASSWORD);
  await waitForPath(page, '/product/deviceType');

  await page.getByTestId('type-add').click();
  const form = page.getByTestId('type-form');
  await page.getByTestId('type-name-input').fill(typeName);
  // 7FFF is below the spec's 0x8000: the form names the field as the server would.
  await page.getByTestId('type-code-input').fill('7FFF');
  await page.locator('.ant-modal .ant-btn-primary').click();
  await form
    .locator('.ant-form-item-explain-error')
    .getByText(fieldMessage('typeCode', 'typeCode'))
    .waitFor();

  await page.getByTestId('type-code-input').fill(typeCode);
  await page.locator('.ant-modal .ant-btn-primary').click();
  await page.locator('.ant-message').getByText(zh.toast.add).first().waitFor();
  await form.waitFor({ state: 'hidden' });

  // The new type, found by the query form; "to be tested" until released.
  await page.getByTestId('type-filter-name').fill(typeName);
  await page.getByTestId('list-search').click();
  const row = page.locator('.ant-table-row').filter({ hasText: typeName });
  await expectText(row.locator('td').nth(2), typeCode);
  await row.getByText(c.type.status0 ?? '').waitFor();

  // Its parameters: one temperature parameter.
  await row.locator('.ant-checkbox-input').check();
  await page.getByTestId('type-params').click();
  const url = await waitForPath(page, '/product/param');
  const typeId = Number(url.searchParams.get('typeId'));
  assert.ok(typeId > 0);
  await page.getByTestId('param-add').click();
  await page.getByTestId('param-name-input').fill('Temperature');
  await page.getByTestId('param-key-input').fill('1');
  await page.locator('.ant-modal .ant-btn-primary').click();
  await page.locator('.ant-message').getByText(zh.toast.add).first().waitFor();
  await page.locator('.ant-table-row').filter({ hasText: 'Temperature' }).waitFor();

  // Back on the list: release, then push, each asked first.
  await page.goto('/product/deviceType');
  await page.getByTestId('type-filter-name').fill(typeName);
  await page.getByTestId('list-search').click();
  await row.locator('.ant-checkbox-input').check();
  await page.getByTestId('type-release').click();
  await page.locator('.ant-modal-confirm').getByText(typeName, { exact: false }).waitFor();
  await confirmOk(page);
  await page
    .locator('.ant-message')
    .getByText(c.type.released ?? '')
    .waitFor();
  await row.getByText(c.type.status2 ?? '').waitFor();

  await page.getByTestId('type-push').click();
  await confirmOk(page);
  await page
    .locator('.ant-message')
    .getByText(c.type.pushedDone ?? '')
    .waitFor();
  await row.getByText(c.type.pushed ?? '', { exact: true }).waitFor();

  // Published and pushed: users now find it among the types they may add devices of.
  const token = await apiLogin(baseUrl, DEMO_USER);
  const options = await api<{ id: number; typeCode: string }[]>(
    baseUrl,
    token,
    'GET',
    '/device/DeviceType/options',
  );
  assert.equal(options.code, 0);
  assert.ok(options.data.some((o) => o.id === typeId && o.typeCode === typeCode));
});
