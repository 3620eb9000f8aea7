import type { WaybillDetail } from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/harness.ts';
import { insertWaybill, userWithDevice, WAYBILL, waybillWorld } from './test-support.ts';

describe('waybill detail by id or by key (000 §2.4 /waybill/detail/{waybillPk})', () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof userWithDevice>>;
  let intruder: Awaited<ReturnType<typeof userWithDevice>>;
  let waybill: WaybillDetail;

  beforeAll(async () => {
    t = await createTestApp();
    const world = await waybillWorld(t.app);
    owner = await userWithDevice(t.app, world.typeId);
    intruder = await userWithDevice(t.app, world.typeId);
    waybill = await insertWaybill(t.app, owner.token, owner.device.id, { orderNum: 'BY-KEY-1' });
  });
  afterAll(() => t.close());

  const detail = (token: string, query: Record<string, string>) =>
    call<WaybillDetail>(t.app, 'GET', `${WAYBILL}/detail`, { token, query, locale: 'en-US' });

  it('answers the same waybill for its key as for its id', async () => {
    const byId = await detail(owner.token, { id: String(waybill.id) });
    const byKey = await detail(owner.token, { waybillPk: waybill.waybillPk });
    expect(byKey.code, byKey.msg).toBe(0);
    expect(byKey.data).toEqual(byId.data);
    expect(byKey.data).toMatchObject({ id: waybill.id, orderNum: 'BY-KEY-1' });
  });

  it('answers another account’s key exactly like a key that does not exist', async () => {
    const foreign = await detail(intruder.token, { waybillPk: waybill.waybillPk });
    const missing = await detail(intruder.token, { waybillPk: 'z'.repeat(22) });
    expect(foreign).toEqual(missing);
    expect(foreign.code).not.toBe(0);
  });

  it('asks for one of id and key, naming the field', async () => {
    const neitherAndBoth: Record<string, string>[] = [
      {},
      { id: String(waybill.id), waybillPk: waybill.waybillPk },
    ];
    for (const query of neitherAndBoth) {
      const answer = await detail(owner.token, query);
      expect(answer.code).not.toBe(0);
      expect(answer.msg).toContain('Waybill key: give either the waybill id or the waybill key');
    }
    const tooLong = await detail(owner.token, { waybillPk: 'k'.repeat(65) });
    expect(tooLong.msg).toContain('Waybill key: must be at most 64 characters');
  });
});
