import assert from 'node:assert/strict';
import { api, apiLogin, createAccount, DEMO_PASSWORD, signIn, test, waitForPath } from '../../harness.ts';
import { blockOutside } from './setup.ts';

test('a geofence needs a name and an area; circles and polygons are drawn by clicking the map', async ({
  page,
  baseUrl,
}) => {
  const userName = createAccount();
  await blockOutside(page, baseUrl);
  await page.goto('/waybill/geofence');
  await waitForPath(page, '/user/login');
  await signIn(page, userName, DEMO_PASSWORD);
  await waitForPath(page, '/waybill/geofence');

  await page.getByTestId('fence-add').click();
  const map = page.getByTestId('fence-map');
  await page.waitForFunction(
    () => document.querySelector('[data-testid="fence-map"]')?.getAttribute('data-ready') === 'true',
  );
  await page.getByTestId('fence-name').fill('Depot');
  // No area yet (002 §5: at least one).
  await page.locator('.ant-modal-footer .ant-btn-primary').click();
  await page.getByTestId('fence-problem').waitFor();

  // A circle: its radius, then its centre on the map (tiles unreachable: the blank map still draws).
  await page.getByTestId('fence-add-circle').click();
  await page.getByTestId('fence-new-radius').fill('800');
  const box = await map.boundingBox();
  assert.ok(box);
  await page.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.4);
  await page.waitForFunction(
    () => document.querySelector('[data-testid="fence-map"]')?.getAttribute('data-areas') === '1',
  );

  // A polygon: three corners, then finish.
  await page.getByTestId('fence-add-polygon').click();
  for (const [x, y] of [
    [0.6, 0.3],
    [0.8, 0.35],
    [0.7, 0.6],
  ] as const)
    await page.mouse.click(box.x + box.width * x, box.y + box.height * y);
  await page.getByTestId('fence-finish-polygon').click();
  await page.waitForFunction(
    () => document.querySelector('[data-testid="fence-map"]')?.getAttribute('data-areas') === '2',
  );
  await page.locator('.ant-modal-footer .ant-btn-primary').click();
  await page.locator('.ant-message').getByText('添加成功').waitFor();
  await page.getByTestId('fence-row-name').filter({ hasText: 'Depot' }).waitFor();

  // Stored as drawn: one circle of 800 m and one polygon of three corners.
  const token = await apiLogin(baseUrl, userName);
  const fences = await api<{
    data: { name: string; areas: { shape: string; radius?: number; points?: unknown[] }[] }[];
  }>(baseUrl, token, 'POST', '/device/DeviceFenceModel/page', { start: 1, pageSize: 10 });
  assert.equal(fences.code, 0, fences.msg);
  const depot = fences.data.data.find((f) => f.name === 'Depot');
  assert.ok(depot);
  assert.deepEqual(
    depot.areas.map((a) => (a.shape === 'circle' ? `circle ${a.radius}` : `polygon ${a.points?.length}`)),
    ['circle 800', 'polygon 3'],
  );
});
