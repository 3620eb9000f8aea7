import type { Asset } from '@coldchain/shared';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { assetApi } from '../../../api/org.ts';
import { toastSuccess } from '../../../app/feedback.ts';

/** Enables or disables an asset; disabling warns that its devices and their alarms stop too (002 §4). */
export function AssetStateButton({ asset, onDone }: { asset: Asset; onDone: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const enabled = asset.combState === 1;
  return (
    <Popconfirm
      title={enabled ? t('asset.state.disableConfirm') : t('asset.state.enableConfirm')}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      onConfirm={async () => {
        await assetApi.setState(asset.id, enabled ? 0 : 1);
        toastSuccess('save');
        await onDone();
      }}
    >
      <Button size="small" danger={enabled} data-testid={`asset-state-${asset.id}`}>
        {enabled ? t('asset.state.disable') : t('asset.state.enable')}
      </Button>
    </Popconfirm>
  );
}
