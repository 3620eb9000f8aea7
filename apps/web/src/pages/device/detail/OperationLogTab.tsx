import type { DeviceDetail, OperationLog } from '@coldchain/shared';
import { Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { deviceKeys, devicesApi } from '../../../api/devices.ts';
import { ListPage } from '../../../components/ListPage.tsx';
import { formatIso } from '../../../components/time-ranges.ts';

/** What changed, in a line: the new values of the fields that differ from the old ones. */
export function changeSummary(oldValue: unknown, newValue: unknown): string {
  if (typeof newValue !== 'object' || newValue === null) return '';
  const before =
    typeof oldValue === 'object' && oldValue !== null ? (oldValue as Record<string, unknown>) : {};
  return Object.entries(newValue as Record<string, unknown>)
    .filter(([key, value]) => JSON.stringify(before[key]) !== JSON.stringify(value))
    .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join('; ');
}

/** The device's operation log (002 §2): who did what and when, from the platform's audit trail. */
export function OperationLogTab({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation();
  const columns: ColumnsType<OperationLog> = [
    {
      dataIndex: 'createdAt',
      title: t('device.log.time'),
      width: 190,
      render: (at: string) => formatIso(at, device.timeZone),
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
      render: (_: unknown, row) => (
        <Typography.Text ellipsis={{ tooltip: true }} style={{ maxWidth: 480 }}>
          {changeSummary(row.oldValue, row.newValue) || '-'}
        </Typography.Text>
      ),
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
