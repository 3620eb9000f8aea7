import assert from 'node:assert/strict';
import ExcelJS from 'exceljs';
import {
  api,
  apiLogin,
  createAccount,
  DEMO_OPERATOR,
  DEMO_PASSWORD,
  logOut,
  pickOption,
  signIn,
  test,
  waitForPath,
} from '../../harness.ts';
import { publishedType } from '../devices/setup.ts';
import { saved } from '../waybill/setup.ts';

test('an operator generates and exports a GUID batch; a user adds a device with one of its GUIDs', async ({
  page,
  baseUrl,
}) => {
  const type = await publishedType(baseUrl, 'E2E GUID type');
  const orderCode = `E2E-${Date.now() % 1_000_000_000}`;

  await page.goto('/operation/guid');
  await waitForPath(page, '/user/login');
  await signIn(page, DEMO_OPERATOR, DEMO_PASSWORD);
  await waitForPath(page, '/operation/guid');

  await page.getByTestId('guid-generate').click();
  await page.getByTestId('guid-order-code').fill(orderCode);
  await page.getByTestId('guid-num').fill('5');
  await pickOption(page, page.getByTestId('guid-type'), type.typeName);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.locator('.ant-modal .ant-btn-primary').click(),
  ]);
  assert.match(download.suggestedFilename(), /\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await saved(download)) as unknown as ArrayBuffer);
  const guids: string[] = [];
  workbook.worksheets[0]?.eachRow((row, n) => {
    if (n > 1) guids.push(String(row.getCell(1).value));
  });
  assert.equal(guids.length, 5);
  for (const guid of guids) assert.match(guid, /^\d{16}$/);

  // The batch is in the list, unused.
  await page.getByTestId('guid-filter-order').fill(orderCode);
  await page.getByTestId('list-search').click();
  await page.locator('.ant-table-row').filter({ hasText: guids[0] }).waitFor();

  // A user adds a device with the first GUID.
  await logOut(page);
  const userName = createAccount();
  await page.goto('/device/list');
  await waitForPath(page, '/user/login');
  await signIn(page, userName, DEMO_PASSWORD);
  await waitForPath(page, '/device/list');
  await page.getByTestId('device-add').click();
  await page.getByTestId('device-add-guid').fill(guids[0] ?? '');
  await page.getByTestId('device-add-name').fill('From a GUID batch');
  await pickOption(page, page.getByTestId('device-add-type'), type.typeName);
  await page.locator('.ant-modal .ant-btn-primary').click();
  await page.locator('.ant-message').getByText('添加成功').waitFor();
  await page.locator('.ant-table-row').filter({ hasText: guids[0] }).waitFor();

  // The GUID is now used, by that device.
  const operator = await apiLogin(baseUrl, DEMO_OPERATOR);
  const list = await api<{ data: { guid: string; usedFlag: number; deviceName: string | null }[] }>(
    baseUrl,
    operator,
    'POST',
    '/device/DeviceGuid/page',
    { guid: guids[0] },
  );
  assert.deepEqual(
    list.data.data.map((g) => [g.guid, g.usedFlag, g.deviceName]),
    [[guids[0], 1, 'From a GUID batch']],
  );
});
