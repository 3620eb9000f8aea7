import { Empty, Spin } from 'antd';
import type { EChartsType } from 'echarts/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OverviewChartOption } from './echarts-overview.ts';

/**
 * One chart of the overview: the option is drawn once ECharts has loaded and redrawn when it changes.
 * The canvas is an image named by `label` (and its figures listed in `summary` for screen readers).
 */
export function OverviewChart(props: {
  option: OverviewChartOption;
  label: string;
  summary: string;
  empty?: boolean;
  height?: number;
  testId: string;
}) {
  const { t } = useTranslation();
  const holder = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | null = null;
    void import('./echarts-overview.ts').then(({ init }) => {
      const element = holder.current;
      if (disposed || !element) return;
      const instance = init(element);
      chart.current = instance;
      observer = new ResizeObserver(() => instance.resize());
      observer.observe(element);
      setReady(true);
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    if (ready) chart.current?.setOption(props.option, true);
  }, [ready, props.option]);

  return (
    <div style={{ position: 'relative' }} data-testid={props.testId}>
      <div
        ref={holder}
        role="img"
        aria-label={`${props.label}: ${props.summary}`}
        style={{ height: props.height ?? 260, width: '100%', visibility: props.empty ? 'hidden' : 'visible' }}
      />
      {props.empty ? (
        <div
          style={{
            position: 'absolute',
            inset: 0,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
          }}
        >
          <Empty description={t('platformSystem.noData')} />
        </div>
      ) : null}
      {!ready && !props.empty ? (
        <div
          style={{
            position: 'absolute',
            inset: 0,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
          }}
        >
          <Spin />
        </div>
      ) : null}
    </div>
  );
}
