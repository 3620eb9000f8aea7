import type { DeviceRow, OwnedDevicePageRequest, PageResponse } from '@coldchain/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toastSuccess } from '../../../app/feedback.ts';
import { ListPage } from '../../../components/ListPage.tsx';
import { StatusTag } from '../../device/shared/StatusTag.tsx';
import { DevicePicker } from './DevicePicker.tsx';

export interface DeviceTableProps {
  /** The organization, project or asset. */
  ownerId: number;
  queryKey: readonly unknown[];
  fetchPage: (request: OwnedDevicePageRequest, signal: AbortSignal) => Promise<PageResponse<DeviceRow>>;
  bind?: (deviceIds: number[]) => Promise<unknown>;
  unbind?: (deviceIds: number[]) => Promise<unknown>;
  testId: string;
}

/** The devices of an organization, project or asset, with binding and unbinding when allowed. */
export function DeviceTable({ ownerId, queryKey, fetchPage, bind, unbind, testId }: DeviceTableProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [picking, setPicking] = useState(false);
  // The rows shown are already bound: the picker leaves them out.
  const [shown, setShown] = useState<number[]>([]);
  const onRows = useCallback((rows: DeviceRow[]) => setShown(rows.map((r) => r.id)), []);
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKey.slice(0, 1) });

  const columns: ColumnsType<DeviceRow> = [
    {
      dataIndex: 'deviceName',
      title: t('device.fields.deviceName'),
      render: (name: string, row) => <Link to={`/device/detail/${row.id}`}>{name}</Link>,
    },
    { dataIndex: 'deviceGuid', title: t('device.fields.deviceGuid') },
    { dataIndex: 'typeName', title: t('device.fields.typeName') },
    {
      dataIndex: 'status',
      title: t('device.fields.status'),
      render: (_: unknown, row) => (
        <StatusTag status={row.status} useState={row.useState} expired={row.expired} />
      ),
    },
    ...(unbind
      ? [
          {
            key: 'actions',
            title: t('org.common.actions'),
            render: (_: unknown, row: DeviceRow) => (
              <Popconfirm
                title={t('org.devices.unbindConfirm')}
                okText={t('common.ok')}
                cancelText={t('common.cancel')}
                onConfirm={async () => {
                  await unbind([row.id]);
                  toastSuccess('unbind');
                  await refresh();
                }}
              >
                <Button size="small" data-testid={`${testId}-unbind-${row.id}`}>
                  {t('org.devices.unbind')}
                </Button>
              </Popconfirm>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <ListPage<DeviceRow>
        queryKey={[...queryKey, ownerId]}
        fetchPage={(request, signal) => fetchPage({ ...request, id: ownerId }, signal)}
        columns={columns}
        rowKey="id"
        onRows={onRows}
        toolbar={() =>
          bind ? (
            <Space>
              <Button type="primary" onClick={() => setPicking(true)} data-testid={`${testId}-bind`}>
                {t('org.devices.bind')}
              </Button>
            </Space>
          ) : null
        }
      />
      {bind ? (
        <DevicePicker
          open={picking}
          title={t('org.devices.bind')}
          exclude={shown}
          onClose={() => setPicking(false)}
          onPick={async (ids) => {
            await bind(ids);
            toastSuccess('bind');
            setPicking(false);
            await refresh();
          }}
        />
      ) : null}
    </>
  );
}
