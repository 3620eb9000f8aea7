import type { MaintainRecord, OperationLog } from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { addDevice, publishedType, signedIn } from './test-support.ts';

const MAINTAIN = '/api/device/DeviceMaintainRecord';

describe('maintenance records', () => {
  let t: TestApp;
  let typeId: number;
  beforeAll(async () => {
    t = await createTestApp();
    typeId = (await publishedType(t.app, await login(t.app, 'demo_operator'))).type.id;
  });
  afterAll(async () => t.close());

  const record = {
    reportDate: '2026-03-01T08:00:00.000Z',
    startTime: '2026-03-01T09:00:00+08:00',
    endTime: '2026-03-01T11:30:00+08:00',
    maintainer: 'Li Wei',
    approver: 'Zhang Min',
    reason: 'Compressor noise',
    content: 'Replaced the fan bearing',
    standard: 'GSP annex 3',
    result: 'Running quietly at 4 °C',
  };

  it('creates, lists, updates and deletes records, each in the device operation log', async () => {
    const user = await signedIn(t.app);
    const device = await addDevice(t.app, user.token, typeId);
    const created = await call<MaintainRecord>(t.app, 'POST', `${MAINTAIN}/insert`, {
      token: user.token,
      body: { deviceId: device.id, ...record, reason: 'r'.repeat(1000) },
    });
    expect(created.code).toBe(0);
    expect(created.data).toMatchObject({
      deviceId: device.id,
      startTime: '2026-03-01T01:00:00.000Z',
      maintainer: 'Li Wei',
    });
    await call(t.app, 'POST', `${MAINTAIN}/insert`, {
      token: user.token,
      body: { deviceId: device.id, ...record, reportDate: '2026-04-01T08:00:00.000Z' },
    });
    const list = await call<{ data: MaintainRecord[]; totalCount: number }>(
      t.app,
      'GET',
      `${MAINTAIN}/list`,
      {
        token: user.token,
        query: { deviceId: String(device.id), start: '1', pageSize: '10' },
      },
    );
    expect(list.data.totalCount).toBe(2);
    expect(list.data.data[0]?.reportDate).toBe('2026-04-01T08:00:00.000Z');
    const updated = await call<MaintainRecord>(t.app, 'PUT', `${MAINTAIN}/update`, {
      token: user.token,
      body: { id: created.data.id, result: 'Checked again', endTime: '2026-03-01T12:00:00+08:00' },
    });
    expect(updated.data).toMatchObject({ result: 'Checked again', endTime: '2026-03-01T04:00:00.000Z' });
    const reversed = await call(t.app, 'PUT', `${MAINTAIN}/update`, {
      token: user.token,
      body: { id: created.data.id, endTime: '2026-03-01T00:00:00.000Z' },
      locale: 'en-US',
    });
    expect(reversed.msg).toBe('End time: must be after the start time');
    const removed = await call(t.app, 'DELETE', `${MAINTAIN}/delete`, {
      token: user.token,
      query: { id: String(created.data.id) },
    });
    expect(removed.code).toBe(0);
    const log = await call<{ data: OperationLog[] }>(t.app, 'POST', '/api/device/Device/operationLog', {
      token: user.token,
      body: { deviceId: device.id },
    });
    expect(log.data.data.map((l) => l.action).slice(0, 4)).toEqual([
      'device.maintainRecord.delete',
      'device.maintainRecord.update',
      'device.maintainRecord.insert',
      'device.maintainRecord.insert',
    ]);
  });

  it('validates every field with a message naming it, storing nothing', async () => {
    const user = await signedIn(t.app);
    const device = await addDevice(t.app, user.token, typeId);
    const ok = { deviceId: device.id, ...record };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...ok, maintainer: '' }, 'Maintainer: is required'],
      [{ ...ok, maintainer: 'm'.repeat(51) }, 'Maintainer: must be at most 50 characters'],
      [{ ...ok, approver: 'a'.repeat(21) }, 'Approver: must be at most 20 characters'],
      [{ ...ok, reason: 'r'.repeat(1001) }, 'Reason: must be at most 1000 characters'],
      [{ ...ok, content: 'c'.repeat(1001) }, 'Content: must be at most 1000 characters'],
      [{ ...ok, standard: 's'.repeat(1001) }, 'Standard: must be at most 1000 characters'],
      [{ ...ok, result: 'r'.repeat(1001) }, 'Result: must be at most 1000 characters'],
      [{ ...ok, reportDate: 'yesterday' }, 'Report date: has an invalid format'],
      [{ ...ok, startTime: undefined }, 'Start time: is required'],
      [{ ...ok, endTime: '2026-03-01T00:00:00.000Z' }, 'End time: must be after the start time'],
      [{ ...ok, creatorId: 1 }, 'creatorId: is not an accepted field'],
    ];
    for (const [body, message] of cases) {
      const answer = await call(t.app, 'POST', `${MAINTAIN}/insert`, {
        token: user.token,
        body,
        locale: 'en-US',
      });
      expect(answer.code, message).toBe(1001);
      expect(answer.msg).toBe(message);
    }
    const stored = await t.app.ctx.db
      .selectFrom('deviceMaintainRecord')
      .select('id')
      .where('deviceId', '=', device.id)
      .execute();
    expect(stored).toEqual([]);
  });
});
