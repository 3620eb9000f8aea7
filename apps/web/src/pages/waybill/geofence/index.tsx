import { GEOFENCE_NAME_MAX, GEOFENCE_SORT_FIELDS, type Geofence } from '@coldchain/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { waybillApi, waybillKeys } from '../../../api/waybill.ts';
import { accountZone } from '../../../app/account-zone.ts';
import { confirmPrompt, flash, toastSuccess } from '../../../app/feedback.ts';
import { IfAction } from '../../../components/Access.tsx';
import { formatZoned } from '../../../components/clock.ts';
import { ListPage, type ListSelection } from '../../../components/ListPage.tsx';
import { listSort } from '../shared/list-sort.ts';
import { FenceEditorModal } from './FenceEditorModal.tsx';

/**
 * The geofence list (002 §2): fences with their areas, added and edited on a map; a fence that
 * waybills still use cannot be deleted (the server says which).
 */
export default function GeofencePage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const zone = accountZone();
  const [editing, setEditing] = useState<{ fence: Geofence | null } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: waybillKeys.fences() });

  const remove = (rows: Geofence[]) => {
    if (rows.length === 0) {
      flash('warning', t('selection.none'));
      return;
    }
    void confirmPrompt({
      kind: 'delete',
      onOk: async () => {
        try {
          await waybillApi.removeFences(rows.map((r) => r.id));
          toastSuccess('delete');
          await refresh();
        } catch {
          // The http client has shown why (a fence in use names the waybills' count).
        }
      },
    });
  };

  const columns: ColumnsType<Geofence> = [
    {
      dataIndex: 'name',
      title: t('waybill.fence.name'),
      sorter: true,
      render: (name: string) => <span data-testid="fence-row-name">{name}</span>,
    },
    {
      key: 'areas',
      title: t('waybill.fence.areas'),
      render: (_: unknown, row) => (
        <Space size={4} wrap>
          {row.areas.map((area, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: areas have no id of their own; their order is their identity
            <Tag key={i}>
              {area.shape === 'circle'
                ? `${t('waybill.fence.circle')} ${area.radius} m`
                : t('waybill.fence.polygon')}
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      dataIndex: 'inUse',
      title: t('waybill.fence.inUse'),
      width: 120,
      render: (count: number) => (count > 0 ? <Tag color="blue">{count}</Tag> : '-'),
    },
    {
      dataIndex: 'createdAt',
      title: t('waybill.fields.createdAt'),
      width: 170,
      sorter: true,
      render: (at: number) => formatZoned(at, zone, false),
    },
    {
      key: 'actions',
      title: t('waybill.fields.actions'),
      width: 150,
      render: (_: unknown, row) => (
        <Space size={0}>
          <IfAction action="edit">
            <Button type="link" size="small" onClick={() => setEditing({ fence: row })}>
              {t('waybill.actions.edit')}
            </Button>
          </IfAction>
          <IfAction action="delete">
            <Button type="link" size="small" danger onClick={() => remove([row])}>
              {t('waybill.actions.delete')}
            </Button>
          </IfAction>
        </Space>
      ),
    },
  ];

  const toolbar = ({ rows }: ListSelection<Geofence>): ReactNode => (
    <>
      <IfAction action="add">
        <Button type="primary" onClick={() => setEditing({ fence: null })} data-testid="fence-add">
          {t('waybill.fence.addTitle')}
        </Button>
      </IfAction>
      <IfAction action="delete">
        <Button danger onClick={() => remove(rows)}>
          {t('waybill.actions.delete')}
        </Button>
      </IfAction>
    </>
  );

  return (
    <>
      <ListPage<Geofence>
        queryKey={waybillKeys.fences()}
        fetchPage={(request, signal) => {
          const { start, pageSize } = request;
          const name =
            typeof request.name === 'string' && request.name.trim() ? request.name.trim() : undefined;
          return waybillApi.fences(
            { start, pageSize, ...listSort(request, GEOFENCE_SORT_FIELDS), ...(name ? { name } : {}) },
            signal,
          );
        }}
        columns={columns}
        rowKey="id"
        selectable
        toolbar={toolbar}
        filters={
          <Form.Item name="name" label={t('waybill.fence.name')}>
            <Input allowClear maxLength={GEOFENCE_NAME_MAX} />
          </Form.Item>
        }
      />
      <FenceEditorModal
        open={editing !== null}
        fence={editing?.fence ?? null}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void refresh();
        }}
      />
    </>
  );
}
