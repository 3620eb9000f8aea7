import { MKT_DELTA_H_OVER_R_K } from '@coldchain/shared';

const KELVIN_OFFSET = 273.15;

export interface Limits {
  upper: number | null;
  lower: number | null;
}

export interface ChannelStats {
  count: number;
  min: number | null;
  minTs: number | null;
  max: number | null;
  maxTs: number | null;
  average: number | null;
  /** Mean kinetic temperature in °C with ΔH/R = MKT_DELTA_H_OVER_R_K; null without readings. */
  mkt: number | null;
  /** Time in ms the reading spent above the upper / below the lower limit. */
  aboveMs: number;
  belowMs: number;
  firstTs: number | null;
  lastTs: number | null;
}

/**
 * Time a straight segment from (t0, v0) to (t1, v1) spends strictly beyond a limit, `side` 1 for above
 * and -1 for below: the readings are joined by straight lines, as the chart draws them.
 */
export function timeBeyond(t0: number, v0: number, t1: number, v1: number, limit: number, side: 1 | -1) {
  const d0 = (v0 - limit) * side;
  const d1 = (v1 - limit) * side;
  const dt = t1 - t0;
  if (dt <= 0) return 0;
  if (d0 > 0 && d1 > 0) return dt;
  if (d0 <= 0 && d1 <= 0) return 0;
  // One end beyond: the crossing splits the segment in proportion to the distances from the limit.
  return d0 > 0 ? (dt * d0) / (d0 - d1) : (dt * d1) / (d1 - d0);
}

/**
 * Statistics of one channel, fed reading by reading in time order so an export of any length needs no
 * second pass. MKT uses a log-sum-exp around the first reading so that exp() stays near 1.
 */
export class StatsAccumulator {
  private count = 0;
  private sum = 0;
  private min: number | null = null;
  private minTs: number | null = null;
  private max: number | null = null;
  private maxTs: number | null = null;
  private firstTs: number | null = null;
  private prevTs = 0;
  private prevValue = 0;
  private aboveMs = 0;
  private belowMs = 0;
  /** -ΔH/(R·T) of the first reading, the reference of the MKT sum. */
  private mktRef = 0;
  private mktSum = 0;

  constructor(private readonly limits: Limits = { upper: null, lower: null }) {}

  add(ts: number, value: number): void {
    if (this.count > 0) {
      const { upper, lower } = this.limits;
      if (upper !== null) this.aboveMs += timeBeyond(this.prevTs, this.prevValue, ts, value, upper, 1);
      if (lower !== null) this.belowMs += timeBeyond(this.prevTs, this.prevValue, ts, value, lower, -1);
    } else {
      this.firstTs = ts;
      this.mktRef = -MKT_DELTA_H_OVER_R_K / (value + KELVIN_OFFSET);
    }
    this.count += 1;
    this.sum += value;
    if (this.min === null || value < this.min) {
      this.min = value;
      this.minTs = ts;
    }
    if (this.max === null || value > this.max) {
      this.max = value;
      this.maxTs = ts;
    }
    this.mktSum += Math.exp(-MKT_DELTA_H_OVER_R_K / (value + KELVIN_OFFSET) - this.mktRef);
    this.prevTs = ts;
    this.prevValue = value;
  }

  result(): ChannelStats {
    const n = this.count;
    return {
      count: n,
      min: this.min,
      minTs: this.minTs,
      max: this.max,
      maxTs: this.maxTs,
      average: n ? this.sum / n : null,
      mkt: n ? meanKinetic(this.mktRef, this.mktSum, n) : null,
      aboveMs: Math.round(this.aboveMs),
      belowMs: Math.round(this.belowMs),
      firstTs: this.firstTs,
      lastTs: n ? this.prevTs : null,
    };
  }
}

/** MKT = (ΔH/R) / -ln(Σ e^(-ΔH/RT) / n), with the sum taken relative to e^ref. */
function meanKinetic(ref: number, sum: number, n: number): number {
  const logMean = ref + Math.log(sum / n);
  return MKT_DELTA_H_OVER_R_K / -logMean - KELVIN_OFFSET;
}

/** Statistics of a whole series at once (tests, small ranges). */
export function statsOf(points: readonly (readonly [number, number])[], limits?: Limits): ChannelStats {
  const acc = new StatsAccumulator(limits);
  for (const [ts, value] of points) acc.add(ts, value);
  return acc.result();
}
