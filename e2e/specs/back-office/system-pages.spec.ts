import assert from 'node:assert/strict';
import { DEMO_OPERATOR, DEMO_PASSWORD, signIn, test, waitForPath } from '../../harness.ts';

test('the operator reads the board and the network as charts, and uploads a pattern image', async ({
  page,
}) => {
  await page.goto('/operation/index');
  await waitForPath(page, '/user/login');
  await signIn(page, DEMO_OPERATOR, DEMO_PASSWORD);
  await waitForPath(page, '/operation/index');
  // Figures as charts: each canvas is an image named by what it shows.
  await page.getByTestId('overview-board').waitFor();
  const readings = page.getByTestId('overview-chart-readings').locator('[role="img"]');
  assert.match((await readings.getAttribute('aria-label')) ?? '', /^每分钟数据量: /);
  await page.getByTestId('overview-chart-status').locator('canvas').waitFor();
  const accounts = Number(
    (
      await page.getByTestId('overview-kpi-accounts').locator('.ant-statistic-content-value').innerText()
    ).replace(/\D/g, ''),
  );
  assert.ok(accounts >= 2, `accounts ${accounts}`);

  await page.goto('/operation/network');
  await page.getByTestId('network-chart-hours').locator('canvas').waitFor();
  await page.locator('.ant-table').first().waitFor();

  await page.goto('/operation/pattern');
  await page.getByTestId('pattern-add').click();
  const name = `Dots ${Date.now()}`;
  await page.locator('#pattern-name').fill(name);
  await page.locator('.ant-modal input[type=file]').setInputFiles({
    name: 'dots.png',
    mimeType: 'image/png',
    buffer: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    ),
  });
  await page.locator('.ant-modal .ant-modal-footer .ant-btn-primary').click();
  await page.locator('.ant-message').getByText('添加成功').waitFor();
  await page.locator('.ant-table-row').filter({ hasText: name }).waitFor();
});
