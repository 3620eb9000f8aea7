import { ALARM_MESSAGE_CATEGORIES, type AlarmMessageCategory } from '@coldchain/shared';
import { Card, Space, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { MyInvitations } from '../../organization/components/MyInvitations.tsx';
import { MessageList } from '../shared/MessageList.tsx';

const isCategory = (value: string | null): value is AlarmMessageCategory =>
  ALARM_MESSAGE_CATEGORIES.includes(value as AlarmMessageCategory);

/**
 * /message/list: the message centre (002 §2, §4): alarm messages (graded alarm, alarm, warning,
 * graded warning, cleared alarm) and system messages, each tab with its filters and handling. The
 * tab is kept in the address (`?tab=`). Organization invitations waiting for an answer show above
 * them, since accounts without organization pages (personal ones) answer them here.
 */
export default function MessageCentrePage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const inUrl = searchParams.get('tab');
  const tab: AlarmMessageCategory = isCategory(inUrl) ? inUrl : 'alarm';
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <MyInvitations />
      <Card size="small">
        <Tabs
          activeKey={tab}
          destroyOnHidden
          onChange={(key) => {
            const next = new URLSearchParams(searchParams);
            next.set('tab', key);
            setSearchParams(next, { replace: true });
          }}
          items={ALARM_MESSAGE_CATEGORIES.map((category) => ({
            key: category,
            label: <span data-testid={`message-tab-${category}`}>{t(`alarms.categories.${category}`)}</span>,
            children:
              category === tab ? <MessageList category={category} testId={`message-${category}`} /> : null,
          }))}
        />
      </Card>
    </Space>
  );
}
