import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import ExcelJS from 'exceljs';
import { apiLogin, createAccount, DEMO_PASSWORD, signIn, test, waitForPath } from '../../harness.ts';
import { addDevice } from '../devices/setup.ts';
import { drivenWaybill, saved, waybillDeviceType } from './setup.ts';

test('the waybill list exports as a workbook and the waybill report downloads as a PDF that opens', async ({
  page,
  baseUrl,
}) => {
  const type = await waybillDeviceType(baseUrl, 'E2E box');
  const userName = createAccount();
  const token = await apiLogin(baseUrl, userName);
  const device = await addDevice(baseUrl, token, type.id, 'Box E2E');
  const waybill = await drivenWaybill(baseUrl, token, device.id);

  await page.goto(`/waybill/detail/${waybill.id}?tab=info`);
  await waitForPath(page, '/user/login');
  await signIn(page, userName, DEMO_PASSWORD);
  await waitForPath(page, `/waybill/detail/${waybill.id}`);
  await page.getByTestId('waybill-info').getByText(waybill.orderNum).first().waitFor();

  // The list as a workbook (002 §7 waybill export) holds the waybill.
  await page.goto('/waybill/list');
  await page.locator('.ant-table-row').filter({ hasText: waybill.orderNum }).waitFor();
  const [xlsx] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('waybill-export').click(),
  ]);
  assert.match(xlsx.suggestedFilename(), /\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await saved(xlsx)) as unknown as ArrayBuffer);
  const texts: string[] = [];
  workbook.eachSheet((sheet) => sheet.eachRow((r) => r.eachCell((cell) => texts.push(String(cell.value)))));
  assert.ok(texts.includes(waybill.orderNum), 'the workbook lists the waybill');

  await page.goto(`/waybill/detail/${waybill.id}`);
  await page.getByTestId('waybill-title').waitFor();
  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('waybill-report').click(),
  ]);
  assert.match(pdf.suggestedFilename(), /\.pdf$/i);
  const bytes = await saved(pdf);
  assert.equal(bytes.subarray(0, 5).toString('latin1'), '%PDF-');
  const info = spawnSync('pdfinfo', ['-'], { input: bytes });
  if (info.status === 0) assert.match(info.stdout.toString(), /Pages:\s+[1-9]/);
  else assert.match(bytes.toString('latin1'), /\/Type\s*\/Page[^s]/);
  const text = spawnSync('pdftotext', ['-', '-'], { input: bytes });
  if (text.status === 0) assert.match(text.stdout.toString(), new RegExp(waybill.orderNum));
});
