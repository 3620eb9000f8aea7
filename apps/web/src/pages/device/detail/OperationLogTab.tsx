import type { DeviceDetail, OperationLog } from '@coldchain/shared';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { deviceKeys, devicesApi } from '../../../api/devices.ts';
import { useAccountZone } from '../../../app/account-zone.ts';
import { formatZonedIso } from '../../../components/clock.ts';
import { ListPage } from '../../../components/ListPage.tsx';
import { LogChanges } from '../../../components/LogChanges.tsx';

/** The device's operation log (002 §2): who did what and when, from the platform's audit trail. */
export function OperationLogTab({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation();
  const zone = useAccountZone();
  const columns: ColumnsType<OperationLog> = [
    {
      dataIndex: 'createdAt',
      title: t('device.log.time'),
      width: 190,
      render: (at: string) => formatZonedIso(at, zone),
    },
    {
      dataIndex: 'accountName',
      title: t('device.log.account'),
      width: 160,
      render: (name: string | null) => name ?? '-',
    },
    {
      dataIndex: 'actionName',
      title: t('device.log.action'),
      width: 180,
    },
    {
      key: 'change',
      title: t('device.log.change'),
      render: (_: unknown, row) => <LogChanges entry={row} />,
    },
    {
      dataIndex: 'sourceIp',
      title: t('device.log.sourceIp'),
      width: 140,
      render: (ip: string | null) => ip ?? '-',
    },
  ];
  return (
    <ListPage<OperationLog>
      queryKey={deviceKeys.log(device.id)}
      fetchPage={(request, signal) =>
        devicesApi.operationLog(
          { deviceId: device.id, start: request.start, pageSize: request.pageSize },
          signal,
        )
      }
      columns={columns}
      rowKey="id"
    />
  );
}
