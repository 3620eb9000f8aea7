import type { DeviceShare, DeviceTransfer } from '@coldchain/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, List, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { deviceKeys } from '../../../api/devices.ts';
import { sharingApi, sharingKeys, usePendingRequests } from '../../../api/sharing.ts';
import { accountZone } from '../../../app/account-zone.ts';
import { toastSuccess } from '../../../app/feedback.ts';
import { formatZonedIso } from '../../../components/clock.ts';

type Answer = 'accept' | 'refuse';

/**
 * Shares and transfers waiting for the caller's answer (002 §4: sharing waits for the other
 * party's acceptance, transfer for its consent). Accepting a transfer makes the device the caller's.
 */
export function PendingRequests() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const pending = usePendingRequests();
  const zone = accountZone();

  const done = (answer: Answer, kind: 'share' | 'transfer') => {
    void queryClient.invalidateQueries({ queryKey: sharingKeys.all });
    void queryClient.invalidateQueries({ queryKey: deviceKeys.all });
    if (answer === 'accept') toastSuccess(kind);
  };
  const answerShare = (share: DeviceShare, answer: Answer) =>
    void sharingApi.answerShare(share.id, answer).then(
      () => done(answer, 'share'),
      () => undefined,
    );
  const answerTransfer = (transfer: DeviceTransfer, answer: Answer) =>
    void sharingApi.answerTransfer(transfer.id, answer).then(
      () => done(answer, 'transfer'),
      () => undefined,
    );

  const buttons = (onAnswer: (answer: Answer) => void, testId: string) => [
    <Button
      key="accept"
      type="primary"
      size="small"
      onClick={() => onAnswer('accept')}
      data-testid={`${testId}-accept`}
    >
      {t('share.pending.accept')}
    </Button>,
    <Button key="refuse" size="small" onClick={() => onAnswer('refuse')} data-testid={`${testId}-refuse`}>
      {t('share.pending.refuse')}
    </Button>,
  ];

  const shares = pending.data?.shares ?? [];
  const transfers = pending.data?.transfers ?? [];
  if (!pending.isPending && shares.length === 0 && transfers.length === 0)
    return <Empty description={t('share.pending.none')} data-testid="pending-empty" />;

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="pending-requests">
      <Card size="small" title={t('share.pending.shares')}>
        <List
          loading={pending.isPending}
          dataSource={shares}
          locale={{ emptyText: t('share.pending.none') }}
          renderItem={(share) => (
            <List.Item actions={buttons((a) => answerShare(share, a), `pending-share-${share.deviceGuid}`)}>
              <List.Item.Meta
                title={t('share.pending.shareFrom', { owner: share.ownerName, device: share.deviceName })}
                description={
                  <Space wrap>
                    <Typography.Text type="secondary">
                      {formatZonedIso(share.createdAt, zone)}
                    </Typography.Text>
                    <Tag>{share.permissionModelName ?? t('share.noTemplate')}</Tag>
                    {share.expiresAt ? (
                      <Tag color="orange">
                        {t('share.until', { time: formatZonedIso(share.expiresAt, zone) })}
                      </Tag>
                    ) : null}
                  </Space>
                }
              />
            </List.Item>
          )}
        />
      </Card>
      <Card size="small" title={t('transfer.pending')}>
        <List
          loading={pending.isPending}
          dataSource={transfers}
          locale={{ emptyText: t('share.pending.none') }}
          renderItem={(transfer) => (
            <List.Item
              actions={buttons((a) => answerTransfer(transfer, a), `pending-transfer-${transfer.deviceGuid}`)}
            >
              <List.Item.Meta
                title={t('transfer.from', { owner: transfer.fromName, device: transfer.deviceName })}
                description={formatZonedIso(transfer.createdAt, zone)}
              />
            </List.Item>
          )}
        />
      </Card>
    </Space>
  );
}
