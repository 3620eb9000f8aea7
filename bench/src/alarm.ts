// `npm run bench:alarm`: reading-to-alarm and reading-to-e-mail latency on a real server process, on
// SQLite and (when reachable) PostgreSQL, while 1,000 device connections publish a steady 10,000
// readings/s over MQTT. Every ALARM_EVERY_MS one of the alarm devices publishes a probe temperature
// above its upper limit (level 1, delay 0, one recipient on the system and e-mail channels) and the
// clock starts at the publish:
// - alarm: until the live push `{type:'alarm'}` arrives on the owner's WebSocket (the engine sends it
//   after the alarm record commits); the time the record is first seen in the database is reported
//   beside it;
// - e-mail: until the SMTP server on loopback accepts the alarm e-mail (end of DATA).
// The device then publishes an in-range reading, which clears the alarm, before it is used again.
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { hashPassword } from '@coldchain/server/auth/passwords';
import { deviceSecret } from '@coldchain/server/ingest/device-credentials';
import {
  type SharedDatabase,
  sharedDatabase,
  startServerProcess,
} from '@coldchain/server/ingest/server-process';
import { freePort } from '@coldchain/server/ingest/test-support';
import { newAccountRow, newProfileRow } from '@coldchain/server/modules/accounts/new-account';
import { sql } from 'kysely';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import WebSocket from 'ws';
import { DeviceConnection, percentile, waitFor } from './alarm-load.ts';

const PG_URL = process.env.DATABASE_URL_TEST ?? 'postgres://postgres@127.0.0.1:5432/test';
const DEVICES = Number(process.env.BENCH_DEVICES ?? 1000);
const ALARM_DEVICES = Number(process.env.BENCH_ALARM_DEVICES ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const RATE = Number(process.env.BENCH_RATE ?? 10_000);
const ALARM_EVERY_MS = Number(process.env.BENCH_ALARM_EVERY_MS ?? 100);
const READINGS_PER_MESSAGE = 4;
const UPPER_LIMIT = 8;
const DEVICE_KEY = crypto.randomBytes(32).toString('hex');
const PASSWORD = 'Bench@2026';

interface Excursion {
  deviceId: number;
  publishedAt: number;
  alarmMs?: number;
  storedMs?: number;
  emailMs?: number;
}

/** A real SMTP server on loopback noting when each recipient's message was accepted. */
async function startSmtp(onAccepted: (to: string, at: number) => void) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // No reverse DNS lookup of 127.0.0.1 before the greeting.
    disableReverseLookup: true,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        const at = performance.now();
        for (const r of session.envelope.rcptTo) onAccepted(r.address, at);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

async function createFixtures(database: SharedDatabase) {
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
          userName: 'alarm_bench_owner',
          passwordHash: await hashPassword(PASSWORD),
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
  await sql`insert into device_type (type_name, type_code, type_scenes, created_at, updated_at)
    values ('Alarm bench logger', '8F03', '1', ${now}, ${now})`.execute(database.db);
  const prefix = `6${Date.now() % 100_000_000}`;
  const guids = Array.from(
    { length: DEVICES + ALARM_DEVICES },
    (_, i) => `${prefix}${String(i).padStart(5, '0')}`,
  );
  for (let i = 0; i < guids.length; i += 200) {
    const values = guids.slice(i, i + 200).map(
      (guid) => sql`(${platform.id}, ${owner.id}, ${guid}, ${`Bench ${guid.slice(-5)}`},
        (select id from device_type where type_code = '8F03'), 'enabled', 0, 'offline', 'UTC', 60, 60,
        '2099-01-01T00:00:00.000Z', '2099-04-01T00:00:00.000Z', ${UPPER_LIMIT}, -30, 0, ${now}, ${now})`,
    );
    await sql`insert into device (platform_id, account_id, device_guid, device_name, device_type_id, use_state,
        deleted_flag, status, time_zone, record_interval, upload_interval, service_expired_date, data_expired_date,
        upper_limit, lower_limit, alarm_delay, created_at, updated_at) values ${sql.join(values)}`.execute(
      database.db,
    );
  }
  const rows = await database.db
    .selectFrom('device')
    .select(['id', 'deviceGuid'])
    .where('deviceGuid', 'in', guids.slice(DEVICES))
    .execute();
  const alarmIds = new Map(rows.map((r) => [r.deviceGuid, r.id]));
  return { guids, background: guids.slice(0, DEVICES), alarm: guids.slice(DEVICES), alarmIds };
}

async function api<T>(
  port: number,
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`http://127.0.0.1:${port}/api${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      'accept-language': 'en-US',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const answer = (await response.json()) as { code: number; msg: string; data: T };
  if (answer.code !== 0) throw new Error(`${method} ${path}: ${answer.msg}`);
  return answer.data;
}

interface Figures {
  database: string;
  offeredReadingsPerSecond: number;
  achievedReadingsPerSecond: number;
  excursions: number;
  alarmP50Ms: number;
  alarmP99Ms: number;
  alarmSamples: number;
  storedP50Ms: number;
  storedP99Ms: number;
  emailP50Ms: number;
  emailP99Ms: number;
  emailSamples: number;
  /** delivery's own share: from the alarm record seen stored to the e-mail accepted */
  storedToEmailP50Ms: number;
  storedToEmailP99Ms: number;
}

async function measure(dialect: 'sqlite' | 'postgres'): Promise<Figures> {
  const byEmail = new Map<string, Excursion>();
  const smtp = await startSmtp((to, at) => {
    const excursion = byEmail.get(to);
    if (excursion && excursion.emailMs === undefined) excursion.emailMs = at - excursion.publishedAt;
  });
  const database = await sharedDatabase(dialect);
  const mqttPort = await freePort();
  const server = await startServerProcess({
    DATABASE_URL: database.url,
    MQTT_PORT: String(mqttPort),
    DEVICE_KEY,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'error',
    SMTP_URL: smtp.url,
  });
  if (process.env.BENCH_TRACE) server.child.stderr?.pipe(process.stderr);
  const connections: DeviceConnection[] = [];
  let socket: WebSocket | null = null;
  let polling = true;
  try {
    const fixtures = await createFixtures(database);
    const token = (
      await api<{ token: string }>(server.httpPort, 'POST', '/base/BaseAccount/login', null, {
        userName: 'alarm_bench_owner',
        accountPassword: PASSWORD,
        loginType: 1,
      })
    ).token;
    const emailOf = (deviceId: number) => `duty-${deviceId}@bench.test`;
    for (const deviceId of fixtures.alarmIds.values())
      await api(server.httpPort, 'PUT', `/device/Device/pushConfig/${deviceId}`, token, {
        alarmEnabled: 1,
        levels: [{ level: 1, delayMinutes: 0 }],
        recipients: [
          {
            name: 'Bench duty',
            email: emailOf(deviceId),
            levels: [{ level: 1, channels: ['system', 'email'] }],
          },
        ],
        offlineTimeoutMinutes: null,
        repeatIntervalMinutes: null,
        warningEnabled: 0,
      });

    // The owner's console: the live channel, subscribed to the alarm devices.
    const open = new Map<number, Excursion>();
    socket = new WebSocket(`ws://127.0.0.1:${server.httpPort}/api/ws`);
    const ws = socket;
    await new Promise<void>((resolve, reject) => {
      ws.once('error', reject);
      ws.on('message', (raw) => {
        const message = JSON.parse(String(raw)) as {
          type: string;
          data?: { deviceId?: number; state?: string };
        };
        if (message.type === 'ready')
          ws.send(JSON.stringify({ type: 'subscribe', deviceIds: [...fixtures.alarmIds.values()] }));
        else if (message.type === 'subscribed') resolve();
        else if (message.type === 'alarm' && message.data?.state === 'untreated') {
          const excursion = open.get(message.data.deviceId ?? -1);
          if (excursion && excursion.alarmMs === undefined)
            excursion.alarmMs = performance.now() - excursion.publishedAt;
        }
      });
      ws.once('open', () => ws.send(JSON.stringify({ type: 'auth', token })));
    });

    // The alarm record as stored: a light poll of the newest alarm messages.
    let lastSeenId = 0;
    const poll = (async () => {
      while (polling) {
        const rows = await database.db
          .selectFrom('alarmMessage')
          .select(['id', 'deviceId'])
          .where('id', '>', lastSeenId)
          .where('messageType', '=', 'gradedAlarm')
          .orderBy('id')
          .execute();
        const at = performance.now();
        for (const row of rows) {
          lastSeenId = Math.max(lastSeenId, row.id);
          const excursion = open.get(row.deviceId ?? -1);
          if (excursion && excursion.storedMs === undefined) excursion.storedMs = at - excursion.publishedAt;
        }
        await new Promise((r) => setTimeout(r, 5));
      }
    })();

    // Recent device times: a batch far in the past counts as a backfill, which raises no live alarm.
    const base = Date.now() - 60_000;
    const connect = async (guids: string[]) => {
      const made: DeviceConnection[] = [];
      for (let i = 0; i < guids.length; i += 100)
        made.push(
          ...(await Promise.all(
            guids
              .slice(i, i + 100)
              .map((g) => DeviceConnection.connect(mqttPort, g, deviceSecret(DEVICE_KEY, g, 0), base)),
          )),
        );
      connections.push(...made);
      return made;
    };
    const background = await connect(fixtures.background);
    const alarmDevices = await connect(fixtures.alarm);
    // One in-range reading per alarm device first, so each excursion starts from a known state.
    for (const c of alarmDevices) c.publish();

    const excursions: Excursion[] = [];
    const warmUpMs = 3_000;
    const messagesPerSecond = RATE / READINGS_PER_MESSAGE;
    const start = performance.now();
    let sent = 0;
    let cursor = 0;
    let nextAlarmAt = start + warmUpMs;
    let alarmCursor = 0;
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        const now = performance.now();
        const due = Math.floor(((now - start) / 1000) * messagesPerSecond);
        while (sent < due) {
          background[cursor]?.publish();
          cursor = (cursor + 1) % background.length;
          sent += 1;
        }
        // An excursion ends (in-range reading) once its alarm (live, or stored) and its e-mail were seen.
        for (const [deviceId, excursion] of open)
          if ((excursion.alarmMs ?? excursion.storedMs) !== undefined && excursion.emailMs !== undefined) {
            open.delete(deviceId);
            alarmDevices.find((c) => fixtures.alarmIds.get(c.guid) === deviceId)?.publish();
          }
        if (now >= nextAlarmAt && now < start + warmUpMs + SECONDS * 1000) {
          nextAlarmAt += ALARM_EVERY_MS;
          for (let tries = 0; tries < alarmDevices.length; tries += 1) {
            const c = alarmDevices[alarmCursor] as DeviceConnection;
            alarmCursor = (alarmCursor + 1) % alarmDevices.length;
            const deviceId = fixtures.alarmIds.get(c.guid) as number;
            if (open.has(deviceId)) continue;
            const excursion: Excursion = { deviceId, publishedAt: performance.now() };
            open.set(deviceId, excursion);
            byEmail.set(emailOf(deviceId), excursion);
            excursions.push(excursion);
            c.publish(UPPER_LIMIT + 12);
            break;
          }
        }
        if (now >= start + warmUpMs + SECONDS * 1000) {
          clearInterval(timer);
          resolve();
        }
      }, 5);
    });
    const elapsed = (performance.now() - start) / 1000;
    await waitFor(
      () => excursions.every((e) => (e.alarmMs ?? e.storedMs) !== undefined && e.emailMs !== undefined),
      15_000,
    );
    polling = false;
    await poll;
    if (process.env.BENCH_TRACE) {
      const kinds = await database.db
        .selectFrom('alarmMessage')
        .select(['messageType', (eb) => eb.fn.countAll<string | number>().as('n')])
        .groupBy('messageType')
        .execute();
      const outbox = await database.db
        .selectFrom('notificationOutbox')
        .select(['state', (eb) => eb.fn.countAll<string | number>().as('n')])
        .groupBy('state')
        .execute();
      const sent = await database.db
        .selectFrom('notificationOutbox')
        .select(['createdAt', 'sentAt'])
        .where('channel', '=', 'email')
        .execute();
      const waits = sent
        .filter((r) => r.sentAt)
        .map((r) => Date.parse(r.sentAt ?? '') - Date.parse(r.createdAt))
        .sort((a, b) => a - b);
      console.log('alarm messages by type:', kinds, 'outbox by state:', outbox);
      console.log('outbox row written to marked sent, ms (server clock):', waits.join(' '));
    }

    const sorted = (pick: (e: Excursion) => number | undefined) =>
      excursions
        .map(pick)
        .filter((v): v is number => v !== undefined)
        .sort((a, b) => a - b);
    const alarm = sorted((e) => e.alarmMs);
    const stored = sorted((e) => e.storedMs);
    const email = sorted((e) => e.emailMs);
    const handOver = sorted((e) =>
      e.emailMs !== undefined && e.storedMs !== undefined ? e.emailMs - e.storedMs : undefined,
    );
    return {
      database: dialect,
      offeredReadingsPerSecond: RATE,
      achievedReadingsPerSecond: Math.round((sent * READINGS_PER_MESSAGE) / elapsed),
      excursions: excursions.length,
      alarmP50Ms: round(percentile(alarm, 50)),
      alarmP99Ms: round(percentile(alarm, 99)),
      alarmSamples: alarm.length,
      storedP50Ms: round(percentile(stored, 50)),
      storedP99Ms: round(percentile(stored, 99)),
      emailP50Ms: round(percentile(email, 50)),
      emailP99Ms: round(percentile(email, 99)),
      emailSamples: email.length,
      storedToEmailP50Ms: round(percentile(handOver, 50)),
      storedToEmailP99Ms: round(percentile(handOver, 99)),
    };
  } finally {
    polling = false;
    socket?.close();
    for (const c of connections) c.close();
    await server.stop();
    await database.drop();
    await smtp.close();
  }
}

const round = (v: number) => Math.round(v * 10) / 10;

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** BENCH_DIALECT=sqlite or postgres runs one; by default both (PostgreSQL when reachable). */
const only = process.env.BENCH_DIALECT;
const results: Figures[] = [];
if (only !== 'postgres') results.push(await measure('sqlite'));
if (only !== 'sqlite' && (await postgresReachable())) results.push(await measure('postgres'));
console.table(results);
for (const r of results) {
  const live =
    r.alarmSamples > 0
      ? `reading→alarm (live push) p50 ${r.alarmP50Ms} ms, p99 ${r.alarmP99Ms} ms (target ≤ 100 ms, ${r.alarmSamples} alarms)`
      : 'no live alarm push arrived on the WebSocket';
  console.log(
    `${r.database} at ${r.achievedReadingsPerSecond} readings/s: ${live}; ` +
      `reading→alarm record stored p50 ${r.storedP50Ms} ms, p99 ${r.storedP99Ms} ms; ` +
      `reading→e-mail accepted by SMTP p50 ${r.emailP50Ms} ms, p99 ${r.emailP99Ms} ms ` +
      `(target ≤ 1000 ms, level-1 delay 0, ${r.emailSamples} e-mails of ${r.excursions} excursions); ` +
      `alarm stored→e-mail accepted p50 ${r.storedToEmailP50Ms} ms, p99 ${r.storedToEmailP99Ms} ms`,
  );
}
