import assert from 'node:assert/strict';
import { apiLogin, createAccount, DEMO_PASSWORD, signIn, test, textOf, waitForPath } from '../../harness.ts';
import { addDevice, publishedType } from '../devices/setup.ts';
import { packageForType } from './setup.ts';

test('a user renews a device through the sandbox QR: the payer pays on the QR link, the console sees it paid and shows the new expiry', async ({
  page,
  context,
  baseUrl,
}) => {
  const type = await publishedType(baseUrl, 'E2E purchase type');
  const { levelName } = await packageForType(baseUrl, type.id);
  const userName = createAccount();
  const token = await apiLogin(baseUrl, userName);
  const device = await addDevice(baseUrl, token, type.id, 'Renewed fridge');

  await page.goto(`/device/detail/${device.id}?tab=recharge`);
  await waitForPath(page, '/user/login');
  await signIn(page, userName, DEMO_PASSWORD);
  await waitForPath(page, `/device/detail/${device.id}`);

  // The recharge tab shows the current package; its expiry is the new device's free months.
  const expiry = page.getByTestId(`purchase-expiry-${device.id}`).first();
  await expiry.waitFor();
  const before = await textOf(expiry);
  await page.getByTestId('device-recharge-open').click();

  // The set-meal drawer lists both levels; the free one cannot be bought.
  const drawer = page.getByTestId('purchase-set-meal');
  const paid = drawer.locator('.ant-card').filter({ hasText: levelName });
  await paid.waitFor();
  await drawer
    .locator('.ant-card')
    .filter({ hasText: 'E2E Free' })
    .getByRole('button', { name: /已订购/ })
    .waitFor();
  assert.equal(await textOf(paid.locator('[data-testid^="purchase-level-price-"]')), '¥120');
  await paid.getByRole('button').click();

  // The payment drawer: the 12-month row, WeChat by default, then the QR code of the created order.
  const pay = page.getByTestId('purchase-pay-drawer');
  await pay.getByTestId('purchase-amount').filter({ hasText: '¥120' }).waitFor();
  const qr = pay.getByTestId('purchase-qr');
  await qr.waitFor({ timeout: 15_000 });
  const link = await qr.getAttribute('data-value');
  assert.ok(
    typeof link === 'string' && link.includes('/mobilePay/pay?orderId='),
    `the QR code holds the payer link: ${link}`,
  );

  // The payer opens the QR's link on a phone-sized page and pays.
  const payer = await context.newPage();
  await payer.setViewportSize({ width: 390, height: 844 });
  await payer.goto(link);
  await payer.getByTestId('mobile-pay-amount').filter({ hasText: '¥120' }).waitFor();
  await payer.getByTestId('mobile-pay-confirm').click();
  await waitForPath(payer, '/mobilePay/success');
  await payer.getByTestId('mobile-pay-success').waitFor();
  await payer.close();

  // Back on the console the 3 s poll sees the order paid: the success dialog, then the new expiry.
  const dialog = page.getByTestId('purchase-paid-dialog');
  await dialog.getByText('支付成功').first().waitFor({ timeout: 15_000 });
  await page
    .getByRole('button', { name: /确\s*定|OK/ })
    .last()
    .click();
  await page.waitForFunction(
    ([id, old]) => {
      const cell = document.querySelector(`[data-testid="purchase-expiry-${id}"]`);
      return cell !== null && cell.textContent !== null && cell.textContent.trim() !== old;
    },
    [device.id, before] as const,
    { timeout: 15_000 },
  );
  const after = await textOf(expiry);
  assert.ok(after > before, `the expiry moved on: ${before} -> ${after}`);
  assert.equal(await textOf(page.getByTestId('purchase-current-level').first()), levelName);
});
