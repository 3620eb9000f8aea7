/**
 * The waybill form's rules across fields (002 §5), as pure functions so they are tested on their own
 * and the form only wires them to its fields. Instants are ms since the epoch.
 */

export interface Period {
  start: number;
  end: number;
}

/** Upper limit strictly above the lower one; either missing is the required rule's business. */
export function limitsInOrder(lower: number | null | undefined, upper: number | null | undefined): boolean {
  if (typeof lower !== 'number' || typeof upper !== 'number') return true;
  return upper > lower;
}

/** The end strictly after the start (a waybill's period, a device's range). */
export function endAfterStart(start: number | null | undefined, end: number | null | undefined): boolean {
  if (typeof start !== 'number' || typeof end !== 'number') return true;
  return end > start;
}

/** Air mode: the timed start may equal the stop but not come after it. */
export function airStartNotAfterStop(
  start: number | null | undefined,
  stop: number | null | undefined,
): boolean {
  if (typeof start !== 'number' || typeof stop !== 'number') return true;
  return start <= stop;
}

/**
 * A device's chosen time range brought inside the waybill's period (002 §5: auto-corrected): each end
 * that lies outside moves to the period's nearest end; a range wholly outside becomes the whole period.
 * Missing ends take the period's. `corrected` says whether anything the user chose was moved, so the
 * form can say "selected time corrected to waybill time".
 */
export function clampToPeriod(
  range: { start: number | null | undefined; end: number | null | undefined },
  period: Period,
): { range: Period; corrected: boolean } {
  const chosenStart = typeof range.start === 'number' ? range.start : null;
  const chosenEnd = typeof range.end === 'number' ? range.end : null;
  let start = chosenStart ?? period.start;
  let end = chosenEnd ?? period.end;
  start = Math.min(Math.max(start, period.start), period.end);
  end = Math.min(Math.max(end, period.start), period.end);
  if (end <= start) {
    start = period.start;
    end = period.end;
  }
  const corrected =
    (chosenStart !== null && chosenStart !== start) || (chosenEnd !== null && chosenEnd !== end);
  return { range: { start, end }, corrected };
}

/** Tracking numbers are one comma-separated text (002 §3); blanks and repeats are dropped. */
export function splitTrackingNumbers(text: string | null | undefined): string[] {
  const seen = new Set<string>();
  for (const part of (text ?? '').split(/[,，]/)) {
    const value = part.trim();
    if (value) seen.add(value);
  }
  return [...seen];
}

export function joinTrackingNumbers(text: string | null | undefined): string {
  return splitTrackingNumbers(text).join(',');
}
