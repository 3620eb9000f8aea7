import {
  DEVICE_CORRECTION_MAX,
  DEVICE_INTERVAL_MAX_S,
  DEVICE_INTERVAL_MIN_S,
  type ParamSetting,
  type ParamSettingUpdate,
} from '@coldchain/shared';

/**
 * The parameter-settings rules of 002 §5 as the form checks them before sending: upper and lower limit
 * required, lower below upper, both within the parameter's settable range; corrections within
 * ±DEVICE_CORRECTION_MAX; record and upload intervals within bounds, upload not shorter than record.
 * The server checks the same (packages/shared paramSettingUpdateSchema and the type's ranges).
 */

export type ProbeSetting = ParamSetting['probes'][number];

export interface ProbeDraft {
  probeId: number;
  probeName?: string | null;
  lowerLimit?: number | null;
  upperLimit?: number | null;
  correctionValue?: number | null;
}

export type ProbeField = 'lowerLimit' | 'upperLimit' | 'correctionValue';

export type ProbeProblem =
  | { field: ProbeField; rule: 'required' }
  | { field: ProbeField; rule: 'belowMin'; min: number }
  | { field: ProbeField; rule: 'aboveMax'; max: number }
  | { field: 'lowerLimit'; rule: 'lowerBelowUpper' }
  | { field: 'correctionValue'; rule: 'correctionRange'; max: number };

const given = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

export function probeProblems(probe: ProbeSetting, draft: ProbeDraft): ProbeProblem[] {
  const problems: ProbeProblem[] = [];
  for (const field of ['lowerLimit', 'upperLimit'] as const) {
    const value = draft[field];
    if (!given(value)) {
      problems.push({ field, rule: 'required' });
      continue;
    }
    if (probe.min !== null && value < probe.min) problems.push({ field, rule: 'belowMin', min: probe.min });
    if (probe.max !== null && value > probe.max) problems.push({ field, rule: 'aboveMax', max: probe.max });
  }
  if (given(draft.lowerLimit) && given(draft.upperLimit) && draft.lowerLimit >= draft.upperLimit)
    problems.push({ field: 'lowerLimit', rule: 'lowerBelowUpper' });
  const correction = draft.correctionValue;
  if (given(correction) && Math.abs(correction) > DEVICE_CORRECTION_MAX)
    problems.push({ field: 'correctionValue', rule: 'correctionRange', max: DEVICE_CORRECTION_MAX });
  return problems;
}

export type IntervalProblem =
  | { field: 'recordInterval' | 'uploadInterval'; rule: 'required' }
  | { field: 'recordInterval' | 'uploadInterval'; rule: 'intervalRange'; min: number; max: number }
  | { field: 'uploadInterval'; rule: 'uploadNotShorter' };

export function intervalProblems(
  recordInterval: number | null | undefined,
  uploadInterval: number | null | undefined,
): IntervalProblem[] {
  const problems: IntervalProblem[] = [];
  for (const [field, value] of [
    ['recordInterval', recordInterval],
    ['uploadInterval', uploadInterval],
  ] as const) {
    if (!given(value)) problems.push({ field, rule: 'required' });
    else if (!Number.isInteger(value) || value < DEVICE_INTERVAL_MIN_S || value > DEVICE_INTERVAL_MAX_S)
      problems.push({ field, rule: 'intervalRange', min: DEVICE_INTERVAL_MIN_S, max: DEVICE_INTERVAL_MAX_S });
  }
  if (given(recordInterval) && given(uploadInterval) && uploadInterval < recordInterval)
    problems.push({ field: 'uploadInterval', rule: 'uploadNotShorter' });
  return problems;
}

export interface SettingsDraft {
  timeZone: string;
  recordInterval: number;
  uploadInterval: number;
  probes: ProbeDraft[];
}

/** The update call's body from a checked draft: every probe with its limits, names trimmed. */
export function settingsUpdate(id: number, draft: SettingsDraft): ParamSettingUpdate {
  return {
    id,
    timeZone: draft.timeZone,
    recordInterval: draft.recordInterval,
    uploadInterval: draft.uploadInterval,
    probes: draft.probes.map((p) => ({
      probeId: p.probeId,
      probeName: p.probeName?.trim() ? p.probeName.trim() : null,
      lowerLimit: p.lowerLimit ?? 0,
      upperLimit: p.upperLimit ?? 0,
      ...(given(p.correctionValue) ? { correctionValue: p.correctionValue } : {}),
    })),
  };
}
