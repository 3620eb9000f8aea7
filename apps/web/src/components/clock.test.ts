import { describe, expect, it } from 'vitest';
import { formatZoned, formatZonedDate, formatZonedIso, zoneSuffix } from './clock.ts';

const at = (iso: string) => Date.parse(iso);

describe('one clock', () => {
  it('writes an instant in a zone without daylight saving time and names the zone', () => {
    expect(formatZoned(at('2026-11-25T06:03:05Z'), 'Asia/Shanghai')).toBe('2026-11-25 14:03:05 GMT+8');
    expect(formatZoned(at('2026-07-01T06:03:05Z'), 'Asia/Shanghai', false)).toBe('2026-07-01 14:03 GMT+8');
    expect(formatZoned(at('2026-11-25T06:03:05Z'), 'Asia/Kolkata')).toBe('2026-11-25 11:33:05 GMT+5:30');
  });

  it('follows daylight saving time: the same zone names the offset of the instant', () => {
    expect(formatZoned(at('2026-01-15T17:00:00Z'), 'America/New_York')).toBe('2026-01-15 12:00:00 GMT-5');
    expect(formatZoned(at('2026-07-01T16:00:00Z'), 'America/New_York')).toBe('2026-07-01 12:00:00 GMT-4');
    // The hour New York skips (2026-03-08 02:00 -> 03:00): one second apart, two offsets.
    expect(formatZoned(at('2026-03-08T06:59:59Z'), 'America/New_York')).toBe('2026-03-08 01:59:59 GMT-5');
    expect(formatZoned(at('2026-03-08T07:00:00Z'), 'America/New_York')).toBe('2026-03-08 03:00:00 GMT-4');
    expect(formatZoned(at('2026-03-29T01:00:00Z'), 'Europe/Berlin')).toBe('2026-03-29 03:00:00 GMT+2');
  });

  it('shows one instant differently for the device and for the account, each with its zone', () => {
    const reading = '2026-11-25T23:30:00Z';
    const device = formatZonedIso(reading, 'Asia/Shanghai');
    const account = formatZonedIso(reading, 'America/New_York');
    expect(device).toBe('2026-11-26 07:30:00 GMT+8');
    expect(account).toBe('2026-11-25 18:30:00 GMT-5');
    expect(formatZonedDate(reading, 'Asia/Shanghai')).toBe('2026-11-26');
    expect(formatZonedDate(reading, 'America/New_York')).toBe('2026-11-25');
  });

  it('never says UTC, and answers "-" for no time', () => {
    expect(zoneSuffix(at('2026-11-25T00:00:00Z'), 'UTC')).toBe('GMT');
    expect(formatZoned(at('2026-11-25T00:00:00Z'), 'Not/AZone')).toBe('2026-11-25 00:00:00 GMT');
    expect(formatZonedIso(null, 'Asia/Shanghai')).toBe('-');
    expect(formatZonedIso('not a time', 'Asia/Shanghai')).toBe('-');
  });
});
