import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../../app/use-access.ts';
import { MessageList } from '../../message/shared/MessageList.tsx';

/**
 * /operation/alarm: the back office's alarm list (000 §2.5): the alarm and system messages of every
 * account on the operator's platform (every platform for the default one's operators), with the
 * message centre's filters. The operator's own messages stay in its message centre.
 */
export default function OperationAlarmPage() {
  const { t } = useTranslation();
  const access = useAccess();
  if (!access.permission('operation.alarm'))
    return <Result status="info" title={t('alarms.record.noPermission')} />;
  return <MessageList testId="operation-alarm" backOffice />;
}
