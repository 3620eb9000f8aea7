import type { Asset } from '@coldchain/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Image, Input, Popconfirm, Select, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { assetApi, orgKeys } from '../../../api/org.ts';
import { toastSuccess } from '../../../app/feedback.ts';
import { useAccess } from '../../../app/use-access.ts';
import { ListPage } from '../../../components/ListPage.tsx';
import { AssetForm } from '../components/AssetForm.tsx';
import { AssetStateButton } from '../components/AssetStateButton.tsx';
import { AssetStateTag } from '../components/AssetStateTag.tsx';

/** /asset/list (002 §2, §3): the caller's assets and those of its organizations. */
export default function AssetListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const access = useAccess();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Asset | 'new' | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: orgKeys.assets });

  const columns: ColumnsType<Asset> = [
    {
      dataIndex: 'image',
      title: t('asset.fields.image'),
      width: 80,
      render: (src: string | null) => (src ? <Image src={src} width={48} /> : null),
    },
    {
      dataIndex: 'combName',
      title: t('asset.fields.combName'),
      render: (name: string, row) => (
        <Link to={`/asset/detail/${row.id}`} data-testid={`asset-${row.id}`}>
          {name}
        </Link>
      ),
    },
    { dataIndex: 'combTypeName', title: t('asset.fields.combTypeName') },
    { dataIndex: 'combNum', title: t('asset.fields.combNum') },
    { dataIndex: 'organizationName', title: t('asset.fields.organizationId') },
    { dataIndex: 'deviceCount', title: t('asset.fields.deviceCount') },
    {
      dataIndex: 'combState',
      title: t('asset.fields.combState'),
      render: (state: number) => <AssetStateTag combState={state} />,
    },
    {
      key: 'actions',
      title: t('org.common.actions'),
      render: (_: unknown, row) =>
        row.canEdit ? (
          <Space wrap>
            {access.action('edit') ? (
              <Button size="small" onClick={() => setEditing(row)}>
                {t('asset.actions.edit')}
              </Button>
            ) : null}
            {access.action(row.combState === 1 ? 'disable' : 'enable') ? (
              <AssetStateButton asset={row} onDone={refresh} />
            ) : null}
            {access.action('delete') ? (
              <Popconfirm
                title={t('confirm.delete')}
                okText={t('common.ok')}
                cancelText={t('common.cancel')}
                onConfirm={async () => {
                  await assetApi.remove(row.id);
                  toastSuccess('delete');
                  await refresh();
                }}
              >
                <Button size="small" danger>
                  {t('org.actions.delete')}
                </Button>
              </Popconfirm>
            ) : null}
          </Space>
        ) : null,
    },
  ];

  return (
    <>
      <ListPage<Asset>
        queryKey={[...orgKeys.assets, 'page']}
        fetchPage={(request, signal) => assetApi.page(request, signal)}
        columns={columns}
        rowKey="id"
        filters={
          <>
            <Form.Item name="combName" label={t('asset.fields.combName')}>
              <Input allowClear />
            </Form.Item>
            <Form.Item name="combNum" label={t('asset.fields.combNum')}>
              <Input allowClear />
            </Form.Item>
            <Form.Item name="combState" label={t('asset.fields.combState')}>
              <Select
                allowClear
                style={{ width: 120 }}
                options={[
                  { value: 1, label: t('asset.state.enabled') },
                  { value: 0, label: t('asset.state.disabled') },
                ]}
              />
            </Form.Item>
          </>
        }
        toolbar={() =>
          access.action('add') ? (
            <Button type="primary" onClick={() => setEditing('new')} data-testid="asset-add">
              {t('asset.actions.add')}
            </Button>
          ) : null
        }
      />
      <AssetForm
        open={editing !== null}
        asset={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          toastSuccess(editing === 'new' ? 'add' : 'edit');
          const created = editing === 'new';
          setEditing(null);
          void refresh();
          if (created) navigate(`/asset/detail/${saved.id}`);
        }}
      />
    </>
  );
}
