import { describe, expect, it } from 'vitest';
import { axisLabel, type ChartLine, chartOption, limitBounds } from './chart-option.ts';

const range = { startTime: Date.parse('2026-11-21T00:00:00Z'), endTime: Date.parse('2026-11-21T12:00:00Z') };
const labels = { upper: 'Upper', lower: 'Lower' };
const lines: ChartLine[] = [
  {
    key: '101',
    name: 'Temperature 1',
    unit: '°C',
    points: [
      [range.startTime + 60_000, 4.1],
      [range.startTime + 120_000, -5],
    ],
    upper: 8,
    lower: 2,
  },
  { key: '201', name: 'Humidity 1', unit: '%RH', points: [[range.startTime + 60_000, 61]] },
  { key: '102', name: 'Temperature 2', unit: '°C', points: [] },
];

interface SeriesView {
  sampling?: string;
  yAxisIndex?: number;
  data?: unknown[];
  markLine?: { data?: unknown[]; label?: { position?: string } };
}

describe('device chart options', () => {
  const option = chartOption(lines, range, 'Asia/Shanghai', labels);
  const series = option.series as SeriesView[];

  it('keeps each pixel column’s extremes with minmax sampling', () => {
    expect(series.map((s) => s.sampling)).toEqual(['minmax', 'minmax', 'minmax']);
    expect(series[0]?.data).toEqual([
      [range.startTime + 60_000, 4.1],
      [range.startTime + 120_000, -5],
    ]);
  });

  it('spans the requested range and gives each unit its own axis', () => {
    expect(option.xAxis).toMatchObject({ type: 'time', min: range.startTime, max: range.endTime });
    expect((option.yAxis as { name: string }[]).map((a) => a.name)).toEqual(['°C', '%RH']);
    expect(series.map((s) => s.yAxisIndex)).toEqual([0, 1, 0]);
  });

  it('keeps one value axis when there is no curve yet, so the grid can be laid out', () => {
    const empty = chartOption([], range, 'UTC', labels);
    expect(empty.yAxis).toHaveLength(1);
    expect(empty.series).toEqual([]);
  });

  it('draws the limits as lines, only where there are limits', () => {
    expect(series[0]?.markLine?.data).toEqual([
      { name: 'Upper', yAxis: 8 },
      { name: 'Lower', yAxis: 2 },
    ]);
    expect(series[1]?.markLine).toBeUndefined();
  });

  it('labels the limits inside the plot, clear of the right value axis', () => {
    expect(series[0]?.markLine?.label?.position).toBe('insideEndTop');
  });

  it('shows times in the device zone in the tooltip, names escaped', () => {
    const tooltip = option.tooltip as { formatter: (params: unknown) => string };
    const text = tooltip.formatter([
      { seriesIndex: 0, value: [range.startTime + 60_000, 4.1], marker: '' },
      { seriesIndex: 1, value: [range.startTime + 60_000, 61], marker: '' },
    ]);
    expect(text).toBe(
      '2026-11-21 08:01:00 GMT+8<br/>Temperature 1: <b>4.1</b> °C<br/>Humidity 1: <b>61</b> %RH',
    );
    const odd = chartOption([{ ...lines[1], name: '<b>x</b>' } as ChartLine], range, 'UTC', labels);
    expect(
      (odd.tooltip as { formatter: (p: unknown) => string }).formatter({ seriesIndex: 0, value: [0, 1] }),
    ).toContain('&lt;b&gt;x&lt;/b&gt;');
  });

  it('labels the axis by the length of the range', () => {
    const at = Date.parse('2026-11-21T05:30:00Z');
    expect(axisLabel(at, range, 'UTC')).toBe('05:30');
    expect(axisLabel(at, { startTime: at - 30 * 86_400_000, endTime: at }, 'UTC')).toBe('11-21 05:30');
    expect(axisLabel(at, { startTime: at - 365 * 86_400_000, endTime: at }, 'UTC')).toBe('2026-11-21');
  });

  it('stretches an axis to its limits so the limit lines show', () => {
    const bounds = limitBounds(lines);
    expect(bounds.min?.({ min: 3.2, max: 4.5 })).toBe(2);
    expect(bounds.max?.({ min: 3.2, max: 4.5 })).toBe(8);
    expect(bounds.min?.({ min: -5.5, max: 9.2 })).toBe(-6);
    expect(bounds.max?.({ min: -5.5, max: 9.2 })).toBe(10);
    expect(bounds.min?.({ min: Number.NaN, max: Number.NaN })).toBe(2);
    expect(limitBounds([lines[1] as ChartLine])).toEqual({});
  });
});
