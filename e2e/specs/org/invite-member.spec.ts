import assert from 'node:assert/strict';
import {
  api,
  apiLogin,
  createAccount,
  DEMO_PASSWORD,
  expectText,
  logOut,
  signIn,
  test,
  waitForPath,
} from '../../harness.ts';
import { addDevice, publishedType } from '../devices/setup.ts';

test('a member invited to an organization accepts and then sees its devices', async ({ page, baseUrl }) => {
  const type = await publishedType(baseUrl, 'E2E org type');
  const creator = createAccount({ roleCode: 'enterpriseAdmin' });
  const invitee = createAccount({ roleCode: 'enterpriseAdmin' });
  const device = await addDevice(baseUrl, await apiLogin(baseUrl, creator), type.id, 'Org freezer');

  // The creator makes an organization, puts the freezer in it and invites the other account by name.
  await page.goto('/organization/list');
  await waitForPath(page, '/user/login');
  await signIn(page, creator, DEMO_PASSWORD);
  await waitForPath(page, '/organization/list');
  await page.getByTestId('org-add-root').click();
  await page.getByTestId('organization-name').fill('North Cold Chain');
  await page.locator('.ant-modal-footer .ant-btn-primary').click();
  await expectText(page.getByTestId('org-title'), 'North Cold Chain');

  await page.getByTestId('org-tab-devices').click();
  await page.getByTestId('org-devices-bind').click();
  await page.getByTestId('device-picker').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: 'Org freezer' })
    .click();
  await page.keyboard.press('Escape');
  await page.locator('.ant-modal:visible .ant-modal-footer .ant-btn-primary').click();
  await page.locator('.ant-table-row').filter({ hasText: device.deviceGuid }).waitFor();

  await page.getByTestId('org-tab-members').click();
  await page.getByTestId('member-invite').click();
  await page.getByTestId('invite-contact').fill(invitee);
  await page.locator('.ant-modal:visible .ant-modal-footer .ant-btn-primary').click();
  await page.getByTestId('pending-invitations').getByText(invitee).waitFor();
  await logOut(page);

  // The invitee finds the invitation on the organization page and accepts it.
  await waitForPath(page, '/user/login');
  await signIn(page, invitee, DEMO_PASSWORD);
  await page.waitForURL((url) => url.pathname !== '/user/login');
  await page.goto('/organization/list');
  const invitation = page.getByTestId('my-invitations');
  await invitation.getByText('North Cold Chain').waitFor();
  await invitation.locator('button').first().click();
  await expectText(page.getByTestId('org-title'), 'North Cold Chain');

  await page.goto('/device/list');
  await page.locator('.ant-table-row').filter({ hasText: device.deviceGuid }).waitFor();
});

test('a personal account answers an organization invitation in the message centre', async ({
  page,
  baseUrl,
}) => {
  const type = await publishedType(baseUrl, 'E2E org type');
  const creator = await apiLogin(baseUrl, createAccount({ roleCode: 'enterpriseAdmin' }));
  const invitee = createAccount();
  const device = await addDevice(baseUrl, creator, type.id, 'Org cold room');
  const org = await api<{ id: number }>(baseUrl, creator, 'POST', '/base/BaseOrganization/insert', {
    name: 'South Cold Chain',
  });
  assert.equal(org.code, 0, org.msg);
  const bound = await api(baseUrl, creator, 'PUT', '/base/BaseOrganization/bindDevices', {
    id: org.data.id,
    deviceIds: [device.id],
  });
  assert.equal(bound.code, 0, bound.msg);
  const info = await api<{ baseAccount: { id: number } }>(
    baseUrl,
    await apiLogin(baseUrl, invitee),
    'GET',
    '/base/BaseAccount/accountInfo',
  );
  const invited = await api(baseUrl, creator, 'POST', '/base/BaseAccount/organizationAddUser', {
    organizationId: org.data.id,
    accountId: info.data.baseAccount.id,
  });
  assert.equal(invited.code, 0, invited.msg);

  await page.goto('/message/list');
  await waitForPath(page, '/user/login');
  await signIn(page, invitee, DEMO_PASSWORD);
  await waitForPath(page, '/message/list');
  const invitation = page.getByTestId('my-invitations');
  await invitation.getByText('South Cold Chain').waitFor();
  await invitation.locator('button').first().click();
  await invitation.waitFor({ state: 'detached' });

  await page.goto('/device/list');
  await page.locator('.ant-table-row').filter({ hasText: device.deviceGuid }).waitFor();
});
