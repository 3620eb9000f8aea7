import {
  DELIVERY_CHANNELS,
  DEVICE_GUID_MAX,
  type DeliveryChannel,
  PUSH_RECORD_STATUSES,
  type PushRecord,
  type PushRecordStatus,
} from '@coldchain/shared';
import { DatePicker, Form, Input, Select, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { deliveryKeys, pushRecordApi } from '../../../api/delivery.ts';
import { ListPage } from '../../../components/ListPage.tsx';
import { withPeriod } from '../../message/shared/message-view.ts';
import { formatTime } from '../../product/form-values.ts';

const STATUS_COLORS: Record<PushRecordStatus, string> = {
  sent: 'green',
  retrying: 'gold',
  failed: 'red',
  exhausted: 'orange',
  refused: 'magenta',
};

/** Part of a phone, e-mail address or URL: the length the server accepts. */
const TARGET_FILTER_MAX = 100;

/**
 * /operation/pushRecord: every attempt to deliver a notification (SMS, voice, e-mail, WeChat) or a
 * data push (webhook), with its outcome, newest first (000 §2.5 push record).
 */
export default function PushRecordPage() {
  const { t } = useTranslation();

  const columns: ColumnsType<PushRecord> = [
    { dataIndex: 'createdAt', title: t('alarms.fields.createdAt'), width: 180, render: formatTime },
    {
      dataIndex: 'channel',
      title: t('alarms.fields.channel'),
      width: 100,
      render: (channel: DeliveryChannel) => <Tag>{t(`alarms.delivery.channels.${channel}`)}</Tag>,
    },
    {
      dataIndex: 'target',
      title: t('alarms.fields.target'),
      render: (target: string, row) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text copyable={{ text: target }} style={{ wordBreak: 'break-all' }}>
            {target}
          </Typography.Text>
          {row.recipientName ? <Typography.Text type="secondary">{row.recipientName}</Typography.Text> : null}
        </Space>
      ),
    },
    {
      dataIndex: 'content',
      title: t('alarms.fields.content'),
      render: (content: string, row) => (
        <Typography.Paragraph ellipsis={{ rows: 2, expandable: 'collapsible' }} style={{ margin: 0 }}>
          {row.subject ? <strong>{row.subject} · </strong> : null}
          {content}
        </Typography.Paragraph>
      ),
    },
    {
      key: 'device',
      title: t('alarms.fields.device'),
      render: (_: unknown, row) =>
        row.deviceGuid ? `${row.deviceName ?? ''} (${row.deviceGuid})` : (row.userName ?? '-'),
    },
    {
      dataIndex: 'status',
      title: t('alarms.fields.status'),
      width: 130,
      render: (status: PushRecordStatus, row) => (
        <Space orientation="vertical" size={0}>
          <Tag color={STATUS_COLORS[status]}>{t(`alarms.delivery.statuses.${status}`)}</Tag>
          {row.error ? (
            <Typography.Text type="danger" style={{ fontSize: 12 }}>
              {row.error}
            </Typography.Text>
          ) : null}
        </Space>
      ),
    },
    {
      key: 'attempt',
      title: t('alarms.fields.attempt'),
      width: 110,
      render: (_: unknown, row) =>
        `${row.attempt}${row.httpStatus ? ` · HTTP ${row.httpStatus}` : ''} · ${row.provider}`,
    },
  ];

  return (
    <ListPage<PushRecord>
      queryKey={deliveryKeys.pushRecords}
      fetchPage={(values, signal) => pushRecordApi.page(withPeriod(values), signal)}
      columns={columns}
      rowKey="id"
      filters={
        <>
          <Form.Item name="channel" label={t('alarms.fields.channel')}>
            <Select
              allowClear
              style={{ width: 130 }}
              placeholder={t('common.select')}
              data-testid="push-record-filter-channel"
              options={DELIVERY_CHANNELS.map((c) => ({
                value: c,
                label: t(`alarms.delivery.channels.${c}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="status" label={t('alarms.fields.status')}>
            <Select
              allowClear
              style={{ width: 130 }}
              placeholder={t('common.select')}
              options={PUSH_RECORD_STATUSES.map((s) => ({
                value: s,
                label: t(`alarms.delivery.statuses.${s}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="target" label={t('alarms.fields.target')}>
            <Input allowClear maxLength={TARGET_FILTER_MAX} />
          </Form.Item>
          <Form.Item name="deviceGuid" label={t('catalogue.fields.deviceGuid')}>
            <Input allowClear maxLength={DEVICE_GUID_MAX} />
          </Form.Item>
          <Form.Item name="period" label={t('alarms.fields.createdAt')}>
            <DatePicker.RangePicker showTime />
          </Form.Item>
        </>
      }
    />
  );
}
