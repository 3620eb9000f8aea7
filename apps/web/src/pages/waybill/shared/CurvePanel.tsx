import type { ChartSeries, WaybillStats } from '@coldchain/shared';
import { Alert, Space, Table, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartLine } from '../../../components/chart/chart-option.ts';
import { TimeSeriesChart } from '../../../components/chart/TimeSeriesChart.tsx';
import type { TimeRange } from '../../../components/time-ranges.ts';
import { isProbeChannel } from '../../device/shared/device-view.ts';
import { useChannelTitle } from '../../device/shared/use-channel-title.ts';

export interface CurvePanelProps {
  series: readonly ChartSeries[];
  stats: readonly WaybillStats[];
  upperLimit: number;
  lowerLimit: number;
  range: TimeRange;
  timeZone: string;
  downsampled?: boolean;
  loading?: boolean;
  height?: number;
  compact?: boolean;
}

/** "1 h 05 min" for time spent out of limits. */
function duration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h} h ${String(m).padStart(2, '0')} min` : `${m} min`;
}

const round = (v: number | null) => (v === null ? '-' : String(Math.round(v * 100) / 100));

/**
 * The waybill's data curve: probe channels over the waybill period with the waybill's temperature
 * limits as dashed lines, and per channel its lowest, highest and mean value, mean kinetic
 * temperature and time spent above and below the limits.
 */
export function CurvePanel({
  series,
  stats,
  upperLimit,
  lowerLimit,
  range,
  timeZone,
  downsampled,
  loading,
  height = 400,
  compact = false,
}: CurvePanelProps) {
  const { t } = useTranslation();
  const channelTitle = useChannelTitle();
  const lines = useMemo<ChartLine[]>(
    () =>
      series
        .filter((s) => isProbeChannel(s.channel))
        .map((s) => {
          const temperature = s.kind === 'temperature';
          return {
            key: String(s.channel),
            name: channelTitle(s),
            unit: s.unit,
            points: s.points,
            upper: temperature ? upperLimit : null,
            lower: temperature ? lowerLimit : null,
          };
        }),
    [series, upperLimit, lowerLimit, channelTitle],
  );
  const titleOf = (channel: number) => {
    const s = series.find((x) => x.channel === channel);
    return s ? channelTitle(s) : String(channel);
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {downsampled ? <Alert type="info" showIcon title={t('device.chart.downsampled')} /> : null}
      <TimeSeriesChart
        lines={lines}
        range={range}
        timeZone={timeZone}
        height={height}
        loading={loading}
        testId="waybill-chart"
      />
      <Typography.Text type="secondary">{t('device.chart.zoneNote', { zone: timeZone })}</Typography.Text>
      {stats.length > 0 ? (
        <Table<WaybillStats>
          rowKey="channel"
          size="small"
          pagination={false}
          scroll={{ x: true }}
          dataSource={[...stats]}
          data-testid="waybill-stats"
          columns={[
            {
              key: 'channel',
              title: t('waybill.stats.channel'),
              render: (_: unknown, row) => titleOf(row.channel),
            },
            {
              key: 'min',
              title: t('waybill.stats.min'),
              render: (_: unknown, row) => `${round(row.min)} ${row.unit}`,
            },
            {
              key: 'max',
              title: t('waybill.stats.max'),
              render: (_: unknown, row) => `${round(row.max)} ${row.unit}`,
            },
            {
              key: 'mean',
              title: t('waybill.stats.mean'),
              render: (_: unknown, row) => `${round(row.mean)} ${row.unit}`,
            },
            ...(compact
              ? []
              : [
                  {
                    key: 'mkt',
                    title: t('waybill.stats.mkt'),
                    render: (_: unknown, row: WaybillStats) =>
                      row.mkt === null ? '-' : `${round(row.mkt)} ${row.unit}`,
                  },
                ]),
            {
              key: 'above',
              title: t('waybill.stats.above'),
              render: (_: unknown, row) => duration(row.aboveMs),
            },
            {
              key: 'below',
              title: t('waybill.stats.below'),
              render: (_: unknown, row) => duration(row.belowMs),
            },
          ]}
        />
      ) : null}
    </Space>
  );
}
