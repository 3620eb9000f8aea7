import { DEVICE_GUID_MAX, type DeviceConnection } from '@coldchain/shared';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Form, Input, Row, Select, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { platformSystemKeys, systemApi } from '../../../api/platform-system.ts';
import { ListPage } from '../../../components/ListPage.tsx';
import { formatTime } from '../../product/shared.tsx';
import type { OverviewChartOption } from '../overview/echarts-overview.ts';
import { OverviewChart } from '../overview/OverviewChart.tsx';

/** A reason's words, or the reason itself when no locale names it. */
function labelOf(t: TFunction, group: string, key: string): string {
  const full = `${group}.${key}`;
  const text = t(full as 'platformSystem.title');
  return text === full ? key : text;
}

/**
 * /operation/network: connections, disconnects and refused logins per hour over a day, why devices
 * disconnected this week, refused payloads by reason, and every device's connection figures.
 */
export default function NetworkPage() {
  const { t } = useTranslation();
  const summary = useQuery({
    queryKey: platformSystemKeys.networkSummary,
    queryFn: ({ signal }) => systemApi.networkSummary(signal),
    refetchInterval: 30_000,
  });
  const reasonLabel = (reason: string) => labelOf(t, 'platformSystem.network.reasons', reason);
  const rejectLabel = (reason: string) => labelOf(t, 'platformSystem.rejectReasons', reason);
  const charts = useMemo(() => {
    const data = summary.data;
    if (!data) return null;
    const perHour: OverviewChartOption = {
      tooltip: { trigger: 'axis' },
      legend: { bottom: 0 },
      grid: { left: 40, right: 16, top: 16, bottom: 48 },
      xAxis: {
        type: 'category',
        data: data.perHour.map((h) => formatTime(`${h.hour}:00:00Z`).slice(11, 16)),
      },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        {
          type: 'line',
          name: t('platformSystem.network.kinds.connect'),
          data: data.perHour.map((h) => h.connects),
          itemStyle: { color: '#52c41a' },
        },
        {
          type: 'line',
          name: t('platformSystem.network.kinds.disconnect'),
          data: data.perHour.map((h) => h.disconnects),
          itemStyle: { color: '#8c8c8c' },
        },
        {
          type: 'line',
          name: t('platformSystem.network.kinds.authFailure'),
          data: data.perHour.map((h) => h.authFailures),
          itemStyle: { color: '#f5222d' },
        },
      ],
    };
    const bars = (
      rows: { reason: string; count: number }[],
      name: (r: string) => string,
      color: string,
    ): OverviewChartOption => ({
      tooltip: { trigger: 'axis' },
      grid: { left: 130, right: 24, top: 8, bottom: 24 },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: { type: 'category', data: rows.map((r) => name(r.reason)) },
      series: [{ type: 'bar', data: rows.map((r) => r.count), itemStyle: { color } }],
    });
    return {
      perHour,
      reasons: bars(
        data.disconnectReasons,
        (r) => labelOf(t, 'platformSystem.network.reasons', r),
        '#faad14',
      ),
      rejects: bars(data.rejectsByReason, (r) => labelOf(t, 'platformSystem.rejectReasons', r), '#fa541c'),
    };
  }, [summary.data, t]);

  const columns: ColumnsType<DeviceConnection> = [
    {
      key: 'deviceGuid',
      dataIndex: 'deviceGuid',
      title: t('platformSystem.network.deviceGuid'),
      sorter: true,
    },
    { key: 'deviceName', dataIndex: 'deviceName', title: t('platformSystem.network.deviceName') },
    {
      key: 'connected',
      title: t('platformSystem.network.connected'),
      render: (_: unknown, row) =>
        row.connected === 1 ? (
          <Tag color="green">{t('platformSystem.network.yes')}</Tag>
        ) : (
          <Tag>{t('platformSystem.network.no')}</Tag>
        ),
    },
    {
      key: 'lastConnectAt',
      title: t('platformSystem.network.lastConnectAt'),
      sorter: true,
      render: (_: unknown, row) => (row.lastConnectAt ? formatTime(row.lastConnectAt) : '-'),
    },
    {
      key: 'lastDisconnectAt',
      title: t('platformSystem.network.lastDisconnectAt'),
      sorter: true,
      render: (_: unknown, row) => (row.lastDisconnectAt ? formatTime(row.lastDisconnectAt) : '-'),
    },
    {
      key: 'lastDisconnectReason',
      title: t('platformSystem.network.reason'),
      render: (_: unknown, row) => (row.lastDisconnectReason ? reasonLabel(row.lastDisconnectReason) : '-'),
    },
    { key: 'connects', dataIndex: 'connects', title: t('platformSystem.network.connects'), sorter: true },
    {
      key: 'disconnects',
      dataIndex: 'disconnects',
      title: t('platformSystem.network.disconnects'),
      sorter: true,
    },
    {
      key: 'lastAddress',
      title: t('platformSystem.network.address'),
      render: (_: unknown, row) => row.lastAddress ?? '-',
    },
  ];

  const data = summary.data;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {charts && data ? (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={12}>
            <Card title={t('platformSystem.network.perHour')}>
              <OverviewChart
                option={charts.perHour}
                label={t('platformSystem.network.perHour')}
                summary={data.perHour
                  .map((h) => `${h.hour}: ${h.connects}/${h.disconnects}/${h.authFailures}`)
                  .join(', ')}
                testId="network-chart-hours"
              />
            </Card>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Card title={t('platformSystem.network.disconnectReasons')}>
              <OverviewChart
                option={charts.reasons}
                label={t('platformSystem.network.disconnectReasons')}
                summary={
                  data.disconnectReasons.map((r) => `${reasonLabel(r.reason)} ${r.count}`).join(', ') || '0'
                }
                empty={data.disconnectReasons.length === 0}
                testId="network-chart-reasons"
              />
            </Card>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Card title={t('platformSystem.network.rejects')}>
              <OverviewChart
                option={charts.rejects}
                label={t('platformSystem.network.rejects')}
                summary={
                  data.rejectsByReason.map((r) => `${rejectLabel(r.reason)} ${r.count}`).join(', ') || '0'
                }
                empty={data.rejectsByReason.length === 0}
                testId="network-chart-rejects"
              />
            </Card>
          </Col>
        </Row>
      ) : (
        <Card loading />
      )}
      <ListPage<DeviceConnection>
        queryKey={platformSystemKeys.network}
        fetchPage={(values, signal) => systemApi.connections(values, signal)}
        columns={columns}
        rowKey="deviceId"
        filters={
          <>
            <Form.Item name="deviceGuid" label={t('platformSystem.network.deviceGuid')}>
              <Input allowClear maxLength={DEVICE_GUID_MAX} />
            </Form.Item>
            <Form.Item name="connected" label={t('platformSystem.network.connected')}>
              <Select
                allowClear
                style={{ minWidth: 120 }}
                options={[
                  { value: 1, label: t('platformSystem.network.yes') },
                  { value: 0, label: t('platformSystem.network.no') },
                ]}
              />
            </Form.Item>
          </>
        }
      />
    </Space>
  );
}
