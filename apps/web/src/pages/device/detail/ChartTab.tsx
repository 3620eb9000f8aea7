import { CHART_POINTS_DEFAULT } from '@coldchain/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceDataApi } from '../../../api/device-data.ts';
import { deviceKeys, useParamSetting } from '../../../api/devices.ts';
import type { ChartLine } from '../../../components/chart/chart-option.ts';
import { TimeSeriesChart } from '../../../components/chart/TimeSeriesChart.tsx';
import { RangeSelect } from '../../../components/RangeSelect.tsx';
import { isProbeChannel } from '../shared/device-view.ts';
import { useChannelTitle } from '../shared/use-channel-title.ts';
import { ExportButtons } from './ExportButtons.tsx';
import type { RangeTabProps } from './index.tsx';

/**
 * The data chart: the chosen range downsampled by the server (each bucket's minimum and maximum),
 * drawn with `sampling: 'minmax'`, temperature probes with their limits.
 */
export function ChartTab({ device, zone, range, onRange }: RangeTabProps) {
  const { t } = useTranslation();
  const channelTitle = useChannelTitle();
  const settings = useParamSetting(device.id);
  const { startTime, endTime } = range.range;
  const chart = useQuery({
    queryKey: [...deviceKeys.all, 'chart', device.id, startTime, endTime],
    queryFn: ({ signal }) =>
      deviceDataApi.chart({ deviceId: device.id, startTime, endTime, points: CHART_POINTS_DEFAULT }, signal),
    placeholderData: keepPreviousData,
  });

  const lines = useMemo<ChartLine[]>(() => {
    const probes = settings.data?.probes ?? [];
    return (chart.data?.series ?? [])
      .filter((s) => isProbeChannel(s.channel))
      .map((s) => {
        const probe = probes.find((p) => p.probeId === s.probe);
        const temperature = s.kind === 'temperature';
        return {
          key: String(s.channel),
          name: channelTitle(s),
          unit: s.unit,
          points: s.points,
          upper: temperature ? (probe?.upperLimit ?? device.upperLimit) : null,
          lower: temperature ? (probe?.lowerLimit ?? device.lowerLimit) : null,
        };
      });
  }, [chart.data, settings.data, device.upperLimit, device.lowerLimit, channelTitle]);

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
        <RangeSelect value={range} onChange={onRange} timeZone={zone} />
        <ExportButtons deviceId={device.id} range={range.range} />
      </Space>
      {chart.data?.downsampled ? (
        <Alert type="info" showIcon title={t('device.chart.downsampled')} data-testid="chart-downsampled" />
      ) : null}
      <TimeSeriesChart lines={lines} range={range.range} timeZone={zone} loading={chart.isFetching} />
      <Typography.Text type="secondary">{t('device.chart.zoneNote', { zone })}</Typography.Text>
    </Space>
  );
}
