import assert from 'node:assert/strict';
import fs from 'node:fs';
import ExcelJS from 'exceljs';
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

test('the download centre shows a file generating, then generated, and downloads it', async ({
  page,
  baseUrl,
}) => {
  const userName = createAccount();
  const token = await apiLogin(baseUrl, userName);
  const type = await publishedType(baseUrl, 'Download logger');
  await addDevice(baseUrl, token, type.id, 'Vaccine fridge');
  await addDevice(baseUrl, token, type.id, 'Reefer truck');

  await page.goto('/consumer/download');
  await waitForPath(page, '/user/login');
  await signIn(page, userName, DEMO_PASSWORD);
  await waitForPath(page, '/consumer/download');

  await page.getByTestId('download-request-devices').click();
  const row = page.locator('.ant-table-row').first();
  await expectText(row.locator('[data-testid^="download-state-"] .ant-tag'), '生成中');
  await page.locator('.ant-alert').getByText('生成中，列表自动刷新').waitFor();
  await expectText(row.locator('[data-testid^="download-state-"] .ant-tag'), '已生成');
  await expectText(row.locator('td').nth(3), '2');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.locator('[data-testid^="download-file-"]').click(),
  ]);
  assert.match(download.suggestedFilename(), /^devices-\d{8}-\d{6}\.xlsx$/);
  const file = await download.path();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(fs.readFileSync(file) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  assert.ok(sheet);
  const names = [2, 3].map((n) => String((sheet.getRow(n).values as unknown[])[2])).sort();
  assert.deepEqual(names, ['Reefer truck', 'Vaccine fridge']);
});
