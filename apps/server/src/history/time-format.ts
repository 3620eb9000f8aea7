const HOUR_MS = 3_600_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

/** Offset of a time zone from UTC at an instant, in ms (Asia/Shanghai: +8 h). */
export function zoneOffsetMs(timeZone: string, ts: number): number {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(new Date(ts));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return asUtc - Math.floor(ts / 1000) * 1000;
}

/** A valid IANA zone, else UTC (a device row always has one; this guards exports against a bad value). */
export function safeZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * Formats instants as local wall time "YYYY-MM-DD HH:mm:ss" in one zone. Offsets are looked up once per
 * hour of time, so a year of minute readings formats without half a million Intl calls.
 */
export function wallClock(timeZone: string) {
  const zone = safeZone(timeZone);
  // Per hour: its offset, or null when a transition falls inside it (zones with half-hour offsets).
  const offsets = new Map<number, number | null>();
  const offsetAt = (ts: number) => {
    const hour = Math.floor(ts / HOUR_MS);
    let offset = offsets.get(hour);
    if (offset === undefined) {
      const start = zoneOffsetMs(zone, hour * HOUR_MS);
      offset = start === zoneOffsetMs(zone, (hour + 1) * HOUR_MS - 1000) ? start : null;
      offsets.set(hour, offset);
    }
    return offset ?? zoneOffsetMs(zone, ts);
  };
  return {
    zone,
    /** The instant shifted so that its UTC fields read as the local wall time. */
    shifted: (ts: number) => ts + offsetAt(ts),
    format(ts: number): string {
      const d = new Date(ts + offsetAt(ts));
      return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
    },
  };
}

export type WallClock = ReturnType<typeof wallClock>;

/** The zone's offset at an instant as people read it: "GMT+8", "GMT-4", "GMT+5:30", "GMT". */
export function offsetName(timeZone: string, ts: number): string {
  const minutes = Math.round(zoneOffsetMs(safeZone(timeZone), ts) / 60_000);
  if (minutes === 0) return 'GMT';
  const abs = Math.abs(minutes);
  const hours = Math.floor(abs / 60);
  return `GMT${minutes < 0 ? '-' : '+'}${hours}${abs % 60 ? `:${pad(abs % 60)}` : ''}`;
}

/** An instant as a wall time with its zone named, for texts people read: "2026-11-21 13:29:00 GMT+8". */
export function zonedTime(ts: number, timeZone: string): string {
  return `${wallClock(timeZone).format(ts)} ${offsetName(timeZone, ts)}`;
}

/** A duration in ms as "1d 02:03:04" or "02:03:04". */
export function formatDuration(ms: number): string {
  const total = Math.round(ms / 1000);
  const days = Math.floor(total / 86_400);
  const rest = total % 86_400;
  const clock = `${pad(Math.floor(rest / 3600))}:${pad(Math.floor((rest % 3600) / 60))}:${pad(rest % 60)}`;
  return days ? `${days}d ${clock}` : clock;
}
