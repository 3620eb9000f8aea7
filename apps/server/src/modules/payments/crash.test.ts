import crypto from 'node:crypto';
import { PAY_STATUS_PAID, PAY_STATUS_UNPAID } from '@coldchain/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../clock.ts';
import {
  type ServerProcess,
  type SharedDatabase,
  sharedDatabase,
  startServerProcess,
} from '../../ingest/server-process.ts';
import { createTestDevice } from '../../ingest/test-support.ts';
import { TEST_DIALECT } from '../../test/harness.ts';
import { newOrderCode } from './order-creation.ts';
import { deriveKey } from './provider-keys.ts';
import { SandboxProvider } from './providers/sandbox.ts';

const PAYMENT_KEY = crypto.randomBytes(32).toString('hex');
const DEVICE_KEY = crypto.randomBytes(32).toString('hex');
const AUDIT_KEY = crypto.randomBytes(32).toString('hex');
/** Orders whose notices are in flight when the process dies. */
const ORDERS = 60;
const SMS = 10;

let database: SharedDatabase;
const servers: ServerProcess[] = [];

const start = async () => {
  const server = await startServerProcess({
    DATABASE_URL: database.url,
    PAYMENT_KEY,
    DEVICE_KEY,
    AUDIT_KEY,
    SEED_DEMO: 'false',
  });
  servers.push(server);
  return server;
};

beforeAll(async () => {
  database = await sharedDatabase();
}, 60_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => (s.child.exitCode === null ? s.stop() : Promise.resolve())));
  await database?.drop();
}, 60_000);

/** Unpaid SMS orders of one device each, written as order creation writes them. */
async function unpaidOrders(tag: string) {
  const db = database.db;
  const orders: { id: number; orderCode: string; deviceId: number }[] = [];
  for (let i = 0; i < ORDERS; i += 1) {
    const { guid } = await createTestDevice({ db, deviceKey: DEVICE_KEY });
    const device = await db
      .selectFrom('device')
      .select(['id', 'platformId', 'accountId', 'deviceName', 'deviceGuid'])
      .where('deviceGuid', '=', guid)
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const order = await db
      .insertInto('payOrder')
      .values({
        orderCode: `${newOrderCode(new Date()).slice(0, 14)}${tag}${String(i).padStart(3, '0')}`,
        platformId: device.platformId,
        accountId: device.accountId,
        kind: 'sms',
        payType: 1,
        payStatus: PAY_STATUS_UNPAID,
        orderFee: 100,
        payFee: 100,
        currency: 'CNY',
        levelId: null,
        levelName: null,
        levelYearId: null,
        servicePackageId: null,
        activityId: null,
        smsPackageId: null,
        voicePackageId: null,
        smsCount: SMS,
        countryCode: '86',
        simIccid: null,
        creditPayload: null,
        billId: null,
        orderDescription: 'SMS',
        provider: 'sandbox',
        payToken: crypto.randomBytes(24).toString('base64url'),
        requestHash: null,
        transactionId: null,
        paymentPlatformId: null,
        createdAt: now,
        updatedAt: now,
        paidAt: null,
        refundedAt: null,
        closedAt: null,
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      })
      .returning(['id', 'orderCode'])
      .executeTakeFirstOrThrow();
    await db
      .insertInto('payOrderDevice')
      .values({
        orderId: order.id,
        deviceId: device.id,
        deviceName: device.deviceName,
        deviceGuid: device.deviceGuid,
        unitFee: 100,
      })
      .execute();
    orders.push({ ...order, deviceId: device.id });
  }
  return orders;
}

describe('kill -9 between the credit and its reply', () => {
  it('leaves exactly one credit per payment once the provider resends after the restart', async () => {
    const db = database.db;
    let server = await start();
    const now = new Date().toISOString();
    await sql`
      insert into account (platform_id, user_name, password_hash, account_type, role_code, time_zone,
        temperature_unit, created_at, updated_at)
      select id, 'payment_owner', 'x', 1, 'personalUser', 'UTC', 'C', ${now}, ${now} from platform
      where is_default = 1`.execute(db);
    // The provider's side: the same signing key the server derives from PAYMENT_KEY.
    const provider = new SandboxProvider(db, systemClock, deriveKey(PAYMENT_KEY, 'sandbox-notices'));
    const send = (port: number, notice: { headers: Record<string, string>; body: string }) =>
      fetch(`http://127.0.0.1:${port}/api/payment/notify/sandbox`, {
        method: 'POST',
        headers: notice.headers,
        body: notice.body,
      }).then(
        (response) => response.status,
        () => 0,
      );
    const committed = async (ids: number[]) =>
      Number(
        (
          await db
            .selectFrom('paymentNotice')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('orderId', 'in', ids)
            .executeTakeFirstOrThrow()
        ).n,
      );

    const all: Awaited<ReturnType<typeof unpaidOrders>> = [];
    let lostReplies = 0;
    // Rounds until a crash lands after some credits and before their answers (each round a fresh process).
    for (let round = 0; round < 6 && lostReplies === 0; round += 1) {
      const orders = await unpaidOrders(`R${round}`);
      all.push(...orders);
      const ids = orders.map((o) => o.id);
      const notices = orders.map((order) =>
        provider.notice({
          orderCode: order.orderCode,
          transactionId: `SBXCRASH${order.orderCode}`,
          amount: 100,
          currency: 'CNY',
          status: 'SUCCESS',
        }),
      );
      // Every notice at once. The process is frozen (SIGSTOP) again and again while it credits; when a
      // freeze finds more credits committed than answers that reached the provider, it is killed there.
      let answered = 0;
      const replies = notices.map((notice) =>
        send(server.httpPort, notice).then((status) => {
          if (status === 200) answered += 1;
          return status;
        }),
      );
      const pid = server.child.pid ?? 0;
      const deadline = Date.now() + 60_000;
      let caught = false;
      while (Date.now() < deadline) {
        process.kill(pid, 'SIGSTOP');
        // Answers already written by the process still arrive while it is frozen.
        await new Promise((r) => setTimeout(r, 40));
        const credited = await committed(ids);
        if (credited > answered) {
          caught = true;
          break;
        }
        process.kill(pid, 'SIGCONT');
        if (credited === ids.length) break;
        await new Promise((r) => setTimeout(r, Math.random() * 3));
      }
      await server.kill9();
      await Promise.all(replies);
      const credited = await committed(ids);
      if (caught) lostReplies += credited - answered;

      server = await start();
      // The provider resends every notice it has no answer to (here: all of them, twice).
      for (const notice of [...notices, ...notices]) expect(await send(server.httpPort, notice)).toBe(200);
    }
    // Credits whose answer never left the process: the case under test happened.
    expect(lostReplies).toBeGreaterThan(0);
    expect(await committed(all.map((o) => o.id))).toBe(all.length);
    const rows = await db
      .selectFrom('payOrder')
      .innerJoin('payOrderDevice', 'payOrderDevice.orderId', 'payOrder.id')
      .innerJoin('device', 'device.id', 'payOrderDevice.deviceId')
      .select(['payOrder.payStatus', 'device.smsCount'])
      .where(
        'payOrder.id',
        'in',
        all.map((o) => o.id),
      )
      .execute();
    expect(rows).toHaveLength(all.length);
    for (const row of rows) expect(row).toEqual({ payStatus: PAY_STATUS_PAID, smsCount: SMS });
    if (TEST_DIALECT === 'sqlite') {
      const check = await sql<Record<string, string>>`pragma integrity_check`.execute(db);
      expect(Object.values(check.rows[0] ?? {})).toEqual(['ok']);
    }
  }, 300_000);
});
