import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../../app/use-access.ts';
import { MessageList } from '../../message/shared/MessageList.tsx';

/**
 * /operation/alarm: the back office's alarm list (000 §2.5): alarm and system messages of the
 * devices the operator may see, with the message centre's filters and handling. The messages are
 * read with the message centre's permission (a refused call would end the session).
 */
export default function OperationAlarmPage() {
  const { t } = useTranslation();
  const access = useAccess();
  if (!access.permission('message.list'))
    return <Result status="info" title={t('alarms.record.noPermission')} />;
  return <MessageList testId="operation-alarm" />;
}
