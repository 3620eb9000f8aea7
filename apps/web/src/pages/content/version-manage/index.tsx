import type { AppType } from '@coldchain/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Empty, Pagination, Segmented, Space, Tag, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { firmwareKeys, releaseNotesApi } from '../../../api/firmware.ts';
import { formatTime } from '../../product/shared.tsx';

const PAGE_SIZE = 10;

/** /version/manage: the release notes of this platform's apps, newest first (001 §7.8 releaseNotes). */
export default function VersionManagePage() {
  const { t } = useTranslation();
  const [appType, setAppType] = useState<AppType | 'all'>('all');
  const [start, setStart] = useState(1);
  const request = { start, pageSize: PAGE_SIZE, ...(appType === 'all' ? {} : { appType }) };
  const notes = useQuery({
    queryKey: [...firmwareKeys.releaseNotes, request],
    queryFn: ({ signal }) => releaseNotesApi.page(request, signal),
    placeholderData: keepPreviousData,
  });
  const rows = notes.data?.data ?? [];
  return (
    <Card
      title={t('firmware.manage.title')}
      extra={
        <Segmented
          value={appType}
          onChange={(value) => {
            setAppType(value as AppType | 'all');
            setStart(1);
          }}
          options={[
            { value: 'all', label: t('firmware.common.all') },
            { value: 'android', label: t('firmware.manage.android') },
            { value: 'ios', label: t('firmware.manage.ios') },
          ]}
        />
      }
    >
      {rows.length === 0 && !notes.isLoading ? (
        <Empty description={t('firmware.manage.empty')} />
      ) : (
        <Timeline
          items={rows.map((row) => ({
            key: row.id,
            color: row.forced === 1 ? 'red' : 'blue',
            children: (
              <Space direction="vertical" size={2} data-testid={`release-${row.appType}-${row.version}`}>
                <Space wrap>
                  <Typography.Text strong>
                    {row.appType === 'android' ? t('firmware.manage.android') : t('firmware.manage.ios')}{' '}
                    {row.version}
                  </Typography.Text>
                  {row.forced === 1 && <Tag color="red">{t('firmware.manage.forced')}</Tag>}
                  <Typography.Text type="secondary">{formatTime(row.createdAt)}</Typography.Text>
                </Space>
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
                  {row.releaseNotes}
                </Typography.Paragraph>
              </Space>
            ),
          }))}
        />
      )}
      <Pagination
        current={start}
        pageSize={PAGE_SIZE}
        total={notes.data?.totalCount ?? 0}
        onChange={setStart}
        hideOnSinglePage
      />
    </Card>
  );
}
