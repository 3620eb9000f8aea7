import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import {
  DEMO_PASSWORD,
  DEMO_USER,
  expectTitle,
  settledMenuItem,
  signIn,
  squash,
  test,
  waitForPath,
} from '../../harness.ts';

async function tabTitles(page: Page): Promise<string[]> {
  return (await page.getByTestId('tab').allTextContents()).map(squash);
}

async function expectTabs(page: Page, expected: string[]): Promise<void> {
  const deadline = Date.now() + 5_000;
  let titles: string[] = [];
  while (Date.now() < deadline) {
    titles = await tabTitles(page);
    if (JSON.stringify(titles) === JSON.stringify(expected)) return;
    await page.waitForTimeout(100);
  }
  assert.deepEqual(titles, expected);
}

const openMenus = '.ant-dropdown:not(.ant-dropdown-hidden)';

// A menu that is still fading out overlaps the next one; each command starts and ends with none open.
async function noMenuOpen(page: Page): Promise<void> {
  const deadline = Date.now() + 5_000;
  while ((await page.locator(openMenus).count()) > 0) {
    if (Date.now() > deadline) assert.fail('a tab menu stayed open');
    await page.waitForTimeout(50);
  }
}

async function tabMenu(page: Page, title: string, command: string): Promise<void> {
  await noMenuOpen(page);
  await page.getByTestId('tab').filter({ hasText: title }).click({ button: 'right' });
  await settledMenuItem(page, `tab-menu-${command}`).click();
  await noMenuOpen(page);
}

async function message(page: Page, text: string): Promise<void> {
  await page.locator('.ant-message').getByText(text).waitFor();
}

test('tabs open per page and close from the context menu; the last one stays', async ({ page }) => {
  await page.goto('/user/login');
  await signIn(page, DEMO_USER, DEMO_PASSWORD);
  await waitForPath(page, '/home');
  await expectTabs(page, ['首页']);

  await page.getByTestId('menu-device.list').click();
  await waitForPath(page, '/device/list');
  // The list has opened (its tab is there) before the next page is chosen.
  await expectTabs(page, ['首页', '设备列表']);
  await page.getByTestId('menu-message.list').click();
  await waitForPath(page, '/message/list');
  await expectTabs(page, ['首页', '设备列表', '消息中心']);
  // The page title follows the route, prefixed by the tenant's title.
  await expectTitle(page, 'Coldchain Cloud - 消息中心');

  // Closing the tabs right of the first one leaves it and shows it.
  await tabMenu(page, '首页', 'closeRight');
  await expectTabs(page, ['首页']);
  await waitForPath(page, '/home');

  // The last tab cannot be closed, and there is nothing on either side.
  await page.locator('.ant-tabs-tab-remove').first().click();
  await message(page, '这是最后一个标签了, 无法被关闭');
  await tabMenu(page, '首页', 'closeLeft');
  await message(page, '左侧没有标签');
  await tabMenu(page, '首页', 'closeRight');
  await message(page, '右侧没有标签');
  await expectTabs(page, ['首页']);

  // Close others and close left keep the chosen tab.
  await page.getByTestId('menu-device.list').click();
  await waitForPath(page, '/device/list');
  // The list has opened (its tab is there) before the next page is chosen.
  await expectTabs(page, ['首页', '设备列表']);
  await page.getByTestId('menu-message.list').click();
  await waitForPath(page, '/message/list');
  await expectTabs(page, ['首页', '设备列表', '消息中心']);
  await tabMenu(page, '设备列表', 'closeOthers');
  await expectTabs(page, ['设备列表']);
  await waitForPath(page, '/device/list');
  await page.getByTestId('menu-home').click();
  await waitForPath(page, '/home');
  await expectTabs(page, ['设备列表', '首页']);
  await tabMenu(page, '首页', 'closeLeft');
  await expectTabs(page, ['首页']);

  // Closing the active tab shows its neighbour.
  await page.getByTestId('menu-device.list').click();
  await waitForPath(page, '/device/list');
  await expectTabs(page, ['首页', '设备列表']);
  await page
    .locator('.ant-tabs-tab-active')
    .filter({ hasText: '设备列表' })
    .locator('.ant-tabs-tab-remove')
    .click();
  await waitForPath(page, '/home');
  await expectTabs(page, ['首页']);
});
