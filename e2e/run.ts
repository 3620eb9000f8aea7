/**
 * Browser tests against the built console and the real server:
 *   npm run build && npx tsx e2e/run.ts [filter]
 * Starts apps/server on a free port with a fresh data directory, drives Debian's chromium through
 * playwright-core, runs e2e/specs/<area>/<flow>.spec.ts in order and exits non-zero on any failure.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import {
  collecting,
  DEMO_PASSWORD,
  INACTIVITY_TIMEOUT_MS,
  registeredTests,
  setMailbox,
  setServer,
  TEST_HOSTS,
  type TestCase,
} from './harness.ts';
import { startMailbox } from './mailbox.ts';

const e2eDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(e2eDir, '..');
const specsDir = path.join(e2eDir, 'specs');
const resultsDir = path.join(e2eDir, 'test-results');

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Other platforms' hosts (white-label tenants) resolve to this machine.
  `--host-resolver-rules=${TEST_HOSTS.map((host) => `MAP ${host} 127.0.0.1`).join(', ')}`,
];
const SERVER_START_TIMEOUT_MS = 90_000;
const TEST_TIMEOUT_MS = 60_000;
const LOG_LINES_KEPT = 200;

function findChromium(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].filter((p): p is string => Boolean(p));
  const found = candidates.find((candidate) => fs.existsSync(candidate));
  if (!found) {
    throw new Error(
      `Chromium not found at ${candidates.join(' or ')}: apt-get install -y chromium fonts-wqy-microhei, or set CHROMIUM_PATH`,
    );
  }
  return found;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function findSpecs(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return findSpecs(full);
      return entry.name.endsWith('.spec.ts') ? [full] : [];
    })
    .sort();
}

interface Server {
  child: ChildProcess;
  log: string[];
  exited: Promise<number | null>;
}

function startServer(port: number, dataDir: string, mqttPort: number, smtpUrl: string): Server {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    DEMO_PASSWORD,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    // A short idle logout for the enableProtect + enableFda accounts the tests create; the demo
    // accounts are not protected, so no other test idles out.
    INACTIVITY_TIMEOUT_MS: String(INACTIVITY_TIMEOUT_MS),
    // The embedded MQTT broker on a free port, so a broker already on 1883 does not stop the run.
    MQTT_PORT: String(mqttPort),
    // Every spec signs in and looks things up from 127.0.0.1; the limits per address are tested by the
    // server's own tests, not here.
    RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
    RATE_LIMIT_PUBLIC_PER_MINUTE: '1000',
    RATE_LIMIT_CODE_PER_MINUTE: '1000',
    // E-mail goes to a real SMTP server on loopback, where the specs read the codes sent.
    SMTP_URL: smtpUrl,
  };
  // A fresh SQLite file under DATA_DIR, whatever database the shell points at.
  delete env.DATABASE_URL;
  // Its own process group, so stopping it also stops what npx started.
  const child = spawn('npx', ['tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  const keep = (chunk: Buffer) => {
    log.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    log.splice(0, Math.max(0, log.length - LOG_LINES_KEPT));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, log, exited };
}

async function waitForHealth(server: Server, url: string): Promise<void> {
  let exitCode: number | null | undefined;
  void server.exited.then((code) => {
    exitCode = code;
  });
  const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exitCode !== undefined)
      throw new Error(`the server exited (code ${exitCode}) before answering ${url}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer ${url} within ${SERVER_START_TIMEOUT_MS / 1000} s`);
}

async function stopServer(server: Server): Promise<void> {
  const pid = server.child.pid;
  if (pid === undefined || server.child.exitCode !== null) return;
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pid, signal);
    } catch {
      // Already gone.
    }
  };
  signalGroup('SIGTERM');
  const stopped = await Promise.race([
    server.exited.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5_000)),
  ]);
  if (!stopped) signalGroup('SIGKILL');
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const label = (test: TestCase) =>
  `${path.relative(specsDir, test.file).replace(/\.spec\.ts$/, '')} › ${test.name}`;

async function runTest(browser: Browser, baseUrl: string, test: TestCase): Promise<string | null> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1366, height: 820 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.setDefaultNavigationTimeout(30_000);
  // The server's CSP (script-src 'self') must hold for the build: a violation fails the test.
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      problems.push(`CSP violation: ${message.text()}`);
    }
  });
  try {
    await withTimeout(test.fn({ page, context, baseUrl }), TEST_TIMEOUT_MS, 'the test');
    if (problems.length > 0) throw new Error(problems.join('\n'));
    return null;
  } catch (error) {
    fs.mkdirSync(resultsDir, { recursive: true });
    const shot = path.join(resultsDir, `${label(test).replace(/[^\w.-]+/g, '_')}.png`);
    await page.screenshot({ path: shot, fullPage: true }).catch(() => undefined);
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    return `${detail}${problems.length ? `\n${problems.join('\n')}` : ''}\n    url: ${page.url()}\n    screenshot: ${shot}`;
  } finally {
    await context.close();
  }
}

async function main(): Promise<number> {
  const started = Date.now();
  const filter = process.argv[2];
  const dist = path.join(path.resolve(root, process.env.WEB_DIST ?? 'apps/web/dist'), 'index.html');
  if (!fs.existsSync(dist)) throw new Error(`No console build at ${dist}: run \`npm run build\` first`);
  const executablePath = findChromium();

  for (const file of findSpecs(specsDir)) {
    if (filter && !path.relative(specsDir, file).includes(filter)) continue;
    collecting(file);
    await import(pathToFileURL(file).href);
  }
  const tests = registeredTests();
  if (tests.length === 0)
    throw new Error(`No specs under ${specsDir}${filter ? ` matching "${filter}"` : ''}`);

  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coldchain-e2e-'));
  const mqttPort = await freePort();
  const mailbox = await startMailbox();
  setMailbox(mailbox);
  const server = startServer(port, dataDir, mqttPort, mailbox.url);
  let browser: Browser | undefined;
  let passed = 0;
  let failed = 0;
  try {
    await waitForHealth(server, `http://127.0.0.1:${port}/api/health`);
    setServer({ port, databaseFile: path.join(dataDir, 'coldchain.db'), mqttPort });
    browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
    // localhost is the seeded platform's top domain, so the tenant data is the default platform's.
    const baseUrl = `http://localhost:${port}`;
    console.log(`e2e: ${tests.length} tests against ${baseUrl} (${executablePath})`);
    for (const test of tests) {
      const began = Date.now();
      const failure = await runTest(browser, baseUrl, test);
      const seconds = ((Date.now() - began) / 1000).toFixed(1);
      if (failure === null) {
        passed += 1;
        console.log(`  ✓ ${label(test)} (${seconds} s)`);
      } else {
        failed += 1;
        console.log(`  ✗ ${label(test)} (${seconds} s)\n    ${failure.replaceAll('\n', '\n    ')}`);
      }
    }
  } catch (error) {
    failed += 1;
    console.error(`e2e: could not run: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await browser?.close();
    await stopServer(server);
    await mailbox.close();
    if (failed > 0 && server.log.length > 0) {
      console.log(`--- server log (last ${server.log.length} lines) ---\n${server.log.join('\n')}`);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`e2e: ${passed} passed, ${failed} failed (${seconds} s)`);
  return failed > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`e2e: ${error instanceof Error ? error.message : String(error)}`);
    console.log('e2e: 0 passed, 1 failed');
    process.exit(1);
  },
);
