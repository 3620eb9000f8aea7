import type { Notice, PageResponse } from '@coldchain/shared';
import type { Page } from 'playwright-core';
import {
  api,
  apiLogin,
  confirmOk,
  DEMO_OPERATOR,
  DEMO_PASSWORD,
  expectText,
  signIn,
  test,
  waitForPath,
} from '../../harness.ts';

/** Removes the notices this test added, so a failure cannot leave one popping up in later tests. */
async function removeNotices(baseUrl: string, text: string): Promise<void> {
  const token = await apiLogin(baseUrl, DEMO_OPERATOR);
  const found = await api<PageResponse<Notice>>(baseUrl, token, 'POST', '/base/BaseNotice/page', {
    start: 1,
    pageSize: 50,
    noticeContent: text,
  });
  for (const notice of found.data?.data ?? []) {
    await api(baseUrl, token, 'DELETE', `/base/BaseNotice/delete?id=${notice.id}`);
  }
}

test('the back office manages notices on the shared list page with its selection rules and prompts', async ({
  page,
  baseUrl,
}) => {
  const text = `Shelf check ${Date.now()}`;
  try {
    await manageNotices(page, text);
  } finally {
    await removeNotices(baseUrl, text);
  }
});

async function manageNotices(page: Page, text: string): Promise<void> {
  await page.goto('/notice/list');
  await waitForPath(page, '/user/login');
  await signIn(page, DEMO_OPERATOR, DEMO_PASSWORD);
  await waitForPath(page, '/notice/list');

  // Editing needs exactly one row.
  await page.getByTestId('notice-edit').click();
  await page.locator('.ant-message').getByText('请至少选择一项').waitFor();

  // Added switched off, so no other test's account sees it in the notice modal.
  await page.getByTestId('notice-add').click();
  const activeSwitch = page.locator('.ant-modal .ant-switch');
  await activeSwitch.and(page.locator('[aria-checked="true"]')).waitFor();
  await page.getByTestId('notice-content-input').fill(text);
  await activeSwitch.click();
  await activeSwitch.and(page.locator('[aria-checked="false"]')).waitFor();
  await page.locator('.ant-modal .ant-btn-primary').click();
  await page.locator('.ant-message').getByText('添加成功').waitFor();
  const row = page.locator('.ant-table-row').filter({ hasText: text });
  await expectText(row.locator('.ant-tag'), '已停用');

  // The query form narrows the list.
  await page.getByTestId('notice-filter').fill(text);
  await page.getByTestId('list-search').click();
  await page.locator('.ant-table-row').first().waitFor();
  await expectText(page.locator('.ant-pagination-total-text'), '共 1 条');

  await row.locator('.ant-checkbox-input').check();
  await page.getByTestId('notice-delete').click();
  await page.locator('.ant-modal-confirm').getByText('确定删除所选内容吗？').waitFor();
  await confirmOk(page);
  await page.locator('.ant-message').getByText('删除成功').waitFor();
  await row.waitFor({ state: 'detached' });
}
