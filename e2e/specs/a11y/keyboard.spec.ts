import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, DEMO_USER, test, waitForPath } from '../../harness.ts';

/** What has the focus: its test id (a menu entry's is on its label), role and text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    const label =
      element?.getAttribute('role') === 'menuitem' ? element.querySelector('[data-testid]') : null;
    return {
      testId: element?.dataset.testid ?? label?.getAttribute('data-testid') ?? '',
      role: element?.getAttribute('role') ?? '',
      text: element?.textContent?.trim() ?? '',
      outline: element ? getComputedStyle(element).outlineStyle : 'none',
    };
  });

/** Presses `key` until `reached` holds for the focused element (at most `limit` times). */
async function pressUntil(
  page: Page,
  key: string,
  reached: (f: Awaited<ReturnType<typeof focused>>) => boolean,
  limit = 30,
): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press(key);
    if (reached(await focused(page))) return;
  }
  assert.fail(
    `${key} x${limit} did not reach the element; focus is on ${JSON.stringify(await focused(page))}`,
  );
}

test('keyboard only: sign in, skip to the content, open a menu entry, open and leave the user menu and a dialog', async ({
  page,
}) => {
  await page.goto('/user/login');
  await page.getByTestId('login-username').waitFor();
  // The form as it stays: the login page asks the server for its options before it settles.
  await page.waitForLoadState('networkidle');
  await pressUntil(page, 'Tab', (f) => f.testId === 'login-username');
  await page.keyboard.type(DEMO_USER);
  assert.equal(await page.getByTestId('login-username').inputValue(), DEMO_USER);
  await pressUntil(page, 'Tab', (f) => f.testId === 'login-password');
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await waitForPath(page, '/home');
  await page.getByTestId('menu-scene1').waitFor();

  // The first Tab stop is the skip link, shown when focused; it moves the focus to the content.
  await page.keyboard.press('Tab');
  assert.equal((await focused(page)).testId, 'skip-link');
  const skip = page.getByTestId('skip-link');
  const box = await skip.boundingBox();
  assert.ok(box && box.y >= 0, 'the focused skip link is on screen');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'main-content');
  assert.equal(new URL(page.url()).pathname, '/home');

  // Back to the menu: Tab reaches it, the arrow keys move through it, Enter opens the entry.
  await page.getByTestId('skip-link').focus();
  await pressUntil(page, 'Tab', (f) => f.role === 'menu' || f.role === 'menuitem');
  await pressUntil(page, 'ArrowDown', (f) => f.testId === 'menu-device.list');
  const item = await focused(page);
  assert.notEqual(item.outline, 'none', 'the focused menu entry shows its focus');
  await page.keyboard.press('Enter');
  await waitForPath(page, '/device/list');

  // The user menu opens with Enter, and Escape closes it and gives the focus back to its button.
  await page.getByTestId('user-menu').focus();
  await page.keyboard.press('Enter');
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  await menu.waitFor();
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'hidden' });
  // The focus goes back to the button once the menu has closed.
  await page.waitForFunction(
    () => (document.activeElement as HTMLElement | null)?.dataset.testid === 'user-menu',
  );

  // So does a dialog: the logout confirmation, reached through the user menu by keyboard.
  await page.keyboard.press('Enter');
  await menu.waitFor();
  await pressUntil(page, 'ArrowDown', (f) => f.testId === 'logout');
  await page.keyboard.press('Enter');
  const dialog = page.locator('.ant-modal-confirm');
  await dialog.waitFor();
  assert.ok(
    await page.evaluate(() => Boolean(document.activeElement?.closest('.ant-modal'))),
    'the dialog takes the focus',
  );
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  assert.equal(new URL(page.url()).pathname, '/device/list', 'Escape cancels the logout');
});
