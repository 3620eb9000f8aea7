import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import {
  api,
  apiLogin,
  createAccount,
  DEMO_PASSWORD,
  signIn,
  TOKEN_KEY,
  test,
  waitForPath,
} from '../../harness.ts';
import { connectDevice, publishedType, temperature, uniqueGuid } from '../devices/setup.ts';

const BROWSER_ZONE = 'America/New_York';
const ACCOUNT_ZONE = 'Asia/Calcutta';
const DEVICE_ZONE = 'Asia/Tokyo';
/** The account the first test sets up, for the second. */
let signedIn: string | null = null;

/** An instant as the console writes it in Tokyo (no daylight saving time): "2026-11-25 23:03:05 GMT+9". */
function inTokyo(iso: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: DEVICE_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')} GMT+9`;
}

/** The text of the first shown table row holding `text` (pages left open stay mounted, hidden). */
async function rowWith(page: Page, text: string): Promise<string> {
  const row = page.locator('tr:visible', { hasText: text }).first();
  await row.waitFor({ timeout: 30_000 });
  return (await row.textContent()) ?? '';
}

test("times follow the account's zone and a device's readings the device's zone, each named, not the browser's", async ({
  context,
  baseUrl,
}) => {
  const userName = createAccount();
  const token = await apiLogin(baseUrl, userName);
  const zone = await api(baseUrl, token, 'POST', '/base/BaseAccount/modifyBaseInfo', {
    timeZone: ACCOUNT_ZONE,
  });
  assert.equal(zone.code, 0, zone.msg);
  const type = await publishedType(baseUrl, 'Zone logger');
  const added = await api<{ id: number }>(baseUrl, token, 'POST', '/device/Device/insert', {
    deviceGuid: uniqueGuid(),
    deviceName: 'Zone cold room',
    deviceTypeId: type.id,
    timeZone: DEVICE_ZONE,
  });
  assert.equal(added.code, 0, added.msg);
  const deviceId = added.data.id;
  const renamed = await api(baseUrl, token, 'PUT', '/device/Device/update', {
    id: deviceId,
    deviceName: 'Tokyo freezer',
  });
  assert.equal(renamed.code, 0, renamed.msg);
  const device = await connectDevice(baseUrl, token, deviceId);
  let lastSeenAt: string | null = null;
  try {
    await device.send([temperature(4.5)]);
    const deadline = Date.now() + 10_000;
    while (lastSeenAt === null && Date.now() < deadline) {
      const detail = await api<{ lastSeenAt: string | null }>(
        baseUrl,
        token,
        'GET',
        `/device/Device/detail?id=${deviceId}`,
      );
      lastSeenAt = detail.data?.lastSeenAt ?? null;
      if (lastSeenAt === null) await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    await device.close();
  }
  assert.ok(lastSeenAt, 'the reading arrived');

  const browser = context.browser();
  assert.ok(browser);
  const abroad = await browser.newContext({
    baseURL: baseUrl,
    timezoneId: BROWSER_ZONE,
    viewport: { width: 1366, height: 820 },
  });
  try {
    await abroad.addInitScript(() => localStorage.setItem('lang', 'en-US'));
    const page = await abroad.newPage();
    assert.equal(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone), BROWSER_ZONE);
    await page.goto('/user/login');
    await signIn(page, userName, DEMO_PASSWORD);
    await waitForPath(page, '/home');

    // A reading's time: the device's wall clock with the device's offset, in the list and the detail.
    const seen = inTokyo(lastSeenAt);
    await page.getByRole('menuitem', { name: 'Devices' }).click();
    const listed = await rowWith(page, 'Tokyo freezer');
    assert.ok(listed.includes(seen), `the list shows ${seen}: ${listed}`);
    await page.getByTestId(`device-link-${deviceId}`).click();
    await waitForPath(page, `/device/detail/${deviceId}`);
    await page.getByText(seen).first().waitFor({ timeout: 30_000 });
    await page.getByTestId('device-tab-log').click();

    // What people did: in the account's zone, named; the change spelt out with the device's name.
    const change = await rowWith(page, 'Device name: Zone cold room → Tokyo freezer');
    assert.match(change, /\d{4}-\d\d-\d\d \d\d:\d\d:\d\d GMT\+5:30/);
    assert.doesNotMatch(change, /GMT-[45]\b|UTC/);
  } finally {
    await abroad.close();
  }
  signedIn = token;
});

test("the operation log names each change's object and field, at the account's time", async ({
  context,
  baseUrl,
}) => {
  const token = signedIn;
  assert.ok(token, 'the account of the previous test is set up');
  const browser = context.browser();
  assert.ok(browser);
  const abroad = await browser.newContext({
    baseURL: baseUrl,
    timezoneId: BROWSER_ZONE,
    viewport: { width: 1366, height: 820 },
  });
  try {
    await abroad.addInitScript(
      ([key, value]) => {
        localStorage.setItem('lang', 'en-US');
        localStorage.setItem(key, value);
      },
      [TOKEN_KEY, token] as const,
    );
    const page = await abroad.newPage();
    await page.goto('/operation/log');
    const logged = await rowWith(page, 'Device · Tokyo freezer');
    assert.match(logged, /\d{4}-\d\d-\d\d \d\d:\d\d:\d\d GMT\+5:30/);
    assert.match(logged, /Device name: Zone cold room → Tokyo freezer/);
  } finally {
    await abroad.close();
  }
});
