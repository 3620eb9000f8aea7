import assert from 'node:assert/strict';
import { api, apiLogin, createAccount, DEMO_PASSWORD, signIn, test, waitForPath } from '../../harness.ts';
import { addDevice, publishedType } from '../devices/setup.ts';
import { packageForType } from '../purchase/setup.ts';

interface Levels {
  servicePackageId: number;
  levelList: { levelId: number; packageId: number; levelName: string; free: boolean }[];
}

/** A service order of the device bought and paid through the sandbox payer, as a payer would. */
async function paidOrder(baseUrl: string, token: string, deviceId: number, levelName: string) {
  const levels = await api<Levels>(
    baseUrl,
    token,
    'GET',
    `/payment/PayServiceItem/selectAllServiceItemByDevice?deviceId=${deviceId}`,
  );
  const level = levels.data.levelList.find((l) => l.levelName === levelName);
  assert.ok(level, `level ${levelName} offered`);
  const years = await api<{ levelYearList: { id: number; serviceFee: number; payFee: number }[] }>(
    baseUrl,
    token,
    'GET',
    `/payment/PayServiceLevel/selectLevelYear?deviceId=${deviceId}&levelId=${level.levelId}&packageId=${level.packageId}`,
  );
  const year = years.data.levelYearList[0];
  assert.ok(year, 'a year row');
  const created = await api<{ orderId: string; orderCode: string; payQrCode: string }>(
    baseUrl,
    token,
    'POST',
    '/payment/PayDeviceDepositRecord/createDeviceDeposit',
    {
      deviceId,
      levelId: level.levelId,
      levelYearId: year.id,
      servicePackageId: levels.data.servicePackageId,
      payType: 1,
      serviceFee: year.serviceFee,
      totalFee: year.payFee,
      applyFlag: 0,
    },
  );
  assert.equal(created.code, 0, created.msg);
  const payToken = new URL(created.data.payQrCode).searchParams.get('token');
  const response = await fetch(`${baseUrl}/api/payment/sandbox/pay`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ orderId: Number(created.data.orderId), token: payToken, outcome: 'pay' }),
  });
  const paid = (await response.json()) as { data: { payStatus: number } };
  assert.equal(paid.data.payStatus, 2);
  return created.data;
}

test('an invoice info is added from the apply dialog and applied to a paid order, then listed on /receipt', async ({
  page,
  baseUrl,
}) => {
  const type = await publishedType(baseUrl, 'E2E invoice type');
  const { levelName } = await packageForType(baseUrl, type.id);
  const userName = createAccount();
  const token = await apiLogin(baseUrl, userName);
  const device = await addDevice(baseUrl, token, type.id, 'Invoiced fridge');
  const order = await paidOrder(baseUrl, token, device.id, levelName);

  await page.goto('/consumer/recharge');
  await waitForPath(page, '/user/login');
  await signIn(page, userName, DEMO_PASSWORD);
  await waitForPath(page, '/consumer/recharge');

  // The paid order offers its invoice; the account has no invoice info yet, so one is added on the spot.
  await page.getByTestId(`order-apply-${order.orderCode}`).first().click();
  await page.getByTestId('apply-new-bill').click();
  await page.getByTestId('bill-personal').fill('Wang·Fang');
  await page.getByTestId('bill-user').fill('WangFang');
  await page.getByTestId('bill-mail').fill('wang.fang@example.com');
  // A bad mainland phone is refused in the drawer before anything is sent.
  await page.getByTestId('bill-phone').fill('12345');
  await page.getByTestId('bill-save').click();
  await page.getByText('请输入 11 位手机号码').waitFor();
  await page.getByTestId('bill-phone').fill('13800138000');
  await page.getByTestId('bill-save').click();

  // Back in the dialog the new info is chosen; applying marks the order "applied".
  const ok = page.getByTestId('apply-invoice-ok');
  await page.getByText('wang.fang@example.com').waitFor();
  await ok.click();
  await page.getByText('发票申请已提交').first().waitFor();
  const row = page.locator('.ant-table-row').filter({ hasText: order.orderCode });
  await row.getByText('已申请').waitFor();

  // /receipt lists the new info as the account's default.
  await page.goto('/receipt');
  const table = page.getByTestId('bill-table');
  await table.getByText('Wang·Fang').waitFor();
  await table.getByText('默认').waitFor();
});
