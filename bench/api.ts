// `npm run bench:api`: requests/s and p99 latency of login and accountInfo, measured with autocannon
// against the real server on loopback, on SQLite and (when reachable) PostgreSQL.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '@coldchain/server/app';
import { loadConfig } from '@coldchain/server/config';
import { createDb } from '@coldchain/server/db/create-db';
import autocannon from 'autocannon';
import pg from 'pg';

const PG_URL = process.env.DATABASE_URL_TEST ?? 'postgres://postgres@127.0.0.1:5432/test';
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PASSWORD = 'Demo@2026';

interface Figure {
  database: string;
  call: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

async function withPostgresSchema<T>(fn: (schema: string) => Promise<T>): Promise<T> {
  const schema = `bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  try {
    return await fn(schema);
  } finally {
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
}

async function reachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function measure(database: 'sqlite' | 'postgres', schema?: string): Promise<Figure[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coldchain-bench-'));
  const url = database === 'postgres' ? PG_URL : `sqlite://${path.join(dataDir, 'bench.db')}`;
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    LOG_LEVEL: 'silent',
    DEMO_PASSWORD: PASSWORD,
    RATE_LIMIT_LOGIN_PER_MINUTE: '100000000',
  });
  const db = createDb(url, schema ? { schema } : {});
  const app = await buildApp(config, { db, web: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const loginBody = JSON.stringify({ userName: 'demo_user', accountPassword: PASSWORD, loginType: 1 });
    const headers = { 'content-type': 'application/json' };
    const answer = await fetch(`${address}/api/base/BaseAccount/login`, {
      method: 'POST',
      headers,
      body: loginBody,
    });
    const { data } = (await answer.json()) as { data: { token: string } };
    const runs = [
      {
        call: 'login',
        opts: { method: 'POST' as const, path: '/api/base/BaseAccount/login', headers, body: loginBody },
      },
      {
        call: 'accountInfo',
        opts: {
          method: 'GET' as const,
          path: '/api/base/BaseAccount/accountInfo',
          headers: { authorization: `Bearer ${data.token}` },
        },
      },
    ];
    const figures: Figure[] = [];
    for (const { call, opts } of runs) {
      const { path: urlPath, ...request } = opts;
      const result = await autocannon({
        url: `${address}${urlPath}`,
        connections: CONNECTIONS,
        duration: DURATION_S,
        ...request,
      });
      figures.push({
        database,
        call,
        requestsPerSecond: Math.round(result.requests.average),
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        errors: result.errors + result.non2xx,
      });
    }
    return figures;
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const figures = await measure('sqlite');
if (await reachable()) figures.push(...(await withPostgresSchema((schema) => measure('postgres', schema))));
else process.stdout.write(`PostgreSQL not reachable at ${PG_URL}; measured SQLite only\n`);

process.stdout.write(
  `\nAPI benchmark: ${CONNECTIONS} connections, ${DURATION_S} s per call, ${os.cpus().length} cores\n`,
);
console.table(figures);
