import type { Asset } from '@coldchain/shared';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { assetApi, orgKeys } from '../../../api/org.ts';
import { ListPage } from '../../../components/ListPage.tsx';
import { AssetStateTag } from '../../asset/components/AssetStateTag.tsx';

/** The assets of one organization (002 §3), opening the asset page. */
export function OrgAssets({ organizationId }: { organizationId: number }) {
  const { t } = useTranslation();
  const columns: ColumnsType<Asset> = [
    {
      dataIndex: 'combName',
      title: t('asset.fields.combName'),
      render: (name: string, row) => <Link to={`/asset/detail/${row.id}`}>{name}</Link>,
    },
    { dataIndex: 'combTypeName', title: t('asset.fields.combTypeName') },
    { dataIndex: 'combNum', title: t('asset.fields.combNum') },
    { dataIndex: 'deviceCount', title: t('asset.fields.deviceCount') },
    {
      dataIndex: 'combState',
      title: t('asset.fields.combState'),
      render: (state: number) => <AssetStateTag combState={state} />,
    },
  ];
  return (
    <ListPage<Asset>
      queryKey={[...orgKeys.assets, 'organization', organizationId]}
      fetchPage={(request, signal) => assetApi.page({ ...request, organizationId }, signal)}
      columns={columns}
      rowKey="id"
    />
  );
}
