import type { OperationLog } from '@coldchain/shared';
import { Form, Input } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { operationLogApi, peopleKeys } from '../../../api/users.ts';
import { ListPage } from '../../../components/ListPage.tsx';
import { LogChanges, objectLabel } from '../../../components/LogChanges.tsx';
import { formatTime } from '../../product/form-values.ts';

/**
 * /operation/log: the signed-in account's own operation log (the server widens it to the platform
 * for operators), newest first, with what each entry changed field by field ("field: old → new")
 * and the object by its kind and name. Actions show the name the server gives in the reader's
 * language (the key on hover); the filter matches either.
 */
export default function OperationLogPage() {
  const { t } = useTranslation();
  const columns: ColumnsType<OperationLog> = [
    {
      dataIndex: 'createdAt',
      title: t('userCenter.logTime'),
      width: 190,
      render: (v: string) => formatTime(v),
    },
    {
      dataIndex: 'accountName',
      title: t('userCenter.logAccount'),
      width: 150,
      render: (v: string | null) => v ?? '',
    },
    {
      dataIndex: 'actionName',
      title: t('userCenter.logAction'),
      width: 240,
      render: (name: string, row) => <span title={row.action}>{name}</span>,
    },
    {
      dataIndex: 'entityType',
      title: t('userCenter.logEntity'),
      width: 160,
      render: (_v: string, row) => <span title={row.entityType}>{objectLabel(row)}</span>,
    },
    {
      key: 'detail',
      title: t('userCenter.logDetail'),
      render: (_v, row) => <LogChanges entry={row} />,
    },
    {
      dataIndex: 'sourceIp',
      title: t('userCenter.logIp'),
      width: 140,
      render: (v: string | null) => v ?? '',
    },
  ];
  return (
    <ListPage<OperationLog>
      queryKey={peopleKeys.log}
      fetchPage={(request, signal) => operationLogApi.page(request, signal)}
      columns={columns}
      rowKey="id"
      filters={
        <Form.Item name="action" label={t('userCenter.logAction')}>
          <Input allowClear maxLength={100} data-testid="log-filter-action" />
        </Form.Item>
      }
    />
  );
}
