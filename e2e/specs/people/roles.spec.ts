import assert from 'node:assert/strict';
import {
  api,
  apiLogin,
  createAccount,
  DEMO_PASSWORD,
  expectText,
  pickOption,
  settledConfirm,
  signIn,
  test,
  waitForPath,
} from '../../harness.ts';

test('an enterprise makes a role on the permission tree and gives it to a new sub-user', async ({
  page,
  baseUrl,
}) => {
  const owner = createAccount({ roleCode: 'enterpriseAdmin' });
  await page.goto('/consumer/role');
  await waitForPath(page, '/user/login');
  await signIn(page, owner, DEMO_PASSWORD);
  await waitForPath(page, '/consumer/role');

  const roleName = `Viewers ${Date.now() % 100_000}`;
  await page.getByTestId('role-add').click();
  await page.getByTestId('role-name-input').fill(roleName);
  await page.getByTestId('role-description-input').fill('read only');
  const node = page
    .getByTestId('role-tree')
    .locator('.ant-tree-treenode')
    .filter({ hasText: /^设备列表$/ });
  await node.locator('.ant-tree-checkbox').click();
  await page.getByTestId('role-save').click();
  await page.locator('.ant-message').getByText('添加成功').waitFor();
  const row = page.locator('.ant-table-row').filter({ hasText: roleName });
  await expectText(row.locator('td').nth(4), '0');

  const token = await apiLogin(baseUrl, owner);
  const roles = await api<{ id: number; code: string; roleName: string }[]>(
    baseUrl,
    token,
    'GET',
    '/base/BaseRole/queryRolesByCampAccount',
  );
  const role = roles.data.find((r) => r.roleName === roleName);
  assert.ok(role);
  const detail = await api<{ permissions: string[] }>(
    baseUrl,
    token,
    'GET',
    `/base/BaseRole/detail?id=${role.id}`,
  );
  assert.ok(detail.data.permissions.includes('device.list:query'));
  assert.ok(!detail.data.permissions.some((k) => k.startsWith('consumer.')));

  // The permission templates sit beside the roles.
  await page.locator('.ant-tabs-tab').filter({ hasText: '权限模板' }).click();

  await page.goto('/consumer/list');
  const child = `member_${Date.now() % 1_000_000}`;
  await page.getByTestId('child-add').click();
  await page.getByTestId('user-name-input').fill(child);
  await page.getByTestId('user-password-input').fill('Member-123');
  await page.getByTestId('user-confirm-input').fill('Member-123');
  await pickOption(page, page.getByTestId('user-role-select'), roleName);
  await page.getByTestId('user-save').click();
  await page.locator('.ant-message').getByText('添加成功').waitFor();
  const childRow = page.locator('.ant-table-row').filter({ hasText: child });
  await expectText(childRow.locator('td').nth(5), roleName);

  const childToken = await apiLogin(baseUrl, child, 'Member-123');
  const info = await api<{ permissionRoutes: string[] }>(
    baseUrl,
    childToken,
    'GET',
    '/base/BaseAccount/accountInfo',
  );
  assert.ok(info.data.permissionRoutes.includes('device.list:query'));
  assert.ok(!info.data.permissionRoutes.includes('consumer.list'));

  // The role now has a holder: listed by queryUserByRole, and the role cannot be deleted.
  await page.goto('/consumer/role');
  const held = page.locator('.ant-table-row').filter({ hasText: roleName });
  await expectText(held.locator('td').nth(4), '1');
  await held.locator('.ant-checkbox-input').check();
  await page.getByTestId('role-holders-open').click();
  await page.getByTestId('role-holders').getByText(child).waitFor();
  await page.keyboard.press('Escape');
  await page.getByTestId('role-holders').waitFor({ state: 'hidden' });
  await page.getByTestId('role-delete').click();
  await (await settledConfirm(page)).locator('.ant-btn-primary').click();
  await page.locator('.ant-notification').getByText('角色仍在使用中，无法删除').waitFor();
  await held.waitFor();
});
