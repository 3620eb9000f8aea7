#!/usr/bin/env node
// `npm start`: builds the console once if it has not been built, then runs the server with the
// embedded defaults (SQLite under DATA_DIR, HTTP on PORT 8080).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const index = path.join(root, 'apps/web/dist/index.html');
if (!fs.existsSync(index) && !process.env.WEB_DIST) {
  const build = spawnSync('npm', ['run', 'build', '-w', '@coldchain/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const server = spawnSync('npx', ['tsx', 'apps/server/src/main.ts'], { cwd: root, stdio: 'inherit' });
process.exit(server.status ?? 1);
