import crypto from 'node:crypto';
import net from 'node:net';
import { deviceTopic } from '@coldchain/shared/device-protocol';
import { sql } from 'kysely';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../auth/passwords.ts';
import {
  type ServerProcess,
  type SharedDatabase,
  sharedDatabase,
  startServerProcess,
} from '../../ingest/server-process.ts';
import { createTestDevice, freePort } from '../../ingest/test-support.ts';
import { TEST_DIALECT } from '../../test/harness.ts';
import { newAccountRow, newProfileRow } from '../accounts/new-account.ts';
import { messageIdFor } from './notification-worker.ts';
import { enqueueNotifications, type NotificationIntent } from './outbox.ts';
import { type CapturingSmtp, startCapturingSmtp } from './test-support.ts';

const DEVICE_KEY = crypto.randomBytes(32).toString('hex');
const AUDIT_KEY = crypto.randomBytes(32).toString('hex');
/** Alarm e-mails whose sending is under way when the process dies. */
const IN_FLIGHT = 30;
/** Alarm e-mails committed after the process died, before any worker saw them. */
const UNSEEN = 20;

let database: SharedDatabase;
let smtpPort: number;
let smtp: CapturingSmtp | undefined;
const servers: ServerProcess[] = [];

/** An SMTP port that accepts connections and never greets: every send hangs until it times out. */
function startStallingServer(port: number) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  });
  return new Promise<{ connections: () => number; close: () => Promise<void> }>((resolve) =>
    server.listen(port, '127.0.0.1', () =>
      resolve({
        connections: () => sockets.size,
        close: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      }),
    ),
  );
}

const start = async () => {
  const server = await startServerProcess({
    DATABASE_URL: database.url,
    DEVICE_KEY,
    AUDIT_KEY,
    SEED_DEMO: 'false',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  });
  servers.push(server);
  return server;
};

beforeAll(async () => {
  database = await sharedDatabase();
  smtpPort = await freePort();
}, 60_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => (s.child.exitCode === null ? s.stop() : Promise.resolve())));
  await smtp?.close();
  await database?.drop();
}, 60_000);

describe('crash between raising an alarm and sending its e-mails', () => {
  it('delivers every committed notification exactly once after kill -9 and a restart', async () => {
    const stalling = await startStallingServer(smtpPort);
    const first = await start();
    const now = new Date().toISOString();
    await sql`
      insert into account (platform_id, user_name, password_hash, account_type, role_code, time_zone,
        temperature_unit, created_at, updated_at)
      select id, 'outbox_owner', 'x', 1, 'personalUser', 'UTC', 'C', ${now}, ${now} from platform
      where is_default = 1`.execute(database.db);
    const { guid } = await createTestDevice({ db: database.db, deviceKey: DEVICE_KEY });
    const device = await database.db
      .selectFrom('device')
      .selectAll()
      .where('deviceGuid', '=', guid)
      .executeTakeFirstOrThrow();

    /** What the alarm engine does: the alarm record and its notifications in one transaction. */
    const raise = (count: number, tag: string) =>
      database.db.transaction().execute(async (trx) => {
        const alarm = await trx
          .insertInto('alarmMessage')
          .values({
            platformId: device.platformId,
            accountId: device.accountId,
            deviceId: device.id,
            messageType: 'gradedAlarm',
            cause: 'high',
            state: 'untreated',
            newFlag: 1,
            createdAt: new Date().toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const intents: NotificationIntent[] = Array.from({ length: count }, (_, i) => ({
          platformId: device.platformId,
          accountId: device.accountId,
          deviceId: device.id,
          alarmMessageId: alarm.id,
          level: 1,
          kind: 'level',
          channel: 'email',
          recipientName: `Recipient ${i}`,
          phone: null,
          email: `${tag}-${i}@example.test`,
          subject: `Alarm ${tag} ${i}`,
          body: `Probe 1 above its upper limit (${tag} ${i})`,
          dedupeKey: `crash:${tag}:${alarm.id}:${i}`,
        }));
        await enqueueNotifications(trx, intents);
        return intents;
      });

    const inFlight = await raise(IN_FLIGHT, 'inflight');
    // The worker has claimed the rows and is waiting on the SMTP server when the process dies.
    await expect.poll(stalling.connections, { timeout: 10_000, interval: 50 }).toBeGreaterThan(0);
    const claimed = await database.db
      .selectFrom('notificationOutbox')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('state', '=', 'sending')
      .executeTakeFirstOrThrow();
    expect(Number(claimed.n)).toBe(IN_FLIGHT);
    await first.kill9();
    await stalling.close();

    const unseen = await raise(UNSEEN, 'unseen');
    smtp = await startCapturingSmtp(smtpPort);
    await start();

    const all = [...inFlight, ...unseen];
    // Rows the dead process held come back when their lease ends (DELIVERY_LEASE_MS).
    await expect
      .poll(() => smtp?.messages.length ?? 0, { timeout: 60_000, interval: 200 })
      .toBeGreaterThanOrEqual(all.length);
    await expect
      .poll(
        async () =>
          Number(
            (
              await database.db
                .selectFrom('notificationOutbox')
                .select((eb) => eb.fn.countAll<string | number>().as('n'))
                .where('state', '=', 'sent')
                .executeTakeFirstOrThrow()
            ).n,
          ),
        { timeout: 10_000, interval: 100 },
      )
      .toBe(all.length);

    const received = smtp.messages.map((m) => m.to.join(','));
    expect(received.length).toBe(all.length);
    expect(new Set(received).size).toBe(all.length);
    expect([...received].sort()).toEqual(all.map((i) => i.email).sort());
    for (const intent of all) {
      const mail = smtp.messages.find((m) => m.to.includes(intent.email ?? ''));
      expect(mail?.messageId).toBe(messageIdFor(intent.dedupeKey, 'coldchain.local'));
    }
    const records = await database.db
      .selectFrom('pushRecord')
      .select(['status', 'outboxId'])
      .where('channel', '=', 'email')
      .where('status', '=', 'sent')
      .execute();
    expect(records).toHaveLength(all.length);
    console.info(
      `delivery crash test (${TEST_DIALECT}): ${IN_FLIGHT} e-mails in flight and ${UNSEEN} never seen ` +
        'at kill -9, each delivered once after the restart',
    );
  }, 120_000);

  it('sends the e-mail of an alarm raised from an MQTT reading once, though the server died before sending it', async () => {
    // The previous test's server stops first: only the processes of this test send.
    await Promise.all(servers.map((s) => (s.child.exitCode === null ? s.stop() : Promise.resolve())));
    await smtp?.close();
    smtp = undefined;
    const stalling = await startStallingServer(smtpPort);
    const first = await start();
    const now = new Date().toISOString();
    const platform = await database.db
      .selectFrom('platform')
      .select('id')
      .where('isDefault', '=', 1)
      .executeTakeFirstOrThrow();
    const owner = await database.db
      .insertInto('account')
      .values(
        newAccountRow(
          {
            platformId: platform.id,
            userName: 'engine_crash_owner',
            passwordHash: await hashPassword('Crash@2026'),
            accountType: 1,
            roleCode: 'personalUser',
          },
          now,
        ),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto('userProfile')
      .values({ accountId: owner.id, ...newProfileRow(now) })
      .execute();
    const { guid, secret } = await createTestDevice({ db: database.db, deviceKey: DEVICE_KEY });
    const device = await database.db
      .updateTable('device')
      .set({ accountId: owner.id, upperLimit: 8, lowerLimit: 2 })
      .where('deviceGuid', '=', guid)
      .returningAll()
      .executeTakeFirstOrThrow();
    const api = async (
      server: ServerProcess,
      method: string,
      path: string,
      token: string | null,
      body: unknown,
    ) => {
      const response = await fetch(`http://127.0.0.1:${server.httpPort}/api${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
      return (await response.json()) as { code: number; msg: string; data: { token: string } };
    };
    const login = await api(first, 'POST', '/base/BaseAccount/login', null, {
      userName: 'engine_crash_owner',
      accountPassword: 'Crash@2026',
      loginType: 1,
    });
    expect(login.code).toBe(0);
    const recipient = 'engine-crash@example.test';
    const configured = await api(first, 'PUT', `/device/Device/pushConfig/${device.id}`, login.data.token, {
      alarmEnabled: 1,
      levels: [{ level: 1, delayMinutes: 0 }],
      recipients: [
        { name: 'Night shift', email: recipient, levels: [{ level: 1, channels: ['system', 'email'] }] },
      ],
      offlineTimeoutMinutes: null,
      repeatIntervalMinutes: null,
      warningEnabled: 0,
    });
    expect(configured.code).toBe(0);

    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${first.mqttPort}`, {
      clientId: `engine-crash-${guid}`,
      username: guid,
      password: secret,
      protocolVersion: 4,
      reconnectPeriod: 0,
    });
    const ts = Date.now() - 5_000;
    await client.publishAsync(
      deviceTopic(guid, 'telemetry'),
      JSON.stringify({
        records: [
          { ts: ts - 60_000, values: [{ kind: 'temperature', probe: 1, value: 5 }] },
          { ts, values: [{ kind: 'temperature', probe: 1, value: 12.5 }] },
        ],
      }),
      { qos: 1 },
    );
    await client.endAsync();
    // The alarm and its outbox rows are committed; the e-mail hangs on the stalled SMTP server.
    const outboxState = async () =>
      (
        await database.db
          .selectFrom('notificationOutbox')
          .select('state')
          .where('deviceId', '=', device.id)
          .where('channel', '=', 'email')
          .execute()
      ).map((r) => r.state);
    await expect.poll(outboxState, { timeout: 15_000, interval: 50 }).toEqual(['sending']);
    await first.kill9();
    await stalling.close();

    smtp = await startCapturingSmtp(smtpPort);
    await start();
    await expect.poll(outboxState, { timeout: 60_000, interval: 200 }).toEqual(['sent']);
    const mails = smtp.messages.filter((m) => m.to.includes(recipient));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('12.5');
    const alarms = await database.db
      .selectFrom('alarmMessage')
      .select('id')
      .where('deviceId', '=', device.id)
      .where('messageType', '=', 'gradedAlarm')
      .execute();
    expect(alarms).toHaveLength(1);
  }, 150_000);
});
