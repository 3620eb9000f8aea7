import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/harness.ts';
import { WAYBILL_PROBES, type WaybillProbe, type WaybillTarget } from './isolation-probes.ts';
import { FENCE, insertFence, insertWaybill, userWithDevice, WAYBILL, waybillWorld } from './test-support.ts';

/** The cells of the first sheet of a workbook, row by row. */
async function sheetValues(payload: Buffer): Promise<unknown[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const rows: unknown[] = [];
  workbook.worksheets[0]?.eachRow((row) => {
    rows.push(row.values);
  });
  return rows;
}

describe('waybill, geofence and template isolation between accounts', () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof userWithDevice>>;
  let intruder: Awaited<ReturnType<typeof userWithDevice>>;
  let waybillId: number;
  let fenceId: number;
  let templateId: number;
  let trackId: number;
  const missing = 9_999_999;

  beforeAll(async () => {
    t = await createTestApp();
    const world = await waybillWorld(t.app);
    owner = await userWithDevice(t.app, world.typeId);
    intruder = await userWithDevice(t.app, world.typeId);
    fenceId = (
      await insertFence(t.app, owner.token, 'Depot', [
        { shape: 'circle', center: { lat: 1, lon: 1 }, radius: 50 },
      ])
    ).id;
    waybillId = (await insertWaybill(t.app, owner.token, owner.device.id, { startFenceId: fenceId })).id;
    templateId = (
      await call<{ id: number }>(t.app, 'POST', '/api/device/DeviceWaybillModel/insert', {
        token: owner.token,
        body: { modelName: 'Mine', content: { upperLimit: 8 } },
      })
    ).data.id;
    trackId = (
      await call<{ id: number }>(t.app, 'POST', '/api/device/DeviceTrackModel/insert', {
        token: owner.token,
        body: {
          name: 'Route',
          points: [
            { lat: 1, lon: 1 },
            { lat: 2, lon: 2 },
          ],
        },
      })
    ).data.id;
  });
  afterAll(() => t.close());

  /** The answer as the caller sees it: the envelope, or the rows of a spreadsheet. */
  const ask = async (probe: WaybillProbe, id: number) => {
    const response = await t.app.inject({
      method: probe.method,
      url: probe.url,
      headers: { authorization: `Bearer ${intruder.token}`, 'accept-language': 'en-US' },
      ...(probe.body ? { payload: probe.body(id, intruder.device.id) as Record<string, unknown> } : {}),
      ...(probe.query ? { query: probe.query(id) } : {}),
    });
    const json = String(response.headers['content-type']).startsWith('application/json');
    return {
      status: response.statusCode,
      ...(json
        ? (JSON.parse(response.body) as { code: number })
        : { code: 0, rows: await sheetValues(response.rawPayload) }),
    };
  };

  it.each(WAYBILL_PROBES.map((p) => [`${p.target} ${p.name}`, p] as const))(
    '%s: another account’s id answers exactly like a missing one',
    async (_name, probe) => {
      const victim: Record<WaybillTarget, number> = {
        waybill: waybillId,
        fence: fenceId,
        device: owner.device.id,
        waybillTemplate: templateId,
        trackTemplate: trackId,
      };
      const foreign = await ask(probe, victim[probe.target]);
      const absent = await ask(probe, missing);
      expect(foreign).toEqual(absent);
      if (!probe.list) expect(foreign.code).not.toBe(0);
    },
  );

  it('lists none of another account’s rows, and left its waybill as it was', async () => {
    for (const path of [
      `${WAYBILL}/page`,
      `${FENCE}/page`,
      '/api/device/DeviceWaybillModel/page',
      '/api/device/DeviceTrackModel/page',
    ]) {
      const page = await call<{ totalCount: number }>(t.app, 'POST', path, {
        token: intruder.token,
        body: { start: 1, pageSize: 10 },
      });
      expect(page.data.totalCount, path).toBe(0);
    }
    const db = t.app.ctx.db;
    const waybill = await db
      .selectFrom('waybill')
      .select(['waybillState', 'goodsName'])
      .where('id', '=', waybillId)
      .executeTakeFirstOrThrow();
    expect(waybill).toEqual({ waybillState: 0, goodsName: 'Vaccines' });
    expect(await db.selectFrom('geofence').select('name').where('id', '=', fenceId).execute()).toEqual([
      { name: 'Depot' },
    ]);
    expect(
      await db.selectFrom('waybillTemplate').select('id').where('id', '=', templateId).execute(),
    ).toHaveLength(1);
    expect(
      await db.selectFrom('trackTemplate').select('id').where('id', '=', trackId).execute(),
    ).toHaveLength(1);
    expect(await db.selectFrom('waybillShare').select('id').execute()).toEqual([]);
  });
});
