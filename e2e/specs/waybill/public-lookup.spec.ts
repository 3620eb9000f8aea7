import assert from 'node:assert/strict';
import { api, apiLogin, createAccount, storedToken, test, waitForPath } from '../../harness.ts';
import { addDevice } from '../devices/setup.ts';
import { blockOutside, drivenWaybill, ROUTE, waitForDrawn, waybillDeviceType } from './setup.ts';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

test('anyone finds a waybill by tracking number and sees its curve without logging in', async ({
  page,
  context,
  baseUrl,
}) => {
  const type = await waybillDeviceType(baseUrl, 'E2E reefer');
  const token = await apiLogin(baseUrl, createAccount());
  const device = await addDevice(baseUrl, token, type.id, 'Reefer E2E');
  const waybill = await drivenWaybill(baseUrl, token, device.id);
  // Ended, its period stays the few milliseconds the route took; while in progress the period grows
  // with the clock and the chart's buckets soon merge those readings.
  const stopped = await api(baseUrl, token, 'POST', '/device/DeviceWaybillInfo/changeState', {
    id: waybill.id,
    action: 'stop',
    confirm: 1,
  });
  assert.equal(stopped.code, 0, stopped.msg);
  await blockOutside(page, baseUrl);

  // The quick query (signed out) looks up the express number and lists the waybill.
  await page.goto('/quick/query');
  await page.getByTestId('quick-kind').getByText('运单号 / 快递单号').click();
  await page.getByTestId('quick-tracking').fill(waybill.expressNumber);
  await page.getByTestId('quick-search').click();
  const list = await waitForPath(page, '/pcQuick/waybill/list');
  assert.equal(list.searchParams.get('trackingNumber'), waybill.expressNumber);
  await page.getByTestId(`public-waybill-${waybill.orderNum}`).click();
  await waitForPath(page, `/pcQuick/waybill/detail/${waybill.waybillPk}`);
  await waitForDrawn(page, 'waybill-chart', 'data-points', ROUTE.length);
  assert.equal(await storedToken(page), null, 'no session was needed');
  // Without a share link the public page shows no track.
  assert.equal(await page.getByTestId('public-waybill-map').count(), 0);

  // A phone opening the PC list is sent to the mobile one (000 §2.10); the detail follows the same rule.
  const browser = context.browser();
  assert.ok(browser);
  const phone = await browser.newContext({
    baseURL: baseUrl,
    userAgent: IPHONE,
    viewport: { width: 390, height: 844 },
  });
  try {
    const mobile = await phone.newPage();
    await mobile.goto(`/pcQuick/waybill/list?trackingNumber=${encodeURIComponent(waybill.orderNum)}`);
    await waitForPath(mobile, '/mobileQuick/waybill/list');
    await mobile.getByTestId(`public-waybill-${waybill.orderNum}`).click();
    await waitForPath(mobile, `/mobileQuick/waybill/detail/${waybill.waybillPk}`);
    await waitForDrawn(mobile, 'waybill-chart', 'data-points', ROUTE.length);
    // The mobile quick query lists what the number finds, here the waybill by its express number.
    await mobile.goto('/mobileQuick/query');
    await mobile.getByTestId('quick-kind').getByText('运单号 / 快递单号').click();
    await mobile.getByTestId('quick-tracking').fill(waybill.expressNumber);
    await mobile.getByTestId('quick-search').click();
    await waitForPath(mobile, '/mobileQuick/query/list');
    await mobile.getByTestId(`query-result-waybill-${waybill.orderNum}`).click();
    await waitForPath(mobile, `/mobileQuick/waybill/detail/${waybill.waybillPk}`);
  } finally {
    await phone.close();
  }
});

test('a share link shows the track, and the receiver confirms receipt of the ended waybill there', async ({
  page,
  baseUrl,
}) => {
  const type = await waybillDeviceType(baseUrl, 'E2E shared');
  const token = await apiLogin(baseUrl, createAccount());
  const device = await addDevice(baseUrl, token, type.id, 'Shared E2E');
  const waybill = await drivenWaybill(baseUrl, token, device.id);
  await blockOutside(page, baseUrl);

  const shared = await api<{ path: string }>(baseUrl, token, 'POST', '/device/DeviceWaybillInfo/share', {
    id: waybill.id,
    validity: '1d',
  });
  assert.equal(shared.code, 0, shared.msg);
  const stopped = await api(baseUrl, token, 'POST', '/device/DeviceWaybillInfo/changeState', {
    id: waybill.id,
    action: 'stop',
    confirm: 1,
  });
  assert.equal(stopped.code, 0, stopped.msg);
  await page.goto(shared.data.path);
  await waitForDrawn(page, 'public-waybill-map', 'data-track', ROUTE.length);
  await page.getByTestId('public-waybill-receive').click();
  await page.locator('.ant-modal-footer .ant-btn-primary').click();
  await page.getByTestId('public-waybill-state').filter({ hasText: '已签收' }).waitFor();
});
