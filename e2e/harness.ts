import assert from 'node:assert/strict';
import type { BrowserContext, Locator, Page } from 'playwright-core';

/** What each test gets: a fresh browser context (empty storage) with one page on the app. */
export interface TestContext {
  page: Page;
  context: BrowserContext;
  baseUrl: string;
}

export interface TestCase {
  name: string;
  file: string;
  fn: (t: TestContext) => Promise<void>;
}

const registry: TestCase[] = [];
let currentFile = '';

/** Registers a test of the spec file being imported; run.ts runs them in order. */
export function test(name: string, fn: (t: TestContext) => Promise<void>): void {
  registry.push({ name, file: currentFile, fn });
}

export function collecting(file: string): void {
  currentFile = file;
}

export function registeredTests(): readonly TestCase[] {
  return registry;
}

/** The demo account the server seeds (DEMO_PASSWORD is set by run.ts). */
export const DEMO_USER = 'demo_user';
export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Demo@2026';
export const TOKEN_KEY = 'Access-Token';

/** antd spaces out two-character CJK button labels ("登 录"); compare texts without spaces. */
export function squash(text: string | null): string {
  return (text ?? '').replace(/\s+/g, '');
}

export async function textOf(locator: Locator): Promise<string> {
  await locator.waitFor();
  return (await locator.textContent()) ?? '';
}

/** Waits until the locator's text (spaces ignored) equals `expected`. */
export async function expectText(locator: Locator, expected: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  await locator.waitFor({ timeout: timeoutMs });
  while (Date.now() < deadline) {
    last = (await locator.textContent()) ?? '';
    if (squash(last) === squash(expected)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.equal(squash(last), squash(expected));
}

export async function waitForPath(page: Page, pathname: string): Promise<URL> {
  await page.waitForURL((url) => url.pathname === pathname);
  return new URL(page.url());
}

export async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
}

/** Fills the login form and submits it. */
export async function signIn(page: Page, userName: string, password: string): Promise<void> {
  await page.getByTestId('login-username').fill(userName);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}
