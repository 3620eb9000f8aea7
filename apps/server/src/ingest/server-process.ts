import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createDb, type Db, type Dialect } from '../db/create-db.ts';
import { PG_TEST_URL, TEST_DIALECT } from '../test/harness.ts';
import { freePort } from './test-support.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const MAIN = path.join(ROOT, 'apps/server/src/main.ts');

/** A database for server processes of a test: a SQLite file or a PostgreSQL schema, of the dialect under test. */
export interface SharedDatabase {
  url: string;
  /** A connection of the test itself. */
  db: Db;
  drop(): Promise<void>;
}

export async function sharedDatabase(dialect: Dialect = TEST_DIALECT): Promise<SharedDatabase> {
  if (dialect === 'postgres') {
    const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_TEST_URL });
    await admin.connect();
    await admin.query('select pg_advisory_lock(727274)');
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const separator = PG_TEST_URL.includes('?') ? '&' : '?';
    const url = `${PG_TEST_URL}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
    const db = createDb(PG_TEST_URL, { schema, poolSize: 2 });
    return {
      url,
      db,
      async drop() {
        await db.destroy();
        const cleanup = new pg.Client({ connectionString: PG_TEST_URL });
        await cleanup.connect();
        await cleanup.query('select pg_advisory_lock(727274)');
        await cleanup.query(`drop schema ${schema} cascade`);
        await cleanup.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coldchain-shared-'));
  const url = `sqlite://${path.join(dir, 'shared.db')}`;
  let db: Db | null = null;
  return {
    url,
    get db() {
      // Opened on first use: the first server process creates and migrates the file.
      db ??= createDb(url);
      return db;
    },
    async drop() {
      await db?.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface ServerProcess {
  httpPort: number;
  mqttPort: number;
  child: ChildProcess;
  /** What the process printed, for failure messages. */
  output(): string;
  /** SIGKILL: no shutdown, no flush. */
  kill9(): Promise<void>;
  /** SIGTERM and wait for the exit. */
  stop(): Promise<void>;
}

/**
 * Starts `apps/server/src/main.ts` as a real process on free ports and waits until it answers. On
 * PostgreSQL the start holds the test suite's schema lock: migrations introspect the catalogue, which
 * fails while another test file drops its schema (test/harness.ts takes the same lock).
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  if (!env.DATABASE_URL?.startsWith('postgres')) return launch(env);
  const lock = new pg.Client({ connectionString: PG_TEST_URL });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock(727274)');
    return await launch(env);
  } finally {
    await lock.end();
  }
}

async function launch(env: Record<string, string>): Promise<ServerProcess> {
  const httpPort = await freePort();
  const mqttPort = env.MQTT_URL ? 0 : env.MQTT_PORT ? Number(env.MQTT_PORT) : await freePort();
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'coldchain-node-'));
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(httpPort),
      HOST: '127.0.0.1',
      MQTT_PORT: String(mqttPort),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(dataDir, 'no-web'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited at start:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer within 60 s:\n${output}`);
    }
    const up = await fetch(`http://127.0.0.1:${httpPort}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    // main.ts starts MQTT right after the HTTP listener.
    if (up && (env.MQTT_URL || (await mqttListening(mqttPort)))) break;
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    httpPort,
    mqttPort,
    child,
    output: () => output,
    async kill9() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

function mqttListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Runs main.ts with env until it exits by itself (a start that must fail); kills it after timeoutMs. */
export async function runServerUntilExit(
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<{ code: number | null; output: string }> {
  if (!env.DATABASE_URL?.startsWith('postgres')) return runUntilExit(env, timeoutMs);
  const lock = new pg.Client({ connectionString: PG_TEST_URL });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock(727274)');
    return await runUntilExit(env, timeoutMs);
  } finally {
    await lock.end();
  }
}

function runUntilExit(
  env: Record<string, string>,
  timeoutMs: number,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    }),
  );
}
