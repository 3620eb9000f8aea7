import type { ServicePackageSummary } from '@coldchain/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { servicePackageKeys, servicePackagesApi } from '../../../api/service-packages.ts';
import { toastSuccess } from '../../../app/feedback.ts';
import { IfAction } from '../../../components/Access.tsx';
import { ListPage } from '../../../components/ListPage.tsx';

/** Packages in their sales order, with enable/stop and moving up or down. */
export function PackageList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<ServicePackageSummary[]>([]);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: servicePackageKeys.list });

  const move = async (index: number, by: -1 | 1) => {
    const ids = rows.map((r) => r.id);
    const other = index + by;
    const a = ids[index];
    const b = ids[other];
    if (a === undefined || b === undefined) return;
    ids[index] = b;
    ids[other] = a;
    await servicePackagesApi.sort({ ids });
    refresh();
  };

  const toggle = async (row: ServicePackageSummary) => {
    try {
      if (row.packageStatus === 1) await servicePackagesApi.stop(row.id);
      else await servicePackagesApi.enable(row.id);
      toastSuccess('save');
      refresh();
    } catch {
      // The http client has shown the server's message.
    }
  };

  const columns: ColumnsType<ServicePackageSummary> = [
    {
      dataIndex: 'packageName',
      title: t('servicePackageAdmin.fields.packageName'),
      render: (name: string, row) => (
        <Space>
          {row.icon ? <img src={row.icon} alt="" width={24} height={24} /> : null}
          <a
            href={`/service/package/${row.id}`}
            onClick={(e) => {
              e.preventDefault();
              navigate(`/service/package/${row.id}`);
            }}
          >
            {name}
          </a>
        </Space>
      ),
    },
    { dataIndex: 'packageCode', title: t('servicePackageAdmin.fields.packageCode'), width: 120 },
    {
      dataIndex: 'packageStatus',
      title: t('servicePackageAdmin.fields.packageStatus'),
      width: 110,
      render: (status: number) =>
        status === 1 ? (
          <Tag color="green">{t('servicePackageAdmin.enabled')}</Tag>
        ) : (
          <Tag>{t('servicePackageAdmin.stopped')}</Tag>
        ),
    },
    {
      dataIndex: 'enableTime',
      title: t('servicePackageAdmin.fields.enableTime'),
      width: 170,
      render: (v: string | null) => (v ? v.slice(0, 16).replace('T', ' ') : '—'),
    },
    { dataIndex: 'levelCount', title: t('servicePackageAdmin.fields.levelCount'), width: 90 },
    { dataIndex: 'deviceTypeCount', title: t('servicePackageAdmin.fields.deviceTypeCount'), width: 110 },
    {
      key: 'actions',
      title: t('servicePackageAdmin.actions'),
      width: 260,
      render: (_: unknown, row, index) => (
        <Space wrap size={4}>
          <IfAction action={row.packageStatus === 1 ? 'disable' : 'enable'}>
            <Button size="small" onClick={() => void toggle(row)} data-testid={`sp-toggle-${row.id}`}>
              {row.packageStatus === 1 ? t('servicePackageAdmin.stop') : t('servicePackageAdmin.enable')}
            </Button>
          </IfAction>
          <IfAction action="edit">
            <Button
              size="small"
              aria-label={t('servicePackageAdmin.moveUp')}
              disabled={index === 0}
              onClick={() => void move(index, -1)}
            >
              ↑
            </Button>
            <Button
              size="small"
              aria-label={t('servicePackageAdmin.moveDown')}
              disabled={index === rows.length - 1}
              onClick={() => void move(index, 1)}
            >
              ↓
            </Button>
          </IfAction>
        </Space>
      ),
    },
  ];

  return (
    <ListPage<ServicePackageSummary>
      queryKey={servicePackageKeys.list}
      fetchPage={(request, signal) =>
        servicePackagesApi.page(
          {
            start: request.start,
            pageSize: request.pageSize,
            ...(typeof request.packageName === 'string' && request.packageName.trim()
              ? { packageName: request.packageName.trim() }
              : {}),
          },
          signal,
        )
      }
      onRows={setRows}
      columns={columns}
      rowKey="id"
      filters={
        <Form.Item name="packageName" label={t('servicePackageAdmin.fields.packageName')}>
          <Input allowClear maxLength={20} />
        </Form.Item>
      }
      toolbar={() => (
        <IfAction action="add">
          <Button type="primary" onClick={() => navigate('/service/package/new')} data-testid="sp-add">
            {t('servicePackageAdmin.add')}
          </Button>
        </IfAction>
      )}
    />
  );
}
