import { type ConsolePushRecord, NOTIFICATION_CHANNELS } from '@coldchain/shared';
import { Form, Result, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { deliveryKeys, pushRecordApi } from '../../../api/delivery.ts';
import { useAccess } from '../../../app/use-access.ts';
import { ListPage } from '../../../components/ListPage.tsx';
import { withPeriod } from '../../message/shared/message-view.ts';
import { PushRecordFilters, usePushRecordColumns } from '../../operation/pushRecord/push-record-parts.tsx';
import { formatLocal } from '../../organization/components/format.ts';
import { CloudProjectBar, type CloudScope } from '../components/CloudProjectBar.tsx';

function PushRecords({ projectId, devices }: CloudScope) {
  const { t } = useTranslation();
  const access = useAccess();
  const columns = usePushRecordColumns<ConsolePushRecord>({ formatTime: formatLocal });
  // Checked before calling: a refused call would end the session.
  if (!access.permission('cloudChain.pushRecord', 'query'))
    return <Result status="info" title={t('cloud.noPushAccess')} />;
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
          <PushRecordFilters channels={NOTIFICATION_CHANNELS} />
        </>
      }
    />
  );
}

/** /cloudChain/pushRecord: the notifications sent about the project's devices (000 §2.7). */
export default function PushRecordPage() {
  return <CloudProjectBar>{(scope) => <PushRecords key={scope.projectId} {...scope} />}</CloudProjectBar>;
}
