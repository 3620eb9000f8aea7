import assert from 'node:assert/strict';
import { createAccount, DEMO_PASSWORD, signIn, test, waitForPath } from '../../harness.ts';

test('a user buys premium on /vip/service through the sandbox QR and the header shows the days left', async ({
  page,
  context,
}) => {
  const userName = createAccount();
  await page.goto('/vip/service');
  await waitForPath(page, '/user/login');
  await signIn(page, userName, DEMO_PASSWORD);
  await waitForPath(page, '/vip/service');

  await page.getByTestId('premium-state').filter({ hasText: '普通账户' }).waitFor();
  assert.equal(await page.getByTestId('header-premium').count(), 0);

  // The 3-month demo plan, paid with WeChat (the default): the order's QR and its payer link.
  const plan = page.locator('.ant-card').filter({ hasText: '3 months' }).last();
  await plan.getByRole('button', { name: /购\s*买/ }).click();
  const link = page.getByTestId('premium-pay-link');
  await link.waitFor({ timeout: 15_000 });
  const href = await link.getAttribute('href');
  assert.ok(typeof href === 'string' && href.includes('/mobilePay/pay?orderId='), `the payer link: ${href}`);

  const payer = await context.newPage();
  await payer.goto(href);
  await payer.getByTestId('mobile-pay-confirm').click();
  await waitForPath(payer, '/mobilePay/success');
  await payer.close();

  // The 3 s poll sees it paid; the state and the header show the remaining days.
  await page.getByText('支付成功，会员已生效').waitFor({ timeout: 15_000 });
  await page
    .getByTestId('premium-state')
    .filter({ hasText: /剩余 9\d 天/ })
    .waitFor({ timeout: 15_000 });
  await page
    .getByTestId('header-premium')
    .filter({ hasText: /剩余 9\d 天/ })
    .waitFor({ timeout: 15_000 });
});
