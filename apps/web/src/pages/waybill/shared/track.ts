/**
 * A waybill's track for the map and its playback: fixes oldest first, and where the vehicle was at a
 * moment between two fixes (linear between them, which is what a user expects from a replay).
 */

export interface TrackFix {
  ts: number;
  lat: number;
  lon: number;
}

/** Playback speeds offered by the slider: how many track milliseconds pass per real millisecond. */
export const PLAYBACK_SPEEDS = [1, 10, 60, 300, 900, 3600] as const;

/**
 * Where the track was at `ts`: before the first fix, the first; after the last, the last; between two
 * fixes, on the straight line between them in proportion to the time passed.
 */
export function positionAt(fixes: readonly TrackFix[], ts: number): TrackFix | null {
  const first = fixes[0];
  const last = fixes[fixes.length - 1];
  if (!first || !last) return null;
  if (ts <= first.ts) return first;
  if (ts >= last.ts) return last;
  let lo = 0;
  let hi = fixes.length - 1;
  // Binary search for the last fix at or before ts.
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    const fix = fixes[mid];
    if (fix && fix.ts <= ts) lo = mid;
    else hi = mid;
  }
  const a = fixes[lo];
  const b = fixes[hi];
  if (!a || !b) return last;
  if (b.ts === a.ts) return b;
  const share = (ts - a.ts) / (b.ts - a.ts);
  return { ts, lat: a.lat + (b.lat - a.lat) * share, lon: a.lon + (b.lon - a.lon) * share };
}

/** The part of the track already travelled at `ts` (for drawing the passed route in another colour). */
export function travelledUntil(fixes: readonly TrackFix[], ts: number): TrackFix[] {
  const passed = fixes.filter((fix) => fix.ts <= ts);
  const here = positionAt(fixes, ts);
  const last = passed[passed.length - 1];
  if (here && last && here.ts > last.ts) passed.push(here);
  return passed;
}

/** The next playback instant after `elapsedMs` of real time at `speed`, and whether the end was reached. */
export function advance(
  current: number,
  elapsedMs: number,
  speed: number,
  endTs: number,
): { ts: number; ended: boolean } {
  const next = current + elapsedMs * speed;
  return next >= endTs ? { ts: endTs, ended: true } : { ts: next, ended: false };
}
