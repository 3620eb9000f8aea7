import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import {
  api,
  apiLogin,
  createAccount,
  DEMO_PASSWORD,
  expectText,
  signIn,
  test,
  waitForPath,
} from '../../harness.ts';
import { addDevice, connectDevice, publishedType, temperature } from '../devices/setup.ts';

interface PushConfigAnswer {
  levels: { level: number; delayMinutes: number }[];
  recipients: {
    name: string;
    phone: string | null;
    email: string | null;
    levels: { level: number; channels: string[] }[];
  }[];
  probes: { probeId: number; upperLimit: number | null; lowerLimit: number | null }[];
}

/** Waits until an element's attribute has the wanted value (the list re-reads after handling). */
async function waitForAttribute(page: Page, testId: string, name: string, value: string): Promise<void> {
  await page.waitForFunction(
    ([id, attribute, wanted]) =>
      document.querySelector(`[data-testid="${id}"]`)?.getAttribute(attribute ?? '') === wanted,
    [testId, name, value],
    { timeout: 10_000 },
  );
}

test('a device out of range raises the badge and a message the user handles with a reason', async ({
  page,
  baseUrl,
}) => {
  const type = await publishedType(baseUrl, 'E2E alarm logger');
  const userName = createAccount();
  const token = await apiLogin(baseUrl, userName);
  const device = await addDevice(baseUrl, token, type.id, 'Alarm room E2E');

  await page.goto('/device/list');
  await waitForPath(page, '/user/login');
  await signIn(page, userName, DEMO_PASSWORD);
  await waitForPath(page, '/device/list');
  await page.goto(`/device/detail/${device.id}?tab=push`);

  // Probe limits 2..8 °C.
  await page.getByTestId('push-probe-1-lowerLimit').fill('2');
  await page.getByTestId('push-probe-1-upperLimit').fill('8');
  await page.getByTestId('push-limits-save').click();
  await page.locator('.ant-message').getByText('保存成功').last().waitFor();

  // Level delays must increase (002 §5): a second level at 0 minutes is refused in the form.
  await page.getByTestId('push-level-add').click();
  await page.getByTestId('push-delay-2').fill('0');
  await page.getByTestId('push-save').click();
  await page.getByText('2 级延时：必须大于上一级的延时').waitFor();
  await page.getByTestId('push-delay-2').fill('30');

  // A recipient: the phone's format is checked before anything is sent.
  await page.getByTestId('push-recipient-add').click();
  await page.getByTestId('push-recipient-0-name').fill('Duty officer');
  await page.getByTestId('push-recipient-0-phone').fill('12ab');
  await page.getByTestId('push-save').click();
  await page.getByText('手机号码：不是有效的手机号码').waitFor();
  // E-mail: a new device has no SMS left, which would add a system message of its own.
  await page.getByTestId('push-recipient-0-phone').fill('');
  await page.getByTestId('push-recipient-0-email').fill('duty@example.com');
  await page.getByTestId('push-recipient-0-level-1').getByText('邮件').click();
  const saved = page.waitForResponse(
    (r) => r.url().endsWith(`/api/device/Device/pushConfig/${device.id}`) && r.request().method() === 'PUT',
  );
  await page.getByTestId('push-save').click();
  assert.equal(((await (await saved).json()) as { code: number }).code, 0);
  await page.locator('.ant-message').getByText('保存成功').last().waitFor();

  const config = await api<PushConfigAnswer>(baseUrl, token, 'GET', `/device/Device/pushConfig/${device.id}`);
  assert.equal(config.code, 0, config.msg);
  assert.deepEqual(config.data.levels, [
    { level: 1, delayMinutes: 0 },
    { level: 2, delayMinutes: 30 },
  ]);
  assert.deepEqual(
    config.data.recipients.map((r) => ({ name: r.name, phone: r.phone, email: r.email, levels: r.levels })),
    [
      {
        name: 'Duty officer',
        phone: null,
        email: 'duty@example.com',
        levels: [{ level: 1, channels: ['email'] }],
      },
    ],
  );
  assert.deepEqual(
    config.data.probes.map((p) => [p.probeId, p.lowerLimit, p.upperLimit]),
    [[1, 2, 8]],
  );

  // The simulator drives the device above its upper limit; the badge counts the alarm at its next
  // poll (every 10 s, 000 §4).
  const simulated = await connectDevice(baseUrl, token, device.id);
  try {
    await simulated.send([temperature(12.5)]);
  } finally {
    await simulated.close();
  }
  await expectText(page.getByTestId('alarm-count').locator('.ant-badge-count'), '1', 15_000);

  // The message centre lists it; the user handles it with a reason and the state becomes treated.
  await page.getByTestId('alarm-badge').click();
  await waitForPath(page, '/message/list');
  const row = page.locator('.ant-table-row').filter({ hasText: 'Alarm room E2E' });
  await row.waitFor({ timeout: 10_000 });
  const handle = row.locator('[data-testid^="message-handle-"]');
  const messageId = Number((await handle.getAttribute('data-testid'))?.replace('message-handle-', ''));
  assert.ok(messageId > 0);
  await waitForAttribute(page, `message-state-${messageId}`, 'data-state', 'untreated');
  await handle.click();
  const form = page.getByTestId('handle-form');
  await form.waitFor();
  await page.getByTestId('handle-treatment-approved').click();
  await page.locator('.ant-modal .ant-btn-primary').click();
  await page.getByText('请选择原因').waitFor();
  await page.getByTestId('handle-reason').click();
  await page.getByTestId('handle-reason-options').getByText('除霜').click();
  await page.getByTestId('handle-result').fill('Defrost cycle, goods checked');
  await page.locator('.ant-modal .ant-btn-primary').click();
  await page.locator('.ant-message').getByText('保存成功').last().waitFor();
  await waitForAttribute(page, `message-state-${messageId}`, 'data-state', 'treated');
  await expectText(page.getByTestId(`message-state-${messageId}`), '已处理已批准');

  // Handling updates the badge at once: no untreated alarm is left.
  await page.waitForFunction(
    () => !document.querySelector('[data-testid="alarm-count"] .ant-badge-count'),
    undefined,
    { timeout: 10_000 },
  );

  // The device's alarm record tab lists the same message, handled.
  await page.goto(`/device/detail/${device.id}?tab=alarms`);
  await waitForAttribute(page, `message-state-${messageId}`, 'data-state', 'treated');

  const stored = await api<{ state: string; reason: string; result: string; treatment: string }>(
    baseUrl,
    token,
    'GET',
    `/device/alarm/detail?id=${messageId}`,
  );
  assert.equal(stored.code, 0, stored.msg);
  assert.deepEqual(
    { state: stored.data.state, treatment: stored.data.treatment, reason: stored.data.reason },
    { state: 'treated', treatment: 'approved', reason: 'defrost' },
  );
  assert.equal(stored.data.result, 'Defrost cycle, goods checked');
});
