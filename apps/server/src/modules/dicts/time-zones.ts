/**
 * The time zones an account may choose: the IANA zones this runtime knows (Intl.supportedValuesOf),
 * plus UTC, which ICU lists under no canonical zone name but users and servers expect.
 */
export const UTC_ZONE = 'UTC';
export const TIME_ZONES: readonly string[] = [UTC_ZONE, ...Intl.supportedValuesOf('timeZone')];
const KNOWN = new Set(TIME_ZONES);

export function isTimeZone(value: string): boolean {
  return KNOWN.has(value);
}

/** Offset of a zone at an instant, in minutes east of UTC, e.g. 480 for Asia/Shanghai. */
export function offsetMinutes(timeZone: string, at: Date): number {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /^GMT([+-])(\d{2}):(\d{2})$/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/** "+08:00", "-03:30", "+00:00". */
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}
