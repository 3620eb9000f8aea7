import { describe, expect, it } from 'vitest';
import {
  airStartNotAfterStop,
  clampToPeriod,
  endAfterStart,
  joinTrackingNumbers,
  limitsInOrder,
  splitTrackingNumbers,
} from './waybill-rules.ts';

const H = 3_600_000;
const period = { start: 10 * H, end: 20 * H };

describe('waybill form rules (002 §5)', () => {
  it('wants the upper limit above the lower one', () => {
    expect(limitsInOrder(2, 8)).toBe(true);
    expect(limitsInOrder(8, 8)).toBe(false);
    expect(limitsInOrder(8, 2)).toBe(false);
    expect(limitsInOrder(-25, -18)).toBe(true);
    // A missing limit is left to the required rule.
    expect(limitsInOrder(null, 8)).toBe(true);
  });

  it('wants the end after the start', () => {
    expect(endAfterStart(1, 2)).toBe(true);
    expect(endAfterStart(2, 2)).toBe(false);
    expect(endAfterStart(3, 2)).toBe(false);
    expect(endAfterStart(undefined, 2)).toBe(true);
  });

  it('lets an air-mode start equal its stop but not follow it', () => {
    expect(airStartNotAfterStop(1, 2)).toBe(true);
    expect(airStartNotAfterStop(2, 2)).toBe(true);
    expect(airStartNotAfterStop(3, 2)).toBe(false);
  });

  it('leaves a range inside the waybill period alone', () => {
    expect(clampToPeriod({ start: 12 * H, end: 15 * H }, period)).toEqual({
      range: { start: 12 * H, end: 15 * H },
      corrected: false,
    });
  });

  it('moves ends outside the period to the period and says so', () => {
    expect(clampToPeriod({ start: 8 * H, end: 15 * H }, period)).toEqual({
      range: { start: 10 * H, end: 15 * H },
      corrected: true,
    });
    expect(clampToPeriod({ start: 12 * H, end: 22 * H }, period)).toEqual({
      range: { start: 12 * H, end: 20 * H },
      corrected: true,
    });
  });

  it('gives the whole period for a range wholly outside it', () => {
    expect(clampToPeriod({ start: 1 * H, end: 2 * H }, period)).toEqual({
      range: { start: 10 * H, end: 20 * H },
      corrected: true,
    });
  });

  it('fills missing ends from the period without calling it a correction', () => {
    expect(clampToPeriod({ start: null, end: undefined }, period)).toEqual({
      range: { start: 10 * H, end: 20 * H },
      corrected: false,
    });
  });

  it('reads tracking numbers separated by commas of either width', () => {
    expect(splitTrackingNumbers(' SF1001, SF1002，SF1001,, ')).toEqual(['SF1001', 'SF1002']);
    expect(joinTrackingNumbers('a ,b')).toBe('a,b');
    expect(splitTrackingNumbers(null)).toEqual([]);
  });
});
