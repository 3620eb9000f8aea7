import type { DeviceRow } from '@coldchain/shared';
import { Badge, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePendingRequests } from '../../../api/sharing.ts';
import { flash } from '../../../app/feedback.ts';
import { IfPermission } from '../../../components/Access.tsx';
import { ShareDialog } from './ShareDialog.tsx';
import { TransferDialog } from './TransferDialog.tsx';

/**
 * The device list's sharing buttons: share or transfer the chosen devices (batch share and batch
 * transfer, 002 §7), and the requests waiting for the caller's answer.
 */
export function ShareToolbar({ rows }: { rows: DeviceRow[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pending = usePendingRequests();
  const [dialog, setDialog] = useState<'share' | 'transfer' | null>(null);
  const ids = rows.map((row) => row.id);
  const waiting = (pending.data?.shares.length ?? 0) + (pending.data?.transfers.length ?? 0);

  const open = (which: 'share' | 'transfer') => {
    if (ids.length === 0) {
      flash('warning', t('selection.none'));
      return;
    }
    setDialog(which);
  };

  return (
    <>
      <IfPermission permission="consumer.sharer" action="add">
        <Button onClick={() => open('share')} data-testid="device-batch-share">
          {t('share.action')}
        </Button>
      </IfPermission>
      <IfPermission permission="device.list" action="edit">
        <Button onClick={() => open('transfer')} data-testid="device-batch-transfer">
          {t('transfer.action')}
        </Button>
      </IfPermission>
      {waiting > 0 ? (
        <Badge count={waiting} size="small">
          <Button
            onClick={() => navigate('/consumer/sharer?tab=pending')}
            data-testid="device-pending-requests"
          >
            {t('share.pending.title')}
          </Button>
        </Badge>
      ) : null}
      <ShareDialog deviceIds={ids} open={dialog === 'share'} onClose={() => setDialog(null)} />
      <TransferDialog deviceIds={ids} open={dialog === 'transfer'} onClose={() => setDialog(null)} />
    </>
  );
}
