import type { PlatformFigures } from '@coldchain/shared';
import { useQuery } from '@tanstack/react-query';
import { Card, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { platformSystemKeys, systemApi } from '../../../api/platform-system.ts';

/**
 * /operation/lightBusiness: the business run on each white-label platform (accounts, devices, online
 * and alarming devices); light-edition platforms (the restricted style model) are marked.
 */
export default function LightBusinessPage() {
  const { t } = useTranslation();
  const figures = useQuery({
    queryKey: platformSystemKeys.figures,
    queryFn: ({ signal }) => systemApi.figures(signal),
  });
  const columns: ColumnsType<PlatformFigures> = [
    { key: 'title', dataIndex: 'title', title: t('platformSystem.platforms.fields.title') },
    { key: 'topDomain', dataIndex: 'topDomain', title: t('platformSystem.platforms.fields.topDomain') },
    {
      key: 'styleModel',
      title: t('platformSystem.platforms.fields.styleModel'),
      render: (_: unknown, row) =>
        row.styleModel === 2 ? (
          <Tag color="blue">{t('platformSystem.platforms.styleModels.2')}</Tag>
        ) : (
          t('platformSystem.platforms.styleModels.1')
        ),
    },
    {
      key: 'accounts',
      dataIndex: 'accounts',
      title: t('platformSystem.overview.kpi.accounts'),
      align: 'right',
    },
    { key: 'devices', dataIndex: 'devices', title: t('platformSystem.overview.kpi.devices'), align: 'right' },
    { key: 'online', dataIndex: 'online', title: t('device.status.online'), align: 'right' },
    { key: 'alarm', dataIndex: 'alarm', title: t('device.status.alarm'), align: 'right' },
  ];
  return (
    <Card>
      <Typography.Paragraph type="secondary">{t('platformSystem.lightBusiness.hint')}</Typography.Paragraph>
      <Table<PlatformFigures>
        rowKey="platformId"
        loading={figures.isLoading}
        dataSource={figures.data ?? []}
        columns={columns}
        pagination={false}
        scroll={{ x: true }}
        data-testid="light-business-table"
      />
    </Card>
  );
}
