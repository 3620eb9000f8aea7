import assert from 'node:assert/strict';
import fs from 'node:fs';
import { api, apiLogin, DEMO_OPERATOR, DEMO_PASSWORD, signIn, test, waitForPath } from '../../harness.ts';

interface Texts {
  backOfficeDevices: { sim: Record<string, string> };
}
/** The console's own zh-CN texts (the default language), so the test follows their wording. */
const zh = JSON.parse(
  fs.readFileSync(
    new URL('../../../apps/web/src/locales/zh-CN/backOfficeDevices.json', import.meta.url),
    'utf8',
  ),
) as Texts;
const sim = zh.backOfficeDevices.sim;

test('an operator imports SIM cards from a CSV file: three bad rows are reported, the rest imported', async ({
  page,
  baseUrl,
}) => {
  const stamp = String(Date.now());
  const iccId = (n: number) => `8986${stamp}${String(n).padStart(4, '0')}`;
  const good = Array.from({ length: 7 }, (_, i) => iccId(i + 1));
  const operator = await apiLogin(baseUrl, DEMO_OPERATOR);
  const existing = iccId(99);
  const added = await api(baseUrl, operator, 'POST', '/device/DeviceSimCard/insert', { iccId: existing });
  assert.equal(added.code, 0, added.msg);
  const csv = [
    'ICCID,Operator,Use state,Balance,Description',
    ...good.map((id, i) => `${id},China Mobile,active,${i}.50,E2E card ${i}`),
    '8986ABC,China Mobile,,,letters in the ICCID',
    `${good[0]},China Mobile,,,repeated in the file`,
    `${existing},China Mobile,,,already on the platform`,
  ].join('\n');

  await page.goto('/operation/sim');
  await waitForPath(page, '/user/login');
  await signIn(page, DEMO_OPERATOR, DEMO_PASSWORD);
  await waitForPath(page, '/operation/sim');

  await page.getByTestId('sim-import').click();
  await page.getByTestId('sim-import-file').setInputFiles({
    name: 'cards.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  const result = page.getByTestId('sim-import-result');
  const summary = (sim.imported ?? '').replace('{{total}}', '10').replace('{{imported}}', '7');
  await result.getByText(summary).waitFor();
  const errors = page.getByTestId('sim-import-errors').locator('.ant-table-row');
  await errors.nth(2).waitFor();
  assert.equal(await errors.count(), 3);
  const lines = await errors.locator('td:first-child').allTextContents();
  assert.deepEqual(lines, ['9', '10', '11']);
  await errors.nth(2).getByText(existing, { exact: true }).waitFor();
  const dialog = page.getByRole('dialog');
  await dialog
    .getByRole('button', { name: /关\s*闭/ })
    .last()
    .click();
  await dialog.waitFor({ state: 'hidden' });

  // The good rows are in the list, findable by ICCID.
  await page.getByTestId('sim-filter-iccid').fill(stamp);
  await page.getByTestId('list-search').click();
  for (const id of good) await page.locator('.ant-table-row').filter({ hasText: id }).waitFor();
  assert.equal(await page.locator('.ant-table-row').filter({ hasText: '8986ABC' }).count(), 0);
});
