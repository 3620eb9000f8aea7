import { createTestDevice, readingsOf } from '@coldchain/server/ingest/test-support';
import { createTestApp, type TestApp } from '@coldchain/server/test/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFleet } from './fleet.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { SEED_DEMO: 'false' } });
  await t.app.ingest.startMqtt({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await t.close();
});

describe('device simulator', () => {
  it('runs cold room, freezer and truck devices over MQTT, backfills after an outage and answers commands', async () => {
    const room = await createTestDevice(t.app);
    const freezer = await createTestDevice(t.app);
    const truck = await createTestDevice(t.app);
    await t.app.ctx.db
      .insertInto('deviceCommand')
      .values({
        deviceId: truck.id,
        commandType: 'setInterval',
        payload: '{"recordInterval":60}',
        state: 'pending',
        createdAt: new Date().toISOString(),
        sentAt: null,
        ackedAt: null,
        result: null,
      })
      .execute();
    const fleet = await startFleet({
      devices: [
        { ...room, profile: 'coldRoom' },
        { ...freezer, profile: 'freezer' },
        { ...truck, profile: 'truck' },
      ],
      url: `mqtt://127.0.0.1:${t.app.ingest.mqttPort}`,
      recordIntervalMs: 40,
      uploadIntervalMs: 150,
    });
    expect(fleet.stats.connected).toBe(3);
    // The truck drives into a tunnel: it keeps recording and sends the records later.
    fleet.members[2]?.goOffline(Date.now() + 500);
    await new Promise((r) => setTimeout(r, 1_200));
    await fleet.flush();
    await fleet.stop();

    const truckReadings = await readingsOf(t.app.ctx.db, truck.id);
    const truckTs = [...new Set(truckReadings.map((r) => r.ts))].sort((a, b) => a - b);
    expect(truckTs.length).toBeGreaterThanOrEqual(20);
    // No gap from the outage: records taken offline arrived with their own timestamps.
    const gaps = truckTs.slice(1).map((ts, i) => ts - (truckTs[i] ?? ts));
    expect(Math.max(...gaps)).toBeLessThan(200);
    expect(new Set(truckReadings.map((r) => r.channel))).toEqual(
      new Set([101, 102, 203, 400, 500, 600, 700]),
    );
    expect(new Set((await readingsOf(t.app.ctx.db, freezer.id)).map((r) => r.channel))).toEqual(
      new Set([101, 400, 500]),
    );
    const freezerTemps = (await readingsOf(t.app.ctx.db, freezer.id)).filter((r) => r.channel === 101);
    expect(freezerTemps.every((r) => r.value < -15)).toBe(true);
    expect((await readingsOf(t.app.ctx.db, room.id)).length).toBeGreaterThan(0);
    const command = await t.app.ctx.db
      .selectFrom('deviceCommand')
      .select('state')
      .where('deviceId', '=', truck.id)
      .executeTakeFirstOrThrow();
    expect(command.state).toBe('acked');
    expect(fleet.stats.uploadFailures).toBe(0);
    const rejects = await t.app.ctx.db.selectFrom('ingestReject').selectAll().execute();
    expect(rejects).toEqual([]);
  });

  it('sends over HTTP ingest too', async () => {
    const room = await createTestDevice(t.app);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const fleet = await startFleet({
      devices: [{ ...room, profile: 'coldRoom' }],
      url: address,
      recordIntervalMs: 40,
      uploadIntervalMs: 150,
    });
    await new Promise((r) => setTimeout(r, 500));
    await fleet.flush();
    await fleet.stop();
    expect(fleet.stats.uploadFailures).toBe(0);
    expect((await readingsOf(t.app.ctx.db, room.id)).length).toBeGreaterThanOrEqual(10 * 4);
  });
});
