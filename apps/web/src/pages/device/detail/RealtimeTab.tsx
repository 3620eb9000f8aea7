import type { DeviceDetail } from '@coldchain/shared';
import { Badge, Card, Col, Descriptions, Empty, Row, Space, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAccountInfo } from '../../../api/account.ts';
import { useLiveSessions, useLiveStatus } from '../../../api/live.ts';
import { type LiveDevice, latestPerChannel } from '../../../api/live-state.ts';
import { currentLocale } from '../../../app/i18n.ts';
import { formatZoned, formatZonedIso } from '../../../components/clock.ts';
import { formatValue, shownReadings } from '../shared/device-view.ts';
import { useChannelTitle } from '../shared/use-channel-title.ts';
import { useLatestOfDevice } from '../shared/use-latest.ts';

const LIVE_BADGE = {
  idle: 'default',
  connecting: 'processing',
  live: 'success',
  reconnecting: 'warning',
  refused: 'error',
} as const;

/**
 * The newest value of each probe channel, from history when the page opens and from the live
 * channel after that (a newer reading replaces the shown one without a reload), with the device's
 * battery, signal and last contact.
 */
export function RealtimeTab({ device, live }: { device: DeviceDetail; live: LiveDevice | undefined }) {
  const { t } = useTranslation();
  const channelTitle = useChannelTitle();
  const { data: info } = useAccountInfo();
  const status = useLiveStatus();
  const sessions = useLiveSessions();
  const seed = useLatestOfDevice(device.id, device.lastSeenAt, sessions);
  const units = new Map((seed.data?.channels ?? []).map((c) => [c.channel, c.unit]));
  const readings = shownReadings(
    latestPerChannel(seed.data, live),
    info?.baseAccount.temperatureUnit === 'F',
    units,
  );
  const locale = currentLocale();

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space>
        <Badge status={LIVE_BADGE[status]} text={t(`device.live.${status}`)} data-testid="live-status" />
      </Space>
      {readings.length === 0 ? (
        <Empty description={seed.isFetching ? t('device.realtime.loading') : t('device.realtime.noData')} />
      ) : (
        <Row gutter={[16, 16]} data-testid="realtime-values">
          {readings.map((r) => (
            <Col key={r.channel} xs={24} sm={12} md={8} xl={6}>
              <Card size="small" data-testid={`realtime-${r.channel}`}>
                <Statistic title={channelTitle(r)} value={formatValue(r.value, locale)} suffix={r.unit} />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {formatZoned(r.ts, device.timeZone)}
                </Typography.Text>
              </Card>
            </Col>
          ))}
        </Row>
      )}
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2, lg: 4 }}
        items={[
          {
            key: 'battery',
            label: t('device.fields.battery'),
            children: device.battery === null ? '-' : `${device.battery}%`,
          },
          {
            key: 'signal',
            label: t('device.fields.signal'),
            children: device.signal === null ? '-' : `${device.signal} dBm`,
          },
          {
            key: 'seen',
            label: t('device.fields.lastSeenAt'),
            children: formatZonedIso(device.lastSeenAt, device.timeZone),
          },
          {
            key: 'limits',
            label: t('device.fields.limits'),
            children:
              device.lowerLimit === null && device.upperLimit === null
                ? '-'
                : `${device.lowerLimit ?? '-'} ~ ${device.upperLimit ?? '-'}`,
          },
        ]}
      />
    </Space>
  );
}
