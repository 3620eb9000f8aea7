import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

export function AssetStateTag({ combState }: { combState: number }) {
  const { t } = useTranslation();
  return combState === 1 ? (
    <Tag color="green">{t('asset.state.enabled')}</Tag>
  ) : (
    <Tag>{t('asset.state.disabled')}</Tag>
  );
}
