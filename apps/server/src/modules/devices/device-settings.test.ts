import type { ParamSetting } from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { addDevice, publishedType, signedIn } from './test-support.ts';

const DEVICE = '/api/device/Device';

describe('device parameter settings', () => {
  let t: TestApp;
  let operator: string;
  let typeId: number;
  beforeAll(async () => {
    t = await createTestApp();
    operator = await login(t.app, 'demo_operator');
    typeId = (await publishedType(t.app, operator, { probes: 2 })).type.id;
  });
  afterAll(async () => t.close());

  const settings = (token: string, id: number) =>
    call<ParamSetting>(t.app, 'GET', `${DEVICE}/getParamSetting`, { token, query: { id: String(id) } });
  const update = (token: string, body: Record<string, unknown>) =>
    call<ParamSetting>(t.app, 'PUT', `${DEVICE}/updateParamSetting`, { token, body, locale: 'en-US' });
  const commands = (deviceId: number) =>
    t.app.ctx.db
      .selectFrom('deviceCommand')
      .selectAll()
      .where('deviceId', '=', deviceId)
      .orderBy('id')
      .execute();

  it('shows each probe with its settable range in the caller unit', async () => {
    const user = await signedIn(t.app);
    const device = await addDevice(t.app, user.token, typeId);
    const shown = await settings(user.token, device.id);
    expect(shown.data).toMatchObject({
      id: device.id,
      timeZone: 'Asia/Shanghai',
      recordInterval: 300,
      command: null,
    });
    expect(shown.data.probes).toHaveLength(2);
    expect(shown.data.probes[0]).toMatchObject({
      probeId: 1,
      paramName: 'Temperature 1',
      unitCode: 'C',
      min: -40,
      max: 85,
      upperLimit: null,
      correctionValue: 0,
    });
    await t.app.ctx.db
      .updateTable('account')
      .set({ temperatureUnit: 'F' })
      .where('id', '=', user.id)
      .execute();
    const fahrenheit = await settings(user.token, device.id);
    expect(fahrenheit.data.probes[0]).toMatchObject({ unitCode: 'F', min: -40, max: 185 });
  });

  it('stores limits within the range, converts the caller unit and queues a command for the device', async () => {
    const user = await signedIn(t.app);
    await t.app.ctx.db
      .updateTable('account')
      .set({ temperatureUnit: 'F' })
      .where('id', '=', user.id)
      .execute();
    const device = await addDevice(t.app, user.token, typeId);
    const answer = await update(user.token, {
      id: device.id,
      timeZone: 'Europe/Paris',
      recordInterval: 60,
      uploadInterval: 600,
      probes: [
        { probeId: 1, probeName: 'Top shelf', upperLimit: 46.4, lowerLimit: 35.6, correctionValue: 1.8 },
      ],
    });
    expect(answer.code).toBe(0);
    expect(answer.data.probes[0]).toMatchObject({
      probeName: 'Top shelf',
      upperLimit: 46.4,
      lowerLimit: 35.6,
      correctionValue: 1.8,
    });
    expect(answer.data.command).toMatchObject({ commandType: 'setParams', state: 'pending' });
    const stored = await t.app.ctx.db
      .selectFrom('deviceProbeSetting')
      .selectAll()
      .where('deviceId', '=', device.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ upperLimit: 8, lowerLimit: 2, correctionValue: 1 });
    const row = await t.app.ctx.db
      .selectFrom('device')
      .selectAll()
      .where('id', '=', device.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      upperLimit: 8,
      lowerLimit: 2,
      correctionValue: 1,
      timeZone: 'Europe/Paris',
      recordInterval: 60,
      uploadInterval: 600,
    });
    const [command] = await commands(device.id);
    expect(JSON.parse(command?.payload ?? '{}')).toEqual({
      timeZone: 'Europe/Paris',
      recordInterval: 60,
      uploadInterval: 600,
      probes: [{ probeId: 1, upperLimit: 8, lowerLimit: 2, correctionValue: 1 }],
    });
    // A second change supersedes the command the device has not taken; ingest acknowledges the newest.
    await update(user.token, { id: device.id, probes: [{ probeId: 2, upperLimit: 10, lowerLimit: 0 }] });
    const both = await commands(device.id);
    expect(both.map((c) => c.state)).toEqual(['failed', 'pending']);
    expect(JSON.parse(both[1]?.payload ?? '{}').probes).toHaveLength(2);
    const now = new Date().toISOString();
    await t.app.ctx.db
      .updateTable('deviceCommand')
      .set({ state: 'acked', sentAt: now, ackedAt: now })
      .where('id', '=', both[1]?.id as number)
      .execute();
    const acked = await settings(user.token, device.id);
    expect(acked.data.command).toMatchObject({ state: 'acked', ackedAt: now });
    const log = await t.app.ctx.db
      .selectFrom('operationLog')
      .select('newValue')
      .where('action', '=', 'device.updateParamSetting')
      .where('entityId', '=', String(device.id))
      .execute();
    expect(log).toHaveLength(2);
  });

  it('refuses limits outside the settable range, reversed limits and bad intervals, storing nothing', async () => {
    const user = await signedIn(t.app);
    const device = await addDevice(t.app, user.token, typeId);
    const cases: [Record<string, unknown>, number, string][] = [
      [
        { probes: [{ probeId: 1, upperLimit: 90, lowerLimit: 0 }] },
        4004,
        'The parameter is outside the settable range',
      ],
      [
        { probes: [{ probeId: 1, upperLimit: 10, lowerLimit: -41 }] },
        4004,
        'The parameter is outside the settable range',
      ],
      [
        { probes: [{ probeId: 1, upperLimit: 5, lowerLimit: 5 }] },
        1001,
        'Lower limit: must be below the upper limit',
      ],
      [
        { probes: [{ probeId: 1, upperLimit: 5, lowerLimit: 8 }] },
        1001,
        'Lower limit: must be below the upper limit',
      ],
      [
        { probes: [{ probeId: 1, upperLimit: 5.04, lowerLimit: 5.01 }] },
        1001,
        'Lower limit: must be below the upper limit',
      ],
      [
        { probes: [{ probeId: 7, upperLimit: 5, lowerLimit: 1 }] },
        1001,
        'Probe: is not a probe of this device type',
      ],
      [{ probes: [{ probeId: 1, lowerLimit: 1 }] }, 1001, 'Upper limit: is required'],
      [
        { probes: [{ probeId: 1, upperLimit: 5, lowerLimit: 1, correctionValue: 101 }] },
        1001,
        'Correction value: must be at most 100',
      ],
      [
        { probes: [{ probeId: 1, upperLimit: 5, lowerLimit: 1, probeName: 'p'.repeat(51) }] },
        1001,
        'Probe name: must be at most 50 characters',
      ],
      [
        {
          probes: [
            { probeId: 1, upperLimit: 5, lowerLimit: 1 },
            { probeId: 1, upperLimit: 6, lowerLimit: 1 },
          ],
        },
        1001,
        'Probes: contains duplicates',
      ],
      [{ recordInterval: 5 }, 1001, 'Record interval: must be at least 10'],
      [
        { recordInterval: 600, uploadInterval: 60 },
        1001,
        'Upload interval: must not be shorter than the record interval',
      ],
      [{ uploadInterval: 60 }, 1001, 'Upload interval: must not be shorter than the record interval'],
      [{ timeZone: 'Nowhere/Land' }, 1001, 'Time zone: is not a known time zone'],
      [{ timeZone: '' }, 1001, 'Time zone: is required'],
    ];
    for (const [body, code, message] of cases) {
      const answer = await update(user.token, { id: device.id, ...body });
      expect(answer.code, message).toBe(code);
      expect(answer.msg).toBe(message);
    }
    expect(await commands(device.id)).toEqual([]);
    const row = await t.app.ctx.db
      .selectFrom('device')
      .selectAll()
      .where('id', '=', device.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ upperLimit: null, timeZone: 'Asia/Shanghai', recordInterval: 300 });
    const range = await update(user.token, {
      id: device.id,
      probes: [{ probeId: 1, upperLimit: 85, lowerLimit: -40 }],
    });
    expect(range.code).toBe(0);
  });

  it('refuses changes to a scrapped device', async () => {
    const user = await signedIn(t.app);
    const device = await addDevice(t.app, user.token, typeId);
    await call(t.app, 'PUT', `${DEVICE}/batchScrap`, { token: user.token, body: { ids: [device.id] } });
    const answer = await update(user.token, { id: device.id, recordInterval: 60 });
    expect(answer.code).toBe(4111);
    expect((await settings(user.token, device.id)).code).toBe(0);
  });
});
