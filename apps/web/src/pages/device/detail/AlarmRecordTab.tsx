import type { DeviceDetail } from '@coldchain/shared';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../../app/use-access.ts';
import { MessageList } from '../../message/shared/MessageList.tsx';

/**
 * The device's alarm record (002 §2 device detail): its alarm and system messages with the message
 * centre's filters and handling. Reading them needs the message centre's permission (a refused call
 * would end the session), so without it the tab says so instead.
 */
export function AlarmRecordTab({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation();
  const access = useAccess();
  if (!access.permission('message.list'))
    return <Result status="info" title={t('alarms.record.noPermission')} />;
  return <MessageList deviceId={device.id} testId="device-alarm" />;
}
