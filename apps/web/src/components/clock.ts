import { formatInstant, isKnownZone, zoneOffsetMs } from './time-ranges.ts';

// One clock for the console: every time shown names its zone. Device readings and alarms are in the
// device's zone, everything else in the account's (the pages pick the zone; this module writes it).

const zoneOrUtc = (timeZone: string) => (isKnownZone(timeZone) ? timeZone : 'UTC');

/** The zone's offset at an instant as people read it: "GMT+8", "GMT-4", "GMT+5:30", "GMT". */
export function zoneSuffix(ms: number, timeZone: string): string {
  const minutes = Math.round(zoneOffsetMs(ms, zoneOrUtc(timeZone)) / 60_000);
  if (minutes === 0) return 'GMT';
  const abs = Math.abs(minutes);
  const rest = abs % 60;
  return `GMT${minutes < 0 ? '-' : '+'}${Math.floor(abs / 60)}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
}

/** "2026-11-25 14:03:05 GMT+8": an instant as the wall clock of `timeZone`, naming the zone. */
export function formatZoned(ms: number, timeZone: string, seconds = true): string {
  return `${formatInstant(ms, zoneOrUtc(timeZone), seconds)} ${zoneSuffix(ms, timeZone)}`;
}

/** An ISO timestamp from the server (or null) as {@link formatZoned}; '-' when absent. */
export function formatZonedIso(iso: string | null | undefined, timeZone: string, seconds = true): string {
  if (!iso) return '-';
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? '-' : formatZoned(ms, timeZone, seconds);
}

/** A stored day boundary (a service expiry) as the date it falls on in `timeZone`, "2026-11-25". */
export function formatZonedDate(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '-';
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? '-' : formatInstant(ms, zoneOrUtc(timeZone)).slice(0, 10);
}
