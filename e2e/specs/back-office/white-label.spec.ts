import assert from 'node:assert/strict';
import type { PageResponse, Platform } from '@coldchain/shared';
import type { Page } from 'playwright-core';
import {
  api,
  apiLogin,
  DEMO_OPERATOR,
  DEMO_PASSWORD,
  expectText,
  expectTitle,
  hostUrl,
  signIn,
  test,
  waitForPath,
} from '../../harness.ts';

const DOMAIN = 'brand.test';
const TITLE = 'Brand Frost';
/** Dark enough to read on the page as it is, so the console uses this very colour. */
const COLOR = '#1D39C4';
const COLOR_RGB = 'rgb(29, 57, 196)';
/** A 1x1 PNG: the logo. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function removePlatform(baseUrl: string): Promise<void> {
  const token = await apiLogin(baseUrl, DEMO_OPERATOR);
  const found = await api<PageResponse<Platform>>(baseUrl, token, 'POST', '/base/BaseCustomPage/get/page', {
    start: 1,
    pageSize: 10,
    topDomain: DOMAIN,
  });
  for (const platform of found.data?.data ?? [])
    await api(baseUrl, token, 'DELETE', `/base/BaseCustomPage/delete?id=${platform.id}`);
}

test('an operator creates a white-label platform with a logo, and its domain serves a login page with its title, colour and logo', async ({
  page,
  baseUrl,
}) => {
  try {
    await createPlatform(page);
    // The platform's own domain (its Host header): the login page takes the platform's look.
    await page.goto(`${hostUrl(DOMAIN)}/user/login`);
    await expectTitle(page, `${TITLE} - 登录`);
    const heading = page.getByTestId('platform-title');
    await expectText(heading, TITLE);
    assert.equal(await heading.evaluate((el) => getComputedStyle(el).color), COLOR_RGB);
    const logo = page.locator('main img').first();
    await logo.waitFor();
    const src = (await logo.getAttribute('src')) ?? '';
    assert.match(src, /^\/api\/files\/platform-logos\/[a-f0-9]{32}\.png$/);
    assert.equal(await logo.evaluate((img) => (img as HTMLImageElement).naturalWidth), 1);
    // The default domain keeps the default look.
    await page.goto(`${baseUrl}/user/login`);
    await expectText(page.getByTestId('platform-title'), 'Coldchain Cloud');
  } finally {
    await removePlatform(baseUrl);
  }
});

async function createPlatform(page: Page): Promise<void> {
  await page.goto('/customized/list');
  await waitForPath(page, '/user/login');
  await signIn(page, DEMO_OPERATOR, DEMO_PASSWORD);
  await waitForPath(page, '/customized/list');
  await page.getByTestId('platform-add').click();
  const form = page.getByTestId('platform-form');
  await form.waitFor();
  await page.getByTestId('platform-topDomain').fill(DOMAIN);
  await page.getByTestId('platform-title').fill(TITLE);
  await page.getByTestId('platform-themeColor').fill(COLOR);
  await page.getByTestId('platform-useLogo').click();
  // The first logo field is the login logo.
  await form
    .locator('input[type=file]')
    .first()
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await form.locator('img[alt="登录页 Logo"]').waitFor();

  // The preview follows the form as it is typed.
  const preview = page.getByTestId('platform-preview');
  await expectText(preview.getByTestId('platform-preview-title'), TITLE);
  const button = preview.getByTestId('platform-preview-button');
  assert.equal(await button.evaluate((el) => getComputedStyle(el).backgroundColor), COLOR_RGB);
  await preview.locator('img').waitFor();

  await page.locator('.ant-modal .ant-modal-footer .ant-btn-primary').click();
  await page.locator('.ant-message').getByText('添加成功').waitFor();
  await page.locator('.ant-table-row').filter({ hasText: DOMAIN }).waitFor();
}
