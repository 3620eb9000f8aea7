import { Alert, Button, Drawer, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.ts';
import { type PurchaseDevice, purchaseApi } from '../../api/purchase.ts';
import { confirmPrompt, flash } from '../../app/feedback.ts';
import { useIsPhone } from '../../shell/use-viewport.ts';
import { CurrentPackage } from './CurrentPackage.tsx';
import { PAY_DRAWER_WIDTH } from './constants.ts';
import { usePurchaseFormat } from './use-purchase-format.ts';

/**
 * Cancelling a device's auto-renew agreement (001 §2.2, §4, §8): asked first, then unAgreement;
 * success says so and reloads, a failure has shown the server's message (or the generic one).
 */
function useCancelAutoRenew(device: PurchaseDevice | null, onChanged: () => void) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const cancel = () => {
    if (!device) return;
    void confirmPrompt({
      title: t('purchase.autoRenew.confirmTitle'),
      content: t('purchase.autoRenew.confirm'),
      onOk: async () => {
        setBusy(true);
        try {
          await purchaseApi.unAgreement(device.deviceId);
          flash('success', t('purchase.autoRenew.cancelled'));
          onChanged();
        } catch (error) {
          // The http client has shown the server's message, or the generic one.
          if (!(error instanceof ApiError)) throw error;
        } finally {
          setBusy(false);
        }
      },
    });
  };
  return { cancel, busy };
}

/** The current-package modal (001 §2.2): the package and the cancel-auto-renew action. */
export function CurrentPackageModal({
  device,
  onClose,
  onChanged,
}: {
  device: PurchaseDevice | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const { cancel, busy } = useCancelAutoRenew(device, () => {
    onChanged();
    onClose();
  });
  return (
    <Modal
      open={device !== null}
      onCancel={onClose}
      title={t('purchase.current.title')}
      width={760}
      footer={[
        device?.agreementStatus ? (
          <Button
            key="cancel"
            danger
            loading={busy}
            onClick={cancel}
            data-testid="purchase-cancel-auto-renew"
          >
            {t('purchase.autoRenew.cancel')}
          </Button>
        ) : null,
        <Button key="close" onClick={onClose}>
          {t('common.close')}
        </Button>,
      ]}
      data-testid="purchase-current-modal"
    >
      {device ? <CurrentPackage device={device} /> : null}
    </Modal>
  );
}

/**
 * The un-agreement drawer (001 §2.1): a device under an auto-renew agreement buys nothing else until
 * the agreement is cancelled; pressing buy shows this instead of the payment drawer.
 */
export function UnAgreementDrawer({
  device,
  onClose,
  onChanged,
}: {
  device: PurchaseDevice | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const format = usePurchaseFormat();
  const { cancel, busy } = useCancelAutoRenew(device, () => {
    onChanged();
    onClose();
  });
  return (
    <Drawer
      open={device !== null}
      onClose={onClose}
      size={phone ? '100%' : PAY_DRAWER_WIDTH}
      title={t('purchase.autoRenew.title')}
      destroyOnHidden
      data-testid="purchase-unagreement-drawer"
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Alert type="info" showIcon title={t('purchase.autoRenew.explain')} />
        {device?.nextExecutionTime ? (
          <Typography.Text>
            {t('purchase.nextExecution', { time: format.minute(device.nextExecutionTime) })}
          </Typography.Text>
        ) : null}
        <Button danger loading={busy} onClick={cancel} data-testid="purchase-unagreement">
          {t('purchase.autoRenew.cancel')}
        </Button>
      </Space>
    </Drawer>
  );
}
