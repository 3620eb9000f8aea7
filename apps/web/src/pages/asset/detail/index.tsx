import { ArrowLeftOutlined } from '@ant-design/icons';
import { ASSET_DEVICES_MAX } from '@coldchain/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Image, Result, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { assetApi, orgKeys, useAsset } from '../../../api/org.ts';
import { toastSuccess } from '../../../app/feedback.ts';
import { useAccess } from '../../../app/use-access.ts';
import { DeviceTable } from '../../organization/components/DeviceTable.tsx';
import { formatLocal } from '../../organization/components/format.ts';
import { AssetForm } from '../components/AssetForm.tsx';
import { AssetStateButton } from '../components/AssetStateButton.tsx';
import { AssetStateTag } from '../components/AssetStateTag.tsx';

/** /asset/detail/:id: an asset's fields, image and custom information, state, and its (at most five) devices. */
export default function AssetDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const access = useAccess();
  const queryClient = useQueryClient();
  const id = Number(useParams().id);
  const asset = useAsset(id);
  const [editing, setEditing] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: orgKeys.assets });
  if (asset.isPending && asset.fetchStatus !== 'idle')
    return <Spin style={{ display: 'block', margin: 48 }} />;
  if (!asset.data)
    return (
      <Result
        status="warning"
        title={t('asset.notFound')}
        extra={<Button onClick={() => navigate('/asset/list')}>{t('asset.backToList')}</Button>}
      />
    );
  const a = asset.data;
  const canEdit = a.canEdit && access.action('edit');
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        size="small"
        title={
          <Space>
            <Button
              type="text"
              icon={<ArrowLeftOutlined />}
              aria-label={t('asset.backToList')}
              onClick={() => navigate('/asset/list')}
            />
            <span data-testid="asset-title">{a.combName}</span>
            <AssetStateTag combState={a.combState} />
          </Space>
        }
        extra={
          canEdit ? (
            <Space>
              <Button size="small" onClick={() => setEditing(true)}>
                {t('asset.actions.edit')}
              </Button>
              <AssetStateButton asset={a} onDone={refresh} />
            </Space>
          ) : null
        }
      >
        <Space align="start" size="large" wrap>
          {a.image ? <Image src={a.image} width={160} data-testid="asset-image" /> : null}
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2, lg: 3 }}
            items={[
              { key: 'type', label: t('asset.fields.combTypeName'), children: a.combTypeName ?? '-' },
              { key: 'num', label: t('asset.fields.combNum'), children: a.combNum ?? '-' },
              { key: 'brand', label: t('asset.fields.brand'), children: a.brand ?? '-' },
              { key: 'model', label: t('asset.fields.model'), children: a.model ?? '-' },
              { key: 'volume', label: t('asset.fields.volume'), children: a.volume ?? '-' },
              { key: 'org', label: t('asset.fields.organizationId'), children: a.organizationName ?? '-' },
              { key: 'desc', label: t('asset.fields.desc'), children: a.desc ?? '-' },
              { key: 'created', label: t('org.fields.createdAt'), children: formatLocal(a.createdAt) },
              ...a.customKeys.map((key, i) => ({
                key: `custom-${i}`,
                label: key,
                children: a.customValues[i] ?? '',
              })),
            ]}
          />
        </Space>
      </Card>
      <Card
        size="small"
        title={
          <Space>
            {t('asset.fields.devices')}
            <Typography.Text type="secondary" data-testid="asset-device-count">
              {t('asset.deviceCount', { n: a.deviceCount, max: ASSET_DEVICES_MAX })}
            </Typography.Text>
          </Space>
        }
      >
        <DeviceTable
          ownerId={id}
          queryKey={[...orgKeys.assets, 'devices']}
          fetchPage={assetApi.devicePage}
          testId="asset-devices"
          {...(canEdit
            ? {
                bind: (deviceIds: number[]) => assetApi.bindDevices({ id, deviceIds }),
                unbind: (deviceIds: number[]) => assetApi.unbindDevices({ id, deviceIds }),
              }
            : {})}
        />
      </Card>
      <AssetForm
        open={editing}
        asset={a}
        onClose={() => setEditing(false)}
        onSaved={() => {
          toastSuccess('edit');
          setEditing(false);
          void refresh();
        }}
      />
    </Space>
  );
}
