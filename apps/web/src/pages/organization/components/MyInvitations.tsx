import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, List, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { organizationApi, orgKeys, useMyInvitations } from '../../../api/org.ts';
import { toastSuccess } from '../../../app/feedback.ts';

/**
 * Invitations waiting for the signed-in account (also those sent to its phone or e-mail before it
 * registered): accepting makes it a member, declining drops the invitation. Shows nothing when none wait.
 */
export function MyInvitations() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const invitations = useMyInvitations();
  const rows = invitations.data ?? [];
  if (rows.length === 0) return null;
  const answer = async (id: number, accept: boolean) => {
    if (accept) await organizationApi.accept(id);
    else await organizationApi.decline(id);
    toastSuccess('save');
    await queryClient.invalidateQueries({ queryKey: orgKeys.organizations });
    await queryClient.invalidateQueries({ queryKey: ['devices'] });
  };
  return (
    <Card size="small" title={t('org.invitations.mine')} data-testid="my-invitations">
      <List
        dataSource={rows}
        renderItem={(row) => (
          <List.Item
            key={row.id}
            actions={[
              <Button
                key="accept"
                type="primary"
                size="small"
                onClick={() => void answer(row.id, true)}
                data-testid={`invitation-accept-${row.id}`}
              >
                {t('org.invitations.accept')}
              </Button>,
              <Button key="decline" size="small" onClick={() => void answer(row.id, false)}>
                {t('org.invitations.decline')}
              </Button>,
            ]}
          >
            <Space orientation="vertical" size={0}>
              <Typography.Text strong>{row.organizationName}</Typography.Text>
              <Typography.Text type="secondary">
                {t('org.invitations.from', { inviter: row.inviterName, role: row.roleName ?? '-' })}
              </Typography.Text>
            </Space>
          </List.Item>
        )}
      />
    </Card>
  );
}
