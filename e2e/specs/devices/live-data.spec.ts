import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import type { Download, Page } from 'playwright-core';
import {
  createAccount,
  DEMO_PASSWORD,
  pickOption,
  signIn,
  storedToken,
  test,
  waitForPath,
} from '../../harness.ts';
import { connectDevice, publishedType, temperature, uniqueGuid } from './setup.ts';

/** Waits until the locator's text holds `expected` (live values arrive without a reload). */
async function expectContains(
  page: Page,
  testId: string,
  expected: string,
  timeoutMs = 15_000,
): Promise<void> {
  const locator = page.getByTestId(testId);
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    last = (await locator.textContent().catch(() => null)) ?? '';
    if (last.includes(expected)) return;
    await page.waitForTimeout(100);
  }
  assert.fail(`${testId} shows "${last}", expected "${expected}"`);
}

async function saved(download: Download): Promise<Buffer> {
  const file = await download.path();
  assert.ok(file, 'the download was saved');
  return fs.readFileSync(file);
}

/** Every numeric cell of every sheet of a workbook. */
async function workbookNumbers(bytes: Buffer): Promise<number[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const numbers: number[] = [];
  workbook.eachSheet((sheet) =>
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        if (typeof cell.value === 'number') numbers.push(cell.value);
      }),
    ),
  );
  return numbers;
}

test('a user adds a device, watches its values change live, charts and exports a range', async ({
  page,
  baseUrl,
}) => {
  const type = await publishedType(baseUrl, 'E2E logger');
  const userName = createAccount();
  await page.goto('/device/list');
  await waitForPath(page, '/user/login');
  await signIn(page, userName, DEMO_PASSWORD);
  await waitForPath(page, '/device/list');

  // Add the device through the form (002 §5 rules: GUID digits only).
  const guid = uniqueGuid();
  await page.getByTestId('device-add').click();
  await page.getByTestId('device-add-guid').fill('12ab');
  await page.getByTestId('device-add-name').fill('Cold room E2E');
  await page.locator('.ant-modal .ant-btn-primary').click();
  await page.getByText('设备ID仅能为数字，最多 20 位').waitFor();
  await page.getByTestId('device-add-guid').fill(guid);
  await pickOption(page, page.getByTestId('device-add-type'), type.typeName);
  await page.locator('.ant-modal .ant-btn-primary').click();
  await page.locator('.ant-message').getByText('添加成功').waitFor();
  const row = page.locator('.ant-table-row').filter({ hasText: guid });
  await row.waitFor();
  const link = row.locator('a[data-testid^="device-link-"]');
  const deviceId = Number((await link.getAttribute('data-testid'))?.replace('device-link-', ''));
  assert.ok(deviceId > 0);

  // The device publishes over MQTT with its own credentials; the list follows without a reload.
  const token = await storedToken(page);
  assert.ok(token);
  const device = await connectDevice(baseUrl, token, deviceId);
  try {
    await page.evaluate(() => {
      (window as unknown as { keptAlive: boolean }).keptAlive = true;
    });
    await device.send([temperature(4.2, { battery: 90, position: { lat: 31.2304, lon: 121.4737 } })]);
    await expectContains(page, `device-latest-${deviceId}`, '4.2');
    await expectContains(page, `device-status-${deviceId}`, '在线');
    await device.send([temperature(7.5)]);
    await expectContains(page, `device-latest-${deviceId}`, '7.5');
    assert.equal(
      await page.evaluate(() => (window as unknown as { keptAlive?: boolean }).keptAlive),
      true,
      'the values changed without a reload',
    );

    // The detail page's real-time tab keeps following.
    await link.click();
    await waitForPath(page, `/device/detail/${deviceId}`);
    await expectContains(page, 'realtime-101', '7.5');
    await device.send([temperature(-3.1)]);
    await expectContains(page, 'realtime-101', '-3.1');

    // The chart of the last half hour (echarts loads with the tab).
    await page.getByTestId('device-tab-chart').click();
    await page.getByTestId('range-select').click();
    await page.getByTestId('range-options').getByText('最近半小时').click();
    const chart = page.getByTestId('device-chart');
    await page.waitForFunction(
      () => {
        const element = document.querySelector('[data-testid="device-chart"]');
        return (
          element?.getAttribute('data-ready') === 'true' && Number(element.getAttribute('data-points')) >= 2
        );
      },
      undefined,
      { timeout: 15_000 },
    );
    assert.ok(await chart.locator('canvas').count(), 'the chart is drawn');

    // Exports of the range: an XLSX that opens with the readings, a PDF with pages.
    const [xlsx] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-xlsx').click(),
    ]);
    assert.match(xlsx.suggestedFilename(), /\.xlsx$/);
    const numbers = await workbookNumbers(await saved(xlsx));
    for (const value of [4.2, 7.5, -3.1]) assert.ok(numbers.includes(value), `the workbook holds ${value}`);

    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-pdf').click()]);
    assert.match(pdf.suggestedFilename(), /\.pdf$/);
    const bytes = await saved(pdf);
    assert.equal(bytes.subarray(0, 5).toString('latin1'), '%PDF-');
    const info = spawnSync('pdfinfo', ['-'], { input: bytes });
    if (info.status === 0) assert.match(info.stdout.toString(), /Pages:\s+[1-9]/);
    else assert.match(bytes.toString('latin1'), /\/Type\s*\/Page[^s]/);
    const text = spawnSync('pdftotext', ['-', '-'], { input: bytes });
    if (text.status === 0) assert.match(text.stdout.toString(), new RegExp(guid));

    // The map places the device; with its tiles unreachable it says so.
    // Whatever VITE_TILE_URL names: anything off this server fails, as without internet access.
    const own = new URL(baseUrl).host;
    await page.route(
      (url) => url.host !== own,
      (route) => route.abort(),
    );
    await page.getByTestId('device-tab-map').click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="device-detail-map"]')?.getAttribute('data-markers') === '1',
      undefined,
      { timeout: 15_000 },
    );
    await page.getByTestId('map-tiles-failed').waitFor();
  } finally {
    await device.close();
  }
});
