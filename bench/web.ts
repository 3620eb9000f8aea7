/**
 * JavaScript the browser downloads for /user/login and for /home (signed in), each from a cold cache,
 * measured in chromium against a running built app:
 *   npm run build && npm start                       # or any running server
 *   BASE_URL=http://localhost:8080 npm run web -w @coldchain/bench
 * "transfer" is what came over the wire (the server may not compress); "gzip" is the same files
 * gzipped at zlib's default level, what a compressing proxy or CDN would send.
 */
import { gzipSync } from 'node:zlib';
import { type BrowserContext, chromium, type Response } from 'playwright-core';

const BASE_URL = (process.env.BASE_URL ?? 'http://localhost:8080').replace(/\/$/, '');
const USER = process.env.BENCH_USER ?? 'demo_user';
const PASSWORD = process.env.DEMO_PASSWORD ?? 'Demo@2026';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-sync',
];

interface Script {
  path: string;
  raw: number;
  gzip: number;
  transfer: number;
}

async function describe(response: Response): Promise<Script> {
  const body = await response.body();
  const sizes = await response.request().sizes();
  return {
    path: new URL(response.url()).pathname,
    raw: body.length,
    gzip: gzipSync(body).length,
    transfer: sizes.responseBodySize,
  };
}

/** Loads `path` in a fresh context and returns every script it fetched until `readyTestId` shows. */
async function scriptsOf(context: BrowserContext, path: string, readyTestId: string): Promise<Script[]> {
  const page = await context.newPage();
  const pending: Promise<Script>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') pending.push(describe(response));
  });
  await page.goto(`${BASE_URL}${path}`);
  await page.getByTestId(readyTestId).waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  if (new URL(page.url()).pathname !== path) throw new Error(`${path} ended at ${page.url()}`);
  return Promise.all(pending);
}

async function signInToken(): Promise<string> {
  const response = await fetch(`${BASE_URL}/api/base/BaseAccount/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ userName: USER, accountPassword: PASSWORD, loginType: 1 }),
  });
  const body = (await response.json()) as { code: number; msg: string; data: { token: string } | null };
  if (body.code !== 0 || !body.data) throw new Error(`login as ${USER} failed: ${body.msg}`);
  return body.data.token;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(8);
const sum = (scripts: Script[], field: 'raw' | 'gzip' | 'transfer') =>
  scripts.reduce((n, s) => n + s[field], 0);

async function main(): Promise<void> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
  try {
    const login = await scriptsOf(await browser.newContext(), '/user/login', 'login-submit');
    const token = await signInToken();
    const signedIn = await browser.newContext();
    await signedIn.addInitScript({
      content: `localStorage.setItem('Access-Token', ${JSON.stringify(token)});`,
    });
    const home = await scriptsOf(signedIn, '/home', 'welcome-card');

    console.log(`web: JavaScript per page from a cold cache, ${BASE_URL}`);
    console.log(
      `${'page'.padEnd(14)}${'files'.padStart(6)}${'raw KB'.padStart(9)}${'gzip KB'.padStart(9)}${'transfer KB'.padStart(13)}`,
    );
    for (const [name, scripts] of [
      ['/user/login', login],
      ['/home', home],
    ] as const) {
      console.log(
        `${name.padEnd(14)}${String(scripts.length).padStart(6)}${kb(sum(scripts, 'raw'))} ${kb(sum(scripts, 'gzip'))}${kb(sum(scripts, 'transfer')).padStart(13)}`,
      );
    }
    if (process.argv.includes('--files')) {
      for (const [name, scripts] of [
        ['/user/login', login],
        ['/home', home],
      ] as const) {
        console.log(`\n${name}`);
        for (const s of [...scripts].sort((a, b) => b.gzip - a.gzip))
          console.log(`  ${kb(s.gzip)} KB gzip  ${s.path}`);
      }
    }
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(`web: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
