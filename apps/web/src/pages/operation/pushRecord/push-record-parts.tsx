import {
  type DeliveryChannel,
  PUSH_RECORD_STATUSES,
  type PushRecord,
  type PushRecordStatus,
} from '@coldchain/shared';
import { DatePicker, Form, Input, Select, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What both push record lists (back office and project) show of a record. */
export type PushRecordRow = Pick<
  PushRecord,
  | 'createdAt'
  | 'channel'
  | 'target'
  | 'recipientName'
  | 'subject'
  | 'content'
  | 'deviceGuid'
  | 'deviceName'
  | 'status'
>;

const STATUS_COLORS: Record<PushRecordStatus, string> = {
  sent: 'green',
  retrying: 'gold',
  failed: 'red',
  exhausted: 'orange',
  refused: 'magenta',
};

/** Part of a phone, e-mail address or URL: the length the server accepts. */
const TARGET_FILTER_MAX = 100;

interface ColumnOptions<T> {
  formatTime: (iso: string) => string;
  /** The back office copies targets. */
  copyable?: boolean;
  /** Shown for a record without a device. */
  noDevice?: (row: T) => string;
  /** Below the status tag (the back office's error text). */
  statusNote?: (row: T) => ReactNode;
}

/** When, channel, recipient, content, device and outcome of each record. */
export function usePushRecordColumns<T extends PushRecordRow>(options: ColumnOptions<T>): ColumnsType<T> {
  const { t } = useTranslation();
  return [
    { dataIndex: 'createdAt', title: t('alarms.fields.createdAt'), width: 180, render: options.formatTime },
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
          <Typography.Text
            copyable={options.copyable ? { text: target } : false}
            style={{ wordBreak: 'break-all' }}
          >
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
        row.deviceGuid ? `${row.deviceName ?? ''} (${row.deviceGuid})` : (options.noDevice?.(row) ?? '-'),
    },
    {
      dataIndex: 'status',
      title: t('alarms.fields.status'),
      width: 130,
      render: (status: PushRecordStatus, row) => (
        <Space orientation="vertical" size={0}>
          <Tag color={STATUS_COLORS[status]}>{t(`alarms.delivery.statuses.${status}`)}</Tag>
          {options.statusNote?.(row) ?? null}
        </Space>
      ),
    },
  ];
}

/**
 * The channel, status, recipient and period filters of both lists; `extra` stands before the period
 * (the back office's device GUID).
 */
export function PushRecordFilters(props: {
  channels: readonly DeliveryChannel[];
  channelTestId?: string;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="channel" label={t('alarms.fields.channel')}>
        <Select
          allowClear
          style={{ width: 130 }}
          placeholder={t('common.select')}
          data-testid={props.channelTestId}
          options={props.channels.map((c) => ({ value: c, label: t(`alarms.delivery.channels.${c}`) }))}
        />
      </Form.Item>
      <Form.Item name="status" label={t('alarms.fields.status')}>
        <Select
          allowClear
          style={{ width: 130 }}
          placeholder={t('common.select')}
          options={PUSH_RECORD_STATUSES.map((s) => ({ value: s, label: t(`alarms.delivery.statuses.${s}`) }))}
        />
      </Form.Item>
      <Form.Item name="target" label={t('alarms.fields.target')}>
        <Input allowClear maxLength={TARGET_FILTER_MAX} />
      </Form.Item>
      {props.extra}
      <Form.Item name="period" label={t('alarms.fields.createdAt')}>
        <DatePicker.RangePicker showTime />
      </Form.Item>
    </>
  );
}
