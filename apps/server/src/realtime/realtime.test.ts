import crypto from 'node:crypto';
import net from 'node:net';
import type { LiveServerMessage } from '@coldchain/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../app.ts';
import { createDb } from '../db/create-db.ts';
import { createOwnedDevice } from '../history/test-support.ts';
import { translatorFor } from '../i18n/i18n.ts';
import type { ReadingsCommitted } from '../telemetry/telemetry-events.ts';
import { createAccount } from '../test/factories.ts';
import { createTestApp, login, PG_TEST_URL, TEST_DIALECT, type TestApp } from '../test/harness.ts';
import { LocalFanout } from './fanout.ts';
import { CLOSE_SLOW_CONSUMER, CLOSE_UNAUTHENTICATED, LiveHub, type LiveSocket } from './live-hub.ts';

const REDIS_URL = process.env.REDIS_URL_TEST ?? 'redis://127.0.0.1:6379';
const CI = process.env.CI === 'true' || process.env.CI === '1';

function redisReachable(): Promise<boolean> {
  const { hostname, port } = new URL(REDIS_URL);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}
const redisUp = await redisReachable();

/** A WebSocket client that keeps every message and waits for the ones a test expects. */
class Client {
  readonly messages: LiveServerMessage[] = [];
  closed: { code: number; reason: string } | null = null;
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => this.messages.push(JSON.parse(String(data)) as LiveServerMessage));
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: String(reason) };
    });
  }

  static async open(address: string): Promise<Client> {
    const ws = new WebSocket(`${address.replace(/^http/, 'ws')}/api/ws`, {
      headers: { 'accept-language': 'en-US' },
    });
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    return new Client(ws);
  }

  send(message: unknown) {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  async next<T extends LiveServerMessage['type']>(type: T, timeoutMs = 3000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.messages.findIndex((m) => m.type === type);
      if (index >= 0) return this.messages.splice(index, 1)[0] as Extract<LiveServerMessage, { type: T }>;
      if (Date.now() > deadline) throw new Error(`no ${type} message; got ${JSON.stringify(this.messages)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  async closedWith(timeoutMs = 3000) {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    return this.closed;
  }

  async ready(token: string) {
    this.send({ type: 'auth', token });
    return this.next('ready');
  }
}

function readings(
  device: { id: number; deviceGuid: string },
  owner: { id: number; platformId: number },
  ts: number,
  value: number,
): ReadingsCommitted {
  return {
    deviceId: device.id,
    deviceGuid: device.deviceGuid,
    platformId: owner.platformId,
    accountId: owner.id,
    readings: [{ channel: 101, ts, value }],
    receivedAt: ts,
    backfill: false,
  };
}

describe('live channel', () => {
  let t: TestApp;
  let address: string;
  let token: string;
  let owner: { id: number; platformId: number };
  let device: { id: number; deviceGuid: string };
  let foreign: { id: number; deviceGuid: string };
  const clients: Client[] = [];
  const open = async () => {
    const client = await Client.open(address);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const a = await createAccount(t.app);
    owner = a.account;
    token = await login(t.app, a.account.userName, a.password);
    device = await createOwnedDevice(t.app, owner, { correctionValue: 0.5 });
    foreign = await createOwnedDevice(t.app, (await createAccount(t.app)).account);
    address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const c of clients) c.ws.terminate();
    await t.close();
  });

  it('pushes new readings and state changes of subscribed devices only', async () => {
    const client = await open();
    expect((await client.ready(token)).accountId).toBe(owner.id);
    client.send({ type: 'subscribe', deviceIds: [device.id, foreign.id, 987_654] });
    expect(await client.next('subscribed')).toEqual({
      type: 'subscribed',
      deviceIds: [device.id],
      denied: [foreign.id, 987_654],
    });

    const events = t.app.ctx.telemetryEvents;
    events.safeEmit('readings', readings(foreign, owner, 1_000, 9));
    events.safeEmit('readings', readings(device, owner, 2_000, 4.1));
    // Shown as HTTP shows it: with the device's correction (+0.5).
    expect(await client.next('readings')).toEqual({
      type: 'readings',
      deviceId: device.id,
      readings: [{ channel: 101, ts: 2_000, value: 4.6 }],
    });
    events.safeEmit('deviceState', {
      deviceId: device.id,
      deviceGuid: device.deviceGuid,
      platformId: owner.platformId,
      accountId: owner.id,
      lastSeenAt: '2026-01-01T00:00:00.000Z',
      status: 'offline',
      battery: 80,
      signal: null,
      latitude: null,
      longitude: null,
    });
    expect(await client.next('status')).toMatchObject({
      deviceId: device.id,
      status: 'offline',
      battery: 80,
    });
    expect(client.messages).toEqual([]);

    client.send({ type: 'unsubscribe', deviceIds: [device.id] });
    expect(await client.next('unsubscribed')).toEqual({ type: 'unsubscribed', deviceIds: [device.id] });
    events.safeEmit('readings', readings(device, owner, 3_000, 5));
    client.send({ type: 'ping' });
    await client.next('pong');
    expect(client.messages).toEqual([]);
  });

  it('takes the token only in the first message and closes unauthenticated sockets', async () => {
    const early = await open();
    early.send({ type: 'subscribe', deviceIds: [device.id] });
    expect(await early.next('error')).toMatchObject({ code: 401, msg: 'Please log in' });
    expect((await early.closedWith())?.code).toBe(CLOSE_UNAUTHENTICATED);

    const wrong = await open();
    wrong.send({ type: 'auth', token: 'not-a-token' });
    expect(await wrong.next('error')).toMatchObject({ code: 401 });
    expect((await wrong.closedWith())?.code).toBe(CLOSE_UNAUTHENTICATED);

    const garbage = await open();
    garbage.send('{nonsense');
    expect((await garbage.closedWith())?.code).toBe(CLOSE_UNAUTHENTICATED);

    const bad = await open();
    await bad.ready(token);
    bad.send({ type: 'subscribe', deviceIds: ['x'] });
    expect(await bad.next('error')).toMatchObject({ code: 1002 });
    bad.send({ type: 'subscribe', deviceIds: [device.id] });
    expect((await bad.next('subscribed')).deviceIds).toEqual([device.id]);
  });
});

/** A socket stand-in for the hub's own rules. */
class FakeSocket implements LiveSocket {
  readyState = 1;
  bufferedAmount = 0;
  sent: LiveServerMessage[] = [];
  closedWith: number | null = null;
  private handlers: { message: ((data: Buffer, binary: boolean) => void)[]; close: (() => void)[] } = {
    message: [],
    close: [],
  };
  send(data: string) {
    this.sent.push(JSON.parse(data) as LiveServerMessage);
  }
  close(code?: number) {
    this.closedWith = code ?? 1000;
    this.readyState = 3;
    for (const h of this.handlers.close) h();
  }
  on(event: 'message' | 'close', listener: never) {
    (this.handlers[event] as unknown[]).push(listener);
    return this;
  }
  receive(message: unknown) {
    for (const h of this.handlers.message) h(Buffer.from(JSON.stringify(message)), false);
  }
}

describe('live hub rules', () => {
  const silent = { warn: () => {}, debug: () => {} } as unknown as FastifyBaseLogger;
  const device = {
    id: 1,
    platformId: 1,
    accountId: 7,
    organizationId: null,
    deviceTypeId: 1,
    deviceGuid: '1',
    deviceName: 'x',
    status: 'online',
    timeZone: 'UTC',
    upperLimit: 8,
    lowerLimit: 2,
    correctionValue: null,
    lastSeenAt: null,
  };
  const caller = {
    accountId: 7,
    userName: 'u',
    platformId: 1,
    platformIsDefault: true,
    permissions: ['device.list:query'],
    temperatureUnit: 'F',
    sourceIp: null,
  };
  const settle = () => new Promise((r) => setTimeout(r, 20));

  it('closes a socket whose session ended, drops devices it may no longer see, and times out silence', async () => {
    let alive = true;
    let owner = 7;
    const hub = new LiveHub(
      new LocalFanout(),
      {
        load: async (ids) =>
          ids.includes(1) ? [{ device: { ...device, accountId: owner }, probes: [] }] : [],
        typeProbeParams: async () => [],
      },
      silent,
      { authTimeoutMs: 50, checkMs: 30 },
    );
    const sessions = {
      authenticate: async () => caller,
      alive: async () => alive,
      refresh: async () => caller,
    };
    const t = translatorFor('en-US');
    const socket = new FakeSocket();
    hub.accept(socket, t, sessions);
    socket.receive({ type: 'auth', token: 'x' });
    socket.receive({ type: 'subscribe', deviceIds: [1] });
    await settle();
    hub.publish({ type: 'readings', deviceId: 1, readings: [{ channel: 101, ts: 1, value: 10 }] });
    // The account shows Fahrenheit.
    expect(socket.sent.at(-1)).toEqual({
      type: 'readings',
      deviceId: 1,
      readings: [{ channel: 101, ts: 1, value: 50 }],
    });

    owner = 8;
    await new Promise((r) => setTimeout(r, 60));
    expect(socket.sent.at(-1)).toEqual({ type: 'unsubscribed', deviceIds: [1] });
    alive = false;
    await new Promise((r) => setTimeout(r, 60));
    expect(socket.sent.at(-1)).toMatchObject({ type: 'error', code: 2010 });
    expect(socket.closedWith).toBe(CLOSE_UNAUTHENTICATED);

    const silentSocket = new FakeSocket();
    hub.accept(silentSocket, t, sessions);
    await new Promise((r) => setTimeout(r, 80));
    expect(silentSocket.closedWith).toBe(CLOSE_UNAUTHENTICATED);
    await hub.close();
  });

  it('drops a client that does not read instead of buffering without bound', async () => {
    const hub = new LiveHub(
      new LocalFanout(),
      { load: async () => [{ device, probes: [] }], typeProbeParams: async () => [] },
      silent,
    );
    const socket = new FakeSocket();
    hub.accept(socket, translatorFor('en-US'), {
      authenticate: async () => caller,
      alive: async () => true,
      refresh: async () => caller,
    });
    socket.receive({ type: 'auth', token: 'x' });
    socket.receive({ type: 'subscribe', deviceIds: [1] });
    await settle();
    socket.bufferedAmount = 64 * 1024 * 1024;
    hub.publish({ type: 'readings', deviceId: 1, readings: [{ channel: 101, ts: 1, value: 1 }] });
    expect(socket.closedWith).toBe(CLOSE_SLOW_CONSUMER);
    expect(hub.connections).toBe(0);
    await hub.close();
  });
});

/**
 * On PostgreSQL, test files create, migrate and drop schemas in turns (the harness's advisory lock):
 * migrations introspect the catalogue, which fails while another file drops its schema.
 */
async function whileMigrationsTakeTurns<T>(fn: () => Promise<T>): Promise<T> {
  if (TEST_DIALECT !== 'postgres') return fn();
  const admin = new pg.Client({ connectionString: PG_TEST_URL });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock(727274)');
    return await fn();
  } finally {
    await admin.end();
  }
}

describe.skipIf(!redisUp && !CI)('live fan-out between nodes over Redis', () => {
  let t: TestApp;
  let second: FastifyInstance;
  let addresses: string[];
  const clients: Client[] = [];

  beforeAll(async () => {
    const env = { REDIS_URL, REDIS_PREFIX: `test-${crypto.randomBytes(4).toString('hex')}:` };
    t = await createTestApp({ env });
    // A second node on the same database and the same Redis.
    const db =
      TEST_DIALECT === 'postgres'
        ? createDb(PG_TEST_URL, { schema: t.where, poolSize: 2 })
        : createDb(t.where);
    second = await whileMigrationsTakeTurns(() => buildApp(t.config, { web: false, db }));
    addresses = [
      await t.app.listen({ port: 0, host: '127.0.0.1' }),
      await second.listen({ port: 0, host: '127.0.0.1' }),
    ];
  });
  afterAll(async () => {
    for (const c of clients) c.ws.terminate();
    await second?.close();
    await t?.close();
  });

  it('delivers a reading ingested on one node to sockets on both, once each', async () => {
    const a = await createAccount(t.app);
    const token = await login(t.app, a.account.userName, a.password);
    const device = await createOwnedDevice(t.app, a.account);
    const [onFirst, onSecond] = await Promise.all(addresses.map((address) => Client.open(address)));
    if (!onFirst || !onSecond) throw new Error('sockets not open');
    clients.push(onFirst, onSecond);
    for (const client of [onFirst, onSecond]) {
      await client.ready(token);
      client.send({ type: 'subscribe', deviceIds: [device.id] });
      expect((await client.next('subscribed')).deviceIds).toEqual([device.id]);
    }
    t.app.ctx.telemetryEvents.safeEmit('readings', readings(device, a.account, 5_000, 3.5));
    const expected = {
      type: 'readings',
      deviceId: device.id,
      readings: [{ channel: 101, ts: 5_000, value: 3.5 }],
    };
    expect(await onSecond.next('readings')).toEqual(expected);
    expect(await onFirst.next('readings')).toEqual(expected);
    // And the other way round.
    second.ctx.telemetryEvents.safeEmit('readings', readings(device, a.account, 6_000, 3.6));
    expect((await onFirst.next('readings')).readings[0]?.ts).toBe(6_000);
    expect((await onSecond.next('readings')).readings[0]?.ts).toBe(6_000);
    await new Promise((r) => setTimeout(r, 100));
    expect([...onFirst.messages, ...onSecond.messages]).toEqual([]);
  });
});
