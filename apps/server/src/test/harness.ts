import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { type BuildOptions, buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { createDb, type Dialect } from '../db/create-db.ts';

export const TEST_DIALECT: Dialect = process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite';
export const PG_TEST_URL = process.env.DATABASE_URL_TEST ?? 'postgres://postgres@127.0.0.1:5432/test';
export const DEMO_PASSWORD = 'Demo@2026';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  /** PostgreSQL schema or SQLite file behind this app */
  where: string;
  close(): Promise<void>;
}

/**
 * Starts the whole app on a fresh database of the dialect under test: a new SQLite file, or a new
 * PostgreSQL schema that is dropped on close.
 */
export async function createTestApp(
  options: BuildOptions & { env?: Record<string, string> } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coldchain-test-'));
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const databaseUrl = TEST_DIALECT === 'postgres' ? PG_TEST_URL : `sqlite://${path.join(dataDir, 'test.db')}`;
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    DEMO_PASSWORD,
    RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
    RATE_LIMIT_CODE_PER_MINUTE: '1000',
    ...options.env,
  });
  const db = options.db ?? createDb(databaseUrl, TEST_DIALECT === 'postgres' ? { schema, poolSize: 4 } : {});
  const app =
    TEST_DIALECT === 'postgres'
      ? await withSchemaLock(async (admin) => {
          await admin.query(`create schema ${schema}`);
          return buildApp(config, { web: false, ...options, db });
        })
      : await buildApp(config, { web: false, ...options, db });
  return {
    app,
    config,
    where: TEST_DIALECT === 'postgres' ? schema : databaseUrl,
    async close() {
      await app.close();
      if (TEST_DIALECT === 'postgres')
        await withSchemaLock((admin) => admin.query(`drop schema ${schema} cascade`));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Migrations introspect the catalogue, which fails when another test file drops its schema at the
 * same moment; creating, migrating and dropping test schemas therefore take turns.
 */
async function withSchemaLock<T>(fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: PG_TEST_URL });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock(727274)');
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

export interface Answer<T = unknown> {
  status: number;
  code: number;
  msg: string;
  data: T;
}

/** Calls the API like the console does and reads the envelope. */
export async function call<T = unknown>(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: {
    token?: string;
    body?: unknown;
    query?: Record<string, string>;
    locale?: string;
    host?: string;
  } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.locale) headers['accept-language'] = options.locale;
  if (options.host) headers.host = options.host;
  const request: InjectOptions = { method, url, headers };
  if (options.body !== undefined) request.payload = options.body as InjectOptions['payload'];
  if (options.query) request.query = options.query;
  const response = await app.inject(request);
  const parsed = JSON.parse(response.body) as { code: number; msg: string; data: T };
  return { status: response.statusCode, ...parsed };
}

export async function login(app: FastifyInstance, userName: string, password = DEMO_PASSWORD, host?: string) {
  const answer = await call<{ token: string }>(app, 'POST', '/api/base/BaseAccount/login', {
    body: { userName, accountPassword: password, loginType: 1 },
    ...(host ? { host } : {}),
  });
  if (answer.code !== 0) throw new Error(`login ${userName} failed: ${answer.msg}`);
  return answer.data.token;
}
