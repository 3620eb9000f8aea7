import net from 'node:net';
import type { DeviceUseState } from '@coldchain/shared';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import type { Database } from '../db/database.ts';
import { createAccount } from '../test/factories.ts';
import { deviceSecret } from './device-credentials.ts';

let counter = 0;

/** A GUID no other test file uses: pid, time and a counter, 20 digits at most. */
export function uniqueGuid(): string {
  counter += 1;
  const base = `${process.pid % 100_000}${Date.now() % 1_000_000_000}${counter % 1000}`;
  return base.slice(0, 20);
}

/** A device row of the default platform's first account, with its secret. */
export async function createTestDevice(
  target: FastifyInstance | { db: Kysely<Database>; deviceKey: string },
  options: { guid?: string; useState?: DeviceUseState; uploadInterval?: number } = {},
) {
  const app = 'ctx' in target ? target : null;
  const { db, deviceKey } = app ? app.ctx : (target as { db: Kysely<Database>; deviceKey: string });
  const now = new Date().toISOString();
  const existing = await db
    .selectFrom('account')
    .select(['id', 'platformId'])
    .orderBy('id')
    .executeTakeFirst();
  const account = existing ?? (app ? (await createAccount(app)).account : undefined);
  if (!account) throw new Error('no account to own the device');
  let type = await db.selectFrom('deviceType').select('id').where('typeCode', '=', '8F01').executeTakeFirst();
  if (!type) {
    // Only the columns without defaults; the catalogue's own code sets the rest.
    const inserted = await sql<{
      id: number;
    }>`insert into device_type (type_name, type_code, type_scenes, created_at, updated_at)
      values ('Ingest test logger', '8F01', '1', ${now}, ${now}) returning id`.execute(db);
    type = inserted.rows[0];
    if (!type) throw new Error('device type not created');
  }
  const guid = options.guid ?? uniqueGuid();
  const device = await db
    .insertInto('device')
    .values({
      platformId: account.platformId,
      accountId: account.id,
      deviceGuid: guid,
      deviceName: `Test ${guid.slice(-6)}`,
      deviceDesc: null,
      deviceTypeId: type.id,
      deviceModelId: null,
      useState: options.useState ?? 'enabled',
      deletedFlag: 0,
      status: 'offline',
      lastSeenAt: null,
      battery: null,
      signal: null,
      latitude: null,
      longitude: null,
      address: null,
      timeZone: 'UTC',
      recordInterval: 60,
      uploadInterval: options.uploadInterval ?? 300,
      serviceExpiredDate: '2099-01-01T00:00:00.000Z',
      dataExpiredDate: '2099-04-01T00:00:00.000Z',
      upperLimit: 8,
      lowerLimit: 2,
      correctionValue: null,
      version: null,
      iccId: null,
      sensorCount: 2,
      alarmDelay: null,
      countryCode: null,
      orderCode: null,
      creatorName: null,
      createdAt: now,
      updatedAt: now,
    })
    .returning(['id', 'deviceGuid'])
    .executeTakeFirstOrThrow();
  return { id: device.id, guid, secret: deviceSecret(deviceKey, guid, 0) };
}

/** Connects like a device; rejects with the CONNACK error when the broker refuses. */
export function connectDevice(
  port: number,
  guid: string,
  secret: string,
  options: IClientOptions = {},
): Promise<MqttClient> {
  return mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
    clientId: `dev-${guid}`,
    username: guid,
    password: secret,
    protocolVersion: 4,
    reconnectPeriod: 0,
    connectTimeout: 5_000,
    ...options,
  });
}

/** A free TCP port on loopback (for child processes that must be told their ports). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Readings of a device as numbers, in key order. */
export async function readingsOf(db: Kysely<Database>, deviceId: number) {
  const rows = await db
    .selectFrom('reading')
    .select(['channel', 'ts', 'value'])
    .where('deviceId', '=', deviceId)
    .orderBy('channel')
    .orderBy('ts')
    .execute();
  return rows.map((r) => ({ channel: r.channel, ts: Number(r.ts), value: r.value }));
}

/** One telemetry record per minute ending at `end`, probe 1 temperature and probe 1 humidity. */
export function records(count: number, end: number, stepMs = 60_000) {
  return Array.from({ length: count }, (_, i) => ({
    ts: end - (count - 1 - i) * stepMs,
    values: [
      { kind: 'temperature' as const, probe: 1, value: 4 + (i % 10) / 10 },
      { kind: 'humidity' as const, probe: 1, value: 60 + (i % 5) },
    ],
  }));
}
