import type { DeviceShare, DeviceTransfer, RequestState } from '@coldchain/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Select, Space, Tabs, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { sharingApi, sharingKeys, usePermissionModels } from '../../../api/sharing.ts';
import { accountZone } from '../../../app/account-zone.ts';
import { confirmPrompt, toastSuccess } from '../../../app/feedback.ts';
import { formatZonedIso } from '../../../components/clock.ts';
import { ListPage } from '../../../components/ListPage.tsx';
import { PermissionModelsPanel } from '../permission-models/PermissionModelsPanel.tsx';
import { PendingRequests } from './PendingRequests.tsx';
import { ShareLinkCard } from './ShareLinkCard.tsx';

const TABS = ['pending', 'shared', 'received', 'transfers', 'templates'] as const;
type TabKey = (typeof TABS)[number];
const STATE_COLORS: Record<RequestState, string> = {
  pending: 'processing',
  accepted: 'success',
  refused: 'error',
  cancelled: 'default',
};

function StateTag({ state, expired }: { state: RequestState; expired?: boolean }) {
  const { t } = useTranslation();
  if (expired && state === 'accepted') return <Tag color="warning">{t('share.states.expired')}</Tag>;
  return <Tag color={STATE_COLORS[state]}>{t(`share.states.${state}`)}</Tag>;
}

function StateFilter() {
  const { t } = useTranslation();
  return (
    <Form.Item name="state" label={t('share.state')}>
      <Select
        allowClear
        style={{ width: 140 }}
        options={(['pending', 'accepted', 'refused', 'cancelled'] as const).map((s) => ({
          value: s,
          label: t(`share.states.${s}`),
        }))}
      />
    </Form.Item>
  );
}

/** Shares the caller made (sharer management) or received, with withdrawing and template changes. */
function SharesList({ side }: { side: 'sharer' | 'recipient' }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const models = usePermissionModels(side === 'sharer');
  const zone = accountZone();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: sharingKeys.all });
  const live = (s: DeviceShare) => (s.state === 'pending' || s.state === 'accepted') && !s.expired;

  const cancel = (share: DeviceShare) =>
    void confirmPrompt({
      kind: 'delete',
      content: t(side === 'sharer' ? 'share.confirmCancel' : 'share.confirmLeave', {
        device: share.deviceName,
      }),
      onOk: async () => {
        await sharingApi.cancelShare(share.id);
        toastSuccess('edit');
        refresh();
      },
    });

  const columns: ColumnsType<DeviceShare> = [
    {
      key: 'device',
      title: t('share.columns.device'),
      render: (_, s) => `${s.deviceName} (${s.deviceGuid})`,
    },
    ...(side === 'sharer'
      ? [
          {
            key: 'sharerName',
            title: t('share.columns.sharerName'),
            render: (_: unknown, s: DeviceShare) => s.recipientName,
          },
        ]
      : []),
    {
      key: 'party',
      title: t(side === 'sharer' ? 'share.columns.recipient' : 'share.columns.owner'),
      render: (_, s) =>
        side === 'recipient' ? (
          s.ownerName
        ) : s.awaitingRegistration ? (
          <Space size={4} wrap>
            {s.contact}
            <Tag color="gold" data-testid={`share-awaiting-${s.id}`}>
              {t('share.awaitingRegistration')}
            </Tag>
          </Space>
        ) : (
          s.accountName
        ),
    },
    {
      key: 'template',
      title: t('share.template'),
      render: (_, s) =>
        side === 'sharer' && live(s) ? (
          <Select
            size="small"
            allowClear
            style={{ width: 140 }}
            value={s.permissionModelId ?? undefined}
            placeholder={t('share.noTemplate')}
            options={(models.data?.data ?? []).map((m) => ({ value: m.id, label: m.name }))}
            onChange={(value: number | undefined) =>
              void sharingApi.shareModel(s.id, value ?? null).then(
                () => {
                  toastSuccess('edit');
                  refresh();
                },
                () => undefined,
              )
            }
          />
        ) : (
          (s.permissionModelName ?? t('share.noTemplate'))
        ),
    },
    {
      key: 'state',
      title: t('share.state'),
      render: (_, s) => <StateTag state={s.state} expired={s.expired} />,
    },
    {
      key: 'until',
      title: t('share.expiresAt'),
      render: (_, s) => (s.expiresAt ? formatZonedIso(s.expiresAt, zone) : t('share.validities.forever')),
    },
    {
      key: 'created',
      title: t('share.columns.createdAt'),
      render: (_, s) => formatZonedIso(s.createdAt, zone),
    },
    {
      key: 'actions',
      title: t('share.columns.actions'),
      render: (_, s) =>
        live(s) ? (
          <Button size="small" danger onClick={() => cancel(s)} data-testid={`share-cancel-${s.id}`}>
            {t(side === 'sharer' ? 'share.cancel' : 'share.leave')}
          </Button>
        ) : null,
    },
  ];

  return (
    <ListPage<DeviceShare>
      queryKey={[...sharingKeys.shares(), side]}
      fetchPage={(request, signal) => sharingApi.shares({ ...request, side }, signal)}
      request={{ side }}
      rowKey="id"
      columns={columns}
      filters={
        <>
          <Form.Item name="deviceName" label={t('share.columns.device')}>
            <Input allowClear maxLength={50} />
          </Form.Item>
          <Form.Item
            name="accountName"
            label={t(side === 'sharer' ? 'share.columns.recipient' : 'share.columns.owner')}
          >
            <Input allowClear maxLength={50} />
          </Form.Item>
          <StateFilter />
        </>
      }
    />
  );
}

function TransfersList() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const zone = accountZone();
  const cancel = (transfer: DeviceTransfer) =>
    void confirmPrompt({
      kind: 'batch',
      content: t('transfer.confirmCancel', { device: transfer.deviceName }),
      onOk: async () => {
        await sharingApi.cancelTransfer(transfer.id);
        toastSuccess('edit');
        void queryClient.invalidateQueries({ queryKey: sharingKeys.all });
      },
    });
  const columns: ColumnsType<DeviceTransfer> = [
    {
      key: 'device',
      title: t('share.columns.device'),
      render: (_, x) => `${x.deviceName} (${x.deviceGuid})`,
    },
    { key: 'to', title: t('transfer.to'), dataIndex: 'toName' },
    { key: 'state', title: t('share.state'), render: (_, x) => <StateTag state={x.state} /> },
    {
      key: 'created',
      title: t('share.columns.createdAt'),
      render: (_, x) => formatZonedIso(x.createdAt, zone),
    },
    {
      key: 'actions',
      title: t('share.columns.actions'),
      render: (_, x) =>
        x.state === 'pending' ? (
          <Button size="small" onClick={() => cancel(x)} data-testid={`transfer-cancel-${x.id}`}>
            {t('transfer.cancel')}
          </Button>
        ) : null,
    },
  ];
  return (
    <ListPage<DeviceTransfer>
      queryKey={[...sharingKeys.transfers(), 'outgoing']}
      fetchPage={(request, signal) => sharingApi.transfers({ ...request, side: 'outgoing' }, signal)}
      rowKey="id"
      columns={columns}
      filters={<StateFilter />}
    />
  );
}

/**
 * Sharer management in the user centre (/consumer/sharer, 002 §2): requests waiting for an answer,
 * the shares made and received, outgoing transfers and the permission templates. A share link
 * (?shareToken=) opens here, showing what it offers before it is accepted.
 */
export default function SharerPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const shareToken = searchParams.get('shareToken');
  const inUrl = searchParams.get('tab');
  const tab: TabKey = TABS.includes(inUrl as TabKey) ? (inUrl as TabKey) : 'pending';
  const go = (key: string, dropToken = false) => {
    const next = new URLSearchParams(searchParams);
    next.set('tab', key);
    if (dropToken) next.delete('shareToken');
    setSearchParams(next, { replace: true });
  };
  const panes: Record<TabKey, () => React.ReactNode> = {
    pending: () => <PendingRequests />,
    shared: () => <SharesList side="sharer" />,
    received: () => <SharesList side="recipient" />,
    transfers: () => <TransfersList />,
    templates: () => <PermissionModelsPanel />,
  };
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {shareToken ? <ShareLinkCard token={shareToken} onDone={() => go('received', true)} /> : null}
      <Card size="small">
        <Tabs
          activeKey={tab}
          destroyOnHidden
          onChange={(key) => go(key)}
          items={TABS.map((key) => ({
            key,
            label: <span data-testid={`sharer-tab-${key}`}>{t(`share.tabs.${key}`)}</span>,
            children: key === tab ? panes[key]() : null,
          }))}
        />
      </Card>
    </Space>
  );
}
