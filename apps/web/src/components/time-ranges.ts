/**
 * The shared quick time ranges of 000 §9 (today, last half hour, last 12 and 24 hours, 7, 15 and
 * 30 days, one year) and wall-clock helpers for a device's own time zone: charts, tables and exports
 * of a device read its history in the zone the device is set to, as the exports print it.
 */

export const QUICK_RANGES = [
  'today',
  'halfHour',
  'hours12',
  'hours24',
  'days7',
  'days15',
  'days30',
  'year',
] as const;
export type QuickRange = (typeof QUICK_RANGES)[number];

/** A range [startTime, endTime) in ms since the epoch (UTC), as the history calls take it. */
export interface TimeRange {
  startTime: number;
  endTime: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const SPANS: Record<Exclude<QuickRange, 'today' | 'year'>, number> = {
  halfHour: 30 * MINUTE,
  hours12: 12 * HOUR,
  hours24: 24 * HOUR,
  days7: 7 * DAY,
  days15: 15 * DAY,
  days30: 30 * DAY,
};

export interface WallClock {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, found);
  }
  return found;
}

/** Whether the browser knows the zone; an unknown one falls back to UTC in the helpers below. */
export function isKnownZone(timeZone: string): boolean {
  try {
    formatterOf(timeZone);
    return true;
  } catch {
    return false;
  }
}

const zoneOrUtc = (timeZone: string) => (isKnownZone(timeZone) ? timeZone : 'UTC');

/** The wall clock in `timeZone` at an instant. */
export function wallClockAt(ms: number, timeZone: string): WallClock {
  const parts = formatterOf(zoneOrUtc(timeZone)).formatToParts(new Date(ms));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour') % 24,
    minute: part('minute'),
    second: part('second'),
  };
}

const asUtc = (w: WallClock) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);

/** The zone's offset from UTC at an instant, in ms (east positive). */
export function zoneOffsetMs(ms: number, timeZone: string): number {
  const whole = Math.floor(ms / 1000) * 1000;
  return asUtc(wallClockAt(whole, timeZone)) - whole;
}

/**
 * The instant a wall-clock time in `timeZone` names. In a gap (spring forward) it answers the instant
 * the clock shows after the jump; in an overlap (fall back) the earlier one.
 */
export function instantOfWallClock(wall: WallClock, timeZone: string): number {
  const guess = asUtc(wall);
  const first = guess - zoneOffsetMs(guess, timeZone);
  const second = guess - zoneOffsetMs(first, timeZone);
  if (first === second) return first;
  // Two offsets apply around a transition: prefer the one whose wall clock round-trips.
  const roundTrips = (ms: number) => asUtc(wallClockAt(ms, timeZone)) === guess;
  if (roundTrips(Math.min(first, second))) return Math.min(first, second);
  if (roundTrips(Math.max(first, second))) return Math.max(first, second);
  return Math.max(first, second);
}

/** Midnight of the day `ms` falls on, in `timeZone`. */
export function startOfDay(ms: number, timeZone: string): number {
  const wall = wallClockAt(ms, timeZone);
  return instantOfWallClock({ ...wall, hour: 0, minute: 0, second: 0 }, timeZone);
}

/**
 * The range a quick choice names, ending now: "today" from the device's midnight, "one year" back to
 * the same date of the previous year (29 February falls back to the 28th), the others a fixed span.
 */
export function quickRange(range: QuickRange, now: number, timeZone: string): TimeRange {
  const endTime = now;
  if (range === 'today') return { startTime: startOfDay(now, timeZone), endTime };
  if (range === 'year') {
    const wall = wallClockAt(now, timeZone);
    const lastDay = new Date(Date.UTC(wall.year - 1, wall.month, 0)).getUTCDate();
    const startTime = instantOfWallClock(
      { ...wall, year: wall.year - 1, day: Math.min(wall.day, lastDay) },
      timeZone,
    );
    return { startTime, endTime };
  }
  return { startTime: endTime - SPANS[range], endTime };
}

/** A custom range must end after it starts; the end is inclusive of its last second for the user. */
export function customRange(start: WallClock, end: WallClock, timeZone: string): TimeRange | null {
  const startTime = instantOfWallClock(start, timeZone);
  const endTime = instantOfWallClock(end, timeZone) + 1000;
  return endTime > startTime ? { startTime, endTime } : null;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** "2026-11-21 13:29:05" in the given zone (seconds left out when asked). */
export function formatInstant(ms: number, timeZone: string, seconds = true): string {
  const w = wallClockAt(ms, timeZone);
  const time = `${pad(w.hour)}:${pad(w.minute)}${seconds ? `:${pad(w.second)}` : ''}`;
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)} ${time}`;
}

/** The browser's own zone: the fallback for an account that keeps no zone, and a new device's default. */
export function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
