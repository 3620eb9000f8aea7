import { Card, Empty, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDevice } from '../../../api/devices.ts';
import { initialRange, type RangeValue } from '../../../components/RangeSelect.tsx';
import { ChartTab } from '../../device/detail/ChartTab.tsx';
import { CloudProjectBar, type CloudScope, DeviceSelect } from '../components/CloudProjectBar.tsx';
import { useChosenDevice } from '../components/use-chosen-device.ts';

function History({ devices }: CloudScope) {
  const { t } = useTranslation();
  const [deviceId, setDeviceId] = useChosenDevice(devices);
  const device = useDevice(deviceId ?? 0);
  const [range, setRange] = useState<RangeValue | null>(null);
  const zone = device.data?.timeZone;
  // One initial range per device zone: a new one each render would ask for new data each render.
  const initial = useMemo(() => (zone ? initialRange(zone) : null), [zone]);
  return (
    <Card size="small" extra={<DeviceSelect devices={devices} value={deviceId} onChange={setDeviceId} />}>
      {deviceId === null ? (
        <Empty description={t('cloud.noDevices')} />
      ) : device.data && zone && initial ? (
        <ChartTab device={device.data} zone={zone} range={range ?? initial} onRange={setRange} />
      ) : device.error ? (
        <Empty description={device.error.message} />
      ) : (
        <Spin />
      )}
    </Card>
  );
}

/** /cloudChain/historyCurve: a project device's history as a chart (the device page's chart). */
export default function HistoryCurvePage() {
  return <CloudProjectBar>{(scope) => <History key={scope.projectId} {...scope} />}</CloudProjectBar>;
}
