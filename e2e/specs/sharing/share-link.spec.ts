import assert from 'node:assert/strict';
import {
  api,
  apiLogin,
  createAccount,
  DEMO_PASSWORD,
  logOut,
  pickOption,
  signIn,
  test,
  waitForPath,
} from '../../harness.ts';
import { addDevice, publishedType } from '../devices/setup.ts';

test('a share link with a chosen validity: the recipient signs in from the link, reads it and accepts', async ({
  page,
  baseUrl,
}) => {
  const type = await publishedType(baseUrl, 'E2E link type');
  const owner = createAccount();
  const recipient = createAccount();
  const ownerToken = await apiLogin(baseUrl, owner);
  const device = await addDevice(baseUrl, ownerToken, type.id, 'Linked fridge');

  await page.goto('/device/list');
  await waitForPath(page, '/user/login');
  await signIn(page, owner, DEMO_PASSWORD);
  await waitForPath(page, '/device/list');
  const row = page.locator('.ant-table-row').filter({ hasText: device.deviceGuid });
  await row.locator('.ant-checkbox-input').check();
  await page.getByTestId('device-batch-share').click();
  await page.getByTestId('share-tab-link').click();
  await pickOption(page, page.getByTestId('share-validity').last(), '3 天');
  await page.getByTestId('share-link-create').click();
  const url = (await page.getByTestId('share-link-url').textContent()) ?? '';
  assert.match(url, /\/consumer\/sharer\?shareToken=/);
  await page.getByTestId('share-done').click();
  await logOut(page);
  await waitForPath(page, '/user/login');

  // The link asks for a sign-in first, then shows what it offers.
  await page.goto(new URL(url).pathname + new URL(url).search);
  await waitForPath(page, '/user/login');
  await signIn(page, recipient, DEMO_PASSWORD);
  const card = page.getByTestId('share-link-card');
  await card.getByText('Linked fridge').waitFor();
  await page.getByTestId('share-link-accept').click();
  await page.getByTestId('sharer-tab-received').waitFor();
  await page.locator('.ant-table-row').filter({ hasText: device.deviceGuid }).waitFor();

  // Valid three days from now.
  const token = new URL(url).searchParams.get('shareToken') ?? '';
  const info = await api<{ validity: string; expiresAt: string; expired: boolean }>(
    baseUrl,
    ownerToken,
    'GET',
    `/device/DeviceShare/pageInfo?token=${encodeURIComponent(token)}`,
  );
  assert.equal(info.data.validity, '3d');
  const days = (Date.parse(info.data.expiresAt) - Date.now()) / 86_400_000;
  assert.ok(days > 2.9 && days <= 3, `ends in three days (${days})`);
});

test('the permission-template editor stores visible and operable switches per item', async ({
  page,
  baseUrl,
}) => {
  const owner = createAccount();
  await page.goto('/consumer/sharer?tab=templates');
  await waitForPath(page, '/user/login');
  await signIn(page, owner, DEMO_PASSWORD);
  await waitForPath(page, '/consumer/sharer');
  await page.getByTestId('pm-add').click();
  await page.getByTestId('pm-name').fill('地图隐藏');
  await page.getByTestId('pm-visible-map').click();
  await page.getByTestId('pm-operable-recordInterval').click();
  await page.getByTestId('pm-save').click();
  await page.locator('.ant-message').getByText('添加成功').waitFor();
  await page.locator('.ant-table-row').filter({ hasText: '地图隐藏' }).waitFor();

  const token = await apiLogin(baseUrl, owner);
  const page1 = await api<{
    data: { name: string; items: { permissionCode: string; viewStatus: number; setStatus: number }[] }[];
  }>(baseUrl, token, 'POST', '/device/DevicePermissionModel/page', { start: 1, pageSize: 10 });
  const saved = page1.data.data.find((m) => m.name === '地图隐藏');
  assert.ok(saved, 'the template was stored');
  const byCode = new Map(saved.items.map((i) => [i.permissionCode, i]));
  assert.deepEqual(byCode.get('map'), { permissionCode: 'map', kind: 'block', viewStatus: 0, setStatus: -1 });
  assert.equal(byCode.get('chart')?.viewStatus, 1);
  assert.deepEqual(
    [byCode.get('recordInterval')?.viewStatus, byCode.get('recordInterval')?.setStatus],
    [1, 1],
  );
  assert.equal(byCode.get('timeZone')?.setStatus, 0);
});
