#!/usr/bin/env node
// `npm test`: lint and types, then the unit and integration suites on SQLite, on PostgreSQL when it is
// reachable, and the browser suite when Chromium is found. With CI=true a missing PostgreSQL or
// Chromium fails the run instead of skipping. Ends with one "N passed, N failed" line.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ci = process.env.CI === 'true' || process.env.CI === '1';
const pgUrl = process.env.DATABASE_URL_TEST ?? 'postgres://postgres@127.0.0.1:5432/test';
const suites = [];
let passed = 0;
let failed = 0;

function run(label, command, args, env = {}) {
  process.stdout.write(`\n=== ${label}\n`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function step(label, command, args) {
  const ok = run(label, command, args);
  suites.push(`${label}: ${ok ? 'ok' : 'FAILED'}`);
  if (ok) passed += 1;
  else failed += 1;
}

function vitest(label, files, env) {
  const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vitest-')), 'report.json');
  const ok = run(
    label,
    'npx',
    ['vitest', 'run', ...files, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    env,
  );
  let counts = { numPassedTests: 0, numFailedTests: ok ? 0 : 1 };
  if (fs.existsSync(report)) counts = JSON.parse(fs.readFileSync(report, 'utf8'));
  passed += counts.numPassedTests;
  failed += counts.numFailedTests + (ok || counts.numFailedTests > 0 ? 0 : 1);
  suites.push(`${label}: ${counts.numPassedTests} passed, ${counts.numFailedTests} failed`);
}

/** The browser runner prints "e2e: N passed, M failed"; its output is passed through and counted. */
function browser(label, env) {
  process.stdout.write(`\n=== ${label}\n`);
  const result = spawnSync('npx', ['tsx', 'e2e/run.ts'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  });
  const output = result.stdout?.toString() ?? '';
  process.stdout.write(output);
  const counts = [...output.matchAll(/e2e: (\d+) passed, (\d+) failed/g)].at(-1);
  const ok = result.status === 0;
  const p = counts ? Number(counts[1]) : 0;
  const f = counts ? Number(counts[2]) : 0;
  passed += p;
  failed += f + (!ok && f === 0 ? 1 : 0);
  suites.push(`${label}: ${p} passed, ${f} failed${ok ? '' : ' (runner failed)'}`);
}

async function postgresReachable() {
  const client = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

function chromiumPath() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((p) => p && fs.existsSync(p));
}

function skipped(label, why) {
  if (ci) {
    failed += 1;
    suites.push(`${label}: FAILED (${why}; required with CI=true)`);
  } else {
    suites.push(`${label}: skipped (${why})`);
  }
}

step('lint and format (biome)', 'npx', ['biome', 'check', '.']);
step('types (tsc)', 'npx', ['tsc', '-b']);
vitest('unit + integration on SQLite', [], { TEST_DIALECT: 'sqlite' });
if (await postgresReachable()) {
  vitest('integration on PostgreSQL', ['apps/server'], {
    TEST_DIALECT: 'postgres',
    DATABASE_URL_TEST: pgUrl,
  });
} else {
  skipped('integration on PostgreSQL', `no PostgreSQL at ${pgUrl}`);
}
const chromium = chromiumPath();
if (chromium) {
  step('console build (vite)', 'npm', ['run', 'build', '-w', '@coldchain/web']);
  browser('browser (playwright-core + chromium)', { CHROMIUM_PATH: chromium });
} else {
  skipped('browser (playwright-core + chromium)', 'Chromium not found');
}

process.stdout.write(`\nSuites run:\n${suites.map((s) => `  - ${s}`).join('\n')}\n\n`);
process.stdout.write(`${passed} passed, ${failed} failed\n`);
process.exit(failed === 0 ? 0 : 1);
