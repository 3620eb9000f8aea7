import {
  type ConsolePushRecord,
  type DeliveryChannel,
  NOTIFICATION_CHANNELS,
  PUSH_RECORD_STATUSES,
  type PushRecordStatus,
} from '@coldchain/shared';
import { DatePicker, Form, Input, Result, Select, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { deliveryKeys, pushRecordApi } from '../../../api/delivery.ts';
import { useAccess } from '../../../app/use-access.ts';
import { ListPage } from '../../../components/ListPage.tsx';
import { withPeriod } from '../../message/shared/message-view.ts';
import { formatLocal } from '../../organization/components/format.ts';
import { CloudProjectBar, type CloudScope } from '../components/CloudProjectBar.tsx';

const STATUS_COLORS: Record<PushRecordStatus, string> = {
  sent: 'green',
  retrying: 'gold',
  failed: 'red',
  exhausted: 'orange',
  refused: 'magenta',
};

/** Part of a phone number or e-mail address: the length the server accepts. */
const TARGET_FILTER_MAX = 100;

function PushRecords({ projectId, devices }: CloudScope) {
  const { t } = useTranslation();
  const access = useAccess();
  // Checked before calling: a refused call would end the session.
  if (!access.permission('cloudChain.pushRecord', 'query'))
    return <Result status="info" title={t('cloud.noPushAccess')} />;
  const columns: ColumnsType<ConsolePushRecord> = [
    { dataIndex: 'createdAt', title: t('cloud.push.createdAt'), width: 180, render: formatLocal },
    {
      dataIndex: 'channel',
      title: t('cloud.push.channel'),
      width: 100,
      render: (channel: DeliveryChannel) => <Tag>{t(`alarms.delivery.channels.${channel}`)}</Tag>,
    },
    {
      dataIndex: 'target',
      title: t('cloud.push.target'),
      render: (target: string, row) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text style={{ wordBreak: 'break-all' }}>{target}</Typography.Text>
          {row.recipientName ? <Typography.Text type="secondary">{row.recipientName}</Typography.Text> : null}
        </Space>
      ),
    },
    {
      dataIndex: 'content',
      title: t('cloud.push.content'),
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
      render: (_: unknown, row) => (row.deviceGuid ? `${row.deviceName ?? ''} (${row.deviceGuid})` : '-'),
    },
    {
      dataIndex: 'status',
      title: t('cloud.push.status'),
      width: 130,
      render: (status: PushRecordStatus) => (
        <Tag color={STATUS_COLORS[status]}>{t(`alarms.delivery.statuses.${status}`)}</Tag>
      ),
    },
  ];
  return (
    <ListPage<ConsolePushRecord>
      queryKey={[...deliveryKeys.pushRecords, 'cloud']}
      request={{ projectId }}
      fetchPage={(values, signal) => pushRecordApi.consolePage(withPeriod(values), signal)}
      columns={columns}
      rowKey="id"
      filters={
        <>
          <Form.Item name="deviceId" label={t('alarms.fields.device')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              style={{ minWidth: 240 }}
              placeholder={t('common.select')}
              options={devices.map((d) => ({ value: d.id, label: `${d.deviceName} (${d.deviceGuid})` }))}
              data-testid="cloud-push-device"
            />
          </Form.Item>
          <Form.Item name="channel" label={t('cloud.push.channel')}>
            <Select
              allowClear
              style={{ width: 130 }}
              placeholder={t('common.select')}
              options={NOTIFICATION_CHANNELS.map((c) => ({
                value: c,
                label: t(`alarms.delivery.channels.${c}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="status" label={t('cloud.push.status')}>
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
          <Form.Item name="target" label={t('cloud.push.target')}>
            <Input allowClear maxLength={TARGET_FILTER_MAX} />
          </Form.Item>
          <Form.Item name="period" label={t('cloud.push.createdAt')}>
            <DatePicker.RangePicker showTime />
          </Form.Item>
        </>
      }
    />
  );
}

/** /cloudChain/pushRecord: the notifications sent about the project's devices (000 §2.7). */
export default function PushRecordPage() {
  return <CloudProjectBar>{(scope) => <PushRecords key={scope.projectId} {...scope} />}</CloudProjectBar>;
}
