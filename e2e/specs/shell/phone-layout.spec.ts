import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import {
  DEMO_OPERATOR,
  DEMO_PASSWORD,
  DEMO_USER,
  signIn,
  squash,
  TOKEN_KEY,
  test,
  waitForPath,
} from '../../harness.ts';
import { sharesOfBuiltRoutes, signedInRoutes } from './built-routes.ts';

const PHONE = { width: 390, height: 844 };
/** What shows while a page is still loading: a route chunk, a query, a lazy panel. */
const LOADING = '.ant-spin-spinning, .ant-skeleton-active';
/** Each account's routes are shared out over tests of at most this many built routes each. */
const SHARES = await sharesOfBuiltRoutes(10);
/** A page that has not settled by then is reported as such. */
const SETTLE_MS = 12_000;

/** Each account signs in once; its token and routes serve every test of this file. */
const account = signedInRoutes();

async function onPhone(page: Page, context: BrowserContext, token: string): Promise<void> {
  await context.addInitScript(
    ([key, value]) => {
      if (!localStorage.getItem(key)) localStorage.setItem(key, value);
    },
    [TOKEN_KEY, token] as const,
  );
  await page.setViewportSize(PHONE);
}

interface Calls {
  /** Resolves once no HTTP call of the page (chunk, API call, image) is under way. */
  quiet: () => Promise<void>;
  open: () => number;
}

function followCalls(page: Page): Calls {
  let open = 0;
  const waiting: (() => void)[] = [];
  page.on('request', () => {
    open += 1;
  });
  const done = () => {
    open -= 1;
    if (open === 0) for (const resolve of waiting.splice(0)) resolve();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    quiet: () => (open === 0 ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve))),
    open: () => open,
  };
}

/**
 * Waits until the page has drawn its content: no call under way and nothing loading over two frames
 * (an answer may start the next call, so the check repeats until both hold).
 */
async function rendered(page: Page, calls: Calls): Promise<void> {
  const deadline = Date.now() + SETTLE_MS;
  for (;;) {
    if (Date.now() > deadline) throw new Error(`${page.url()} still loads after ${SETTLE_MS / 1000} s`);
    await Promise.race([calls.quiet(), page.waitForTimeout(SETTLE_MS)]);
    await page.waitForFunction((loading) => document.querySelector(loading) === null, LOADING, {
      timeout: SETTLE_MS,
    });
    const stillQuiet = await page.evaluate(
      (loading) =>
        new Promise<boolean>((resolve) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() => resolve(document.querySelector(loading) === null)),
          ),
        ),
      LOADING,
    );
    if (stillQuiet && calls.open() === 0) return;
  }
}

interface Widths {
  viewport: number;
  document: number;
  body: number;
}

const widthsOf = (page: Page) =>
  page.evaluate(
    (): Widths => ({
      viewport: window.innerWidth,
      document: document.documentElement.scrollWidth,
      body: document.body.scrollWidth,
    }),
  );

for (const userName of [DEMO_USER, DEMO_OPERATOR]) {
  for (let share = 0; share < SHARES; share += 1) {
    test(`at 390x844 no page ${userName} may open scrolls sideways (${share + 1}/${SHARES})`, async ({
      page,
      context,
      baseUrl,
    }) => {
      const { token, routes } = await account(baseUrl, userName);
      assert.ok(routes.length >= SHARES, `${userName} opens ${routes.length} built routes`);
      await onPhone(page, context, token);
      const calls = followCalls(page);
      const wide: string[] = [];
      for (const route of routes.filter((_, index) => index % SHARES === share)) {
        await page.goto(route);
        await rendered(page, calls);
        const widths = await widthsOf(page);
        if (widths.document > widths.viewport || widths.body > widths.viewport)
          wide.push(`${route}: document ${widths.document}, body ${widths.body} px`);
      }
      assert.deepEqual(wide, [], `pages wider than the ${PHONE.width} px phone`);
    });
  }
}

test('on a phone the menu is a drawer that navigates and closes, and a list shows cards', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto('/user/login');
  await signIn(page, DEMO_USER, DEMO_PASSWORD);
  await waitForPath(page, '/home');
  // No sidebar beside the page: the menu waits in a closed drawer.
  assert.equal(await page.getByTestId('sider').count(), 0);
  const drawer = page.locator('.ant-drawer-content-wrapper');
  assert.equal(await drawer.isVisible(), false);

  await page.getByTestId('sider-toggle').click();
  await drawer.waitFor();
  await drawer.getByTestId('menu-device.list').click();
  await waitForPath(page, '/device/list');
  await drawer.waitFor({ state: 'hidden' });

  // The demo user's devices as cards, each with the table's column titles as labels; no table.
  const cards = page.getByTestId('list-card');
  await cards.first().waitFor();
  assert.ok((await cards.count()) >= 1);
  const labels = (await cards.first().locator('dt').allTextContents()).map(squash);
  assert.ok(labels.includes('设备名称'), `card labels: ${labels.join(', ')}`);
  assert.equal(await page.locator('.ant-table').count(), 0);
  const widths = await widthsOf(page);
  assert.ok(widths.document <= widths.viewport, `document ${widths.document} px`);
});
