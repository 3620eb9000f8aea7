import type { AlarmMessage } from '@coldchain/shared';
import { Card, Result, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { alarmMessageApi } from '../../../api/alarm.ts';
import { deviceTime } from '../../../app/account-zone.ts';
import { useAccess } from '../../../app/use-access.ts';
import { ListPage } from '../../../components/ListPage.tsx';
import { type CloudScope, DeviceSelect } from './CloudProjectBar.tsx';
import { useChosenDevice } from './use-chosen-device.ts';

/**
 * Alarm messages of one project device (the message centre's call, scoped like the device list):
 * untreated ones for real-time alarms, all for the history.
 */
export function AlarmList({ devices, current }: CloudScope & { current: boolean }) {
  const { t } = useTranslation();
  const access = useAccess();
  const [deviceId, setDeviceId] = useChosenDevice(devices);
  if (!access.permission('message.list')) return <Result status="info" title={t('cloud.noAlarmAccess')} />;
  const columns: ColumnsType<AlarmMessage> = [
    { dataIndex: 'deviceName', title: t('device.fields.deviceName') },
    { dataIndex: 'text', title: t('cloud.alarm.text') },
    { dataIndex: 'level', title: t('cloud.alarm.level'), render: (v: number | null) => v ?? '-' },
    {
      dataIndex: 'startTime',
      title: t('cloud.alarm.startTime'),
      render: (at: string | null, row) => deviceTime(at, row.timeZone),
    },
    {
      dataIndex: 'endTime',
      title: t('cloud.alarm.endTime'),
      render: (at: string | null, row) => deviceTime(at, row.timeZone),
    },
    {
      dataIndex: 'state',
      title: t('cloud.alarm.state'),
      render: (state: AlarmMessage['state']) => (
        <Tag color={state === 'untreated' ? 'red' : 'default'}>{t(`cloud.alarm.states.${state}`)}</Tag>
      ),
    },
  ];
  return (
    <Card size="small" extra={<DeviceSelect devices={devices} value={deviceId} onChange={setDeviceId} />}>
      {deviceId !== null ? (
        <ListPage<AlarmMessage>
          queryKey={['cloud', 'alarms', current ? 'current' : 'history', deviceId]}
          fetchPage={(request, signal) =>
            alarmMessageApi.page({ ...request, deviceId, ...(current ? { state: 'untreated' } : {}) }, signal)
          }
          columns={columns}
          rowKey="id"
        />
      ) : null}
    </Card>
  );
}
