import { DELIVERY_CHANNELS, DEVICE_GUID_MAX, type PushRecord } from '@coldchain/shared';
import { Form, Input, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { deliveryKeys, pushRecordApi } from '../../../api/delivery.ts';
import { ListPage } from '../../../components/ListPage.tsx';
import { withPeriod } from '../../message/shared/message-view.ts';
import { formatTime } from '../../product/form-values.ts';
import { PushRecordFilters, usePushRecordColumns } from './push-record-parts.tsx';

/**
 * /operation/pushRecord: every attempt to deliver a notification (SMS, voice, e-mail, WeChat) or a
 * data push (webhook), with its outcome, newest first (000 §2.5 push record).
 */
export default function PushRecordPage() {
  const { t } = useTranslation();
  const shared = usePushRecordColumns<PushRecord>({
    formatTime,
    copyable: true,
    noDevice: (row) => row.userName ?? '-',
    statusNote: (row) =>
      row.error ? (
        <Typography.Text type="danger" style={{ fontSize: 12 }}>
          {row.error}
        </Typography.Text>
      ) : null,
  });
  const columns: ColumnsType<PushRecord> = [
    ...shared,
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
        <PushRecordFilters
          channels={DELIVERY_CHANNELS}
          channelTestId="push-record-filter-channel"
          extra={
            <Form.Item name="deviceGuid" label={t('catalogue.fields.deviceGuid')}>
              <Input allowClear maxLength={DEVICE_GUID_MAX} />
            </Form.Item>
          }
        />
      }
    />
  );
}
