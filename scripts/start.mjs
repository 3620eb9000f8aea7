#!/usr/bin/env node
// `npm start`: builds the console when there is no build or its sources are newer than it, then runs
// the server with the embedded defaults (SQLite under DATA_DIR, HTTP on PORT 8080, MQTT on MQTT_PORT
// 1883) and, when the demo data is on (SEED_DEMO), a small demo fleet from tools/device-sim so the
// console shows live data.
// DEMO_FLEET=false leaves the fleet out.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const index = path.join(root, 'apps/web/dist/index.html');
/** What the console build is made from: a change to any of them makes the build stale. */
const CONSOLE_SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/shared/src',
];

/** Newest modification time under a file or folder, in ms (0 when it does not exist). */
function newestChange(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestChange(path.join(target, entry)));
  return newest;
}

const built = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
const sources = Math.max(...CONSOLE_SOURCES.map((source) => newestChange(path.join(root, source))));
if (!process.env.WEB_DIST && sources > built) {
  console.log(
    built ? 'The console sources changed since the last build: building it again' : 'Building the console',
  );
  const build = spawnSync('npm', ['run', 'build', '-w', '@coldchain/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const env = process.env;
const off = (value) => value === 'false' || value === '0';
const tsx = path.join(root, 'node_modules/.bin/tsx');
const server = spawn(tsx, ['apps/server/src/main.ts'], { cwd: root, stdio: 'inherit' });
let fleet = null;

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    fleet?.kill(signal);
    server.kill(signal);
  });
}
server.once('exit', (code) => {
  fleet?.kill('SIGTERM');
  process.exit(code ?? 1);
});

const demo = !off(env.SEED_DEMO) && !off(env.DEMO_FLEET) && !off(env.MQTT_ENABLED);
if (demo) {
  const port = env.PORT ?? '8080';
  const fleetFile = path.resolve(env.DATA_DIR ?? './data', 'demo-fleet.json');
  const url = env.MQTT_URL ?? `mqtt://127.0.0.1:${env.MQTT_PORT ?? '1883'}`;
  // Wait for the server to answer; it writes the demo fleet's credentials on start.
  const deadline = Date.now() + 120_000;
  for (;;) {
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up && fs.existsSync(fleetFile)) break;
    if (Date.now() > deadline || server.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  if (fs.existsSync(fleetFile) && server.exitCode === null) {
    // A moment for the MQTT listener, which starts right after HTTP.
    await new Promise((r) => setTimeout(r, 500));
    const httpUrl = `http://127.0.0.1:${port}`; // where the devices download firmware for online upgrades
    fleet = spawn(
      tsx,
      ['tools/device-sim/src/cli.ts', '--url', url, '--fleet', fleetFile, '--http-url', httpUrl, '--quiet'],
      {
        cwd: root,
        stdio: 'inherit',
      },
    );
    console.log(
      `Demo fleet: ${JSON.parse(fs.readFileSync(fleetFile, 'utf8')).length} simulated devices on ${url}`,
    );
  }
}
