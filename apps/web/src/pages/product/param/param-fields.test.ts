import { type Param, paramInsertSchema } from '@coldchain/shared';
import { describe, expect, it, vi } from 'vitest';
import { checkGrouping, type ParamFields, paramBody, paramInitialValues } from './param-fields.ts';

vi.mock('../../../app/i18n.ts', () => ({ currentLocale: () => 'en-US' }));

function param(id: number, extra: Partial<Param> = {}): Param {
  return {
    id,
    deviceTypeId: 1,
    paramClassify: 0,
    paramType: 0,
    paramName: `P${id}`,
    paramKey: String(id),
    paramCode: null,
    paramSortNo: id,
    dataType: 0,
    vocationalWork: 1,
    probeId: id,
    refParamId: null,
    valueRange: [],
    paramDefault: null,
    paramDefaultF: null,
    precisionUnit: 1,
    viewPrecisionUnit: null,
    autoConvert: 0,
    paramMinType: 0,
    paramMaxType: 0,
    paramMin: null,
    paramMax: null,
    paramMinRefId: null,
    paramMaxRefId: null,
    paramMinEqual: 1,
    paramMaxEqual: 1,
    stepLength: null,
    paramUnit: null,
    readWriteType: 0,
    enforceSend: 0,
    refParamExpression: null,
    bitLength: null,
    bitList: [],
    regExp: null,
    regExpTip: null,
    groupName: null,
    description: null,
    combineGroup: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

describe('combining and separating (002 §5)', () => {
  it('combines at least two probe parameters not combined yet', () => {
    expect(checkGrouping('combine', [param(1), param(2)])).toBe('ok');
    expect(checkGrouping('combine', [param(1)])).toBe('combineRule');
    expect(checkGrouping('combine', [param(1), param(2, { vocationalWork: 0 })])).toBe('combineRule');
    expect(checkGrouping('combine', [param(1), param(2, { combineGroup: 2 })])).toBe('combineRule');
  });

  it('separates only members of one combination', () => {
    expect(checkGrouping('separate', [param(1, { combineGroup: 1 }), param(2, { combineGroup: 1 })])).toBe(
      'ok',
    );
    expect(checkGrouping('separate', [param(3, { combineGroup: 3 })])).toBe('ok');
    expect(checkGrouping('separate', [param(1, { combineGroup: 1 }), param(4, { combineGroup: 4 })])).toBe(
      'separateRule',
    );
    expect(checkGrouping('separate', [param(1, { combineGroup: 1 }), param(2)])).toBe('separateRule');
    expect(checkGrouping('separate', [param(2)])).toBe('separateRule');
    expect(checkGrouping('separate', [])).toBe('separateRule');
  });
});

describe('the parameter body', () => {
  const values = (extra: Partial<ParamFields> = {}): ParamFields => ({
    ...paramInitialValues(null, 3),
    paramName: ' Temperature ',
    paramKey: '0a',
    ...extra,
  });

  it('is what the server accepts, with the next sort number and empty texts as null', () => {
    const body = paramBody(values());
    expect(body).toMatchObject({ paramName: 'Temperature', paramSortNo: 3, paramCode: null, probeId: null });
    expect(paramInsertSchema.safeParse({ deviceTypeId: 1, ...body }).success).toBe(true);
  });

  it('sends only the chosen kind of each limit and the probe id only for probes', () => {
    const body = paramBody(
      values({
        vocationalWork: 0,
        probeId: 4,
        paramMinType: 1,
        paramMin: -20,
        paramMinRefId: 7,
        paramMaxType: 0,
        paramMax: 40,
        paramMaxRefId: 8,
      }),
    );
    expect(body).toMatchObject({
      probeId: null,
      paramMin: null,
      paramMinRefId: 7,
      paramMax: 40,
      paramMaxRefId: null,
    });
  });

  it('round-trips a stored parameter', () => {
    const stored = param(5, {
      valueRange: [{ value: '0', text: 'closed' }],
      bitList: [{ bit: 0, name: 'door' }],
      paramMaxEqual: 0,
      viewPrecisionUnit: 1,
    });
    const body = paramBody(paramInitialValues(stored, 9));
    expect(body).toMatchObject({
      paramSortNo: 5,
      probeId: 5,
      valueRange: [{ value: '0', text: 'closed' }],
      bitList: [{ bit: 0, name: 'door' }],
      paramMaxEqual: 0,
      viewPrecisionUnit: 1,
    });
  });
});
