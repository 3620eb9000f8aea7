// `npm run bench:history`: how long the server takes to answer a one-year chart of 1-minute data
// (525,600 readings) downsampled for display, how many bytes one stored reading takes, and the
// server's memory, on SQLite and (when reachable) PostgreSQL.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '@coldchain/server/app';
import { loadConfig } from '@coldchain/server/config';
import { createDb, sqliteHandleOf } from '@coldchain/server/db/create-db';
import { createOwnedDevice } from '@coldchain/server/history/test-support';
import { ensureMonthPartition, monthsOf } from '@coldchain/server/telemetry/partitions';
import { createAccount } from '@coldchain/server/test/factories';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';

const PG_URL = process.env.DATABASE_URL_TEST ?? 'postgres://postgres@127.0.0.1:5432/test';
const READINGS = 525_600;
const MINUTE = 60_000;
/** Points asked for: about one per pixel column of a wide chart, two per bucket. */
const POINTS = 2_000;
const RUNS = 7;
const TARGET_MS = { sqlite: 300, postgres: 500 } as const;
const PASSWORD = 'Bench@2026';
const TEMPERATURE = 101;

interface Figure {
  database: string;
  readings: number;
  'load (s)': number;
  'chart first (ms)': number;
  'chart median (ms)': number;
  'chart max (ms)': number;
  target: string;
  points: number;
  'bytes/reading': number;
  'RSS (MB)': number;
}

/** A cold-store temperature: a slow daily swing, noise, and a defrost spike every 6 hours. */
function value(i: number): number {
  const daily = 4 + 1.5 * Math.sin((2 * Math.PI * i) / 1440);
  const defrost = i % 360 < 15 ? 6 * Math.sin((Math.PI * (i % 360)) / 15) : 0;
  const noise = ((i * 7919) % 97) / 97 - 0.5;
  return Math.round((daily + defrost + noise) * 10) / 10;
}

async function load(app: FastifyInstance, deviceId: number, from: number, database: 'sqlite' | 'postgres') {
  const db = app.ctx.db;
  if (database === 'sqlite') {
    const handle = sqliteHandleOf(db);
    if (!handle) throw new Error('no SQLite handle');
    const insert = handle.prepare('insert into reading (device_id, channel, ts, value) values (?, ?, ?, ?)');
    handle.transaction(() => {
      for (let i = 0; i < READINGS; i += 1) insert.run(deviceId, TEMPERATURE, from + i * MINUTE, value(i));
    })();
    handle.pragma('wal_checkpoint(TRUNCATE)');
  } else {
    // Month partitions for the year, as ingest creates them for a backfill.
    for (let m = monthsOf([from])[0] ?? from; m < from + READINGS * MINUTE; ) {
      const next = Date.UTC(new Date(m).getUTCFullYear(), new Date(m).getUTCMonth() + 1, 1);
      await ensureMonthPartition(db, m);
      m = next;
    }
    const values: number[] = [];
    for (let i = 0; i < READINGS; i += 1) values.push(value(i));
    await sql`insert into reading (device_id, channel, ts, value)
      select ${deviceId}, ${TEMPERATURE}, ${from}::bigint + (g - 1) * ${MINUTE}::bigint, v
      from unnest(${values}::float8[]) with ordinality as t(v, g)`.execute(db);
    await sql`vacuum analyze reading`.execute(db);
  }
  await db
    .insertInto('deviceChannel')
    .values({
      deviceId,
      channel: TEMPERATURE,
      kind: 'temperature',
      probeId: 1,
      unit: '°C',
      createdAt: new Date().toISOString(),
    })
    .execute();
}

async function bytesPerReading(app: FastifyInstance, database: 'sqlite' | 'postgres'): Promise<number> {
  const db = app.ctx.db;
  if (database === 'sqlite') {
    const handle = sqliteHandleOf(db);
    const row = handle?.prepare("select sum(pgsize) as bytes from dbstat where name = 'reading'").get() as
      | { bytes: number }
      | undefined;
    return (row?.bytes ?? 0) / READINGS;
  }
  const { rows } = await sql<{ bytes: string }>`
    select coalesce(sum(pg_total_relation_size(inhrelid)), 0) as bytes
    from pg_inherits where inhparent = 'reading'::regclass`.execute(db);
  return Number(rows[0]?.bytes ?? 0) / READINGS;
}

async function measure(database: 'sqlite' | 'postgres', schema?: string): Promise<Figure> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coldchain-bench-history-'));
  const url = database === 'postgres' ? PG_URL : `sqlite://${path.join(dataDir, 'bench.db')}`;
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    MQTT_ENABLED: 'false',
  });
  const app = await buildApp(config, { db: createDb(url, schema ? { schema } : {}), web: false });
  try {
    const { account, password } = await createAccount(app, { password: PASSWORD });
    const device = await createOwnedDevice(app, account);
    const to = Math.floor(Date.now() / MINUTE) * MINUTE;
    const from = to - READINGS * MINUTE;
    const started = performance.now();
    await load(app, device.id, from, database);
    const loadSeconds = (performance.now() - started) / 1000;

    const login = await app.inject({
      method: 'POST',
      url: '/api/base/BaseAccount/login',
      payload: { userName: account.userName, accountPassword: password, loginType: 1 },
    });
    const token = (JSON.parse(login.body) as { data: { token: string } }).data.token;
    const times: number[] = [];
    let points = 0;
    for (let run = 0; run < RUNS; run += 1) {
      const t0 = performance.now();
      const answer = await app.inject({
        method: 'POST',
        url: '/api/device/DeviceData/chart',
        headers: { authorization: `Bearer ${token}` },
        payload: { deviceId: device.id, startTime: from, endTime: to, points: POINTS },
      });
      times.push(performance.now() - t0);
      const body = JSON.parse(answer.body) as {
        code: number;
        data: { series: { count: number; points: unknown[] }[] };
      };
      const series = body.data?.series[0];
      if (body.code !== 0 || series?.count !== READINGS)
        throw new Error(`chart failed: ${answer.body.slice(0, 200)}`);
      points = series.points.length;
    }
    const sorted = [...times].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
    return {
      database,
      readings: READINGS,
      'load (s)': Math.round(loadSeconds * 10) / 10,
      'chart first (ms)': Math.round(times[0] ?? 0),
      'chart median (ms)': Math.round(median),
      'chart max (ms)': Math.round(sorted.at(-1) ?? 0),
      target: `${median <= TARGET_MS[database] ? 'met' : 'MISSED'} (${TARGET_MS[database]} ms)`,
      points,
      'bytes/reading': Math.round((await bytesPerReading(app, database)) * 10) / 10,
      'RSS (MB)': Math.round(process.memoryUsage().rss / 1024 / 1024),
    };
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
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

const figures = [await measure('sqlite')];
if (await reachable()) figures.push(await withPostgresSchema((schema) => measure('postgres', schema)));
else process.stdout.write(`PostgreSQL not reachable at ${PG_URL}; measured SQLite only\n`);

process.stdout.write(
  `\nHistory benchmark: one year of 1-minute readings, chart of ${POINTS} points (min/max per bucket), ` +
    `${RUNS} runs through the HTTP stack, ${os.cpus().length} cores\n`,
);
console.table(figures);
