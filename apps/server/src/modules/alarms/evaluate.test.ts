import { describe, expect, it } from 'vitest';
import { type Condition, evaluate, freshState } from './evaluate.ts';

const M = 60_000;
const limits: Condition = {
  key: 'limit:101',
  test: (v) => (v > 8 ? { cause: 'high', limit: 8 } : v < 2 ? { cause: 'low', limit: 2 } : null),
  levels: [
    { level: 1, delayMs: 2 * M },
    { level: 2, delayMs: 4 * M },
  ],
};
const trace = (values: number[]) => values.map((value, i) => ({ ts: i * M, value }));
const brief = (ts: ReturnType<typeof evaluate>) =>
  ts.map((t) => (t.type === 'level' ? `L${t.level}@${t.at / M}` : `clear@${t.at / M} since ${t.since / M}`));

describe('evaluate', () => {
  it('fires a level at the first sample at least its delay after the excursion began', () => {
    expect(brief(evaluate(limits, freshState(), trace([5, 9, 9, 9, 9, 9, 5])))).toEqual([
      'L1@3',
      'L2@5',
      'clear@6 since 1',
    ]);
  });

  it('lets a blip shorter than the first delay end without a level', () => {
    expect(brief(evaluate(limits, freshState(), trace([5, 9, 9, 5])))).toEqual(['clear@3 since 1']);
  });

  it('ends a high excursion and starts a low one when the value jumps across the range', () => {
    const out = evaluate(limits, freshState(), trace([9, 9, 9, 1, 1, 1]));
    expect(brief(out)).toEqual(['L1@2', 'clear@3 since 0', 'L1@5']);
    expect(out.at(-1)).toMatchObject({ cause: 'low', limit: 2, peak: 1 });
  });

  it('ignores samples at or before the last evaluated device time and keeps the extreme', () => {
    const state = freshState();
    evaluate(limits, state, trace([9, 12, 10]));
    expect(evaluate(limits, state, [{ ts: M, value: 30 }])).toEqual([]);
    expect(state).toMatchObject({ since: 0, peak: 12, lastTs: 2 * M, level: 1 });
  });
});
