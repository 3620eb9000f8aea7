import { DOWNLOAD_REFRESH_MS, type DownloadRow } from '@coldchain/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Progress, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { guidsApi } from '../../../api/guids.ts';
import { saveFile } from '../../../api/http.ts';
import { downloadsApi, peopleKeys } from '../../../api/users.ts';
import { flash } from '../../../app/feedback.ts';
import { IfAction } from '../../../components/Access.tsx';
import { formatTime } from '../../product/form-values.ts';

const STATE_COLORS = { generating: 'processing', generated: 'success', failed: 'error' } as const;
const FILES_KEY = [...peopleKeys.downloads, 'exportDevice'] as const;
const SHOWN = 10;

/**
 * /system/exportDevice: the devices of every account the back office sees, as one download-centre
 * file made in the background. The operator's newest files are listed here with their progress,
 * refreshing while one is being made, and download when generated (also from the download centre).
 */
export default function ExportDevicePage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [requesting, setRequesting] = useState(false);
  const [busy, setBusy] = useState<number | null>(null);
  const files = useQuery({
    queryKey: FILES_KEY,
    queryFn: ({ signal }) => downloadsApi.page({ start: 1, pageSize: SHOWN }, signal),
    refetchInterval: (q) =>
      q.state.data?.data.some((row) => row.state === 'generating') ? DOWNLOAD_REFRESH_MS : false,
  });

  const request = async () => {
    setRequesting(true);
    try {
      await guidsApi.exportAllDevices({ condition: {} });
      flash('success', t('backOfficeDevices.exportDevice.requested'));
      await queryClient.invalidateQueries({ queryKey: peopleKeys.downloads });
    } catch {
      // The http client has shown why.
    } finally {
      setRequesting(false);
    }
  };

  const download = async (row: DownloadRow) => {
    setBusy(row.id);
    try {
      saveFile(await downloadsApi.file(row.id));
    } catch {
      // The http client has shown why.
    } finally {
      setBusy(null);
    }
  };

  const columns: ColumnsType<DownloadRow> = [
    { dataIndex: 'fileName', title: t('backOfficeDevices.exportDevice.fileName') },
    {
      dataIndex: 'state',
      title: t('backOfficeDevices.exportDevice.state'),
      width: 220,
      render: (state: DownloadRow['state'], row) => (
        <Space
          orientation="vertical"
          size={0}
          style={{ width: '100%' }}
          data-testid={`export-device-state-${row.id}`}
        >
          <Tag color={STATE_COLORS[state]}>{t(`backOfficeDevices.exportDevice.states.${state}`)}</Tag>
          {state === 'generating' ? (
            <Progress
              percent={row.progress}
              size="small"
              aria-label={t('backOfficeDevices.exportDevice.progress')}
            />
          ) : null}
        </Space>
      ),
    },
    {
      dataIndex: 'rowCount',
      title: t('backOfficeDevices.exportDevice.rows'),
      width: 100,
      render: (v: number | null) => v ?? '',
    },
    {
      dataIndex: 'createdAt',
      title: t('backOfficeDevices.fields.createdAt'),
      width: 180,
      render: (v: string) => formatTime(v),
    },
    {
      key: 'actions',
      title: '',
      width: 120,
      render: (_v, row) => (
        <Button
          type="link"
          disabled={row.state !== 'generated'}
          loading={busy === row.id}
          onClick={() => void download(row)}
          data-testid={`export-device-file-${row.id}`}
        >
          {t('backOfficeDevices.exportDevice.download')}
        </Button>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card>
        <Space orientation="vertical">
          <Typography.Paragraph style={{ marginBottom: 0 }}>
            {t('backOfficeDevices.exportDevice.intro')}
          </Typography.Paragraph>
          <IfAction action="export">
            <Button
              type="primary"
              loading={requesting}
              onClick={() => void request()}
              data-testid="export-device-start"
            >
              {t('backOfficeDevices.exportDevice.start')}
            </Button>
          </IfAction>
        </Space>
      </Card>
      {files.data?.data.some((row) => row.state === 'generating') ? (
        <Alert type="info" showIcon title={t('backOfficeDevices.exportDevice.requested')} />
      ) : null}
      <Card title={t('backOfficeDevices.exportDevice.files')}>
        <Table<DownloadRow>
          rowKey="id"
          columns={columns}
          dataSource={files.data?.data ?? []}
          loading={files.isLoading}
          pagination={false}
        />
      </Card>
    </Space>
  );
}
