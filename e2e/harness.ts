import assert from 'node:assert/strict';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { Mailbox } from './mailbox.ts';

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

/** The select's root element, whether the test id sits on it or on its input. */
const SELECT_ROOT =
  'xpath=ancestor-or-self::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]';

/**
 * Chooses an option of a single antd Select: opens it, clicks the option in the open dropdown and
 * waits until the select shows it with its dropdown closed. A click that lands while the dropdown is
 * still opening is tried again, so the dropdown never stays over the next control.
 */
export async function pickOption(page: Page, select: Locator, option: string): Promise<void> {
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  let shown = '';
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if ((await dropdown.count()) === 0) await select.click();
    await dropdown.locator('.ant-select-item-option').filter({ hasText: option }).first().click();
    try {
      await dropdown.first().waitFor({ state: 'detached', timeout: 2_000 });
    } catch {
      // Still open: the click is tried again below if it did not take.
    }
    shown = squash(await select.locator(SELECT_ROOT).textContent());
    if (shown.includes(squash(option))) {
      // Chosen but left open: a click on the select closes it (Escape would close a dialog too).
      if ((await dropdown.count()) > 0) await select.click();
      await dropdown.first().waitFor({ state: 'detached' });
      return;
    }
  }
  assert.fail(`option "${option}" was not chosen (the select shows "${shown}")`);
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

let mailbox: Mailbox | null = null;

/** Set by run.ts: the SMTP server the e2e server sends its e-mail to. */
export function setMailbox(value: Mailbox): void {
  mailbox = value;
}

/**
 * Waits for an e-mail to `address` after the first `after` messages the mailbox had received, and
 * answers the 6-digit verification code in it. Take `mailCount()` before asking for the code.
 */
export async function waitForMailCode(address: string, after: number, timeoutMs = 10_000): Promise<string> {
  if (!mailbox) throw new Error('the e2e mailbox is not running');
  const to = address.trim().toLowerCase();
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mail = mailbox.messages.slice(after).find((m) => m.to.includes(to));
    const code = mail ? /\b(\d{6})\b/.exec(mail.text)?.[1] : undefined;
    if (mail && !code) throw new Error(`no verification code in the e-mail to ${to}: ${mail.text}`);
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no e-mail reached ${to} within ${timeoutMs / 1000} s`);
}

/** How many e-mails the mailbox has received so far. */
export function mailCount(): number {
  return mailbox?.messages.length ?? 0;
}

/** Hosts of other white-label platforms, mapped to this machine by chromium's host resolver. */
export const TEST_HOSTS = ['lite.test', 'brand.test'] as const;
/** The idle logout the e2e server runs with, in ms (INACTIVITY_TIMEOUT_MS). */
export const INACTIVITY_TIMEOUT_MS = 4_000;
export const DEMO_OPERATOR = 'demo_operator';

interface ServerInfo {
  port: number;
  databaseFile: string;
  /** The embedded MQTT broker's port (devices connect there). */
  mqttPort: number;
}

let server: ServerInfo | null = null;

/** Set by run.ts once the server answers. */
export function setServer(value: ServerInfo): void {
  server = value;
}

function serverInfo(): ServerInfo {
  if (!server) throw new Error('the e2e server is not running');
  return server;
}

/** The demo fleet's credentials the server wrote under its DATA_DIR (what `npm start` hands the simulator). */
export function demoFleetFile(): string {
  return path.join(path.dirname(serverInfo().databaseFile), 'demo-fleet.json');
}

/** Where a simulated device publishes: the test server's embedded broker. */
export function mqttUrl(): string {
  return `mqtt://127.0.0.1:${serverInfo().mqttPort}`;
}

/** The address of another platform's console, e.g. `http://lite.test:<port>`. */
export function hostUrl(host: (typeof TEST_HOSTS)[number]): string {
  return `http://${host}:${serverInfo().port}`;
}

function withDatabase<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(serverInfo().databaseFile);
  db.pragma('busy_timeout = 5000');
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

/** The text of a captcha image the server issued (read from its database), to answer it as a person would. */
export function captchaAnswer(captchaId: string): string {
  return withDatabase((db) => {
    const row = db.prepare('select answer from captcha where id = ?').get(captchaId) as
      | { answer: string }
      | undefined;
    if (!row) throw new Error(`no captcha ${captchaId}`);
    return row.answer;
  });
}

let accounts = 0;

export interface AccountOptions {
  /** The platform's top domain; the default platform (localhost) otherwise. */
  topDomain?: string;
  roleCode?: string;
  identity?: string | null;
  industry?: string | null;
  enableFda?: boolean;
}

/**
 * Creates an account directly in the server's SQLite file, a copy of demo_user (so its password is
 * DEMO_PASSWORD) with the given platform, role and profile. Columns are copied as they are, so later
 * migrations that add columns keep working. Answers the new user name.
 */
export function createAccount(options: AccountOptions = {}): string {
  accounts += 1;
  const userName = `e2e_${process.pid}_${accounts}`;
  withDatabase((db) => {
    const platform = db
      .prepare('select id from platform where top_domain = ?')
      .get(options.topDomain ?? 'localhost') as { id: number } | undefined;
    if (!platform) throw new Error(`no platform ${options.topDomain}`);
    const source = db.prepare('select * from account where user_name = ?').get(DEMO_USER) as Record<
      string,
      unknown
    >;
    const profile = db.prepare('select * from user_profile where account_id = ?').get(source.id) as Record<
      string,
      unknown
    >;
    const { id: _id, ...row } = source;
    Object.assign(row, {
      user_name: userName,
      platform_id: platform.id,
      // demo_user holds the demo's own role (personal console and cloud chain); copies are personal users.
      role_code: options.roleCode ?? 'personalUser',
      real_name: null,
    });
    const insert = (table: string, values: Record<string, unknown>) => {
      const columns = Object.keys(values);
      return db
        .prepare(`insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`)
        .run(...columns.map((c) => values[c] as string | number | null));
    };
    db.transaction(() => {
      const accountId = insert('account', row).lastInsertRowid;
      const fda = options.enableFda ? 1 : 0;
      insert('user_profile', {
        ...profile,
        account_id: accountId,
        identity: options.identity === undefined ? profile.identity : options.identity,
        industry: options.industry === undefined ? profile.industry : options.industry,
        enable_protect: fda,
        enable_fda: fda,
      });
    })();
  });
  return userName;
}

/** Adds untreated alarm messages (new ones by default) for an account. */
export function addAlarms(userName: string, count: number, newFlag: 0 | 1 = 1): void {
  withDatabase((db) => {
    const account = db.prepare('select id, platform_id from account where user_name = ?').get(userName) as {
      id: number;
      platform_id: number;
    };
    const insert = db.prepare(
      `insert into alarm_message (platform_id, account_id, device_id, message_type, state, new_flag, created_at)
       values (?, ?, null, 'temperatureHigh', 'untreated', ?, ?)`,
    );
    for (let i = 0; i < count; i += 1)
      insert.run(account.platform_id, account.id, newFlag, new Date().toISOString());
  });
}

/**
 * Adds an alarm message about a device to its owner, already cleared and seen, so it shows in lists
 * without changing anyone's badge.
 */
export function addDeviceAlarm(deviceGuid: string): void {
  withDatabase((db) => {
    const device = db
      .prepare('select id, platform_id, account_id from device where device_guid = ? and deleted_flag = 0')
      .get(deviceGuid) as { id: number; platform_id: number; account_id: number };
    db.prepare(
      `insert into alarm_message (platform_id, account_id, device_id, message_type, state, new_flag, created_at)
       values (?, ?, ?, 'temperatureHigh', 'cleared', 0, ?)`,
    ).run(device.platform_id, device.account_id, device.id, new Date().toISOString());
  });
}

/** Records an e-mail sent about a device, as the delivery worker does after the SMTP server accepts it. */
export function addPushRecord(deviceGuid: string, target: string, content: string): void {
  withDatabase((db) => {
    const device = db
      .prepare('select id, platform_id, account_id from device where device_guid = ? and deleted_flag = 0')
      .get(deviceGuid) as { id: number; platform_id: number; account_id: number };
    db.prepare(
      `insert into push_record (platform_id, account_id, device_id, channel, target, content, status, provider,
         attempt, created_at)
       values (?, ?, ?, 'email', ?, ?, 'sent', 'smtp', 1, ?)`,
    ).run(device.platform_id, device.account_id, device.id, target, content, new Date().toISOString());
  });
}

/** Signs in through the API and answers the token (for set-up calls). */
export async function apiLogin(baseUrl: string, userName: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await fetch(`${baseUrl}/api/base/BaseAccount/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ userName, accountPassword: password, loginType: 1 }),
  });
  const body = (await response.json()) as { code: number; msg: string; data: { token: string } | null };
  if (body.code !== 0 || !body.data) throw new Error(`login ${userName} failed: ${body.msg}`);
  return body.data.token;
}

/** An API call with a token, answering the envelope. */
export async function api<T>(
  baseUrl: string,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<{ code: number; msg: string; data: T }> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as { code: number; msg: string; data: T };
}

/**
 * An item of the open dropdown menu once the menu's opening motion has ended: clicked earlier, while
 * the menu still moves into place, the click can land beside it or scroll the page under the header.
 */
export function settledMenuItem(page: Page, testId: string): Locator {
  return page
    .locator('.ant-dropdown:not(.ant-dropdown-hidden):not([class*="-enter"]):not([class*="-appear"])')
    .getByTestId(testId);
}

/** Opens the avatar menu and confirms logout. */
export async function logOut(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await settledMenuItem(page, 'logout').click();
  await confirmOk(page);
}

/** The open confirm dialog once its opening animation has ended: a click during it can be lost. */
export async function settledConfirm(page: Page): Promise<Locator> {
  const confirm = page.locator('.ant-modal-confirm').last();
  await confirm.waitFor();
  await confirm.evaluate((el) => Promise.allSettled(el.getAnimations().map((a) => a.finished)));
  return confirm;
}

/**
 * Answers the open confirm dialog with OK and waits until it has closed; a click that was lost anyway
 * is repeated (a click on a pending OK button does nothing).
 */
export async function confirmOk(page: Page): Promise<void> {
  const confirm = page.locator('.ant-modal-confirm');
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (attempt > 0 && !(await confirm.isVisible())) return;
    await (await settledConfirm(page)).locator('.ant-btn-primary').click();
    try {
      await confirm.waitFor({ state: 'hidden', timeout: 3_000 });
      return;
    } catch {
      // Still open: tried again.
    }
  }
  await confirm.waitFor({ state: 'hidden' });
}

/** Texts of the sidebar's entries with every submenu opened, spaces removed. */
export async function menuTexts(page: Page): Promise<string[]> {
  const menu = page.getByTestId('menu-scene1');
  await menu.waitFor();
  const closed = menu.locator('.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
  for (let left = await closed.count(); left > 0; left = await closed.count()) {
    await closed.first().click();
    await page.waitForTimeout(50);
  }
  return (await menu.locator('[data-testid^="menu-"]').allTextContents()).map(squash);
}

/** Waits until the document title is `expected` (it follows the route after rendering). */
export async function expectTitle(page: Page, expected: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let title = '';
  while (Date.now() < deadline) {
    title = await page.title();
    if (title === expected) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.equal(title, expected);
}
