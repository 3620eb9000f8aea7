import type { Overview, TransportStatus } from '@coldchain/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Descriptions, Row, Space, Statistic, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { platformSystemKeys, systemApi } from '../../../api/platform-system.ts';
import { formatTime } from '../../product/shared.tsx';
import type { OverviewChartOption } from './echarts-overview.ts';
import { OverviewChart } from './OverviewChart.tsx';

const REFRESH_MS = 30_000;
const STATUS_COLORS: Record<string, string> = {
  online: '#52c41a',
  normal: '#389e0d',
  offline: '#8c8c8c',
  alarm: '#f5222d',
  fault: '#fa8c16',
  closed: '#595959',
  overdue: '#722ed1',
};

const label = (t: TFunction, group: string, key: string) => {
  const full = `${group}.${key}`;
  const text = t(full as 'platformSystem.title');
  return text === full ? key : text;
};

function devicePie(overview: Overview, t: TFunction): OverviewChartOption {
  return {
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: { bottom: 0, type: 'scroll' },
    series: [
      {
        type: 'pie',
        radius: ['40%', '70%'],
        data: overview.devicesByStatus.map((s) => ({
          name: label(t, 'device.status', s.status),
          value: s.count,
          itemStyle: { color: STATUS_COLORS[s.status] ?? '#1677ff' },
        })),
      },
    ],
  };
}

function readingsLine(overview: Overview, t: TFunction): OverviewChartOption {
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 48, right: 16, top: 16, bottom: 32 },
    xAxis: {
      type: 'category',
      data: overview.readingsPerMinute.map((m) => formatTime(m.minute.replace('Z', ':00Z')).slice(11, 16)),
    },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      {
        type: 'bar',
        name: t('platformSystem.overview.readings'),
        data: overview.readingsPerMinute.map((m) => m.readings),
        itemStyle: { color: '#1677ff' },
      },
    ],
  };
}

function rejectBars(
  rows: { reason: string; count: number }[],
  t: TFunction,
  group: string,
): OverviewChartOption {
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 120, right: 24, top: 8, bottom: 24 },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', data: rows.map((r) => label(t, group, r.reason)) },
    series: [{ type: 'bar', data: rows.map((r) => r.count), itemStyle: { color: '#fa541c' } }],
  };
}

function summaryOf(rows: { name: string; count: number }[]): string {
  return rows.map((r) => `${r.name} ${r.count}`).join(', ') || '0';
}

function TransportCard({ status }: { status: TransportStatus }) {
  const { t } = useTranslation();
  return (
    <Card title={t('platformSystem.overview.transport')} data-testid="overview-transport">
      <Descriptions size="small" column={{ xs: 1, md: 3 }}>
        <Descriptions.Item label={t('platformSystem.overview.mqttMode')}>
          {t(`platformSystem.overview.modes.${status.mode}`)}
          {status.port ? ` :${status.port}` : ''}
        </Descriptions.Item>
        <Descriptions.Item label={t('platformSystem.overview.connectedClients')}>
          {status.connectedClients ?? '-'}
        </Descriptions.Item>
        <Descriptions.Item label={t('platformSystem.overview.database')}>{status.database}</Descriptions.Item>
        <Descriptions.Item label={t('platformSystem.overview.messages')}>{status.messages}</Descriptions.Item>
        <Descriptions.Item label={t('platformSystem.overview.rejected')}>{status.rejected}</Descriptions.Item>
        <Descriptions.Item label={t('platformSystem.overview.readingsStored')}>
          {status.readingsStored}
        </Descriptions.Item>
        <Descriptions.Item label={t('platformSystem.overview.duplicates')}>
          {status.duplicates}
        </Descriptions.Item>
        <Descriptions.Item label={t('platformSystem.overview.batches')}>
          {status.batches} / {status.failedBatches}
        </Descriptions.Item>
        <Descriptions.Item label={t('platformSystem.overview.uptime')}>
          {Math.floor(status.uptimeSeconds / 3600)} h {Math.floor((status.uptimeSeconds % 3600) / 60)} min
        </Descriptions.Item>
        <Descriptions.Item label={t('platformSystem.overview.memory')}>
          {status.memoryRssMb} MB
        </Descriptions.Item>
        <Descriptions.Item label="Node.js">{status.nodeVersion}</Descriptions.Item>
      </Descriptions>
      <Typography.Text type="secondary">{t('platformSystem.overview.transportHint')}</Typography.Text>
    </Card>
  );
}

/**
 * The operators' overview: /operation/index shows accounts, devices by state, readings per minute and
 * rejects as charts; /operation/system adds the delivery backlog, the job queue and this node's
 * transport. Figures are the caller's platform's (every platform's on the platform host).
 */
export function OverviewPage({ variant }: { variant: 'board' | 'system' }) {
  const { t } = useTranslation();
  const overview = useQuery({
    queryKey: platformSystemKeys.overview,
    queryFn: ({ signal }) => systemApi.overview(signal),
    refetchInterval: REFRESH_MS,
  });
  const data = overview.data;
  const isHost = data?.platformId === null;
  const transport = useQuery({
    queryKey: platformSystemKeys.transport,
    queryFn: ({ signal }) => systemApi.transport(signal),
    enabled: variant === 'system' && isHost,
    refetchInterval: REFRESH_MS,
  });
  const charts = useMemo(
    () =>
      data
        ? {
            pie: devicePie(data, t),
            readings: readingsLine(data, t),
            rejects: rejectBars(data.rejectsByReason, t, 'platformSystem.rejectReasons'),
          }
        : null,
    [data, t],
  );

  if (!data || !charts)
    return overview.isError ? (
      <Alert type="error" title={t('platformSystem.loadFailed')} />
    ) : (
      <Card loading />
    );
  const devices = data.devicesByStatus.reduce((s, r) => s + r.count, 0);
  const readingsHour = data.readingsPerMinute.reduce((s, m) => s + m.readings, 0);

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid={`overview-${variant}`}>
      <Typography.Text type="secondary">
        {isHost ? t('platformSystem.overview.scopeAll') : t('platformSystem.overview.scopeOwn')} ·{' '}
        {t('platformSystem.overview.generatedAt', { time: formatTime(data.generatedAt) })}
      </Typography.Text>
      <Row gutter={[16, 16]}>
        {[
          ['accounts', data.accounts.total],
          ['enterprise', data.accounts.enterprise],
          ['newAccounts', data.accounts.newLast7Days],
          ['devices', devices],
          ['connected', data.connections.connected],
          ['readingsHour', readingsHour],
        ].map(([key, value]) => (
          <Col xs={12} md={8} xl={4} key={key}>
            <Card size="small">
              <Statistic
                title={t(`platformSystem.overview.kpi.${key}` as 'platformSystem.overview.kpi.accounts')}
                value={value}
                data-testid={`overview-kpi-${key}`}
              />
            </Card>
          </Col>
        ))}
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Card title={t('platformSystem.overview.devicesByStatus')}>
            <OverviewChart
              option={charts.pie}
              label={t('platformSystem.overview.devicesByStatus')}
              summary={summaryOf(
                data.devicesByStatus.map((s) => ({
                  name: label(t, 'device.status', s.status),
                  count: s.count,
                })),
              )}
              empty={devices === 0}
              testId="overview-chart-status"
            />
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card title={t('platformSystem.overview.readingsPerMinute')}>
            <OverviewChart
              option={charts.readings}
              label={t('platformSystem.overview.readingsPerMinute')}
              summary={t('platformSystem.overview.readingsSummary', { count: readingsHour })}
              testId="overview-chart-readings"
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('platformSystem.overview.rejectsByReason')}>
            <OverviewChart
              option={charts.rejects}
              label={t('platformSystem.overview.rejectsByReason')}
              summary={summaryOf(
                data.rejectsByReason.map((r) => ({
                  name: label(t, 'platformSystem.rejectReasons', r.reason),
                  count: r.count,
                })),
              )}
              empty={data.rejectsByReason.length === 0}
              height={220}
              testId="overview-chart-rejects"
            />
            <Typography.Text type="secondary">
              {t('platformSystem.overview.rejects24h', { count: data.rejectsLast24h })}
            </Typography.Text>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('platformSystem.overview.connections')}>
            <Row gutter={16}>
              {(
                [
                  ['connected', data.connections.connected],
                  ['connects24h', data.connections.connectsLast24h],
                  ['disconnects24h', data.connections.disconnectsLast24h],
                  ['authFailures24h', data.connections.authFailuresLast24h],
                ] as const
              ).map(([key, value]) => (
                <Col span={12} key={key} style={{ marginBottom: 12 }}>
                  <Statistic title={t(`platformSystem.overview.conn.${key}`)} value={value} />
                </Col>
              ))}
            </Row>
          </Card>
        </Col>
      </Row>
      {variant === 'system' ? (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={12}>
            <Card title={t('platformSystem.overview.deliveryBacklog')} data-testid="overview-delivery">
              <Row gutter={16}>
                {Object.entries(data.deliveryBacklog).map(([key, value]) => (
                  <Col span={12} key={key} style={{ marginBottom: 12 }}>
                    <Statistic
                      title={t(
                        `platformSystem.overview.delivery.${key}` as 'platformSystem.overview.delivery.notificationsPending',
                      )}
                      value={value}
                    />
                  </Col>
                ))}
              </Row>
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card title={t('platformSystem.overview.jobQueue')} data-testid="overview-jobs">
              <Row gutter={16}>
                {Object.entries(data.jobQueue).map(([key, value]) => (
                  <Col span={12} key={key} style={{ marginBottom: 12 }}>
                    <Statistic
                      title={t(
                        `platformSystem.overview.jobs.${key}` as 'platformSystem.overview.jobs.downloadsGenerating',
                      )}
                      value={value}
                    />
                  </Col>
                ))}
              </Row>
            </Card>
          </Col>
          {transport.data ? (
            <Col xs={24}>
              <TransportCard status={transport.data} />
            </Col>
          ) : null}
        </Row>
      ) : null}
    </Space>
  );
}
