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

/** Signs in through the login page and lands on `path`. */
async function openAs(page: import('playwright-core').Page, userName: string, path: string) {
  await page.goto(path);
  await waitForPath(page, '/user/login');
  await signIn(page, userName, DEMO_PASSWORD);
  await waitForPath(page, path.split('?')[0] as string);
}

async function selectRow(page: import('playwright-core').Page, guid: string) {
  const row = page.locator('.ant-table-row').filter({ hasText: guid });
  await row.waitFor();
  await row.locator('.ant-checkbox-input').check();
}

test('a device shared with a template: the recipient accepts and sees its parameters read-only', async ({
  page,
  baseUrl,
}) => {
  const type = await publishedType(baseUrl, 'E2E shared type');
  const owner = createAccount();
  const recipient = createAccount();
  const ownerToken = await apiLogin(baseUrl, owner);
  const device = await addDevice(baseUrl, ownerToken, type.id, 'Shared freezer');
  const catalogue = await api<{ items: { permissionCode: string; kind: string }[] }>(
    baseUrl,
    ownerToken,
    'GET',
    `/device/DevicePermissionModel/catalogue?deviceTypeId=${type.id}`,
  );
  const probe = catalogue.data.items.find((i) => i.permissionCode.startsWith('param.'));
  assert.ok(probe, 'the type has a probe parameter');
  // Everything visible except the map; nothing operable: the parameters are read-only.
  const items = catalogue.data.items.map((i) => ({
    permissionCode: i.permissionCode,
    kind: i.kind,
    viewStatus: i.permissionCode === 'map' ? 0 : 1,
    setStatus: i.kind === 'block' ? -1 : 0,
  }));
  const template = await api<{ id: number }>(
    baseUrl,
    ownerToken,
    'POST',
    '/device/DevicePermissionModel/insert',
    {
      name: '只读模板',
      deviceTypeId: type.id,
      items,
    },
  );
  assert.equal(template.code, 0, template.msg);

  // The owner shares the device from the list with the template.
  await openAs(page, owner, '/device/list');
  await selectRow(page, device.deviceGuid);
  await page.getByTestId('device-batch-share').click();
  await page.getByTestId('share-account').fill(recipient);
  await pickOption(page, page.getByTestId('share-template'), '只读模板');
  await page.getByTestId('share-submit').click();
  await page.locator('.ant-message').getByText('共享成功').waitFor();
  await logOut(page);

  // The recipient sees the request, accepts it, and finds the device in its list.
  await signIn(page, recipient, DEMO_PASSWORD);
  await waitForPath(page, '/home');
  await page.goto('/consumer/sharer?tab=pending');
  await page.getByTestId(`pending-share-${device.deviceGuid}-accept`).click();
  await page.getByTestId('pending-empty').waitFor();
  await page.goto('/device/list');
  await page.locator('.ant-table-row').filter({ hasText: device.deviceGuid }).waitFor();

  // Parameters shown but disabled, no save button, and the map tab hidden by the template.
  await page.goto(`/device/detail/${device.id}?tab=params`);
  const upper = page.getByTestId('param-upper-1');
  await upper.waitFor();
  await page.waitForFunction(() =>
    document.querySelector('[data-testid="param-upper-1"]')?.closest('.ant-input-number-disabled'),
  );
  assert.equal(await page.getByTestId('param-save').count(), 0);
  await page.getByTestId('device-tab-chart').waitFor();
  assert.equal(await page.getByTestId('device-tab-map').count(), 0);

  // The server refuses the change the console does not offer.
  const recipientToken = await apiLogin(baseUrl, recipient);
  const refused = await api(baseUrl, recipientToken, 'PUT', '/device/Device/updateParamSetting', {
    id: device.id,
    probes: [{ probeId: 1, upperLimit: 30, lowerLimit: 1 }],
  });
  assert.notEqual(refused.code, 0);
});

test('a device transferred with consent moves to its new owner', async ({ page, baseUrl }) => {
  const type = await publishedType(baseUrl, 'E2E transfer type');
  const owner = createAccount();
  const recipient = createAccount();
  const ownerToken = await apiLogin(baseUrl, owner);
  const device = await addDevice(baseUrl, ownerToken, type.id, 'Moving freezer');

  await openAs(page, owner, '/device/list');
  await selectRow(page, device.deviceGuid);
  await page.getByTestId('device-batch-transfer').click();
  await page.getByTestId('transfer-account').fill(recipient);
  await page.getByTestId('transfer-submit').click();
  await page.locator('.ant-message').getByText('转移成功').waitFor();
  await logOut(page);

  // The recipient's device list points at the waiting request; accepting moves the device.
  await signIn(page, recipient, DEMO_PASSWORD);
  await waitForPath(page, '/home');
  await page.getByTestId('menu-device.list').click();
  await waitForPath(page, '/device/list');
  await page.getByTestId('device-pending-requests').click();
  await waitForPath(page, '/consumer/sharer');
  await page.getByTestId(`pending-transfer-${device.deviceGuid}-accept`).click();
  await page.getByTestId('pending-empty').waitFor();
  await page.goto('/device/list');
  await page.locator('.ant-table-row').filter({ hasText: device.deviceGuid }).waitFor();

  const before = await api<{ data: { id: number }[] }>(baseUrl, ownerToken, 'POST', '/device/Device/page', {
    start: 1,
    pageSize: 50,
  });
  assert.ok(!before.data.data.some((d) => d.id === device.id), 'the previous owner no longer has it');
});
