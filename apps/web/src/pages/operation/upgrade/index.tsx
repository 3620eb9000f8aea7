import {
  PAGE_SIZE_MAX,
  UPGRADE_BATCH_MAX,
  UPGRADE_FINAL_STATES,
  type UpgradeCandidate,
  type UpgradeRecord,
  type UpgradeState,
} from '@coldchain/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Progress, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type Key, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeviceTypeOptions } from '../../../api/catalogue.ts';
import { firmwareKeys, upgradeApi } from '../../../api/firmware.ts';
import { confirmPrompt, flash } from '../../../app/feedback.ts';
import { IfAction } from '../../../components/Access.tsx';
import { requireSelection } from '../../../components/selection.ts';
import { formatTime } from '../../product/shared.tsx';

/** How often the records are read again while an upgrade is open, in ms. */
const LIVE_REFRESH_MS = 1_500;

const STATE_COLOURS: Record<UpgradeState, string> = {
  pending: 'default',
  sent: 'processing',
  downloading: 'processing',
  installing: 'processing',
  succeeded: 'success',
  failed: 'error',
};

const isOpen = (state: UpgradeState) => !UPGRADE_FINAL_STATES.includes(state);

/**
 * /operation/upgrade: batch software upgrade (002 §3, §4, §7). Choose a device type and one of its
 * versions, tick devices of that type, start; the records below follow each device live: command
 * delivered, downloading, installing, then succeeded with the new version or failed (the device said
 * so, or stayed silent for about ten minutes).
 */
export default function UpgradePage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const types = useDeviceTypeOptions();
  const [typeId, setTypeId] = useState<number | undefined>();
  const [versionId, setVersionId] = useState<number | undefined>();
  const [selected, setSelected] = useState<Key[]>([]);
  const [batchId, setBatchId] = useState<string | null>(null);
  const [onlyBatch, setOnlyBatch] = useState(true);
  const [recordsStart, setRecordsStart] = useState(1);

  const versions = useQuery({
    queryKey: [...firmwareKeys.versions, 'forType', typeId],
    queryFn: ({ signal }) =>
      upgradeApi.versions({ start: 1, pageSize: PAGE_SIZE_MAX, deviceTypeId: typeId }, signal),
    enabled: typeId !== undefined,
  });
  const candidates = useQuery({
    queryKey: [...firmwareKeys.candidates, typeId],
    queryFn: ({ signal }) =>
      upgradeApi.candidates({ start: 1, pageSize: UPGRADE_BATCH_MAX, deviceTypeId: typeId ?? 0 }, signal),
    enabled: typeId !== undefined,
  });
  const recordRequest = {
    start: recordsStart,
    pageSize: 10,
    ...(onlyBatch && batchId ? { batchId } : {}),
  };
  const records = useQuery({
    queryKey: [...firmwareKeys.records, recordRequest],
    queryFn: ({ signal }) => upgradeApi.page(recordRequest, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.data.some((r) => isOpen(r.state)) ? LIVE_REFRESH_MS : false,
  });

  const version = versions.data?.data.find((v) => v.id === versionId);

  const start = () => {
    if (!requireSelection(selected.length, 'some') || !version) return;
    void confirmPrompt({
      kind: 'upgrade',
      content: t('firmware.upgrade.confirm', { count: selected.length, version: version.value }),
      onOk: async () => {
        try {
          const result = await upgradeApi.batch({
            versionId: version.id,
            deviceIds: selected.map(Number),
          });
          flash('success', t('firmware.upgrade.started', { count: result.count }));
          setBatchId(result.batchId);
          setOnlyBatch(true);
          setRecordsStart(1);
          setSelected([]);
          void queryClient.invalidateQueries({ queryKey: firmwareKeys.records });
          void queryClient.invalidateQueries({ queryKey: firmwareKeys.candidates });
        } catch {
          // The server's message was shown by the client.
        }
      },
    });
  };

  const stateTag = (state: UpgradeState | null) =>
    state ? <Tag color={STATE_COLOURS[state]}>{t(`firmware.states.${state}`)}</Tag> : '-';

  const candidateColumns: ColumnsType<UpgradeCandidate> = [
    { dataIndex: 'deviceGuid', title: t('firmware.upgrade.guid') },
    { dataIndex: 'deviceName', title: t('firmware.upgrade.deviceName') },
    {
      dataIndex: 'version',
      title: t('firmware.upgrade.currentVersion'),
      render: (v: string | null) => v ?? '-',
    },
    { dataIndex: 'lastState', title: t('firmware.upgrade.lastState'), render: stateTag },
  ];

  const recordColumns: ColumnsType<UpgradeRecord> = [
    { dataIndex: 'deviceGuid', title: t('firmware.upgrade.guid') },
    { dataIndex: 'deviceName', title: t('firmware.upgrade.deviceName') },
    {
      dataIndex: 'fromVersion',
      title: t('firmware.upgrade.fromVersion'),
      render: (v: string | null) => v ?? '-',
    },
    { dataIndex: 'versionValue', title: t('firmware.upgrade.targetVersion') },
    {
      dataIndex: 'state',
      title: t('firmware.upgrade.state'),
      render: (state: UpgradeState, row) => (
        <span data-testid={`upgrade-state-${row.deviceGuid}`} data-state={state} data-progress={row.progress}>
          {stateTag(state)}
        </span>
      ),
    },
    {
      dataIndex: 'progress',
      title: t('firmware.upgrade.progress'),
      width: 180,
      render: (progress: number, row) => (
        <Progress
          percent={progress}
          size="small"
          status={row.state === 'failed' ? 'exception' : row.state === 'succeeded' ? 'success' : 'active'}
          aria-label={`${t('firmware.upgrade.progress')} ${row.deviceGuid}`}
        />
      ),
    },
    {
      key: 'result',
      title: t('firmware.upgrade.result'),
      render: (_, row) =>
        row.failure ? `${t(`firmware.failures.${row.failure}`)}${row.detail ? `: ${row.detail}` : ''}` : '-',
    },
    {
      dataIndex: 'operatorName',
      title: t('firmware.upgrade.operator'),
      render: (v: string | null) => v ?? '-',
    },
    { dataIndex: 'createdAt', title: t('firmware.upgrade.startedAt'), width: 170, render: formatTime },
    {
      dataIndex: 'finishedAt',
      title: t('firmware.upgrade.finishedAt'),
      width: 170,
      render: (v: string | null) => (v ? formatTime(v) : '-'),
    },
  ];

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card>
        <Form layout="inline">
          <Form.Item label={t('firmware.upgrade.chooseType')} htmlFor="upgrade-type">
            <Select
              id="upgrade-type"
              style={{ width: 260 }}
              showSearch
              optionFilterProp="label"
              value={typeId}
              onChange={(value: number) => {
                setTypeId(value);
                setVersionId(undefined);
                setSelected([]);
              }}
              options={(types.data ?? []).map((type) => ({
                value: type.id,
                label: `${type.typeName} (${type.typeCode})`,
              }))}
              data-testid="upgrade-type"
            />
          </Form.Item>
          <Form.Item label={t('firmware.upgrade.chooseVersion')} htmlFor="upgrade-version">
            <Select
              id="upgrade-version"
              style={{ width: 220 }}
              value={versionId}
              onChange={(value: number) => setVersionId(value)}
              disabled={typeId === undefined}
              options={(versions.data?.data ?? []).map((v) => ({
                value: v.id,
                label: `${v.value} ${v.label}`,
              }))}
              data-testid="upgrade-version"
            />
          </Form.Item>
          <IfAction action="add">
            <Button type="primary" disabled={!version} onClick={start} data-testid="upgrade-start">
              {t('firmware.upgrade.start')}
            </Button>
          </IfAction>
        </Form>
      </Card>
      <Card title={t('firmware.upgrade.devices')} size="small">
        {typeId === undefined ? (
          <Typography.Text type="secondary">{t('firmware.upgrade.noType')}</Typography.Text>
        ) : (
          <Table<UpgradeCandidate>
            rowKey="deviceId"
            size="small"
            loading={candidates.isFetching}
            dataSource={candidates.data?.data ?? []}
            columns={candidateColumns}
            pagination={false}
            scroll={{ y: 320 }}
            rowSelection={{ selectedRowKeys: selected, onChange: setSelected }}
            data-testid="upgrade-candidates"
          />
        )}
      </Card>
      <Card
        title={t('firmware.upgrade.records')}
        size="small"
        extra={
          <Space>
            <Typography.Text type="secondary">{t('firmware.upgrade.live')}</Typography.Text>
            {batchId && (
              <Switch
                checked={onlyBatch}
                onChange={(checked) => {
                  setOnlyBatch(checked);
                  setRecordsStart(1);
                }}
                checkedChildren={t('firmware.upgrade.thisBatch')}
                unCheckedChildren={t('firmware.common.all')}
              />
            )}
            <Button onClick={() => void records.refetch()}>{t('firmware.common.refresh')}</Button>
          </Space>
        }
      >
        <Table<UpgradeRecord>
          rowKey="id"
          size="small"
          dataSource={records.data?.data ?? []}
          columns={recordColumns}
          loading={records.isLoading}
          pagination={{
            current: recordsStart,
            pageSize: 10,
            total: records.data?.totalCount ?? 0,
            onChange: setRecordsStart,
          }}
          data-testid="upgrade-records"
        />
      </Card>
    </Space>
  );
}
