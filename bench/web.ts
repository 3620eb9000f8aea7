/**
 * JavaScript the browser downloads for /user/login and for /home (signed in), each from a cold cache,
 * measured in chromium against the built app:
 *   npm run bench:web                                # builds if needed, starts its own server
 *   BASE_URL=http://localhost:8080 npm run bench:web # or measures a running one
 * "transfer" is what came over the wire (the server may not compress); "gzip" is the same files
 * gzipped at zlib's default level, what a compressing proxy or CDN would send.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { type BrowserContext, chromium, type Response } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let BASE_URL = (process.env.BASE_URL ?? '').replace(/\/$/, '');
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

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Without BASE_URL: the console build (made if missing) served by a server of its own, fresh data. */
async function startOwnServer(): Promise<{ url: string; stop: () => void }> {
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    const build = spawnSync('npm', ['run', 'build', '-w', '@coldchain/web'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the console build failed');
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coldchain-bench-web-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    MQTT_PORT: String(await freePort()),
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    DEMO_PASSWORD: PASSWORD,
  };
  delete env.DATABASE_URL;
  const child: ChildProcess = spawn('npx', ['tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env,
    detached: true,
    stdio: 'ignore',
  });
  const stop = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) })).ok) return { url, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  stop();
  throw new Error('the bench server did not start within 90 s');
}

async function main(): Promise<void> {
  const own = BASE_URL ? null : await startOwnServer();
  if (own) BASE_URL = own.url;
  try {
    await measure();
  } finally {
    own?.stop();
  }
}

async function measure(): Promise<void> {
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
