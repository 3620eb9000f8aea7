import {
  DOWNLOAD_REFRESH_MS,
  type DownloadRow,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_OPTIONS,
  type PageResponse,
} from '@coldchain/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Progress, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../../api/http.ts';
import { downloadsApi, peopleKeys } from '../../../api/users.ts';
import { confirmPrompt, flash, toastSuccess } from '../../../app/feedback.ts';
import { IfAction, IfPermission } from '../../../components/Access.tsx';
import { formatTime } from '../../product/form-values.ts';

const STATE_COLORS = { generating: 'processing', generated: 'success', failed: 'error' } as const;

function size(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * /consumer/download: the download centre (002 §4 download file: generating, then generated). The
 * list refreshes by itself while a file is being generated and shows its progress; a generated file
 * downloads by id.
 */
export default function DownloadCentrePage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [start, setStart] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZE_DEFAULT);
  const [busy, setBusy] = useState<number | null>(null);
  const query = useQuery({
    queryKey: [...peopleKeys.downloads, start, pageSize],
    queryFn: ({ signal }) => downloadsApi.page({ start, pageSize }, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      q.state.data?.data.some((row) => row.state === 'generating') ? DOWNLOAD_REFRESH_MS : false,
  });
  const generating = query.data?.data.some((row) => row.state === 'generating') ?? false;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: peopleKeys.downloads });

  const request = async (kind: 'devices' | 'users') => {
    try {
      const row = await downloadsApi.request({ kind, condition: {} });
      flash('success', t('download.requested'));
      // The answer is the new file, generating: shown at once, then followed by the refresh timer.
      queryClient.setQueryData<PageResponse<DownloadRow>>([...peopleKeys.downloads, 1, pageSize], (old) => ({
        data: [row, ...(old?.data ?? [])].slice(0, pageSize),
        start: 1,
        totalCount: (old?.totalCount ?? 0) + 1,
      }));
      setStart(1);
    } catch {
      // Shown by the http client.
    }
  };

  const download = async (row: DownloadRow) => {
    setBusy(row.id);
    try {
      saveFile(await downloadsApi.file(row.id));
    } catch {
      // Shown by the http client.
    } finally {
      setBusy(null);
    }
  };

  const columns: ColumnsType<DownloadRow> = [
    { dataIndex: 'fileName', title: t('download.fileName') },
    {
      dataIndex: 'kind',
      title: t('download.kind'),
      width: 140,
      render: (kind: DownloadRow['kind']) => t(`download.kinds.${kind}`),
    },
    {
      dataIndex: 'state',
      title: t('download.state'),
      width: 220,
      render: (state: DownloadRow['state'], row) => (
        <Space
          orientation="vertical"
          size={0}
          style={{ width: '100%' }}
          data-testid={`download-state-${row.id}`}
        >
          <Tag color={STATE_COLORS[state]}>{t(`download.states.${state}`)}</Tag>
          {state === 'generating' ? (
            <Progress percent={row.progress} size="small" aria-label={t('download.states.generating')} />
          ) : null}
        </Space>
      ),
    },
    { dataIndex: 'rowCount', title: t('download.rows'), width: 90, render: (v: number | null) => v ?? '' },
    { dataIndex: 'sizeBytes', title: t('download.size'), width: 100, render: (v: number | null) => size(v) },
    {
      dataIndex: 'createdAt',
      title: t('download.createdAt'),
      width: 180,
      render: (v: string) => formatTime(v),
    },
    {
      key: 'actions',
      title: '',
      width: 180,
      render: (_v, row) => (
        <Space>
          <Button
            type="link"
            disabled={row.state !== 'generated'}
            loading={busy === row.id}
            onClick={() => void download(row)}
            data-testid={`download-file-${row.id}`}
          >
            {t('download.download')}
          </Button>
          <IfAction action="delete">
            <Button
              type="link"
              danger
              onClick={() =>
                void confirmPrompt({
                  kind: 'delete',
                  onOk: async () => {
                    try {
                      await downloadsApi.remove(row.id);
                      toastSuccess('delete');
                    } catch {
                      // Shown by the http client.
                    }
                    refresh();
                  },
                })
              }
            >
              {t('download.delete')}
            </Button>
          </IfAction>
        </Space>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap>
        <IfPermission permission="device.list" action="export">
          <Button
            type="primary"
            onClick={() => void request('devices')}
            data-testid="download-request-devices"
          >
            {t('download.requestDevices')}
          </Button>
        </IfPermission>
        <IfPermission permission="system.consumerList" action="export">
          <Button onClick={() => void request('users')} data-testid="download-request-users">
            {t('download.requestUsers')}
          </Button>
        </IfPermission>
      </Space>
      {generating ? <Alert type="info" showIcon title={t('download.refreshing')} /> : null}
      <Table<DownloadRow>
        rowKey="id"
        columns={columns}
        dataSource={query.data?.data ?? []}
        loading={query.isLoading}
        pagination={{
          current: start,
          pageSize,
          total: query.data?.totalCount ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
          showTotal: (total) => t('common.total', { total }),
          onChange: (page, size) => {
            if (size !== pageSize) {
              setPageSize(size);
              setStart(1);
            } else setStart(page);
          },
        }}
      />
    </Space>
  );
}
