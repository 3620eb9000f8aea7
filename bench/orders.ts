// `npm run bench:orders`: order creation and payment notice handling at 50 concurrent payers, with
// rates and p99 latency, against the real server on loopback over HTTP, on SQLite and (when
// reachable) PostgreSQL. Targets (issue 12): at least 300 orders/s, notice p99 at most 100 ms.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '@coldchain/server/app';
import { loadConfig } from '@coldchain/server/config';
import { createDb } from '@coldchain/server/db/create-db';
import { paymentsOf } from '@coldchain/server/modules/payments/payments.module';
import {
  type Buyer,
  buyerWithDevices,
  type PurchaseWorld,
  purchaseWorld,
  serviceOrderBody,
} from '@coldchain/server/modules/payments/test-support';
import pg from 'pg';

const PG_URL = process.env.DATABASE_URL_TEST ?? 'postgres://postgres@127.0.0.1:5432/test';
const PAYERS = Number(process.env.BENCH_PAYERS ?? 50);
const DEVICES_PER_PAYER = Number(process.env.BENCH_DEVICES ?? 8);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const PASSWORD = 'Demo@2026';

interface Figure {
  database: string;
  step: string;
  count: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length
    ? Number(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]?.toFixed(1))
    : 0;

function figure(
  database: string,
  step: string,
  latencies: number[],
  errors: number,
  seconds: number,
): Figure {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    database,
    step,
    count: latencies.length,
    perSecond: Math.round(latencies.length / seconds),
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    errors,
  };
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

/** Runs `work` in `workers` loops until `seconds` pass (or `until` says stop); latencies in ms. */
async function drive(
  workers: number,
  seconds: number,
  work: (worker: number, round: number) => Promise<boolean>,
): Promise<{ latencies: number[]; errors: number; elapsed: number }> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const stopAt = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      for (let round = 0; performance.now() < stopAt; round += 1) {
        const t0 = performance.now();
        let ok = false;
        try {
          ok = await work(worker, round);
        } catch {
          ok = false;
        }
        if (ok) latencies.push(performance.now() - t0);
        else errors += 1;
      }
    }),
  );
  return { latencies, errors, elapsed: (performance.now() - started) / 1000 };
}

async function measure(database: 'sqlite' | 'postgres', schema?: string): Promise<Figure[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coldchain-bench-'));
  const url = database === 'postgres' ? PG_URL : `sqlite://${path.join(dataDir, 'bench.db')}`;
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    LOG_LEVEL: 'silent',
    DEMO_PASSWORD: PASSWORD,
    MQTT_ENABLED: 'false',
    RATE_LIMIT_LOGIN_PER_MINUTE: '100000000',
    RATE_LIMIT_PUBLIC_PER_MINUTE: '100000000',
  });
  const db = createDb(url, schema ? { schema, poolSize: 10 } : {});
  const app = await buildApp(config, { db, web: false });
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const world: PurchaseWorld = await purchaseWorld(app);
    const payers: Buyer[] = [];
    for (let i = 0; i < PAYERS; i += 1)
      payers.push(await buyerWithDevices(app, world.typeId, DEVICES_PER_PAYER));

    // Orders: each payer cycles through its devices and the two QR pay types, so no two requests
    // within the idempotency window are the same (each one creates an order).
    const created: { orderId: number }[] = [];
    const orders = await drive(PAYERS, DURATION_S, async (worker, round) => {
      const payer = payers[worker] as Buyer;
      const device = payer.devices[round % payer.devices.length];
      if (!device) return false;
      const payType = (Math.floor(round / payer.devices.length) % 2) + 1;
      const response = await fetch(`${origin}/api/payment/PayDeviceDepositRecord/createDeviceDeposit`, {
        method: 'POST',
        headers: { authorization: `Bearer ${payer.token}`, 'content-type': 'application/json' },
        // activityId does not change the price (the server takes the running activity from the
        // catalogue) but makes each request a new one for the idempotency window.
        body: JSON.stringify({ ...serviceOrderBody(world, device.id, { payType }), activityId: round + 1 }),
      });
      const answer = (await response.json()) as { code: number; data: { orderId: string } };
      if (answer.code !== 0) return false;
      created.push({ orderId: Number(answer.data.orderId) });
      return true;
    });

    // Notices: the sandbox collects each order and signs its notice, as a provider would; 50 senders
    // post them over HTTP until all are answered.
    const payments = paymentsOf(app.ctx);
    const signed: { headers: Record<string, string>; body: string }[] = [];
    for (const { orderId } of created.slice(0, 5_000)) {
      const order = await payments.repo.order(orderId);
      if (!order) continue;
      const { transactionId, amount } = await payments.sandbox.collect(order);
      signed.push(
        payments.sandbox.notice({
          orderCode: order.orderCode,
          transactionId,
          amount,
          currency: order.currency,
          status: 'SUCCESS',
        }),
      );
    }
    let next = 0;
    const latencies: number[] = [];
    let noticeErrors = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: PAYERS }, async () => {
        for (let notice = signed[next++]; notice; notice = signed[next++]) {
          const t0 = performance.now();
          const response = await fetch(`${origin}/api/payment/notify/sandbox`, {
            method: 'POST',
            headers: notice.headers,
            body: notice.body,
          });
          await response.text();
          if (response.status === 200) latencies.push(performance.now() - t0);
          else noticeErrors += 1;
        }
      }),
    );
    const noticeSeconds = (performance.now() - started) / 1000;
    const credited = await app.ctx.db
      .selectFrom('paymentNotice')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(credited.n) !== latencies.length)
      process.stdout.write(`WARNING: ${latencies.length} notices answered, ${credited.n} credits stored\n`);
    return [
      figure(database, 'create order', orders.latencies, orders.errors, orders.elapsed),
      figure(database, 'notice (verify + credit)', latencies, noticeErrors, noticeSeconds),
    ];
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const figures = await measure('sqlite');
if (await reachable()) figures.push(...(await withPostgresSchema((schema) => measure('postgres', schema))));
else process.stdout.write(`PostgreSQL not reachable at ${PG_URL}; measured SQLite only\n`);

process.stdout.write(
  `\nOrders benchmark: ${PAYERS} concurrent payers, ${DURATION_S} s per step, ${os.cpus().length} cores\n`,
);
console.table(figures);
