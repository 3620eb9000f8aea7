import { Alert, Empty, Spin } from 'antd';
import type { EChartsType } from 'echarts/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TimeRange } from '../time-ranges.ts';
import { type ChartLine, chartOption } from './chart-option.ts';

export interface TimeSeriesChartProps {
  lines: readonly ChartLine[];
  range: TimeRange;
  timeZone: string;
  height?: number;
  loading?: boolean;
  testId?: string;
}

/**
 * A device's curves on a time axis. ECharts (tree-shaken, echarts-setup.ts) loads when the first chart
 * mounts, so pages and tabs without one never fetch it.
 */
export function TimeSeriesChart({
  lines,
  range,
  timeZone,
  height = 420,
  loading = false,
  testId = 'device-chart',
}: TimeSeriesChartProps) {
  const { t } = useTranslation();
  const holder = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const [ready, setReady] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);

  useEffect(() => {
    let disposed = false;
    let instance: EChartsType | null = null;
    let observer: ResizeObserver | null = null;
    import('./echarts-setup.ts').then(
      ({ init }) => {
        const element = holder.current;
        if (disposed || !element) return;
        instance = init(element);
        chart.current = instance;
        const shown = instance;
        observer = new ResizeObserver(() => shown.resize());
        observer.observe(element);
        setReady(true);
      },
      () => {
        if (!disposed) setLoadFailed(true);
      },
    );
    return () => {
      disposed = true;
      observer?.disconnect();
      instance?.dispose();
      chart.current = null;
    };
  }, []);

  const option = useMemo(
    () =>
      chartOption(lines, range, timeZone, { upper: t('device.chart.upper'), lower: t('device.chart.lower') }),
    [lines, range, timeZone, t],
  );
  useEffect(() => {
    if (ready) chart.current?.setOption(option, { notMerge: true });
  }, [ready, option]);

  const points = lines.reduce((n, l) => n + l.points.length, 0);
  return (
    <div style={{ position: 'relative' }}>
      {loadFailed ? <Alert type="error" showIcon title={t('device.chart.loadFailed')} /> : null}
      <div
        ref={holder}
        // The canvas is one picture to assistive technology, named by its curves.
        role="img"
        aria-label={t('device.chart.label', { names: lines.map((line) => line.name).join(', ') })}
        data-testid={testId}
        data-ready={ready && !loading}
        data-points={points}
        data-series={lines.length}
        style={{ height, width: '100%' }}
      />
      {ready && !loading && points === 0 ? (
        <div
          style={{
            position: 'absolute',
            inset: 0,
            display: 'grid',
            placeItems: 'center',
            pointerEvents: 'none',
          }}
        >
          <Empty description={t('device.chart.noData')} data-testid="chart-empty" />
        </div>
      ) : null}
      {!ready || loading ? (
        <div style={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
          <Spin />
        </div>
      ) : null}
    </div>
  );
}
