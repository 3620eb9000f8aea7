import { ArrowLeftOutlined } from '@ant-design/icons';
import { type DeviceDetail, ERRORS } from '@coldchain/shared';
import { Button, Card, Descriptions, Result, Space, Spin, Tabs, Typography } from 'antd';
import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useDevice } from '../../../api/devices.ts';
import { ApiError } from '../../../api/http.ts';
import { useLiveDevices } from '../../../api/live.ts';
import { rowWithLive } from '../../../api/live-state.ts';
import { useAccess } from '../../../app/use-access.ts';
import { formatZonedIso } from '../../../components/clock.ts';
import { RechargePanel } from '../../../components/purchase/index.ts';
import { initialRange, type RangeValue } from '../../../components/RangeSelect.tsx';
import { useDeviceGrant } from '../share/device-permission.ts';
import { StatusTag } from '../shared/StatusTag.tsx';
import { AlarmRecordTab } from './AlarmRecordTab.tsx';
import { BasicInfoTab } from './BasicInfoTab.tsx';
import { ChartTab } from './ChartTab.tsx';
import { DataTableTab } from './DataTableTab.tsx';
import { MaintenanceTab } from './MaintenanceTab.tsx';
import { MapTab } from './MapTab.tsx';
import { OperationLogTab } from './OperationLogTab.tsx';
import { ParamSettingsTab } from './ParamSettingsTab.tsx';
import { PushConfigTab } from './PushConfigTab.tsx';
import { RealtimeTab } from './RealtimeTab.tsx';

const TABS = [
  'realtime',
  'chart',
  'table',
  'alarms',
  'push',
  'map',
  'info',
  'params',
  'log',
  'maintain',
  'recharge',
] as const;
type TabKey = (typeof TABS)[number];
const isTab = (value: string | null): value is TabKey => TABS.includes(value as TabKey);
/** A device that does not exist (or is not the caller's) is told by the page's title alone. */
const isMissing = (error: Error | null) =>
  error instanceof ApiError && error.code === ERRORS.deviceNotFound.code;

/**
 * A device's page (002 §2 device detail): real-time data, chart, data table, map, basic info,
 * parameter settings, operation log and maintenance records. The tab is kept in the address
 * (`?tab=`), so a reload or the multi-tab bar comes back to it; tabs mount when opened, so the chart
 * and map libraries load only with their tabs.
 */
export default function DeviceDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { deviceId } = useParams();
  const id = Number(deviceId);
  const [searchParams, setSearchParams] = useSearchParams();
  const tabInUrl = searchParams.get('tab');
  const tab: TabKey = isTab(tabInUrl) ? tabInUrl : 'realtime';
  const device = useDevice(id);
  const live = useLiveDevices(useMemo(() => (Number.isInteger(id) && id > 0 ? [id] : []), [id]));
  const [range, setRange] = useState<RangeValue | null>(null);
  const access = useAccess();
  // Shared and organization devices: the permission template decides which tabs (blocks) show.
  const grant = useDeviceGrant(id);

  if (device.isPending && device.fetchStatus !== 'idle')
    return <Spin style={{ display: 'block', margin: 48 }} />;
  if (!device.data)
    return (
      <Result
        status="warning"
        title={t('device.detail.notFound')}
        subTitle={isMissing(device.error) ? undefined : device.error?.message}
        extra={<Button onClick={() => navigate('/device/list')}>{t('device.detail.backToList')}</Button>}
      />
    );

  const shown: DeviceDetail = rowWithLive(device.data, live.get(id));
  const zone = shown.timeZone;
  const sharedRange = range ?? initialRange(zone);
  const tabProps = { device: shown, zone, range: sharedRange, onRange: setRange };
  const panes: Record<TabKey, () => React.ReactNode> = {
    realtime: () => <RealtimeTab device={shown} live={live.get(id)} />,
    chart: () => <ChartTab {...tabProps} />,
    table: () => <DataTableTab {...tabProps} />,
    alarms: () => <AlarmRecordTab device={shown} />,
    push: () => <PushConfigTab device={shown} canEdit={access.action('edit')} />,
    map: () => <MapTab device={shown} />,
    info: () => <BasicInfoTab device={shown} />,
    params: () => <ParamSettingsTab device={shown} />,
    log: () => <OperationLogTab device={shown} />,
    maintain: () => <MaintenanceTab device={shown} canEdit={access.action('edit')} />,
    recharge: () => (
      <Suspense fallback={<Spin />}>
        <RechargePanel deviceId={shown.id} />
      </Suspense>
    ),
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small">
        <Space align="start" style={{ width: '100%', justifyContent: 'space-between' }} wrap>
          <Space orientation="vertical" size={4}>
            <Space wrap>
              <Button
                type="text"
                icon={<ArrowLeftOutlined />}
                onClick={() => navigate('/device/list')}
                aria-label={t('device.detail.backToList')}
              />
              <Typography.Title level={4} style={{ margin: 0 }} data-testid="device-title">
                {shown.deviceName}
              </Typography.Title>
              <StatusTag
                status={shown.status}
                useState={shown.useState}
                expired={shown.expired}
                testId="device-status"
              />
            </Space>
            <Descriptions
              size="small"
              column={{ xs: 1, sm: 2, lg: 4 }}
              items={[
                { key: 'guid', label: t('device.fields.deviceGuid'), children: shown.deviceGuid },
                { key: 'type', label: t('device.fields.typeName'), children: shown.typeName },
                { key: 'zone', label: t('device.fields.timeZone'), children: zone },
                {
                  key: 'seen',
                  label: t('device.fields.lastSeenAt'),
                  children: formatZonedIso(shown.lastSeenAt, zone),
                },
              ]}
            />
          </Space>
        </Space>
      </Card>
      <Card size="small">
        <Tabs
          activeKey={tab}
          destroyOnHidden
          onChange={(key) => {
            const next = new URLSearchParams(searchParams);
            next.set('tab', key);
            setSearchParams(next, { replace: true });
          }}
          items={TABS.filter((key) => grant.visible(key)).map((key) => ({
            key,
            label: (
              <span data-testid={`device-tab-${key}`}>
                {key === 'recharge' ? t('purchase.entry.tab') : t(`device.tabs.${key}`)}
              </span>
            ),
            children: key === tab ? panes[key]() : null,
          }))}
        />
      </Card>
    </Space>
  );
}

export interface RangeTabProps {
  device: DeviceDetail;
  zone: string;
  range: RangeValue;
  onRange: (range: RangeValue) => void;
}
