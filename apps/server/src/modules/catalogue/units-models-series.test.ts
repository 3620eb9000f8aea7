import type { DeviceType, Model, Series, Unit } from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { addDevice, nextTypeCode, publishedType, signedIn } from '../devices/test-support.ts';

const UNIT = '/api/base/BaseUnit';
const MODEL = '/api/device/DeviceModel';
const SERIES = '/api/device/DeviceSeries';

describe('parameter units', () => {
  let t: TestApp;
  let operator: string;
  beforeAll(async () => {
    t = await createTestApp();
    operator = await login(t.app, 'demo_operator');
  });
  afterAll(async () => t.close());
  const insert = (body: Record<string, unknown>) =>
    call<Unit>(t.app, 'POST', `${UNIT}/insert`, { token: operator, body, locale: 'en-US' });

  it('comes with Celsius and Fahrenheit and converts through the basic unit', async () => {
    const list = await call<Unit[]>(t.app, 'GET', `${UNIT}/list`, { token: operator });
    const celsius = list.data.find((u) => u.unitCode === 'C') as Unit;
    const fahrenheit = list.data.find((u) => u.unitCode === 'F') as Unit;
    expect(celsius).toMatchObject({ basicUnitStatus: 1, unitClassify: 'temperature' });
    expect(fahrenheit).toMatchObject({ toBasicFormula: '(X-32)/1.8', formBasicFormula: 'X*1.8+32' });
    const kelvin = await insert({
      unitName: 'Kelvin',
      unitCode: 'K',
      unitClassify: 'temperature',
      toBasicFormula: 'X-273.15',
      formBasicFormula: 'X+273.15',
      unitPic: '/api/files/units/k.png',
    });
    expect(kelvin.code).toBe(0);
    const convert = async (from: number, to: number, value: number) =>
      (
        await call<{ value: number }>(t.app, 'GET', `${UNIT}/convert`, {
          token: operator,
          query: { fromUnitId: String(from), toUnitId: String(to), value: String(value) },
        })
      ).data.value;
    expect(await convert(fahrenheit.id, celsius.id, 212)).toBeCloseTo(100);
    expect(await convert(fahrenheit.id, kelvin.data.id, 32)).toBeCloseTo(273.15);
    const humidity = await insert({
      unitName: 'Percent',
      unitCode: '%RH',
      unitClassify: 'humidity',
      basicUnitStatus: 1,
    });
    const mixed = await call(t.app, 'GET', `${UNIT}/convert`, {
      token: operator,
      query: { fromUnitId: String(celsius.id), toUnitId: String(humidity.data.id), value: '1' },
      locale: 'en-US',
    });
    expect(mixed.msg).toBe('To unit: must be a unit of the same classification');
  });

  it('validates names, codes and formulas (safe parser, variable X, at most 100 characters)', async () => {
    const ok = {
      unitName: 'Rankine',
      unitCode: 'R',
      unitClassify: 'temperature',
      toBasicFormula: '(X-491.67)/1.8',
      formBasicFormula: '(X+273.15)*1.8',
    };
    const formula =
      'must be a formula in X using digits, + - * / ( ) and decimal points, at most 100 characters';
    const cases: [Record<string, unknown>, string][] = [
      [{ ...ok, unitName: 'u'.repeat(31) }, 'Unit name: must be at most 30 characters'],
      [{ ...ok, unitCode: 'c'.repeat(31) }, 'Unit code: must be at most 30 characters'],
      [{ ...ok, unitCode: '' }, 'Unit code: is required'],
      [{ ...ok, toBasicFormula: 'X^2' }, `Formula to the basic unit: ${formula}`],
      [{ ...ok, toBasicFormula: 'process.exit()' }, `Formula to the basic unit: ${formula}`],
      [{ ...ok, formBasicFormula: '1.8*32' }, `Formula from the basic unit: ${formula}`],
      [
        { ...ok, formBasicFormula: `${'1+'.repeat(50)}X` },
        `Formula from the basic unit: must be at most 100 characters`,
      ],
      [
        { ...ok, toBasicFormula: null },
        'Formula to the basic unit: is required for a unit that is not the basic unit',
      ],
      [{ ...ok, unitCode: 'C' }, 'Unit code: is already in use'],
    ];
    for (const [body, message] of cases) {
      const answer = await insert(body);
      expect(answer.code, message).toBe(1001);
      expect(answer.msg).toBe(message);
    }
    const stored = await t.app.ctx.db
      .selectFrom('baseUnit')
      .select('id')
      .where('unitName', '=', 'Rankine')
      .execute();
    expect(stored).toEqual([]);
  });

  it('keeps one basic unit per classification and refuses to delete a unit in use', async () => {
    const a = await insert({
      unitName: 'Pascal',
      unitCode: 'Pa',
      unitClassify: 'pressure',
      basicUnitStatus: 1,
    });
    const b = await insert({
      unitName: 'Bar',
      unitCode: 'bar',
      unitClassify: 'pressure',
      basicUnitStatus: 1,
    });
    const rows = await t.app.ctx.db
      .selectFrom('baseUnit')
      .select(['id', 'basicUnitStatus'])
      .where('unitClassify', '=', 'pressure')
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: a.data.id, basicUnitStatus: 0 },
      { id: b.data.id, basicUnitStatus: 1 },
    ]);
    const merged = await call(t.app, 'PUT', `${UNIT}/update`, {
      token: operator,
      body: { id: b.data.id, basicUnitStatus: 0 },
      locale: 'en-US',
    });
    expect(merged.msg).toBe('Formula to the basic unit: is required for a unit that is not the basic unit');
    const { params } = await publishedType(t.app, operator);
    const celsius = params[0]?.paramUnit as number;
    const inUse = await call(t.app, 'DELETE', `${UNIT}/delete`, {
      token: operator,
      query: { id: String(celsius) },
      locale: 'en-US',
    });
    expect(inUse.code).toBe(4103);
    expect(inUse.msg).toBe('Parameter unit is still in use and cannot be deleted');
    const gone = await call(t.app, 'DELETE', `${UNIT}/delete`, {
      token: operator,
      query: { id: String(a.data.id) },
    });
    expect(gone.code).toBe(0);
  });
});

describe('model codes and series', () => {
  let t: TestApp;
  let operator: string;
  beforeAll(async () => {
    t = await createTestApp();
    operator = await login(t.app, 'demo_operator');
  });
  afterAll(async () => t.close());

  it('stores model codes with every field, enables and disables them, and refuses disabled models for new devices', async () => {
    const { type } = await publishedType(t.app, operator);
    const created = await call<Model>(t.app, 'POST', `${MODEL}/insert`, {
      token: operator,
      body: {
        modelName: 'Upright freezer 300',
        modelCode: '0a1f',
        deviceTypeId: type.id,
        modelType: 'Upright',
        modelPic: '/api/files/models/300.png',
        modelLogo: 'https://cdn.example.com/logo.png',
        modelVolume: '300 L',
        temperatureRange: '-25..-18',
        modelVoltage: '220 V',
        modelRefrigerationPower: '180 W',
        modelDefrostPower: '300 W',
        modelDesc: 'Single-door upright freezer',
      },
    });
    expect(created.data).toMatchObject({ modelCode: 'A1F', modelFlag: 1, deviceTypeId: type.id });
    const taken = await call(t.app, 'POST', `${MODEL}/insert`, {
      token: operator,
      body: { modelName: 'Copy', modelCode: 'A1F' },
    });
    expect(taken.code).toBe(4105);
    const disabled = await call<Model>(t.app, 'PUT', `${MODEL}/updateState`, {
      token: operator,
      body: { id: created.data.id, modelFlag: 0 },
    });
    expect(disabled.data.modelFlag).toBe(0);
    const user = await signedIn(t.app);
    const refused = await call(t.app, 'POST', '/api/device/Device/insert', {
      token: user.token,
      body: {
        deviceGuid: '5550001',
        deviceName: 'Freezer',
        deviceTypeId: type.id,
        deviceModelId: created.data.id,
        timeZone: 'UTC',
      },
      locale: 'en-US',
    });
    expect(refused.code).toBe(4112);
    await call(t.app, 'PUT', `${MODEL}/updateState`, {
      token: operator,
      body: { id: created.data.id, modelFlag: 1 },
    });
    await addDevice(t.app, user.token, type.id, { deviceModelId: created.data.id });
    const inUse = await call(t.app, 'DELETE', `${MODEL}/delete`, {
      token: operator,
      query: { id: String(created.data.id) },
    });
    expect(inUse.code).toBe(4103);
    const page = await call<{ data: Model[]; totalCount: number }>(t.app, 'POST', `${MODEL}/page`, {
      token: operator,
      body: { modelName: 'upright', modelFlag: 1 },
    });
    expect(page.data.totalCount).toBe(1);
  });

  it('validates model fields', async () => {
    const ok = { modelName: 'Chest 200', modelCode: 'B200' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...ok, modelName: 'C' }, 'Model name: must be at least 2 characters'],
      [{ ...ok, modelName: 'm'.repeat(51) }, 'Model name: must be at most 50 characters'],
      [{ ...ok, modelCode: '12345' }, 'Model code: must be a hexadecimal number of at most 4 digits'],
      [{ ...ok, modelCode: 'XYZ' }, 'Model code: must be a hexadecimal number of at most 4 digits'],
      [{ ...ok, modelType: 't'.repeat(31) }, 'Model type: must be at most 30 characters'],
      [{ ...ok, modelDesc: 'd'.repeat(201) }, 'Model description: must be at most 200 characters'],
      [{ ...ok, modelFlag: 2 }, 'Model state: must be one of: 0, 1'],
      [{ ...ok, deviceTypeId: 99999 }, 'Device type: does not exist'],
    ];
    for (const [body, message] of cases) {
      const answer = await call(t.app, 'POST', `${MODEL}/insert`, { token: operator, body, locale: 'en-US' });
      expect(answer.code, message).toBe(1001);
      expect(answer.msg).toBe(message);
    }
    const stored = await t.app.ctx.db
      .selectFrom('deviceModel')
      .select('id')
      .where('modelCode', '=', 'B200')
      .execute();
    expect(stored).toEqual([]);
  });

  it('manages series; deleting one leaves its types without a series', async () => {
    const created = await call<Series>(t.app, 'POST', `${SERIES}/insert`, {
      token: operator,
      body: { seriesName: 'Pharma' },
    });
    const tooLong = await call(t.app, 'POST', `${SERIES}/insert`, {
      token: operator,
      body: { seriesName: 's'.repeat(51) },
      locale: 'en-US',
    });
    expect(tooLong.msg).toBe('Series name: must be at most 50 characters');
    const renamed = await call<Series>(t.app, 'PUT', `${SERIES}/update`, {
      token: operator,
      body: { id: created.data.id, seriesName: 'Pharma cold chain' },
    });
    expect(renamed.data.seriesName).toBe('Pharma cold chain');
    const type = await call<DeviceType>(t.app, 'POST', '/api/device/DeviceType/insert', {
      token: operator,
      body: { typeName: 'In series', typeCode: nextTypeCode(), typeScenes: [1], typeSeries: created.data.id },
    });
    const page = await call<{ totalCount: number }>(t.app, 'POST', `${SERIES}/page`, {
      token: operator,
      body: { seriesName: 'pharma' },
    });
    expect(page.data.totalCount).toBe(1);
    await call(t.app, 'DELETE', `${SERIES}/delete`, {
      token: operator,
      query: { id: String(created.data.id) },
    });
    const after = await call<DeviceType>(t.app, 'GET', '/api/device/DeviceType/detail', {
      token: operator,
      query: { id: String(type.data.id) },
    });
    expect(after.data).toMatchObject({ typeSeries: null, seriesName: null });
  });
});
