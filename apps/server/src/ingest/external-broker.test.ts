import crypto from 'node:crypto';
import net from 'node:net';
import { deviceTopic } from '@coldchain/shared/device-protocol';
import { sql } from 'kysely';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ServerProcess,
  type SharedDatabase,
  sharedDatabase,
  startServerProcess,
} from './server-process.ts';
import { createTestDevice, records } from './test-support.ts';

/** The real Mosquitto of this machine (anonymous access on loopback). */
const MOSQUITTO_URL = process.env.MQTT_URL_TEST ?? 'mqtt://127.0.0.1:1883';
const DEVICE_KEY = crypto.randomBytes(32).toString('hex');
const AUDIT_KEY = crypto.randomBytes(32).toString('hex');
const GROUP = `test${crypto.randomBytes(4).toString('hex')}`;

/** Without a broker the test is skipped, except in CI (CI=true), where a missing one must fail. */
const ci = process.env.CI === 'true' || process.env.CI === '1';
const brokerUp = await new Promise<boolean>((resolve) => {
  const url = new URL(MOSQUITTO_URL);
  const socket = net.connect(Number(url.port || 1883), url.hostname);
  socket.once('connect', () => {
    socket.destroy();
    resolve(true);
  });
  socket.once('error', () => resolve(false));
});
const run = brokerUp || ci;

let database: SharedDatabase;
const nodes: ServerProcess[] = [];

function startNode(name: string) {
  return startServerProcess({
    DATABASE_URL: database.url,
    MQTT_URL: MOSQUITTO_URL,
    MQTT_SHARED_GROUP: GROUP,
    MQTT_CLIENT_ID: `${GROUP}-${name}`,
    DEVICE_KEY,
    AUDIT_KEY,
    DEMO_PASSWORD: 'Demo@2026',
  });
}

beforeAll(async () => {
  if (!run) return;
  database = await sharedDatabase();
  nodes.push(await startNode('a'));
  nodes.push(await startNode('b'));
}, 120_000);

afterAll(async () => {
  await Promise.all(nodes.map((n) => n.stop()));
  await database?.drop();
}, 60_000);

async function status(node: ServerProcess): Promise<{ mode: string; messages: number }> {
  const base = `http://127.0.0.1:${node.httpPort}/api`;
  const login = await fetch(`${base}/base/BaseAccount/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: 'demo_operator', accountPassword: 'Demo@2026', loginType: 1 }),
  }).then((r) => r.json() as Promise<{ msg: string; data: { token: string } | null }>);
  if (!login.data) throw new Error(`demo_operator login failed: ${login.msg}`);
  const answer = await fetch(`${base}/mqtt-broker/transport/service/status`, {
    headers: { authorization: `Bearer ${login.data.token}` },
  }).then((r) => r.json() as Promise<{ data: { mode: string; messages: number } }>);
  return answer.data;
}

describe.runIf(run)('external broker with two server nodes', () => {
  it('shares ingest through a shared subscription and stores each reading once', async () => {
    const devices = [];
    for (let i = 0; i < 8; i += 1)
      devices.push(await createTestDevice({ db: database.db, deviceKey: DEVICE_KEY }));
    const clients: MqttClient[] = await Promise.all(
      devices.map((d) =>
        mqtt.connectAsync(MOSQUITTO_URL, {
          clientId: `${GROUP}-dev-${d.guid}`,
          protocolVersion: 5,
          reconnectPeriod: 0,
        }),
      ),
    );
    // The nodes' counters include what they took in before (the demo's history, seeded on start);
    // read one node after the other, as below.
    const before = [];
    for (const node of nodes) before.push(await status(node));
    try {
      const end = Date.now() - 60_000;
      const publishes: Promise<unknown>[] = [];
      for (const [i, d] of devices.entries()) {
        const all = records(60, end - i * 1000);
        const client = clients[i];
        if (!client) continue;
        for (let k = 0; k < all.length; k += 3) {
          const payload = JSON.stringify({ records: all.slice(k, k + 3) });
          publishes.push(client.publishAsync(deviceTopic(d.guid, 'telemetry'), payload, { qos: 1 }));
          // Every message twice, as after a lost PUBACK.
          publishes.push(client.publishAsync(deviceTopic(d.guid, 'telemetry'), payload, { qos: 1 }));
        }
      }
      await Promise.all(publishes);
      const expected = devices.length * 60 * 2;
      const ids = devices.map((d) => d.id);
      const stored = async () => {
        const row = await database.db
          .selectFrom('reading')
          .select(sql<number>`count(*)`.as('n'))
          .where('deviceId', 'in', ids)
          .executeTakeFirstOrThrow();
        return Number(row.n);
      };
      await expect.poll(stored, { timeout: 20_000, interval: 200 }).toBe(expected);
      // Nothing more arrives later: each reading is there exactly once (the primary key forbids twice).
      await new Promise((r) => setTimeout(r, 500));
      expect(await stored()).toBe(expected);
      // One after the other: two processes signing in at once on one SQLite file race for the audit chain.
      const a = nodes[0] && (await status(nodes[0]));
      const b = nodes[1] && (await status(nodes[1]));
      expect(a?.mode).toBe('external');
      // Both nodes took part: 8 devices x 40 messages went to one node or the other.
      const tookA = (a?.messages ?? 0) - (before[0]?.messages ?? 0);
      const tookB = (b?.messages ?? 0) - (before[1]?.messages ?? 0);
      expect(tookA + tookB).toBe(devices.length * 40);
      expect(tookA).toBeGreaterThan(0);
      expect(tookB).toBeGreaterThan(0);
      const online = async () => {
        const rows = await database.db.selectFrom('device').select('status').where('id', 'in', ids).execute();
        return rows.filter((d) => d.status === 'online').length;
      };
      await expect.poll(online, { timeout: 5_000 }).toBe(devices.length);
    } finally {
      await Promise.all(clients.map((c) => c.endAsync()));
    }
  });
});
