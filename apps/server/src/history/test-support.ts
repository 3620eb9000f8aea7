import { describeChannel } from '@coldchain/shared/device-protocol';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/create-db.ts';

let counter = 0;

/** A GUID no other test uses: pid, time and a counter, 20 digits at most. */
function uniqueGuid(): string {
  counter += 1;
  return `7${process.pid % 100_000}${Date.now() % 1_000_000_000}${counter % 1000}`.slice(0, 20);
}

async function testType(db: Db): Promise<number> {
  const found = await db
    .selectFrom('deviceType')
    .select('id')
    .where('typeCode', '=', '8F02')
    .executeTakeFirst();
  if (found) return found.id;
  const now = new Date().toISOString();
  // Only the columns without defaults; the catalogue's own code sets the rest.
  const inserted = await sql<{
    id: number;
  }>`insert into device_type (type_name, type_code, type_scenes, created_at, updated_at)
    values ('History test logger', '8F02', '1', ${now}, ${now}) returning id`.execute(db);
  const row = inserted.rows[0];
  if (!row) throw new Error('device type not created');
  return row.id;
}

/** A device owned by an account, with limits 2-8 °C unless told otherwise. */
export async function createOwnedDevice(
  app: FastifyInstance,
  owner: { id: number; platformId: number },
  options: {
    name?: string;
    timeZone?: string;
    upperLimit?: number | null;
    lowerLimit?: number | null;
    correctionValue?: number | null;
    quickSearch?: 0 | 1;
  } = {},
) {
  const db = app.ctx.db;
  const now = new Date().toISOString();
  const guid = uniqueGuid();
  return db
    .insertInto('device')
    .values({
      platformId: owner.platformId,
      accountId: owner.id,
      deviceGuid: guid,
      deviceName: options.name ?? `Logger ${guid.slice(-6)}`,
      deviceDesc: null,
      deviceTypeId: await testType(db),
      deviceModelId: null,
      useState: 'enabled',
      deletedFlag: 0,
      status: 'online',
      lastSeenAt: now,
      battery: 90,
      signal: -70,
      latitude: 31.2,
      longitude: 121.5,
      address: null,
      timeZone: options.timeZone ?? 'Asia/Shanghai',
      recordInterval: 60,
      uploadInterval: 300,
      serviceExpiredDate: '2099-01-01T00:00:00.000Z',
      dataExpiredDate: '2099-04-01T00:00:00.000Z',
      upperLimit: options.upperLimit === undefined ? 8 : options.upperLimit,
      lowerLimit: options.lowerLimit === undefined ? 2 : options.lowerLimit,
      correctionValue: options.correctionValue ?? null,
      version: null,
      iccId: null,
      sensorCount: 2,
      alarmDelay: null,
      countryCode: null,
      orderCode: null,
      creatorName: null,
      createdAt: now,
      updatedAt: now,
      quickSearch: options.quickSearch ?? 0,
    })
    .returning(['id', 'deviceGuid', 'deviceName'])
    .executeTakeFirstOrThrow();
}

/** Stores readings of one channel (and lists the channel for the device, as ingest does). */
export async function insertReadings(
  db: Db,
  deviceId: number,
  channel: number,
  points: readonly (readonly [number, number])[],
): Promise<void> {
  const described = describeChannel(channel);
  await db
    .insertInto('deviceChannel')
    .values({
      deviceId,
      channel,
      kind: described?.kind ?? 'temperature',
      probeId: described?.probe ?? 0,
      unit: described?.unit ?? '',
      createdAt: new Date().toISOString(),
    })
    .onConflict((oc) => oc.columns(['deviceId', 'channel']).doNothing())
    .execute();
  for (let i = 0; i < points.length; i += 2000) {
    await db
      .insertInto('reading')
      .values(points.slice(i, i + 2000).map(([ts, value]) => ({ deviceId, channel, ts, value })))
      .execute();
  }
}
