import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoDevices } from '../../ingest/demo-devices.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { seedDemoSimsAndGuids } from './demo-sims-guids.ts';

describe('demo SIM cards and GUIDs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('binds three cards to demo devices and adds one batch with two locked GUIDs, once', async () => {
    await seedDemoDevices(t.app.ctx);
    await seedDemoSimsAndGuids(t.app.ctx);
    await seedDemoSimsAndGuids(t.app.ctx);
    const db = t.app.ctx.db;
    const cards = await db.selectFrom('simCard').select(['iccId', 'deviceId']).execute();
    expect(cards).toHaveLength(6);
    const bound = cards.filter((c) => c.deviceId !== null);
    expect(bound).toHaveLength(3);
    for (const card of bound) {
      const device = await db
        .selectFrom('device')
        .select('iccId')
        .where('id', '=', card.deviceId as number)
        .executeTakeFirstOrThrow();
      expect(device.iccId).toBe(card.iccId);
    }
    const batches = await db.selectFrom('guidBatch').select(['id', 'num']).execute();
    expect(batches).toEqual([expect.objectContaining({ num: 20 })]);
    const locked = await db.selectFrom('deviceGuid').select('guid').where('lockedFlag', '=', 1).execute();
    expect(locked).toHaveLength(2);
  });
});
