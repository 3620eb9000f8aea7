import type { AlarmCause, AlarmComparator } from '@coldchain/shared';

/** A breach of a condition: why, and the threshold it crossed. */
export interface Breach {
  cause: AlarmCause;
  /** null for events, which cross no threshold */
  limit: number | null;
}

/**
 * One thing the engine watches on one device: a probe's limits (graded by the device's levels), an
 * alarm or warning rule on one channel, a door, power or fault event, or the device's silence.
 */
export interface Condition {
  /** unique per device: limit:101, rule:3:101, warn:2:101, door:1, power:0, offline */
  key: string;
  /** the breach a value makes, or null when the value is fine */
  test(value: number): Breach | null;
  /** levels in ascending order with the device time (ms) a breach must last before each fires */
  levels: readonly { level: number; delayMs: number }[];
}

/** Where a condition stands after the last evaluated sample; durable in alarm_state. */
export interface ConditionState {
  /** latest device time evaluated */
  lastTs: number | null;
  /** device time the open excursion began; null when fine */
  since: number | null;
  cause: AlarmCause | null;
  /** the most extreme value of the open excursion */
  peak: number | null;
  limit: number | null;
  /** highest level the open excursion reached (0: none yet) */
  level: number;
}

export const freshState = (): ConditionState => ({
  lastTs: null,
  since: null,
  cause: null,
  peak: null,
  limit: null,
  level: 0,
});

/** One sample in device time: a reading, or 1/0 for an event that starts or ends a breach. */
export interface Sample {
  ts: number;
  value: number;
}

/** What happened to an excursion while evaluating: a level fired, or the excursion ended. */
export type Transition =
  | {
      type: 'level';
      level: number;
      at: number;
      since: number;
      cause: AlarmCause;
      peak: number;
      limit: number | null;
    }
  | {
      type: 'clear';
      at: number;
      since: number;
      cause: AlarmCause;
      peak: number;
      limit: number | null;
      level: number;
    };

function moreExtreme(cause: AlarmCause, a: number, b: number): number {
  return cause === 'low' ? Math.min(a, b) : Math.max(a, b);
}

/**
 * Advances a condition over samples in device-time order (samples at or before state.lastTs are
 * ignored: the caller replays from an earlier state when late samples arrive). A level fires at the
 * first sample whose device time is at least its delay after the excursion began; the excursion
 * clears at the first sample back in range. Pure: the same trace always gives the same transitions.
 */
export function evaluate(
  condition: Condition,
  state: ConditionState,
  samples: readonly Sample[],
): Transition[] {
  const out: Transition[] = [];
  for (const sample of samples) {
    if (state.lastTs !== null && sample.ts <= state.lastTs) continue;
    state.lastTs = sample.ts;
    const breach = condition.test(sample.value);
    if (state.since !== null && (!breach || breach.cause !== state.cause)) {
      out.push({
        type: 'clear',
        at: sample.ts,
        since: state.since,
        cause: state.cause as AlarmCause,
        peak: state.peak as number,
        limit: state.limit,
        level: state.level,
      });
      Object.assign(state, { since: null, cause: null, peak: null, limit: null, level: 0 });
    }
    if (!breach) continue;
    if (state.since === null) {
      Object.assign(state, {
        since: sample.ts,
        cause: breach.cause,
        peak: sample.value,
        limit: breach.limit,
        level: 0,
      });
    } else {
      state.peak = moreExtreme(breach.cause, state.peak as number, sample.value);
    }
    const since = state.since as number;
    for (const { level, delayMs } of condition.levels) {
      if (level <= state.level || sample.ts - since < delayMs) continue;
      state.level = level;
      out.push({
        type: 'level',
        level,
        at: sample.ts,
        since,
        cause: breach.cause,
        peak: state.peak as number,
        limit: state.limit,
      });
    }
  }
  return out;
}

/** value <comparator> threshold */
export function compare(value: number, comparator: AlarmComparator, threshold: number): boolean {
  switch (comparator) {
    case 'gt':
      return value > threshold;
    case 'ge':
      return value >= threshold;
    case 'lt':
      return value < threshold;
    case 'le':
      return value <= threshold;
    case 'eq':
      return value === threshold;
    case 'ne':
      return value !== threshold;
  }
}
