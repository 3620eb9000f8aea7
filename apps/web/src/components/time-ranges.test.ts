import { describe, expect, it } from 'vitest';
import {
  customRange,
  formatInstant,
  instantOfWallClock,
  QUICK_RANGES,
  quickRange,
  startOfDay,
  wallClockAt,
  zoneOffsetMs,
} from './time-ranges.ts';

const at = (iso: string) => Date.parse(iso);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('quick ranges (000 §9)', () => {
  const now = at('2026-11-21T05:29:30.000Z'); // 13:29:30 in Shanghai

  it('offers the spec ranges in its order', () => {
    expect(QUICK_RANGES).toEqual([
      'today',
      'halfHour',
      'hours12',
      'hours24',
      'days7',
      'days15',
      'days30',
      'year',
    ]);
  });

  it('computes fixed spans back from now', () => {
    const span = (r: (typeof QUICK_RANGES)[number]) => {
      const { startTime, endTime } = quickRange(r, now, 'Asia/Shanghai');
      expect(endTime).toBe(now);
      return endTime - startTime;
    };
    expect(span('halfHour')).toBe(30 * MINUTE);
    expect(span('hours12')).toBe(12 * HOUR);
    expect(span('hours24')).toBe(DAY);
    expect(span('days7')).toBe(7 * DAY);
    expect(span('days15')).toBe(15 * DAY);
    expect(span('days30')).toBe(30 * DAY);
  });

  it('starts today at the device zone midnight, not the browser one', () => {
    expect(quickRange('today', now, 'Asia/Shanghai').startTime).toBe(at('2026-11-20T16:00:00.000Z'));
    expect(quickRange('today', now, 'America/New_York').startTime).toBe(at('2026-11-21T05:00:00.000Z'));
    expect(quickRange('today', now, 'UTC').startTime).toBe(at('2026-11-21T00:00:00.000Z'));
  });

  it('goes back one calendar year, 29 February falling back to the 28th', () => {
    expect(quickRange('year', now, 'UTC').startTime).toBe(at('2025-11-21T05:29:30.000Z'));
    const leap = at('2028-02-29T12:00:00.000Z');
    expect(quickRange('year', leap, 'UTC').startTime).toBe(at('2027-02-28T12:00:00.000Z'));
  });
});

describe('wall clocks in a device zone', () => {
  it('reads the wall clock and the offset, with daylight saving', () => {
    expect(wallClockAt(at('2026-07-01T12:00:00Z'), 'America/New_York')).toEqual({
      year: 2026,
      month: 7,
      day: 1,
      hour: 8,
      minute: 0,
      second: 0,
    });
    expect(zoneOffsetMs(at('2026-07-01T12:00:00Z'), 'America/New_York')).toBe(-4 * HOUR);
    expect(zoneOffsetMs(at('2026-01-01T12:00:00Z'), 'America/New_York')).toBe(-5 * HOUR);
    expect(zoneOffsetMs(at('2026-01-01T12:00:00Z'), 'Asia/Kolkata')).toBe(5.5 * HOUR);
  });

  it('turns a wall clock into an instant across transitions', () => {
    const wall = { year: 2026, month: 3, day: 8, hour: 1, minute: 30, second: 0 };
    expect(instantOfWallClock(wall, 'America/New_York')).toBe(at('2026-03-08T06:30:00Z'));
    // 02:30 does not exist that night: the clock jumps to 03:30 EDT.
    expect(instantOfWallClock({ ...wall, hour: 2 }, 'America/New_York')).toBe(at('2026-03-08T07:30:00Z'));
    // 01:30 happens twice on 1 November: the earlier (EDT) one.
    expect(instantOfWallClock({ ...wall, month: 11, day: 1 }, 'America/New_York')).toBe(
      at('2026-11-01T05:30:00Z'),
    );
    expect(startOfDay(at('2026-03-08T12:00:00Z'), 'America/New_York')).toBe(at('2026-03-08T05:00:00Z'));
  });

  it('falls back to UTC for a zone the browser does not know', () => {
    expect(startOfDay(at('2026-11-21T05:00:00Z'), 'Mars/Olympus')).toBe(at('2026-11-21T00:00:00Z'));
  });

  it('takes a custom range in the device zone, end second included, and refuses an empty one', () => {
    const start = { year: 2026, month: 11, day: 20, hour: 8, minute: 0, second: 0 };
    const end = { ...start, hour: 9, minute: 59, second: 59 };
    expect(customRange(start, end, 'Asia/Shanghai')).toEqual({
      startTime: at('2026-11-20T00:00:00Z'),
      endTime: at('2026-11-20T02:00:00Z'),
    });
    expect(customRange(end, start, 'Asia/Shanghai')).toBeNull();
  });

  it('formats instants in the zone', () => {
    expect(formatInstant(at('2026-11-21T05:29:05Z'), 'Asia/Shanghai')).toBe('2026-11-21 13:29:05');
    expect(formatInstant(at('2026-11-21T05:29:05Z'), 'UTC', false)).toBe('2026-11-21 05:29');
  });
});
