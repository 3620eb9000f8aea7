import type { PushRecord } from '@coldchain/shared';
import { Card, Result, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { pushRecordApi } from '../../../api/delivery.ts';
import { useAccess } from '../../../app/use-access.ts';
import { ListPage } from '../../../components/ListPage.tsx';
import { formatLocal } from '../../organization/components/format.ts';
import { CloudProjectBar, type CloudScope, DeviceSelect } from '../components/CloudProjectBar.tsx';
import { useChosenDevice } from '../components/use-chosen-device.ts';

function PushRecords({ devices }: CloudScope) {
  const { t } = useTranslation();
  const access = useAccess();
  const [deviceId, setDeviceId] = useChosenDevice(devices);
  // Push records are served to the back office (operation.pushRecord); without it the page says so
  // rather than calling (a refused call would end the session).
  if (!access.permission('operation.pushRecord', 'query'))
    return <Result status="info" title={t('cloud.noPushAccess')} />;
  const guid = devices.find((d) => d.id === deviceId)?.deviceGuid;
  const columns: ColumnsType<PushRecord> = [
    { dataIndex: 'channel', title: t('cloud.push.channel') },
    { dataIndex: 'target', title: t('cloud.push.target') },
    { dataIndex: 'content', title: t('cloud.push.content'), ellipsis: true },
    {
      dataIndex: 'status',
      title: t('cloud.push.status'),
      render: (status: string) => <Tag color={status === 'sent' ? 'green' : 'orange'}>{status}</Tag>,
    },
    { dataIndex: 'createdAt', title: t('cloud.push.createdAt'), render: formatLocal },
  ];
  return (
    <Card size="small" extra={<DeviceSelect devices={devices} value={deviceId} onChange={setDeviceId} />}>
      {guid ? (
        <ListPage<PushRecord>
          queryKey={['cloud', 'push', guid]}
          fetchPage={(request, signal) => pushRecordApi.page({ ...request, deviceGuid: guid }, signal)}
          columns={columns}
          rowKey="id"
        />
      ) : null}
    </Card>
  );
}

/** /cloudChain/pushRecord: the notifications sent about a project device. */
export default function PushRecordPage() {
  return <CloudProjectBar>{(scope) => <PushRecords key={scope.projectId} {...scope} />}</CloudProjectBar>;
}
