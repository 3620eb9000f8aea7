import assert from 'node:assert/strict';
import {
  addDeviceAlarm,
  api,
  apiLogin,
  createAccount,
  DEMO_OPERATOR,
  DEMO_PASSWORD,
  DEMO_USER,
  expectText,
  signIn,
  test,
  waitForPath,
} from '../../harness.ts';
import { addDevice, publishedType } from '../devices/setup.ts';

test('the operator’s back-office alarm list shows a customer’s alarm', async ({ page, baseUrl }) => {
  const type = await publishedType(baseUrl, 'E2E platform view');
  const user = await apiLogin(baseUrl, DEMO_USER);
  const deviceName = `Cust ${Date.now().toString(36).slice(-6)}`;
  const device = await addDevice(baseUrl, user, type.id, deviceName);
  addDeviceAlarm(device.deviceGuid);
  try {
    await page.goto('/operation/alarm');
    await waitForPath(page, '/user/login');
    await signIn(page, DEMO_OPERATOR, DEMO_PASSWORD);
    await waitForPath(page, '/operation/alarm');
    await page.locator('.ant-table-row').filter({ hasText: deviceName }).waitFor({ timeout: 30_000 });
    // The operator's own message centre does not list it.
    await page.goto('/message/list');
    await page.locator('.ant-table').first().waitFor();
    await page.locator('.ant-table-wrapper .ant-spin-spinning').waitFor({ state: 'detached' });
    assert.equal(await page.locator('.ant-table-row').filter({ hasText: deviceName }).count(), 0);
  } finally {
    const removed = await api(baseUrl, user, 'DELETE', `/device/Device/batchDelete?ids=${device.id}`);
    assert.equal(removed.code, 0, removed.msg);
  }
});

test('a member opens the organization home and sees its devices counted', async ({ page, baseUrl }) => {
  const type = await publishedType(baseUrl, 'E2E org home');
  const creatorName = createAccount({ roleCode: 'enterpriseAdmin' });
  const memberName = createAccount();
  const creator = await apiLogin(baseUrl, creatorName);
  const member = await apiLogin(baseUrl, memberName);
  const devices = [
    await addDevice(baseUrl, creator, type.id, 'Org home A'),
    await addDevice(baseUrl, creator, type.id, 'Org home B'),
  ];
  await addDevice(baseUrl, creator, type.id, 'Outside org');
  const orgName = `Home Org ${Date.now().toString(36).slice(-5)}`;
  const org = await api<{ id: number }>(baseUrl, creator, 'POST', '/base/BaseOrganization/insert', {
    name: orgName,
  });
  assert.equal(org.code, 0, org.msg);
  const bound = await api(baseUrl, creator, 'PUT', '/base/BaseOrganization/bindDevices', {
    id: org.data.id,
    deviceIds: devices.map((d) => d.id),
  });
  assert.equal(bound.code, 0, bound.msg);
  const info = await api<{ baseAccount: { id: number } }>(
    baseUrl,
    member,
    'GET',
    '/base/BaseAccount/accountInfo',
  );
  const added = await api(baseUrl, creator, 'POST', '/base/BaseAccount/organizationAddUser', {
    organizationId: org.data.id,
    accountId: info.data.baseAccount.id,
  });
  assert.equal(added.code, 0, added.msg);
  const invitations = await api<{ id: number; organizationId: number }[]>(
    baseUrl,
    member,
    'GET',
    '/base/BaseOrganization/myInvitations',
  );
  const invitation = invitations.data.find((i) => i.organizationId === org.data.id);
  assert.ok(invitation, 'the member has the invitation');
  const accepted = await api(baseUrl, member, 'PUT', '/base/BaseOrganization/acceptInvitation', {
    id: invitation.id,
  });
  assert.equal(accepted.code, 0, accepted.msg);

  // The home page leads a member to its organization's home.
  await page.goto('/home');
  await waitForPath(page, '/user/login');
  await signIn(page, memberName, DEMO_PASSWORD);
  await waitForPath(page, '/home');
  await page.getByTestId('home-organization-link').click();
  await waitForPath(page, '/home/organization');
  await page.locator('.ant-card').first().getByText(orgName).waitFor({ timeout: 30_000 });
  await expectText(page.getByTestId('home-count-total').locator('.ant-statistic-content-value'), '2', 30_000);
});
