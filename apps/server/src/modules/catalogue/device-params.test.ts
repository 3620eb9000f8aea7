import type { DeviceType, Param } from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { celsiusId, nextTypeCode, publishedType } from '../devices/test-support.ts';

const PARAM = '/api/device/DeviceTypeParam';

describe('device parameters', () => {
  let t: TestApp;
  let operator: string;
  let typeId: number;
  const insert = (body: Record<string, unknown>) =>
    call<Param>(t.app, 'POST', `${PARAM}/insert`, { token: operator, body, locale: 'en-US' });
  const probe = (key: string, extra: Record<string, unknown> = {}) =>
    insert({
      deviceTypeId: typeId,
      paramName: `Probe ${key}`,
      paramKey: key,
      paramSortNo: 1,
      vocationalWork: 1,
      probeId: 1,
      precisionUnit: 1,
      ...extra,
    });

  beforeAll(async () => {
    t = await createTestApp();
    operator = await login(t.app, 'demo_operator');
    const type = await call<DeviceType>(t.app, 'POST', '/api/device/DeviceType/insert', {
      token: operator,
      body: { typeName: 'Param host', typeCode: nextTypeCode(), typeScenes: [1] },
    });
    typeId = type.data.id;
  });
  afterAll(async () => t.close());

  it('stores every field of 002 §3 and reads it back', async () => {
    const unit = await celsiusId(t.app);
    const base = await probe('10');
    const created = await insert({
      deviceTypeId: typeId,
      paramClassify: 2,
      paramType: 3,
      paramName: 'Compressor state',
      paramKey: 'c0',
      paramCode: '00ab12',
      paramSortNo: 5,
      dataType: 1,
      vocationalWork: 4,
      refParamId: base.data.id,
      valueRange: [
        { value: '0', text: 'off' },
        { value: '1', text: 'on' },
      ],
      paramDefault: '0',
      paramDefaultF: '32',
      precisionUnit: 2,
      viewPrecisionUnit: 1,
      autoConvert: 1,
      paramMinType: 0,
      paramMaxType: 1,
      paramMin: -10,
      paramMaxRefId: base.data.id,
      paramMinEqual: 0,
      paramMaxEqual: 1,
      stepLength: 0.5,
      paramUnit: unit,
      readWriteType: 2,
      enforceSend: 1,
      refParamExpression: '(X-32)/1.8',
      bitLength: 8,
      bitList: [
        { bit: 0, name: 'fan' },
        { bit: 1, name: 'heater' },
      ],
      regExp: '^[0-9]+$',
      regExpTip: 'digits only',
      groupName: 'Compressor',
      description: 'State of the compressor relay',
    });
    expect(created.code).toBe(0);
    expect(created.data).toMatchObject({
      paramKey: 'C0',
      paramCode: 'AB12',
      valueRange: [
        { value: '0', text: 'off' },
        { value: '1', text: 'on' },
      ],
      bitList: [
        { bit: 0, name: 'fan' },
        { bit: 1, name: 'heater' },
      ],
      paramMaxRefId: base.data.id,
      paramMinEqual: 0,
      combineGroup: null,
    });
    const page = await call<{ data: Param[]; totalCount: number }>(t.app, 'POST', `${PARAM}/page`, {
      token: operator,
      body: { deviceTypeId: typeId, paramName: 'compressor' },
    });
    expect(page.data.totalCount).toBe(1);
    const taken = await probe('10');
    expect(taken.code).toBe(4106);
  });

  it('applies the rules of 002 §5 with a message naming the field, storing nothing', async () => {
    const ok = {
      deviceTypeId: typeId,
      paramName: 'Rule check',
      paramKey: 'E1',
      paramSortNo: 1,
      precisionUnit: 2,
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...ok, paramSortNo: 0 }, 'Sort number: must be at least 1'],
      [{ ...ok, precisionUnit: undefined }, 'Transmission precision: is required'],
      [{ ...ok, precisionUnit: 5 }, 'Transmission precision: must be at most 4'],
      [{ ...ok, viewPrecisionUnit: 3 }, 'Display precision: must not exceed the transmission precision'],
      [
        { ...ok, valueRange: [{ value: '1', text: 'on,off' }] },
        'Value text: must not contain a comma or a colon',
      ],
      [{ ...ok, valueRange: [{ value: '1:2', text: 'on' }] }, 'Value: must not contain a comma or a colon'],
      [
        { ...ok, valueRange: [{ value: '1', text: '开，关' }] },
        'Value text: must not contain a comma or a colon',
      ],
      [{ ...ok, bitList: [{ bit: 0, name: 'a:b' }] }, 'Name: must not contain a comma or a colon'],
      [
        {
          ...ok,
          valueRange: [
            { value: '1', text: 'a' },
            { value: '1', text: 'b' },
          ],
        },
        'Value texts: contains duplicates',
      ],
      [{ ...ok, paramKey: 'GG' }, 'Parameter key: must be a hexadecimal number of at most 4 digits'],
      [{ ...ok, paramKey: '12345' }, 'Parameter key: must be a hexadecimal number of at most 4 digits'],
      [{ ...ok, paramCode: '1234567' }, 'Parameter code: must be a hexadecimal number of at most 6 digits'],
      [{ ...ok, paramName: '' }, 'Parameter name: is required'],
      [{ ...ok, paramName: 'n'.repeat(101) }, 'Parameter name: must be at most 100 characters'],
      [{ ...ok, groupName: 'g'.repeat(21) }, 'Group name: must be at most 20 characters'],
      [
        { ...ok, refParamExpression: 'X^2' },
        'Reference expression: must be a formula in X using digits, + - * / ( ) and decimal points, at most 100 characters',
      ],
      [{ ...ok, vocationalWork: 1 }, 'Probe: is required for a probe parameter'],
      [{ ...ok, paramMin: 10, paramMax: 5 }, 'Maximum: must not be below the minimum'],
      [{ ...ok, paramMinType: 1 }, 'Minimum parameter: is required'],
      [{ ...ok, regExp: '([a-z' }, 'Regular expression: is not a valid regular expression'],
      [
        { ...ok, refParamId: 99999 },
        'Reference parameter: must name another parameter of the same device type',
      ],
      [{ ...ok, paramUnit: 99999 }, 'Unit: does not exist'],
      [{ ...ok, combineGroup: 1 }, 'Combination: is not an accepted field'],
    ];
    for (const [body, message] of cases) {
      const answer = await insert(body);
      expect(answer.code, message).toBe(1001);
      expect(answer.msg).toBe(message);
    }
    const stored = await t.app.ctx.db
      .selectFrom('deviceTypeParam')
      .select('id')
      .where('paramName', '=', 'Rule check')
      .execute();
    expect(stored).toEqual([]);
    const noType = await insert({ ...ok, deviceTypeId: 99999 });
    expect(noType.code).toBe(1004);
    expect(noType.msg).toBe('Device type not found');
  });

  it('checks the rules on the merged row when updating', async () => {
    const row = await insert({
      deviceTypeId: typeId,
      paramName: 'Merge',
      paramKey: 'E2',
      paramSortNo: 2,
      precisionUnit: 2,
      viewPrecisionUnit: 2,
    });
    const lower = await call(t.app, 'PUT', `${PARAM}/update`, {
      token: operator,
      body: { id: row.data.id, precisionUnit: 1 },
      locale: 'en-US',
    });
    expect(lower.msg).toBe('Display precision: must not exceed the transmission precision');
    const self = await call(t.app, 'PUT', `${PARAM}/update`, {
      token: operator,
      body: { id: row.data.id, refParamId: row.data.id },
      locale: 'en-US',
    });
    expect(self.msg).toBe('Reference parameter: must name another parameter of the same device type');
    const fine = await call<Param>(t.app, 'PUT', `${PARAM}/update`, {
      token: operator,
      body: { id: row.data.id, precisionUnit: 3, paramName: 'Merged' },
    });
    expect(fine.data).toMatchObject({ precisionUnit: 3, viewPrecisionUnit: 2, paramName: 'Merged' });
  });

  it('combines at least two probe parameters of one type and separates members of one combination', async () => {
    const [a, b, c] = [await probe('20'), await probe('21'), await probe('22')].map((r) => r.data.id);
    const plain = (
      await insert({
        deviceTypeId: typeId,
        paramName: 'Plain',
        paramKey: '23',
        paramSortNo: 1,
        precisionUnit: 0,
      })
    ).data.id;
    const other = await publishedType(t.app, operator);
    const foreign = other.params[0]?.id as number;
    const combine = (ids: number[]) =>
      call<Param[]>(t.app, 'POST', `${PARAM}/combine`, { token: operator, body: { ids }, locale: 'en-US' });
    const separate = (ids: number[]) =>
      call<Param[]>(t.app, 'POST', `${PARAM}/separate`, { token: operator, body: { ids }, locale: 'en-US' });
    expect((await combine([])).code).toBe(1201);
    expect((await combine([a as number])).code).toBe(4110);
    expect((await combine([a as number, plain])).code).toBe(4110);
    expect((await combine([a as number, foreign])).code).toBe(4110);
    const done = await combine([a as number, b as number, c as number]);
    expect(done.code).toBe(0);
    expect(done.data.map((p) => p.combineGroup)).toEqual([a, a, a]);
    expect((await combine([a as number, b as number])).code).toBe(4110);
    const notMerged = await separate([plain]);
    expect(notMerged.code).toBe(4012);
    expect(notMerged.msg).toBe('The selected parameters are not merged or not from the same merge');
    const one = await separate([c as number]);
    expect(one.data[0]?.combineGroup).toBeNull();
    const stillTwo = await call<Param[]>(t.app, 'GET', `${PARAM}/list`, {
      token: operator,
      query: { deviceTypeId: String(typeId) },
    });
    expect(stillTwo.data.filter((p) => p.combineGroup === a).map((p) => p.id)).toEqual([a, b]);
    const typeChange = await call(t.app, 'PUT', `${PARAM}/update`, {
      token: operator,
      body: { id: b, vocationalWork: 0 },
      locale: 'en-US',
    });
    expect(typeChange.msg).toBe(
      'Business type: cannot change while the parameter is combined; separate it first',
    );
    // Deleting one of two dissolves the combination.
    await call(t.app, 'DELETE', `${PARAM}/delete`, { token: operator, query: { id: String(b) } });
    const left = await call<Param[]>(t.app, 'GET', `${PARAM}/list`, {
      token: operator,
      query: { deviceTypeId: String(typeId) },
    });
    expect(left.data.find((p) => p.id === a)?.combineGroup).toBeNull();
  });

  it('clears references to a deleted parameter', async () => {
    const target = await insert({
      deviceTypeId: typeId,
      paramName: 'Target',
      paramKey: '30',
      paramSortNo: 1,
      precisionUnit: 0,
    });
    const ref = await insert({
      deviceTypeId: typeId,
      paramName: 'Ref',
      paramKey: '31',
      paramSortNo: 1,
      precisionUnit: 0,
      refParamId: target.data.id,
      paramMaxType: 1,
      paramMaxRefId: target.data.id,
    });
    await call(t.app, 'DELETE', `${PARAM}/delete`, {
      token: operator,
      query: { id: String(target.data.id) },
    });
    const after = await t.app.ctx.db
      .selectFrom('deviceTypeParam')
      .select(['refParamId', 'paramMaxRefId'])
      .where('id', '=', ref.data.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ refParamId: null, paramMaxRefId: null });
  });
});
