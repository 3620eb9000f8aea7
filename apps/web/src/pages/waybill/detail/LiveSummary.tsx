import type { WaybillDetail, WaybillOverview } from '@coldchain/shared';
import { Descriptions, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveReading } from '../../../api/live-state.ts';
import { formatZoned } from '../../../components/clock.ts';
import { isDeviceStatus, shownReadings } from '../../device/shared/device-view.ts';
import { LatestValues } from '../../device/shared/LatestValues.tsx';
import { limitsText } from '../shared/temperature.ts';

/**
 * Real-time monitoring (in progress) or the overview (otherwise): the newest values and position,
 * when it started and stopped, the limits and how many alarms it raised.
 */
export function LiveSummary({
  waybill,
  overview,
}: {
  waybill: WaybillDetail;
  overview: WaybillOverview | null;
}) {
  const { t } = useTranslation();
  const zone = waybill.timeZone;
  const latest = useMemo(
    () =>
      new Map<number, LiveReading>(
        (overview?.latest ?? []).map((r) => [r.channel, { ts: r.ts, value: r.value }]),
      ),
    [overview],
  );
  const time = (ms: number | null) => (ms === null ? '-' : formatZoned(ms, zone, false));
  const position = overview?.lastPosition;
  return (
    <Space orientation="vertical" size="small" style={{ width: '100%' }}>
      {latest.size > 0 ? (
        <div>
          <Typography.Text type="secondary">{t('waybill.detail.latest')}</Typography.Text>
          <div>
            <LatestValues
              readings={shownReadings(latest, waybill.temperatureUnit === 'F')}
              size="large"
              testId="waybill-latest"
            />
          </div>
        </div>
      ) : null}
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 4 }}
        items={[
          { key: 'started', label: t('waybill.fields.startedAt'), children: time(waybill.startedAt) },
          { key: 'stopped', label: t('waybill.fields.stoppedAt'), children: time(waybill.stoppedAt) },
          { key: 'received', label: t('waybill.fields.receivedAt'), children: time(waybill.receivedAt) },
          {
            key: 'limits',
            label: t('waybill.fields.limits'),
            children: limitsText(waybill.lowerLimit, waybill.upperLimit, waybill.temperatureUnit),
          },
          {
            key: 'position',
            label: t('waybill.detail.lastPosition'),
            children: position
              ? `${position.lat.toFixed(5)}, ${position.lon.toFixed(5)} (${time(position.ts)})`
              : '-',
          },
          {
            key: 'alarms',
            label: t('waybill.detail.alarmCount'),
            children: <span data-testid="waybill-alarm-count">{overview?.alarmCount ?? 0}</span>,
          },
          {
            key: 'device',
            label: t('waybill.fields.deviceStatus'),
            children: isDeviceStatus(waybill.deviceStatus)
              ? t(`device.status.${waybill.deviceStatus}`)
              : waybill.deviceStatus,
          },
          { key: 'zone', label: t('waybill.fields.timeZone'), children: zone },
        ]}
      />
    </Space>
  );
}
