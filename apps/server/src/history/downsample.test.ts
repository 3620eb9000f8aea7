import { describe, expect, it } from 'vitest';
import { minMaxBuckets, type Point, planBuckets, seriesFromBuckets } from './downsample.ts';
import { statsOf, timeBeyond } from './stats.ts';
import { formatDuration, wallClock } from './time-format.ts';

const MINUTE = 60_000;
const DAY_START = Date.UTC(2026, 0, 1);

/** A day of 1-minute readings near +4 °C with a +15 °C spike and, three minutes later, a -5 °C dip. */
function excursionDay(): Point[] {
  const points: Point[] = [];
  for (let i = 0; i < 1440; i += 1) points.push([DAY_START + i * MINUTE, 4 + Math.sin(i / 60) / 2]);
  points[700] = [DAY_START + 700 * MINUTE, 15];
  points[703] = [DAY_START + 703 * MINUTE, -5];
  return points;
}

/** Largest-triangle-three-buckets, the usual "visual" downsampler, to show what it loses. */
function lttb(points: Point[], threshold: number): Point[] {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return [];
  const out: Point[] = [first];
  const every = (points.length - 2) / (threshold - 2);
  let a = 0;
  for (let i = 0; i < threshold - 2; i += 1) {
    const nextStart = Math.floor((i + 1) * every) + 1;
    const nextEnd = Math.min(Math.floor((i + 2) * every) + 1, points.length);
    let avgX = 0;
    let avgY = 0;
    for (let j = nextStart; j < nextEnd; j += 1) {
      avgX += points[j]?.[0] ?? 0;
      avgY += points[j]?.[1] ?? 0;
    }
    avgX /= Math.max(1, nextEnd - nextStart);
    avgY /= Math.max(1, nextEnd - nextStart);
    const [ax, ay] = points[a] ?? first;
    let best = -1;
    let chosen = nextStart;
    for (let j = Math.floor(i * every) + 1; j < nextStart; j += 1) {
      const [x, y] = points[j] ?? first;
      const area = Math.abs((ax - avgX) * (y - ay) - (ax - x) * (avgY - ay));
      if (area > best) {
        best = area;
        chosen = j;
      }
    }
    out.push(points[chosen] ?? first);
    a = chosen;
  }
  out.push(last);
  return out;
}

describe('min/max downsampling', () => {
  it('keeps a -5 °C excursion that shares a bucket with +15 °C, where LTTB drops it', () => {
    const points = excursionDay();
    const visual = lttb(points, 100);
    expect(visual.some(([, v]) => v === 15)).toBe(true);
    expect(visual.some(([, v]) => v === -5)).toBe(false);

    const plan = planBuckets(DAY_START, DAY_START + 1440 * MINUTE, 100);
    const bucketOf = (ts: number) => Math.floor((ts - DAY_START) / plan.width);
    expect(bucketOf(DAY_START + 700 * MINUTE)).toBe(bucketOf(DAY_START + 703 * MINUTE));
    const [series] = seriesFromBuckets(minMaxBuckets(points, DAY_START, plan.width, 1), [1]);
    expect(series?.points.length).toBeLessThanOrEqual(100);
    expect(series?.points).toContainEqual([DAY_START + 700 * MINUTE, 15]);
    expect(series?.points).toContainEqual([DAY_START + 703 * MINUTE, -5]);
    expect(series).toMatchObject({ channel: 1, count: 1440, min: -5, max: 15, downsampled: true });
    // Points stay in time order, so the line is drawn left to right.
    const times = series?.points.map(([ts]) => ts) ?? [];
    expect(times).toEqual([...times].sort((x, y) => x - y));
  });

  it('answers short ranges exactly and plans at most points/2 buckets', () => {
    const points: Point[] = [
      [DAY_START, 1],
      [DAY_START + MINUTE, 2],
      [DAY_START + 2 * MINUTE, 2],
    ];
    const plan = planBuckets(DAY_START, DAY_START + 3600_000, 1000);
    expect(plan).toEqual({ width: 7200, buckets: 500 });
    const [series] = seriesFromBuckets(minMaxBuckets(points, DAY_START, plan.width), [0, 5]);
    expect(series?.points).toEqual(points);
    expect(series?.downsampled).toBe(false);
    expect(planBuckets(0, 3, 2000)).toEqual({ width: 1, buckets: 3 });
  });

  it('gives an empty series for a channel without readings', () => {
    expect(seriesFromBuckets([], [3])).toEqual([
      { channel: 3, count: 0, min: null, max: null, points: [], downsampled: false },
    ]);
  });
});

describe('statistics', () => {
  it('computes min, max, average and mean kinetic temperature (ΔH/R = 10000 K)', () => {
    const s = statsOf([
      [0, 2],
      [MINUTE, 8],
      [2 * MINUTE, 5],
    ]);
    expect(s).toMatchObject({
      count: 3,
      min: 2,
      minTs: 0,
      max: 8,
      maxTs: MINUTE,
      firstTs: 0,
      lastTs: 2 * MINUTE,
    });
    expect(s.average).toBeCloseTo(5, 10);
    // Reference: 10000 / -ln(mean(exp(-10000 / T))) - 273.15 over 275.15, 281.15 and 278.15 K.
    const mean = [2, 8, 5].map((c) => Math.exp(-10000 / (c + 273.15))).reduce((a, b) => a + b) / 3;
    expect(s.mkt).toBeCloseTo(10000 / -Math.log(mean) - 273.15, 9);
    expect(s.mkt).toBeGreaterThan(5);
    // A constant series has MKT equal to its value; an empty one has none.
    expect(
      statsOf([
        [0, 25],
        [MINUTE, 25],
      ]).mkt,
    ).toBeCloseTo(25, 9);
    expect(statsOf([])).toMatchObject({ count: 0, min: null, average: null, mkt: null, aboveMs: 0 });
  });

  it('measures time above and below the limits along straight lines between consecutive readings', () => {
    expect(timeBeyond(0, 10, 60_000, 10, 8, 1)).toBe(60_000);
    expect(timeBeyond(0, 6, 60_000, 10, 8, 1)).toBe(30_000);
    expect(timeBeyond(0, 10, 60_000, 6, 8, 1)).toBe(30_000);
    expect(timeBeyond(0, 3, 60_000, 1, 2, -1)).toBe(30_000);
    expect(timeBeyond(0, 8, 60_000, 8, 8, 1)).toBe(0);
    const s = statsOf(
      [
        [0, 5],
        [MINUTE, 20],
        [2 * MINUTE, 5],
        [3 * MINUTE, 0],
        [4 * MINUTE, -2],
      ],
      { upper: 8, lower: 2 },
    );
    // Above 8: 48 s rising and 48 s falling; below 2: 24 s of the 5 → 0 segment, then a full minute.
    expect(s.aboveMs).toBe(96_000);
    expect(s.belowMs).toBe(84_000);
    expect(formatDuration(s.aboveMs)).toBe('00:01:36');
    expect(formatDuration(90_061_000)).toBe('1d 01:01:01');
  });
});

describe('wall-clock times', () => {
  it('formats instants in the device time zone, across a DST change and a half-hour zone', () => {
    expect(wallClock('Asia/Shanghai').format(Date.UTC(2026, 0, 1, 16, 30))).toBe('2026-01-02 00:30:00');
    const berlin = wallClock('Europe/Berlin');
    expect(berlin.format(Date.UTC(2026, 2, 29, 0, 59, 59))).toBe('2026-03-29 01:59:59');
    expect(berlin.format(Date.UTC(2026, 2, 29, 1, 0, 0))).toBe('2026-03-29 03:00:00');
    // Newfoundland changes at 02:00 local, in the middle of a UTC hour.
    const stJohns = wallClock('America/St_Johns');
    expect(stJohns.format(Date.UTC(2026, 2, 8, 5, 29))).toBe('2026-03-08 01:59:00');
    expect(stJohns.format(Date.UTC(2026, 2, 8, 5, 31))).toBe('2026-03-08 03:01:00');
    expect(wallClock('Not/AZone').zone).toBe('UTC');
  });
});
