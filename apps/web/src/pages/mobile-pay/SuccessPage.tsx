import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

/** After a payment on the phone (no login): the payment is done and the console follows by itself. */
export default function SuccessPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const orderId = params.get('orderId');
  return (
    <Result
      style={{ width: '100%', maxWidth: 440 }}
      status="success"
      title={<h1 style={{ fontSize: 22, margin: 0 }}>{t('purchase.mobile.successTitle')}</h1>}
      subTitle={
        <>
          {t('purchase.mobile.successText')}
          {orderId ? (
            <>
              <br />
              {t('purchase.mobile.orderId', { id: orderId })}
            </>
          ) : null}
        </>
      }
      data-testid="mobile-pay-success"
    />
  );
}
