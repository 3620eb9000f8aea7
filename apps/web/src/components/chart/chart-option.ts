import { formatZoned } from '../clock.ts';
import { formatInstant, type TimeRange } from '../time-ranges.ts';
import type { ChartOption } from './echarts-setup.ts';

/** One line of a device chart: a channel's points (already downsampled by the server) and limits. */
export interface ChartLine {
  key: string;
  name: string;
  unit: string;
  points: readonly (readonly [number, number])[];
  upper?: number | null;
  lower?: number | null;
}

export interface ChartLabels {
  upper: string;
  lower: string;
}

const DAY = 86_400_000;
const AXIS_OFFSET = 56;
const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Time labels in the device zone: the time of day for short ranges, the date too for longer ones. */
export function axisLabel(ms: number, range: TimeRange, timeZone: string): string {
  const full = formatInstant(ms, timeZone, false);
  if (range.endTime - range.startTime <= 2 * DAY) return full.slice(11);
  if (range.endTime - range.startTime <= 90 * DAY) return full.slice(5);
  return full.slice(0, 10);
}

interface TooltipItem {
  seriesIndex?: number;
  value?: unknown;
  marker?: unknown;
}

function tooltipItems(params: unknown): TooltipItem[] {
  const list = Array.isArray(params) ? params : [params];
  return list.filter((p): p is TooltipItem => typeof p === 'object' && p !== null);
}

const finite = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * An axis that also reaches its lines' limits, so the limit lines are on the chart even while every
 * reading sits well inside them. Without limits the axis fits the data alone.
 */
export function limitBounds(lines: readonly ChartLine[]): {
  min?: (extent: { min: number; max: number }) => number;
  max?: (extent: { min: number; max: number }) => number;
} {
  const lows = lines.map((l) => l.lower).filter(finite);
  const highs = lines.map((l) => l.upper).filter(finite);
  const limits = [...lows, ...highs];
  if (limits.length === 0) return {};
  const lo = Math.min(...limits);
  const hi = Math.max(...limits);
  return {
    min: (extent) => Math.floor(finite(extent.min) ? Math.min(extent.min, lo) : lo),
    max: (extent) => Math.ceil(finite(extent.max) ? Math.max(extent.max, hi) : hi),
  };
}

/**
 * The chart's options: a time axis over the whole requested range, one value axis per unit, the
 * upper and lower limits as dashed lines, zooming, and `sampling: 'minmax'` so that when the canvas
 * has fewer pixels than points, each pixel keeps its extremes (an excursion never vanishes on screen,
 * as the server's min/max buckets keep it in the data).
 */
export function chartOption(
  lines: readonly ChartLine[],
  range: TimeRange,
  timeZone: string,
  labels: ChartLabels,
): ChartOption {
  const units = [...new Set(lines.map((l) => l.unit))];
  const left = units.filter((_, i) => i % 2 === 0).length;
  const right = units.length - left;
  return {
    animation: false,
    grid: {
      top: 48,
      bottom: 72,
      left: 56 + Math.max(0, left - 1) * AXIS_OFFSET,
      right: 32 + right * AXIS_OFFSET,
    },
    legend: { top: 8, type: 'scroll' },
    tooltip: {
      trigger: 'axis',
      formatter: (params: unknown) => {
        const items = tooltipItems(params);
        const first = items[0]?.value;
        const ts = Array.isArray(first) && typeof first[0] === 'number' ? first[0] : null;
        const rows = items.map((item) => {
          const line = lines[item.seriesIndex ?? -1];
          const value = Array.isArray(item.value) ? item.value[1] : undefined;
          const marker = typeof item.marker === 'string' ? item.marker : '';
          return `${marker}${escapeHtml(line?.name ?? '')}: <b>${typeof value === 'number' ? value : '-'}</b> ${escapeHtml(line?.unit ?? '')}`;
        });
        return [ts === null ? '' : formatZoned(ts, timeZone), ...rows].filter(Boolean).join('<br/>');
      },
    },
    xAxis: {
      type: 'time',
      min: range.startTime,
      max: range.endTime,
      axisLabel: { hideOverlap: true, formatter: (value: number) => axisLabel(value, range, timeZone) },
    },
    // A grid needs a value axis even before any curve exists, or ECharts fails to lay it out.
    yAxis: (units.length > 0 ? units : ['']).map((unit, i) => ({
      type: 'value',
      name: unit,
      scale: true,
      ...limitBounds(lines.filter((l) => l.unit === unit)),
      position: i % 2 === 0 ? 'left' : 'right',
      offset: Math.floor(i / 2) * AXIS_OFFSET,
      alignTicks: i > 0,
      splitLine: { show: i === 0 },
    })),
    dataZoom: [{ type: 'inside' }, { type: 'slider', height: 20, bottom: 16 }],
    series: lines.map((line) => {
      const limits = [
        line.upper === null || line.upper === undefined ? null : { name: labels.upper, yAxis: line.upper },
        line.lower === null || line.lower === undefined ? null : { name: labels.lower, yAxis: line.lower },
      ].filter((l): l is { name: string; yAxis: number } => l !== null);
      return {
        type: 'line',
        name: line.name,
        yAxisIndex: units.indexOf(line.unit),
        showSymbol: false,
        sampling: 'minmax',
        data: line.points.map(([ts, value]) => [ts, value]),
        ...(limits.length
          ? {
              markLine: {
                symbol: 'none',
                silent: true,
                lineStyle: { type: 'dashed', color: '#f5222d' },
                // Inside the plot, above the line's right end: at the default 'end' the label is
                // printed beyond the grid, over the right value axis.
                label: { formatter: '{b}: {c}', position: 'insideEndTop' },
                data: limits,
              },
            }
          : {}),
      };
    }),
  };
}
