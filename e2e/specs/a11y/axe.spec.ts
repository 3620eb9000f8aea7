import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { BrowserContext, Page } from 'playwright-core';
import { DEMO_OPERATOR, DEMO_USER, TOKEN_KEY, test } from '../../harness.ts';
import { sharesOfBuiltRoutes, signedInRoutes } from '../shell/built-routes.ts';

/** WCAG 2.2 AA as axe-core tags it. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const BLOCKING = new Set(['serious', 'critical']);
/** What shows while a page is still loading: a route chunk, a query, a lazy panel, a busy button. */
const LOADING = '.ant-spin-spinning, .ant-skeleton-active, .ant-btn-loading';
/** Each account's routes are checked in several tests of at most this many built routes each. */
const SHARES = await sharesOfBuiltRoutes(10);

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Finding {
  route: string;
  rule: string;
  impact: string;
  target: string;
  nodes: number;
}

/** Each account signs in once; its token and routes serve every test of this file. */
const account = signedInRoutes();

async function signedIn(context: BrowserContext, token: string): Promise<void> {
  await context.addInitScript(
    ([key, value]) => {
      if (!localStorage.getItem(key)) localStorage.setItem(key, value);
    },
    [TOKEN_KEY, token] as const,
  );
}

/**
 * Waits for the page's content: nothing loading over two frames, and every finite animation ended
 * (text fading in would be measured half transparent).
 */
async function settled(page: Page): Promise<void> {
  for (;;) {
    await page.waitForFunction((loading) => document.querySelector(loading) === null, LOADING);
    await page.evaluate(() =>
      Promise.allSettled(
        document
          .getAnimations()
          .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
          .map((a) => a.finished),
      ),
    );
    const still = await page.evaluate(
      (loading) =>
        new Promise<boolean>((resolve) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() => resolve(document.querySelector(loading) === null)),
          ),
        ),
      LOADING,
    );
    if (still) return;
  }
}

/** Runs axe-core (evaluated by the browser itself, so the page's CSP does not apply) on the page. */
async function violations(page: Page, route: string): Promise<Finding[]> {
  await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run: (c: Document, o: object) => Promise<AxeResults> } }).axe.run(
        document,
        { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] },
      ),
    WCAG_TAGS,
  );
  return results.violations
    .filter((v) => v.impact && BLOCKING.has(v.impact))
    .map((v) => ({
      route,
      rule: v.id,
      impact: v.impact ?? '',
      target: String(v.nodes[0]?.target[0] ?? ''),
      nodes: v.nodes.length,
    }));
}

async function check(page: Page, routes: readonly string[]): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const route of routes) {
    await page.goto(route);
    await settled(page);
    findings.push(...(await violations(page, route)));
  }
  return findings;
}

function assertNone(findings: readonly Finding[]): void {
  const lines = findings.map(
    (f) => `  ${f.route}: ${f.rule} (${f.impact}, ${f.nodes} element(s)), first ${f.target}`,
  );
  assert.equal(findings.length, 0, `serious or critical WCAG 2.2 AA violations:\n${lines.join('\n')}`);
}

/** The account pages (login, register, recover, bind) are for visitors and are checked signed out. */
const isAccountPage = (route: string) => route.startsWith('/user/');

test('no account page a visitor opens has a serious or critical accessibility violation', async ({
  page,
  baseUrl,
}) => {
  const { routes } = await account(baseUrl, DEMO_USER);
  const visitorPages = routes.filter(isAccountPage);
  assert.ok(visitorPages.includes('/user/login'), visitorPages.join(', '));
  assertNone(await check(page, visitorPages));
});

for (const userName of [DEMO_USER, DEMO_OPERATOR]) {
  for (let share = 0; share < SHARES; share += 1) {
    test(`no built page ${userName} may open has a serious or critical accessibility violation (${share + 1}/${SHARES})`, async ({
      page,
      context,
      baseUrl,
    }) => {
      const { token, routes } = await account(baseUrl, userName);
      assert.ok(routes.length >= SHARES, `${userName} opens ${routes.length} built routes`);
      await signedIn(context, token);
      const pages = routes.filter((route) => !isAccountPage(route));
      assertNone(
        await check(
          page,
          pages.filter((_, index) => index % SHARES === share),
        ),
      );
    });
  }
}
