// `npm run bench:ingest`: device ingest through the embedded MQTT broker of a real server process, on
// SQLite and (when reachable) PostgreSQL. 1,000 device connections publish QoS 1 telemetry and count
// a reading only when its PUBACK arrives, which the server sends after the commit. Two runs per
// database: as fast as the server acknowledges (sustained readings/s), then a fixed 10,000 readings/s
// with the PUBACK latency measured per publish.
//
// The load generator speaks MQTT with mqtt-packet on plain sockets (no client library), so that most
// of this 2-core machine's CPU is left to the server being measured.
import crypto from 'node:crypto';
import net from 'node:net';
import { deviceSecret } from '@coldchain/server/ingest/device-credentials';
import {
  type SharedDatabase,
  sharedDatabase,
  startServerProcess,
} from '@coldchain/server/ingest/server-process';
import { freePort } from '@coldchain/server/ingest/test-support';
import { deviceTopic } from '@coldchain/shared/device-protocol';
import { sql } from 'kysely';
import mqttPacket from 'mqtt-packet';
import pg from 'pg';

const PG_URL = process.env.DATABASE_URL_TEST ?? 'postgres://postgres@127.0.0.1:5432/test';
const DEVICES = Number(process.env.BENCH_DEVICES ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** QoS 1 publishes each connection keeps in flight in the throughput run. */
const WINDOW = Number(process.env.BENCH_WINDOW ?? 8);
/** Readings per message: one record of a two-probe logger (temperature and humidity of each). */
const READINGS_PER_MESSAGE = 4;
const LATENCY_RATE = Number(process.env.BENCH_LATENCY_RATE ?? 10_000);
const DEVICE_KEY = crypto.randomBytes(32).toString('hex');

interface Device {
  guid: string;
  secret: string;
}

/** One device connection: CONNECT, then QoS 1 PUBLISH with PUBACK timing. */
class Connection {
  private readonly socket: net.Socket;
  private readonly parser = mqttPacket.parser({ protocolVersion: 4 });
  private readonly sentAt = new Map<number, number>();
  private nextId = 1;
  /** messages published so far */
  seq = 0;
  inflight = 0;
  onAck: (latencyMs: number) => void = () => {};

  private constructor(
    socket: net.Socket,
    readonly device: Device,
    private readonly base: number,
  ) {
    this.socket = socket;
  }

  static connect(port: number, device: Device, base: number): Promise<Connection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ port, host: '127.0.0.1', noDelay: true });
      const connection = new Connection(socket, device, base);
      socket.once('error', reject);
      connection.parser.on('packet', (packet) => {
        if (packet.cmd === 'connack') {
          if (packet.returnCode === 0) resolve(connection);
          else reject(new Error(`CONNACK ${packet.returnCode} for ${device.guid}`));
        } else if (packet.cmd === 'puback' && packet.messageId !== undefined) {
          const sent = connection.sentAt.get(packet.messageId);
          connection.sentAt.delete(packet.messageId);
          connection.inflight -= 1;
          if (sent !== undefined) connection.onAck(performance.now() - sent);
        }
      });
      socket.on('data', (chunk) => connection.parser.parse(chunk));
      socket.write(
        mqttPacket.generate({
          cmd: 'connect',
          protocolId: 'MQTT',
          protocolVersion: 4,
          clean: true,
          clientId: `bench-${device.guid}`,
          keepalive: 60,
          username: device.guid,
          password: Buffer.from(device.secret),
        }),
      );
    });
  }

  publish(): void {
    const messageId = this.nextId;
    this.nextId = this.nextId === 65_535 ? 1 : this.nextId + 1;
    const ts = this.base + this.seq * 1000;
    this.seq += 1;
    const v = (this.seq % 50) / 10;
    const payload = `{"records":[{"ts":${ts},"values":[{"kind":"temperature","probe":1,"value":${4 + v}},{"kind":"humidity","probe":1,"value":${50 + v}},{"kind":"temperature","probe":2,"value":${-18 + v}},{"kind":"humidity","probe":2,"value":${40 + v}}]}]}`;
    this.inflight += 1;
    this.sentAt.set(messageId, performance.now());
    this.socket.write(
      mqttPacket.generate({
        cmd: 'publish',
        qos: 1,
        dup: false,
        retain: false,
        messageId,
        topic: deviceTopic(this.device.guid, 'telemetry'),
        payload,
      }),
    );
  }

  close(): void {
    this.socket.destroy();
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function createDevices(database: SharedDatabase): Promise<Device[]> {
  const now = new Date().toISOString();
  await sql`insert into account (platform_id, user_name, password_hash, account_type, role_code, time_zone,
      temperature_unit, created_at, updated_at)
    select id, 'bench_owner', 'x', 1, 'personalUser', 'UTC', 'C', ${now}, ${now} from platform where is_default = 1`.execute(
    database.db,
  );
  await sql`insert into device_type (type_name, type_code, type_scenes, created_at, updated_at)
    values ('Bench logger', '8F02', '1', ${now}, ${now})`.execute(database.db);
  const devices: Device[] = [];
  const prefix = `7${Date.now() % 100_000_000}`;
  for (let i = 0; i < DEVICES; i += 1) {
    const guid = `${prefix}${String(i).padStart(5, '0')}`;
    devices.push({ guid, secret: deviceSecret(DEVICE_KEY, guid, 0) });
  }
  for (let i = 0; i < devices.length; i += 200) {
    const values = devices.slice(i, i + 200).map(
      (
        d,
      ) => sql`((select id from platform where is_default = 1), (select id from account where user_name = 'bench_owner'),
        ${d.guid}, ${`Bench ${d.guid.slice(-5)}`}, (select id from device_type where type_code = '8F02'), 'enabled', 0,
        'offline', 'UTC', 60, 60, '2099-01-01T00:00:00.000Z', '2099-04-01T00:00:00.000Z', ${now}, ${now})`,
    );
    await sql`insert into device (platform_id, account_id, device_guid, device_name, device_type_id, use_state,
        deleted_flag, status, time_zone, record_interval, upload_interval, service_expired_date, data_expired_date,
        created_at, updated_at) values ${sql.join(values)}`.execute(database.db);
  }
  return devices;
}

interface Figures {
  database: string;
  connections: number;
  sustainedReadingsPerSecond: number;
  sustainedP99Ms: number;
  offeredReadingsPerSecond: number;
  achievedReadingsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  storedReadings: number;
  expectedReadings: number;
}

async function measure(dialect: 'sqlite' | 'postgres'): Promise<Figures> {
  const database = await sharedDatabase(dialect);
  const mqttPort = await freePort();
  const server = await startServerProcess({
    DATABASE_URL: database.url,
    MQTT_PORT: String(mqttPort),
    DEVICE_KEY,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'error',
  });
  if (process.env.BENCH_TRACE) server.child.stderr?.pipe(process.stderr);
  const connections: Connection[] = [];
  try {
    const devices = await createDevices(database);
    const base = Date.now() - 7 * 86_400_000;
    for (let i = 0; i < devices.length; i += 100) {
      const batch = devices.slice(i, i + 100);
      connections.push(...(await Promise.all(batch.map((d) => Connection.connect(mqttPort, d, base)))));
    }

    // Run 1: a fixed offered load, spread evenly over the connections, latency per publish.
    const latencies: number[] = [];
    let latencyAcked = 0;
    const start = performance.now();
    const slowBySecond = new Map<number, number>();
    const warmUpMs = 2_000;
    for (const c of connections) {
      c.onAck = (latency) => {
        // Publishes of the warm-up (JIT, first rows of every device and channel) are not counted.
        if (performance.now() - latency < start + warmUpMs) return;
        latencies.push(latency);
        latencyAcked += 1;
        if (process.env.BENCH_TRACE && latency > 50) {
          const second = Math.floor((performance.now() - latency - start - warmUpMs) / 1000);
          slowBySecond.set(second, (slowBySecond.get(second) ?? 0) + 1);
        }
      };
    }
    const messagesPerSecond = LATENCY_RATE / READINGS_PER_MESSAGE;
    const tickMs = 5;
    let sent = 0;
    let cursor = 0;
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        const due = Math.floor(((performance.now() - start) / 1000) * messagesPerSecond);
        while (sent < due) {
          const c = connections[cursor];
          cursor = (cursor + 1) % connections.length;
          c?.publish();
          sent += 1;
        }
        if (performance.now() - start >= warmUpMs + SECONDS * 1000) {
          clearInterval(timer);
          resolve();
        }
      }, tickMs);
    });
    const latencyElapsed = (performance.now() - start - warmUpMs) / 1000;
    if (process.env.BENCH_TRACE)
      console.log('publishes acknowledged after > 50 ms, by second sent:', slowBySecond);
    await waitFor(() => connections.every((c) => c.inflight === 0), 30_000);
    latencies.sort((a, b) => a - b);

    // Run 2: every connection keeps WINDOW publishes in flight; a new one goes out on each PUBACK.
    let acked = 0;
    let measuring = false;
    let running = true;
    const sustained: number[] = [];
    for (const c of connections) {
      c.onAck = (latency) => {
        if (measuring) {
          acked += 1;
          sustained.push(latency);
        }
        if (running) c.publish();
      };
    }
    for (const c of connections) for (let i = 0; i < WINDOW; i += 1) c.publish();
    await new Promise((r) => setTimeout(r, 2_000)); // warm-up
    measuring = true;
    const t0 = performance.now();
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    const elapsed = (performance.now() - t0) / 1000;
    measuring = false;
    running = false;
    const sustainedRate = (acked * READINGS_PER_MESSAGE) / elapsed;
    await waitFor(() => connections.every((c) => c.inflight === 0), 30_000);
    sustained.sort((a, b) => a - b);

    const count = await sql<{ n: string | number }>`select count(*) as n from reading`.execute(database.db);
    const publishedMessages = connections.reduce((n, c) => n + c.seq, 0);
    return {
      database: dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL',
      connections: connections.length,
      sustainedReadingsPerSecond: Math.round(sustainedRate),
      sustainedP99Ms: round(percentile(sustained, 99)),
      offeredReadingsPerSecond: LATENCY_RATE,
      achievedReadingsPerSecond: Math.round((latencyAcked * READINGS_PER_MESSAGE) / latencyElapsed),
      p50Ms: round(percentile(latencies, 50)),
      p99Ms: round(percentile(latencies, 99)),
      storedReadings: Number(count.rows[0]?.n ?? 0),
      expectedReadings: publishedMessages * READINGS_PER_MESSAGE,
    };
  } finally {
    for (const c of connections) c.close();
    await server.stop();
    await database.drop();
  }
}

const round = (ms: number) => Math.round(ms * 10) / 10;

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('publishes still unacknowledged');
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function postgresReachable(): Promise<boolean> {
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

const wanted = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',');
const figures: Figures[] = [];
if (wanted.includes('sqlite')) figures.push(await measure('sqlite'));
if (wanted.includes('postgres')) {
  if (await postgresReachable()) figures.push(await measure('postgres'));
  else console.log(`PostgreSQL not reachable at ${PG_URL}: skipped`);
}

console.log(
  `\nIngest through the embedded MQTT broker, QoS 1, PUBACK after commit; ${DEVICES} device connections, ` +
    `${READINGS_PER_MESSAGE} readings per message, ${SECONDS} s per run\n`,
);
console.table(
  figures.map((f) => ({
    database: f.database,
    connections: f.connections,
    'sustained readings/s': f.sustainedReadingsPerSecond,
    'sustained PUBACK p99 ms': f.sustainedP99Ms,
    'offered readings/s': f.offeredReadingsPerSecond,
    'achieved readings/s': f.achievedReadingsPerSecond,
    'PUBACK p50 ms': f.p50Ms,
    'PUBACK p99 ms': f.p99Ms,
    'stored = published':
      f.storedReadings === f.expectedReadings ? 'yes' : `${f.storedReadings} of ${f.expectedReadings}`,
  })),
);
for (const f of figures) {
  const target = f.database === 'SQLite' ? 30_000 : 15_000;
  console.log(
    `${f.database}: ${f.sustainedReadingsPerSecond} readings/s sustained (target ${target}); ` +
      `PUBACK p50 ${f.p50Ms} ms, p99 ${f.p99Ms} ms at ${f.offeredReadingsPerSecond}/s (target p99 <= 50 ms)`,
  );
}
