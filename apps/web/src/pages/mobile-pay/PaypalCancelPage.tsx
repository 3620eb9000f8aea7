import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';

/** Where the card provider sends a payer who cancelled (001 §7.2): nothing was charged. */
export default function PaypalCancelPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const orderId = params.get('orderId');
  return (
    <Result
      style={{ width: '100%', maxWidth: 440 }}
      status="info"
      title={<h1 style={{ fontSize: 22, margin: 0 }}>{t('purchase.mobile.cancelTitle')}</h1>}
      subTitle={
        <>
          {t('purchase.mobile.cancelText')}
          {orderId ? (
            <>
              <br />
              {t('purchase.mobile.orderId', { id: orderId })}
            </>
          ) : null}
        </>
      }
      extra={
        <Button type="primary" onClick={() => navigate('/consumer/recharge')}>
          {t('purchase.mobile.toOrders')}
        </Button>
      }
      data-testid="mobile-paypal-cancel"
    />
  );
}
