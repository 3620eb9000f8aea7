import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceKeys } from '../../../api/devices.ts';
import { sharingApi, sharingKeys, useShareLinkInfo } from '../../../api/sharing.ts';
import { accountZone } from '../../../app/account-zone.ts';
import { toastSuccess } from '../../../app/feedback.ts';
import { formatZonedIso } from '../../../components/clock.ts';

/** The share page of a link (GET share page info, 002 §7): what it offers, until when, and accepting it. */
export function ShareLinkCard({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const info = useShareLinkInfo(token);
  const [busy, setBusy] = useState(false);

  if (info.isError) return <Alert type="error" showIcon title={t('share.link.invalid')} />;
  if (!info.data) return <Card loading />;
  const data = info.data;

  const accept = async () => {
    setBusy(true);
    try {
      await sharingApi.acceptLink(token);
      void queryClient.invalidateQueries({ queryKey: sharingKeys.all });
      void queryClient.invalidateQueries({ queryKey: deviceKeys.all });
      toastSuccess('share');
      onDone();
    } catch {
      // The http client has shown the message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('share.link.title', { owner: data.ownerName })} data-testid="share-link-card">
      <Space orientation="vertical" style={{ width: '100%' }}>
        {data.expired ? <Alert type="warning" showIcon title={t('share.link.expired')} /> : null}
        <Descriptions
          size="small"
          column={1}
          items={[
            {
              key: 'devices',
              label: t('share.link.devices'),
              children: data.devices.map((d) => `${d.deviceName} (${d.typeName})`).join(', ') || '-',
            },
            {
              key: 'template',
              label: t('share.template'),
              children: data.permissionModelName ?? t('share.noTemplate'),
            },
            {
              key: 'until',
              label: t('share.expiresAt'),
              children: formatZonedIso(data.expiresAt, accountZone()),
            },
          ]}
        />
        <Button
          type="primary"
          disabled={data.expired || data.devices.length === 0}
          loading={busy}
          onClick={() => void accept()}
          data-testid="share-link-accept"
        >
          {t('share.link.accept')}
        </Button>
      </Space>
    </Card>
  );
}
