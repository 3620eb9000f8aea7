import { CONNECTION_EVENT_KINDS, type ConnectionEvent, DEVICE_GUID_MAX } from '@coldchain/shared';
import { Form, Input, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { platformSystemKeys, systemApi } from '../../../api/platform-system.ts';
import { ListPage } from '../../../components/ListPage.tsx';
import { formatTime } from '../../product/shared.tsx';

const KIND_COLORS = { connect: 'green', disconnect: 'default', authFailure: 'red' } as const;

/** /operation/dtuLog: every device connect, disconnect and refused login, newest first. */
export default function DtuLogPage() {
  const { t } = useTranslation();
  const columns: ColumnsType<ConnectionEvent> = [
    { key: 'at', title: t('platformSystem.network.at'), render: (_: unknown, row) => formatTime(row.at) },
    { key: 'deviceGuid', dataIndex: 'deviceGuid', title: t('platformSystem.network.deviceGuid') },
    {
      key: 'deviceName',
      title: t('platformSystem.network.deviceName'),
      render: (_: unknown, row) => row.deviceName ?? '-',
    },
    {
      key: 'kind',
      title: t('platformSystem.network.kind'),
      render: (_: unknown, row) => (
        <Tag color={KIND_COLORS[row.kind]}>{t(`platformSystem.network.kinds.${row.kind}`)}</Tag>
      ),
    },
    {
      key: 'reason',
      title: t('platformSystem.network.reason'),
      render: (_: unknown, row) =>
        row.reason
          ? t(`platformSystem.network.reasons.${row.reason}` as 'platformSystem.network.reasons.clean')
          : '-',
    },
    {
      key: 'address',
      title: t('platformSystem.network.address'),
      render: (_: unknown, row) => row.address ?? '-',
    },
  ];
  return (
    <ListPage<ConnectionEvent>
      queryKey={platformSystemKeys.dtuLog}
      fetchPage={(values, signal) => systemApi.dtuLog(values, signal)}
      columns={columns}
      rowKey="id"
      filters={
        <>
          <Form.Item name="deviceGuid" label={t('platformSystem.network.deviceGuid')}>
            <Input allowClear maxLength={DEVICE_GUID_MAX} data-testid="dtu-log-guid" />
          </Form.Item>
          <Form.Item name="eventKind" label={t('platformSystem.network.kind')}>
            <Select
              allowClear
              style={{ minWidth: 160 }}
              options={CONNECTION_EVENT_KINDS.map((k) => ({
                value: k,
                label: t(`platformSystem.network.kinds.${k}`),
              }))}
            />
          </Form.Item>
        </>
      }
    />
  );
}
