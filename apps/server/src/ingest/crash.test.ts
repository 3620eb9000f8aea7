import crypto from 'node:crypto';
import { deviceTopic } from '@coldchain/shared/device-protocol';
import { sql } from 'kysely';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT } from '../test/harness.ts';
import {
  type ServerProcess,
  type SharedDatabase,
  sharedDatabase,
  startServerProcess,
} from './server-process.ts';
import { createTestDevice, freePort } from './test-support.ts';

const DEVICE_KEY = crypto.randomBytes(32).toString('hex');
const AUDIT_KEY = crypto.randomBytes(32).toString('hex');
const DEVICES = 20;
/** Publishes each device keeps in flight. */
const WINDOW = 8;

let database: SharedDatabase;
let mqttPort: number;
const servers: ServerProcess[] = [];

const start = async () => {
  const server = await startServerProcess({
    DATABASE_URL: database.url,
    MQTT_PORT: String(mqttPort),
    DEVICE_KEY,
    AUDIT_KEY,
    SEED_DEMO: 'false',
  });
  servers.push(server);
  return server;
};

beforeAll(async () => {
  database = await sharedDatabase();
  mqttPort = await freePort();
}, 60_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => (s.child.exitCode === null ? s.stop() : Promise.resolve())));
  await database?.drop();
}, 60_000);

describe('crash during QoS 1 ingest', () => {
  it('keeps every acknowledged reading after kill -9, and stores none twice', async () => {
    const first = await start();
    // The first server created the schema; devices and an owner go straight into the database.
    const now = new Date().toISOString();
    const owner = await sql<{ id: number }>`
      insert into account (platform_id, user_name, password_hash, account_type, role_code, time_zone,
        temperature_unit, created_at, updated_at)
      select id, 'crash_owner', 'x', 1, 'personalUser', 'UTC', 'C', ${now}, ${now} from platform
      where is_default = 1 returning id`.execute(database.db);
    expect(owner.rows).toHaveLength(1);
    const devices = [];
    for (let i = 0; i < DEVICES; i += 1)
      devices.push(await createTestDevice({ db: database.db, deviceKey: DEVICE_KEY }));

    const base = Date.now() - 3_600_000;
    const acked = new Set<string>();
    const published = new Set<string>();
    let ackedBeforeCrash = new Set<string>();
    let crashed = false;
    const clients: MqttClient[] = [];
    let stopPublishing = false;

    const runDevice = (d: { guid: string; secret: string }, client: MqttClient) => {
      let next = 0;
      let inflight = 0;
      const pump = () => {
        while (!stopPublishing && inflight < WINDOW) {
          const k = next;
          next += 1;
          inflight += 1;
          const ts = base + k * 1000;
          const key = `${d.guid}:${ts}`;
          published.add(key);
          const payload = JSON.stringify({
            records: [{ ts, values: [{ kind: 'temperature', probe: 1, value: (k % 100) / 10 }] }],
          });
          // mqtt.js keeps unacknowledged QoS 1 publishes and sends them again after reconnecting.
          client.publish(deviceTopic(d.guid, 'telemetry'), payload, { qos: 1 }, (error) => {
            inflight -= 1;
            if (!error) acked.add(key);
            if (!crashed) setImmediate(pump);
          });
        }
      };
      pump();
    };

    for (const d of devices) {
      const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, {
        clientId: `crash-${d.guid}`,
        username: d.guid,
        password: d.secret,
        protocolVersion: 4,
        clean: false,
        reconnectPeriod: 300,
        connectTimeout: 5_000,
      });
      client.on('error', () => {});
      clients.push(client);
      runDevice(d, client);
    }

    // Let ingest run, then kill the server without warning while publishes are in flight.
    await expect.poll(() => acked.size, { timeout: 20_000, interval: 50 }).toBeGreaterThan(2_000);
    crashed = true;
    await first.kill9();
    ackedBeforeCrash = new Set(acked);
    stopPublishing = true;

    // Restart on the same database and port; devices reconnect and resend what was not acknowledged.
    await start();
    await expect.poll(() => acked.size, { timeout: 30_000, interval: 100 }).toBe(published.size);
    await Promise.all(clients.map((c) => c.endAsync()));

    const rows = await sql<{ guid: string; ts: string | number }>`
      select d.device_guid as guid, r.ts from reading r join device d on d.id = r.device_id
      where r.channel = 101`.execute(database.db);
    const stored = rows.rows.map((r) => `${r.guid}:${Number(r.ts)}`);
    const storedSet = new Set(stored);
    const lost = [...ackedBeforeCrash].filter((key) => !storedSet.has(key));
    expect(lost).toEqual([]);
    expect(stored.length).toBe(storedSet.size);
    expect(storedSet.size).toBe(published.size);
    console.info(
      `crash test (${TEST_DIALECT}): ${ackedBeforeCrash.size} acknowledged before kill -9, all stored; ` +
        `${published.size} published in all, each stored once`,
    );
    if (TEST_DIALECT === 'sqlite') {
      const check = await sql<{ integrityCheck: string }>`pragma integrity_check`.execute(database.db);
      expect(check.rows[0]?.integrityCheck).toBe('ok');
    }
  }, 90_000);
});
