import { useQuery } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { purchaseApi } from '../../api/purchase.ts';
import { PAY_STATUS } from '../../components/purchase/constants.ts';

/**
 * Where the card provider sends the payer back after approving (001 §7.2): the console asks the
 * server to capture the payment (successPaypal) and shows the outcome.
 */
export default function PaypalCallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const orderId = params.get('orderId') ?? '';
  const token = params.get('token') ?? '';
  const outcome = useQuery({
    queryKey: ['paypalCallback', orderId, token],
    queryFn: () => purchaseApi.successPaypal({ orderId, token }),
    enabled: orderId !== '' && token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const back = (
    <Button type="primary" onClick={() => navigate('/consumer/recharge')}>
      {t('purchase.mobile.toOrders')}
    </Button>
  );
  if (outcome.isPending && outcome.fetchStatus !== 'idle') return <Spin aria-label={t('purchase.loading')} />;
  const paid = outcome.data?.payStatus === PAY_STATUS.paid;
  return (
    <Result
      style={{ width: '100%', maxWidth: 440 }}
      status={paid ? 'success' : 'error'}
      title={
        <h1 style={{ fontSize: 22, margin: 0 }}>
          {paid ? t('purchase.mobile.successTitle') : t('purchase.mobile.failed')}
        </h1>
      }
      subTitle={
        paid ? t('purchase.mobile.successText') : (outcome.error?.message ?? t('purchase.errors.retryLater'))
      }
      extra={back}
      data-testid="mobile-paypal-callback"
    />
  );
}
