import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import {
  addAlarms,
  createAccount,
  DEMO_PASSWORD,
  expectText,
  signIn,
  test,
  waitForPath,
} from '../../harness.ts';

async function waitForAttribute(page: Page, testId: string, name: string, value: string): Promise<void> {
  await page.waitForFunction(
    ([id, attribute, wanted]) =>
      document.querySelector(`[data-testid="${id}"]`)?.getAttribute(attribute ?? '') === wanted,
    [testId, name, value],
    { timeout: 15_000 },
  );
}

test('the alarm badge counts untreated alarms, sounds for new ones and stops when seen', async ({ page }) => {
  const userName = createAccount();
  addAlarms(userName, 2, 1);
  addAlarms(userName, 1, 0);
  await page.goto('/user/login');
  await signIn(page, userName, DEMO_PASSWORD);
  await waitForPath(page, '/home');
  await expectText(page.getByTestId('alarm-count').locator('.ant-badge-count'), '3');
  await waitForAttribute(page, 'alarm-badge', 'data-tone', 'playing');

  // Turning the tone off stops it and is saved in the profile.
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/base/BaseUserProfile/update'));
  await page.getByTestId('alarm-tone-toggle').click();
  const body = (await saved).request().postDataJSON() as { alarmToneStatus: number };
  assert.equal(body.alarmToneStatus, 0);
  await waitForAttribute(page, 'alarm-badge', 'data-tone', 'idle');
  await waitForAttribute(page, 'alarm-tone-toggle', 'aria-pressed', 'false');

  // Opening the messages marks the new alarms as seen.
  const marked = page.waitForResponse((r) => r.url().endsWith('/api/device/alarm/markRead'));
  await page.getByTestId('alarm-badge').click();
  assert.equal(((await (await marked).json()) as { data: { updated: number } }).data.updated, 2);
  await waitForPath(page, '/message/list');
});
