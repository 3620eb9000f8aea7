import assert from 'node:assert/strict';
import {
  apiLogin,
  confirmOk,
  createAccount,
  DEMO_PASSWORD,
  pickOption,
  settledConfirm,
  signIn,
  storedToken,
  test,
  waitForPath,
} from '../../harness.ts';
import { addDevice } from '../devices/setup.ts';
import {
  blockOutside,
  driveRoute,
  ROUTE,
  uniqueNumber,
  waitForDrawn,
  waybillDetail,
  waybillDeviceType,
} from './setup.ts';

test('a waybill made from a template starts after the offline question; its route and curve show on its page', async ({
  page,
  baseUrl,
}) => {
  const type = await waybillDeviceType(baseUrl, 'E2E truck');
  const userName = createAccount();
  const device = await addDevice(baseUrl, await apiLogin(baseUrl, userName), type.id, 'Truck E2E');
  await blockOutside(page, baseUrl);

  await page.goto('/waybill/list');
  await waitForPath(page, '/user/login');
  await signIn(page, userName, DEMO_PASSWORD);
  await waitForPath(page, '/waybill/list');

  // The form's rules (002 §5): upper above lower; then the filled form is kept as a template.
  await page.getByTestId('waybill-add').click();
  await pickOption(page, page.getByTestId('waybill-form-device'), device.deviceGuid);
  await page.getByTestId('waybill-form-lowerLimit').fill('8');
  await page.getByTestId('waybill-form-upperLimit').fill('2');
  await page.getByTestId('waybill-form-submit').click();
  await page.getByText('上限必须大于下限').first().waitFor();
  await page.getByTestId('waybill-form-lowerLimit').fill('2');
  await page.getByTestId('waybill-form-upperLimit').fill('8');
  await page.getByTestId('waybill-form-save-template').click();
  await page.getByTestId('template-name').fill('Vaccine run');
  await page
    .locator('.ant-modal')
    .filter({ has: page.getByTestId('template-name') })
    .locator('.ant-btn-primary')
    .click();
  await page.locator('.ant-message').getByText('保存成功').waitFor();
  await page.locator('.ant-modal-close').first().click();

  // A new waybill from the template: the device and limits come with it.
  await page.getByTestId('waybill-from-template').click();
  await page.getByTestId('template-use-Vaccine run').click();
  const orderNum = uniqueNumber('WB');
  const expressNumber = uniqueNumber('SF');
  await page.getByTestId('waybill-form-orderNum').fill(orderNum);
  await page.getByTestId('waybill-form-expressNumber').fill(expressNumber);
  assert.equal(Number(await page.getByTestId('waybill-form-upperLimit').inputValue()), 8);
  await page.getByTestId('waybill-form-submit').click();
  await page.locator('.ant-message').getByText('添加成功').waitFor();
  const row = page.locator('.ant-table-row').filter({ hasText: orderNum });
  await row.waitFor();
  const link = row.locator('a[data-testid^="waybill-link-"]');
  const waybillId = Number((await link.getAttribute('data-testid'))?.replace('waybill-link-', ''));
  assert.ok(waybillId > 0);

  // Starting by hand: the device has never reported, so the server asks to confirm (002 §4).
  await page.getByTestId(`waybill-start-${waybillId}`).click();
  await (await settledConfirm(page)).locator('.ant-btn-primary').click();
  await page.locator('.ant-modal-confirm').filter({ hasText: '设备离线' }).waitFor();
  await confirmOk(page);
  await page.getByTestId(`waybill-state-${waybillId}`).filter({ hasText: '进行中' }).waitFor();

  // A started waybill still takes its receiver (002 §4: only the parties and receipt change then).
  await page.getByTestId(`waybill-edit-${waybillId}`).click();
  await page.getByTestId('waybill-form-orderNum').and(page.locator(':disabled')).waitFor();
  await page.getByTestId('waybill-form-receiverMan').fill('Dr. Wang');
  await page.getByTestId('waybill-form-submit').click();
  await page.locator('.ant-message').getByText('修改成功').waitFor();

  // The truck drives the route and reports over MQTT.
  const token = await storedToken(page);
  assert.ok(token);
  const started = await waybillDetail(baseUrl, token, waybillId);
  assert.ok(started.startedAt);
  await driveRoute(baseUrl, token, device.id, started.startedAt);

  // Its page: the track on the map (tiles unreachable: drawn on a blank map), playback, the curve.
  await link.click();
  await waitForPath(page, `/waybill/detail/${waybillId}`);
  await waitForDrawn(page, 'waybill-detail-map', 'data-track', ROUTE.length);
  await page.getByTestId('map-tiles-failed').waitFor();
  await page.getByTestId('playback-play').click();
  await page.waitForFunction(() => {
    const at = document.querySelector('[data-testid="playback-time"]')?.getAttribute('data-at');
    return at !== undefined && at !== null && at !== '';
  });
  await page.getByTestId('playback-stop').click();
  await page.getByTestId('waybill-tab-curve').click();
  await waitForDrawn(page, 'waybill-chart', 'data-points', ROUTE.length);
  assert.ok(await page.getByTestId('waybill-chart').locator('canvas').count(), 'the curve is drawn');
  await page.getByTestId('waybill-stats').getByText('8.4').first().waitFor();
});
