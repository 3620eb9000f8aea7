import { Card, Empty, Spin } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDevice } from '../../../api/devices.ts';
import { useLiveDevices } from '../../../api/live.ts';
import { rowWithLive } from '../../../api/live-state.ts';
import { RealtimeTab } from '../../device/detail/RealtimeTab.tsx';
import { CloudProjectBar, type CloudScope, DeviceSelect } from '../components/CloudProjectBar.tsx';
import { useChosenDevice } from '../components/use-chosen-device.ts';

function Realtime({ devices }: CloudScope) {
  const { t } = useTranslation();
  const [deviceId, setDeviceId] = useChosenDevice(devices);
  const device = useDevice(deviceId ?? 0);
  const live = useLiveDevices(useMemo(() => (deviceId ? [deviceId] : []), [deviceId]));
  return (
    <Card size="small" extra={<DeviceSelect devices={devices} value={deviceId} onChange={setDeviceId} />}>
      {deviceId === null ? (
        <Empty description={t('cloud.noDevices')} />
      ) : device.data ? (
        <RealtimeTab device={rowWithLive(device.data, live.get(deviceId))} live={live.get(deviceId)} />
      ) : device.error ? (
        <Empty description={device.error.message} />
      ) : (
        <Spin />
      )}
    </Card>
  );
}

/** /cloudChain/realtimeData: the newest values of a project device, live (the device page's real-time view). */
export default function RealtimeDataPage() {
  return <CloudProjectBar>{(scope) => <Realtime key={scope.projectId} {...scope} />}</CloudProjectBar>;
}
