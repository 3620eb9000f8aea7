import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDevice } from '../ingest/test-support.ts';
import { createTestApp, TEST_DIALECT, type TestApp } from '../test/harness.ts';
import type { DeviceRef, StoredReading } from './telemetry-events.ts';
import type { WriteUnit } from './write-batch.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { SEED_DEMO: 'false' } });
});

afterAll(async () => {
  await t.close();
});

async function deviceRef(): Promise<DeviceRef> {
  const d = await createTestDevice(t.app);
  const row = await t.app.ctx.db
    .selectFrom('device')
    .select(['platformId', 'accountId'])
    .where('id', '=', d.id)
    .executeTakeFirstOrThrow();
  return { deviceId: d.id, deviceGuid: d.guid, platformId: row.platformId, accountId: row.accountId };
}

const unit = (device: DeviceRef, readings: StoredReading[], extra: Partial<WriteUnit> = {}): WriteUnit => ({
  device,
  readings,
  events: [],
  state: null,
  commandAck: null,
  reject: null,
  ...extra,
});

describe('telemetry writer', () => {
  it('commits concurrent writes in a few group commits and drops duplicates by key', async () => {
    const device = await deviceRef();
    const writer = t.app.ingest.writer;
    const before = writer.stats.batches;
    const base = Date.UTC(2026, 0, 1);
    const writes = Array.from({ length: 200 }, (_, i) =>
      writer.write(
        unit(device, [
          { channel: 101, ts: base + i * 60_000, value: i / 10 },
          // every write repeats the previous write's reading: a redelivery
          { channel: 101, ts: base + Math.max(0, i - 1) * 60_000, value: 0 },
        ]),
      ),
    );
    const outcomes = await Promise.all(writes);
    expect(outcomes.reduce((n, o) => n + o.stored, 0)).toBe(200);
    expect(outcomes.reduce((n, o) => n + o.duplicates, 0)).toBe(200);
    expect(writer.stats.batches - before).toBeLessThanOrEqual(5);
    const count = await t.app.ctx.db
      .selectFrom('reading')
      .select(sql<number>`count(*)`.as('n'))
      .where('deviceId', '=', device.deviceId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(200);
  });

  it('fails only the message that cannot be stored when a batch fails', async () => {
    const device = await deviceRef();
    const ghost: DeviceRef = { ...device, deviceId: 987_654_321 };
    const writer = t.app.ingest.writer;
    const ts = Date.UTC(2026, 0, 2);
    const good = writer.write(unit(device, [{ channel: 101, ts, value: 1 }]));
    // An event of a device that does not exist breaks the foreign key, and with it the whole batch.
    const bad = writer.write(unit(ghost, [], { events: [{ ts, type: 'door', state: 'open', probe: 1 }] }));
    await expect(bad).rejects.toThrow();
    await expect(good).resolves.toMatchObject({ stored: 1 });
  });

  it.runIf(TEST_DIALECT === 'sqlite')(
    'keeps a reading within 30 bytes on SQLite with a fleet writing interleaved',
    async () => {
      const devices = await Promise.all(Array.from({ length: 50 }, () => deviceRef()));
      const writer = t.app.ingest.writer;
      const start = Date.UTC(2026, 1, 1);
      // 50 devices, 2 channels, one record a minute for 20 hours, arriving in time order.
      for (let minute = 0; minute < 1200; minute += 10) {
        const writes: Promise<unknown>[] = [];
        for (const device of devices) {
          const readings: StoredReading[] = [];
          for (let m = minute; m < minute + 10; m += 1) {
            const ts = start + m * 60_000 + (device.deviceId % 7) * 1000;
            readings.push({ channel: 101, ts, value: 4 + Math.sin(m / 30) * 2 + device.deviceId / 1000 });
            readings.push({ channel: 201, ts, value: 55 + Math.cos(m / 45) * 10 });
          }
          writes.push(writer.write(unit(device, readings)));
        }
        await Promise.all(writes);
      }
      const sqlite = t.app.ctx.db;
      const size = await sql<{ bytes: number; rows: number }>`
      select (select sum(pgsize) from dbstat where name = 'reading') as bytes,
             (select count(*) from reading where device_id >= ${devices[0]?.deviceId ?? 0}) as rows`.execute(
        sqlite,
      );
      const { bytes, rows } = size.rows[0] ?? { bytes: 0, rows: 0 };
      expect(rows).toBe(50 * 2 * 1200);
      const perReading = bytes / rows;
      console.info(`SQLite reading table: ${perReading.toFixed(1)} bytes per reading over ${rows} readings`);
      expect(perReading).toBeLessThanOrEqual(30);
    },
    60_000,
  );

  it.runIf(TEST_DIALECT === 'postgres')(
    'puts readings in monthly partitions, creating old months on demand, with a default safety net',
    async () => {
      const device = await deviceRef();
      const db = t.app.ctx.db;
      const now = Date.now();
      const march2021 = Date.UTC(2021, 2, 15);
      const june2021 = Date.UTC(2021, 5, 15);
      // A row already in the default partition keeps June 2021 from getting its own partition.
      await sql`insert into reading_default (device_id, channel, ts, value) values (${device.deviceId}, 101, ${june2021}, 1)`.execute(
        db,
      );
      await t.app.ingest.writer.write(
        unit(device, [
          { channel: 101, ts: now, value: 1 },
          { channel: 101, ts: march2021, value: 2 },
          { channel: 101, ts: june2021 + 60_000, value: 3 },
        ]),
      );
      const placed = await sql<{ ts: string; part: string }>`
        select ts, tableoid::regclass::text as part from reading where device_id = ${device.deviceId} order by ts`.execute(
        db,
      );
      const month = new Date(now);
      const current = `reading_p${month.getUTCFullYear()}${String(month.getUTCMonth() + 1).padStart(2, '0')}`;
      expect(placed.rows.map((r) => r.part.replace(/^.*\./, ''))).toEqual([
        'reading_p202103',
        'reading_default',
        'reading_default',
        current,
      ]);
    },
  );
});
