import { type ChartSeries, WAYBILL_STATE_NOT_STARTED, type WaybillStats } from '@coldchain/shared';
import { channelOf } from '@coldchain/shared/device-protocol';
import type { Clock } from '../../clock.ts';
import {
  type ChannelSettings,
  channelInfo,
  channelSettings,
  corrected,
} from '../../history/channel-settings.ts';
import { planBuckets, seriesFromBuckets } from '../../history/downsample.ts';
import type { HistoryRepo } from '../../history/history.repo.ts';
import { StatsAccumulator } from '../../history/stats.ts';
import type { TemperatureUnit } from './temperature-unit.ts';
import type { WaybillRecord } from './waybills.repo.ts';

/** The kinds a waybill's curve, statistics and public page show (never where the goods are). */
const CURVE_KINDS = new Set(['temperature', 'humidity']);
export const LAT_CHANNEL = channelOf('latitude', 0);
export const LON_CHANNEL = channelOf('longitude', 0);

/** A range inside the waybill period, and whether the asked one had to be moved into it. */
export interface WaybillRange {
  from: number;
  to: number;
  corrected: boolean;
}

/**
 * The waybill period: from the start to the stop, or to now while in progress. A waybill not started
 * has an empty period (no data belongs to it yet).
 */
export function periodOf(row: WaybillRecord, now: number): { from: number; to: number } {
  if (row.waybillState === WAYBILL_STATE_NOT_STARTED || !row.startedAt) return { from: now, to: now };
  const from = Date.parse(row.startedAt);
  const to = row.stoppedAt ? Date.parse(row.stoppedAt) : Math.max(from, now);
  // The end is exclusive in queries; a reading at the stop instant still belongs to the waybill.
  return { from, to: to + 1 };
}

/** The spec's "selected time corrected to the waybill time" (002 §5, §8): clamps into the period. */
export function clampRange(period: { from: number; to: number }, start?: number, end?: number): WaybillRange {
  let from = Math.max(start ?? period.from, period.from);
  let to = Math.min(end ?? period.to, period.to);
  let corrected = (start !== undefined && start < period.from) || (end !== undefined && end > period.to);
  if (from >= to) {
    corrected = corrected || start !== undefined || end !== undefined;
    from = period.from;
    to = period.to;
  }
  return { from, to, corrected };
}

/** Track points thinned evenly to at most `max`, keeping the first and the last. */
export function thin<T>(points: readonly T[], max: number): T[] {
  if (points.length <= max) return [...points];
  const out: T[] = [];
  const step = (points.length - 1) / (max - 1);
  for (let i = 0; i < max; i += 1) out.push(points[Math.round(i * step)] as T);
  return out;
}

/**
 * The data behind a waybill's detail, public page and report: its device's readings over the waybill
 * period with the waybill's own limits. Readings and limits are read and reckoned in the stored unit
 * (°C, %RH); each channel's settings show them in the reader's unit (°F for a Fahrenheit account).
 */
export class WaybillData {
  constructor(
    private readonly history: HistoryRepo,
    private readonly clock: Clock,
  ) {}

  now(): number {
    return this.clock.now().getTime();
  }

  /** Temperature and humidity channels of the device, with the waybill's limits, shown in `unit`. */
  async settings(row: WaybillRecord, unit: TemperatureUnit): Promise<ChannelSettings[]> {
    const [device, probes, channels] = await Promise.all([
      this.history.device(row.deviceId),
      this.history.probeSettings(row.deviceId),
      this.history.channels(row.deviceId),
    ]);
    const limits = {
      upperLimit: row.upperLimit,
      lowerLimit: row.lowerLimit,
      correctionValue: device?.correctionValue ?? null,
    };
    return channels
      .map((channel) => channelSettings(channel, limits, probes, unit === 'F'))
      .filter((s) => s.kind !== null && CURVE_KINDS.has(s.kind))
      .map((s) => ({
        ...s,
        limits: s.temperature
          ? { upper: row.upperLimit, lower: row.lowerLimit }
          : { upper: row.humidityUpperLimit, lower: row.humidityLowerLimit },
      }));
  }

  async chart(row: WaybillRecord, settings: readonly ChannelSettings[], range: WaybillRange, points: number) {
    const { width } = planBuckets(range.from, range.to, points);
    const channels = settings.map((s) => s.channel);
    const rows = await this.history.buckets(row.deviceId, channels, range.from, range.to, width);
    const series = seriesFromBuckets(rows, channels);
    return {
      bucketMs: width,
      downsampled: series.some((s) => s.downsampled),
      series: series.map((s, i): ChartSeries => {
        const channel = settings[i] as ChannelSettings;
        const show = (v: number) => channel.display(corrected(channel, v));
        return {
          ...channelInfo(channel),
          count: s.count,
          min: s.min === null ? null : show(s.min),
          max: s.max === null ? null : show(s.max),
          points: s.points.map(([ts, v]): [number, number] => [ts, show(v)]),
        };
      }),
    };
  }

  /**
   * Min, max, mean, MKT and time beyond the limits per channel, over every reading of the range;
   * reckoned in °C (MKT in kelvin from °C), then shown in the reader's unit.
   */
  async stats(
    row: WaybillRecord,
    settings: readonly ChannelSettings[],
    range: WaybillRange,
  ): Promise<WaybillStats[]> {
    const out: WaybillStats[] = [];
    for (const s of settings) {
      const acc = new StatsAccumulator(s.limits);
      for await (const chunk of this.history.walkChannel(row.deviceId, s.channel, range.from, range.to)) {
        for (const r of chunk) acc.add(r.ts, corrected(s, r.value));
      }
      const result = acc.result();
      const show = (v: number | null) => (v === null ? null : s.display(v));
      out.push({
        channel: s.channel,
        unit: s.unit,
        min: show(result.min),
        max: show(result.max),
        mean: show(result.average),
        mkt: s.temperature ? show(result.mkt) : null,
        aboveMs: result.aboveMs,
        belowMs: result.belowMs,
      });
    }
    return out;
  }

  async latest(row: WaybillRecord, settings: readonly ChannelSettings[]) {
    const latest = await this.history.latest(
      row.deviceId,
      settings.map((s) => s.channel),
    );
    const byChannel = new Map(settings.map((s) => [s.channel, s]));
    return latest.map((r) => {
      const s = byChannel.get(r.channel);
      return { channel: r.channel, ts: r.ts, value: s ? s.display(corrected(s, r.value)) : r.value };
    });
  }

  async lastPosition(row: WaybillRecord) {
    const found = await this.history.latest(row.deviceId, [LAT_CHANNEL, LON_CHANNEL]);
    const lat = found.find((r) => r.channel === LAT_CHANNEL);
    const lon = found.find((r) => r.channel === LON_CHANNEL);
    if (!lat || !lon || lat.ts !== lon.ts) return null;
    return { ts: lat.ts, lat: lat.value, lon: lon.value };
  }
}
