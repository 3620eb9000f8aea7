import { PARAM_COMBINE_MIN, PARAM_VOCATIONAL_PROBE, type Param, type ParamInsert } from '@coldchain/shared';
import { flag, numberOrNull, textOrNull } from '../form-values.ts';

// The parameter form's values, the request body made of them, and the grouping rules (002 §3, §5).

/** Codes whose values the spec does not list (decisions): entered as numbers 0-99. */
export const CODES = ['paramClassify', 'paramType', 'dataType', 'readWriteType'] as const;
export type CodeField = (typeof CODES)[number];

export type ParamFields = Record<CodeField, number> & {
  paramName: string;
  paramKey: string;
  paramCode: string;
  paramSortNo: number | null;
  vocationalWork: number;
  probeId: number | null;
  refParamId: number | null;
  valueRange: { value: string; text: string }[];
  paramDefault: string;
  paramDefaultF: string;
  precisionUnit: number | null;
  viewPrecisionUnit: number | null;
  autoConvert: boolean;
  paramMinType: 0 | 1;
  paramMaxType: 0 | 1;
  paramMin: number | null;
  paramMax: number | null;
  paramMinRefId: number | null;
  paramMaxRefId: number | null;
  paramMinEqual: boolean;
  paramMaxEqual: boolean;
  stepLength: number | null;
  paramUnit: number | null;
  enforceSend: boolean;
  refParamExpression: string;
  bitLength: number | null;
  bitList: { bit: number | null; name: string }[];
  regExp: string;
  regExpTip: string;
  groupName: string;
  description: string;
};

export const PARAM_FIELD_NAMES: readonly string[] = [
  ...CODES,
  'paramName',
  'paramKey',
  'paramCode',
  'paramSortNo',
  'vocationalWork',
  'probeId',
  'refParamId',
  'valueRange',
  'paramDefault',
  'paramDefaultF',
  'precisionUnit',
  'viewPrecisionUnit',
  'autoConvert',
  'paramMinType',
  'paramMaxType',
  'paramMin',
  'paramMax',
  'paramMinRefId',
  'paramMaxRefId',
  'paramMinEqual',
  'paramMaxEqual',
  'stepLength',
  'paramUnit',
  'enforceSend',
  'refParamExpression',
  'bitLength',
  'bitList',
  'regExp',
  'regExpTip',
  'groupName',
  'description',
];

export function paramInitialValues(param: Param | null, nextSortNo: number): ParamFields {
  return {
    paramName: param?.paramName ?? '',
    paramKey: param?.paramKey ?? '',
    paramCode: param?.paramCode ?? '',
    paramSortNo: param?.paramSortNo ?? nextSortNo,
    paramClassify: param?.paramClassify ?? 0,
    paramType: param?.paramType ?? 0,
    dataType: param?.dataType ?? 0,
    readWriteType: param?.readWriteType ?? 0,
    vocationalWork: param?.vocationalWork ?? 0,
    probeId: param?.probeId ?? null,
    refParamId: param?.refParamId ?? null,
    valueRange: param?.valueRange ?? [],
    paramDefault: param?.paramDefault ?? '',
    paramDefaultF: param?.paramDefaultF ?? '',
    precisionUnit: param?.precisionUnit ?? 0,
    viewPrecisionUnit: param?.viewPrecisionUnit ?? null,
    autoConvert: param?.autoConvert === 1,
    paramMinType: param?.paramMinType === 1 ? 1 : 0,
    paramMaxType: param?.paramMaxType === 1 ? 1 : 0,
    paramMin: param?.paramMin ?? null,
    paramMax: param?.paramMax ?? null,
    paramMinRefId: param?.paramMinRefId ?? null,
    paramMaxRefId: param?.paramMaxRefId ?? null,
    paramMinEqual: param ? param.paramMinEqual === 1 : true,
    paramMaxEqual: param ? param.paramMaxEqual === 1 : true,
    stepLength: param?.stepLength ?? null,
    paramUnit: param?.paramUnit ?? null,
    enforceSend: param?.enforceSend === 1,
    refParamExpression: param?.refParamExpression ?? '',
    bitLength: param?.bitLength ?? null,
    bitList: param?.bitList ?? [],
    regExp: param?.regExp ?? '',
    regExpTip: param?.regExpTip ?? '',
    groupName: param?.groupName ?? '',
    description: param?.description ?? '',
  };
}

/** The request body of the form's values; a limit of the other kind than chosen is cleared. */
export function paramBody(values: ParamFields): Omit<ParamInsert, 'deviceTypeId'> {
  const probe = values.vocationalWork === PARAM_VOCATIONAL_PROBE;
  return {
    paramName: values.paramName.trim(),
    paramKey: values.paramKey.trim(),
    paramCode: textOrNull(values.paramCode),
    paramSortNo: values.paramSortNo ?? 0,
    paramClassify: values.paramClassify,
    paramType: values.paramType,
    dataType: values.dataType,
    readWriteType: values.readWriteType,
    vocationalWork: values.vocationalWork,
    probeId: probe ? numberOrNull(values.probeId) : null,
    refParamId: values.refParamId ?? null,
    valueRange: (values.valueRange ?? []).map((v) => ({ value: v.value.trim(), text: v.text.trim() })),
    paramDefault: textOrNull(values.paramDefault),
    paramDefaultF: textOrNull(values.paramDefaultF),
    precisionUnit: values.precisionUnit ?? 0,
    viewPrecisionUnit: numberOrNull(values.viewPrecisionUnit),
    autoConvert: flag(values.autoConvert),
    paramMinType: values.paramMinType,
    paramMaxType: values.paramMaxType,
    paramMin: values.paramMinType === 0 ? numberOrNull(values.paramMin) : null,
    paramMax: values.paramMaxType === 0 ? numberOrNull(values.paramMax) : null,
    paramMinRefId: values.paramMinType === 1 ? (values.paramMinRefId ?? null) : null,
    paramMaxRefId: values.paramMaxType === 1 ? (values.paramMaxRefId ?? null) : null,
    paramMinEqual: flag(values.paramMinEqual),
    paramMaxEqual: flag(values.paramMaxEqual),
    stepLength: numberOrNull(values.stepLength),
    paramUnit: values.paramUnit ?? null,
    enforceSend: flag(values.enforceSend),
    refParamExpression: textOrNull(values.refParamExpression),
    bitLength: numberOrNull(values.bitLength),
    bitList: (values.bitList ?? []).map((b) => ({ bit: b.bit ?? 0, name: b.name.trim() })),
    regExp: textOrNull(values.regExp),
    regExpTip: textOrNull(values.regExpTip),
    groupName: textOrNull(values.groupName),
    description: textOrNull(values.description),
  };
}

export type GroupCheck = 'ok' | 'combineRule' | 'separateRule';

/**
 * The selection rules of combining and separating (002 §5), on the parameters as they are now:
 * combining takes at least two probe parameters not yet combined; separating takes members of one
 * combination.
 */
export function checkGrouping(kind: 'combine' | 'separate', chosen: readonly Param[]): GroupCheck {
  if (kind === 'combine') {
    const ok =
      chosen.length >= PARAM_COMBINE_MIN &&
      chosen.every((p) => p.vocationalWork === PARAM_VOCATIONAL_PROBE && p.combineGroup === null);
    return ok ? 'ok' : 'combineRule';
  }
  const groups = new Set(chosen.map((p) => p.combineGroup));
  const [group] = groups;
  return chosen.length > 0 && groups.size === 1 && group !== null && group !== undefined
    ? 'ok'
    : 'separateRule';
}
