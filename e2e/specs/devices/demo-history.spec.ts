import assert from 'node:assert/strict';
import { api, apiLogin, DEMO_PASSWORD, DEMO_USER, signIn, test, waitForPath } from '../../harness.ts';

const COLD_ROOM_A = '86100000000000000001';
const DAY_MS = 86_400_000;

interface ChartAnswer {
  code: number;
  data: { startTime: number; endTime: number; series: { channel: number; points: [number, number][] }[] };
}

test('a demo device opens with a week of history in its chart', async ({ page, baseUrl }) => {
  const token = await apiLogin(baseUrl, DEMO_USER);
  const devices = await api<{ data: { id: number; deviceGuid: string }[] }>(
    baseUrl,
    token,
    'POST',
    '/device/Device/page',
    { start: 1, pageSize: 50 },
  );
  const room = devices.data.data.find((d) => d.deviceGuid === COLD_ROOM_A);
  assert.ok(room, 'cold room A is one of demo_user devices');

  await page.goto(`/device/detail/${room.id}?tab=chart`);
  await waitForPath(page, '/user/login');
  await signIn(page, DEMO_USER, DEMO_PASSWORD);
  await waitForPath(page, `/device/detail/${room.id}`);
  // The last 24 hours first (the page's default), then the week.
  await page.waitForFunction(
    () => document.querySelector('[data-testid="device-chart"]')?.getAttribute('data-ready') === 'true',
    undefined,
    { timeout: 30_000 },
  );
  await page.getByTestId('range-select').click();
  const week = page.waitForResponse(async (response) => {
    if (!response.url().includes('/DeviceData/chart')) return false;
    const body = response.request().postDataJSON() as { startTime: number; endTime: number };
    return body.endTime - body.startTime >= 7 * DAY_MS - 60_000;
  });
  await page.getByTestId('range-options').getByText('最近 7 天').click();
  const answer = (await (await week).json()) as ChartAnswer;
  assert.equal(answer.code, 0);
  const probe1 = answer.data.series.find((s) => s.channel === 101);
  assert.ok(probe1 && probe1.points.length > 100, 'probe 1 has points across the week');
  const times = probe1.points.map(([ts]) => ts);
  const span = Math.max(...times) - Math.min(...times);
  assert.ok(span > 6.9 * DAY_MS, `the points span ${(span / DAY_MS).toFixed(2)} days`);

  // The chart draws them (not a strip at the right edge: its data starts a week back).
  await page.waitForFunction(
    () => {
      const element = document.querySelector('[data-testid="device-chart"]');
      return (
        element?.getAttribute('data-ready') === 'true' && Number(element.getAttribute('data-points')) > 100
      );
    },
    undefined,
    { timeout: 15_000 },
  );
});
