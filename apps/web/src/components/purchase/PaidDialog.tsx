import { useQueryClient } from '@tanstack/react-query';
import { Modal, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PaidOrder } from './PayPanel.tsx';

/**
 * The success dialog after a QR payment (001 §4), with the invoice line when one was asked for. The
 * page's data is reloaded as the payment lands, so the new expiry and counts show at once.
 */
export function PaidDialog({ paid, onClose }: { paid: PaidOrder | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={paid?.dialog === true}
      onCancel={onClose}
      onOk={onClose}
      okText={t('common.ok')}
      cancelButtonProps={{ style: { display: 'none' } }}
      title={t('purchase.paid.title')}
      data-testid="purchase-paid-dialog"
    >
      <Result
        status="success"
        title={t('purchase.paid.title')}
        subTitle={
          <>
            <span>{t('purchase.paid.credited')}</span>
            {paid?.applyFlag === 1 ? (
              <>
                <br />
                <span data-testid="purchase-paid-bill">{t('purchase.paid.billSuccess')}</span>
              </>
            ) : null}
          </>
        }
      />
    </Modal>
  );
}

/** Everything the console shows is reloaded once a purchase is paid (001 §4 "the page refreshes"). */
export function useRefreshAfterPurchase(): () => void {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries();
}
