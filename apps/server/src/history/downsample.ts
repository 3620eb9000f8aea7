/**
 * Min/max downsampling for charts: the range is cut into equal buckets (about one per pixel column)
 * and each bucket gives its lowest and its highest reading, each at its own time. Unlike LTTB, which
 * keeps one "visually significant" point per bucket, this never drops an excursion: a -5 °C reading
 * sharing a bucket with +15 °C still shows. The buckets are computed in SQL (history.repo.ts); this
 * file holds the arithmetic around it.
 */

export type Point = [ts: number, value: number];

/** One bucket as the database answers it. */
export interface BucketRow {
  channel: number;
  /** Readings in the bucket. */
  n: number;
  mn: number;
  mnTs: number;
  mx: number;
  mxTs: number;
}

export interface BucketPlan {
  /** Width of a bucket in ms (at least 1). */
  width: number;
  buckets: number;
}

/** Buckets for a range so that two points per bucket stay within `points`. */
export function planBuckets(from: number, to: number, points: number): BucketPlan {
  const buckets = Math.max(1, Math.floor(points / 2));
  const width = Math.max(1, Math.ceil((to - from) / buckets));
  return { width, buckets: Math.ceil((to - from) / width) };
}

export interface SeriesPoints {
  channel: number;
  count: number;
  min: number | null;
  max: number | null;
  points: Point[];
  downsampled: boolean;
}

/**
 * Turns bucket rows (ordered by channel, then bucket) into chart series. A bucket of one or two
 * readings gives them exactly, so short ranges come back undownsampled.
 */
export function seriesFromBuckets(rows: readonly BucketRow[], channels: readonly number[]): SeriesPoints[] {
  const byChannel = new Map<number, SeriesPoints>();
  for (const channel of channels) {
    byChannel.set(channel, { channel, count: 0, min: null, max: null, points: [], downsampled: false });
  }
  for (const row of rows) {
    const series = byChannel.get(row.channel);
    if (!series) continue;
    series.count += row.n;
    if (series.min === null || row.mn < series.min) series.min = row.mn;
    if (series.max === null || row.mx > series.max) series.max = row.mx;
    if (row.n > 2) series.downsampled = true;
    if (row.mnTs === row.mxTs) series.points.push([row.mnTs, row.mn]);
    else if (row.mnTs < row.mxTs) series.points.push([row.mnTs, row.mn], [row.mxTs, row.mx]);
    else series.points.push([row.mxTs, row.mx], [row.mnTs, row.mn]);
  }
  return [...byChannel.values()];
}

/**
 * The same computation over points in memory: the reference the SQL is tested against. Ties keep the
 * earliest reading, as the queries do.
 */
export function minMaxBuckets(
  points: readonly Point[],
  from: number,
  width: number,
  channel = 0,
): BucketRow[] {
  const buckets = new Map<number, BucketRow>();
  for (const [ts, value] of points) {
    const b = Math.floor((ts - from) / width);
    const row = buckets.get(b);
    if (!row) {
      buckets.set(b, { channel, n: 1, mn: value, mnTs: ts, mx: value, mxTs: ts });
      continue;
    }
    row.n += 1;
    if (value < row.mn || (value === row.mn && ts < row.mnTs)) {
      row.mn = value;
      row.mnTs = ts;
    }
    if (value > row.mx || (value === row.mx && ts < row.mxTs)) {
      row.mx = value;
      row.mxTs = ts;
    }
  }
  return [...buckets.entries()].sort((a, b) => a[0] - b[0]).map(([, row]) => row);
}
