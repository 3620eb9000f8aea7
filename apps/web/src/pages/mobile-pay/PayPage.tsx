import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Flex, Result, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/http.ts';
import { purchaseApi } from '../../api/purchase.ts';
import { PAY_STATUS } from '../../components/purchase/constants.ts';
import { orderMoney } from './money.ts';

const PAGE_STYLE = { width: '100%', maxWidth: 440 } as const;

/**
 * The sandbox payer page a payment QR code opens (no login): the order's summary, then Pay or
 * Decline; paying sends the provider's signed notice to the server and goes on to the success page.
 */
export default function PayPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const orderId = params.get('orderId') ?? '';
  const token = params.get('token') ?? '';
  const [busy, setBusy] = useState<'pay' | 'decline' | null>(null);
  const [declined, setDeclined] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const order = useQuery({
    queryKey: ['sandboxOrder', orderId, token],
    queryFn: ({ signal }) => purchaseApi.sandboxOrder({ orderId, token }, signal),
    enabled: orderId !== '' && token !== '',
    retry: false,
  });

  const answer = async (outcome: 'pay' | 'decline') => {
    setBusy(outcome);
    setFailure(null);
    try {
      const result = await purchaseApi.sandboxPay({ orderId, token, outcome });
      if (outcome === 'pay' && result.payStatus === PAY_STATUS.paid) {
        navigate(`/mobilePay/success?orderId=${encodeURIComponent(orderId)}`, { replace: true });
        return;
      }
      if (outcome === 'decline') setDeclined(true);
      else setFailure(t('purchase.mobile.failed'));
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : t('purchase.mobile.failed'));
    } finally {
      setBusy(null);
    }
  };

  if (!orderId || !token || order.isError)
    return (
      <Result
        style={PAGE_STYLE}
        status="warning"
        title={t('purchase.mobile.notFound')}
        subTitle={order.error?.message}
      />
    );
  if (!order.data) return <Spin aria-label={t('purchase.loading')} />;
  if (declined)
    return (
      <Result
        style={PAGE_STYLE}
        status="info"
        title={t('purchase.mobile.declined')}
        data-testid="mobile-pay-declined"
      />
    );
  const data = order.data;
  if (data.payStatus === PAY_STATUS.paid)
    return <Result style={PAGE_STYLE} status="success" title={t('purchase.mobile.alreadyPaid')} />;

  return (
    <Card
      style={PAGE_STYLE}
      title={<h1 style={{ fontSize: 18, margin: 0 }}>{t('purchase.mobile.title')}</h1>}
    >
      <Flex vertical gap={16}>
        <Typography.Text strong style={{ fontSize: 28, textAlign: 'center' }} data-testid="mobile-pay-amount">
          {orderMoney(data.payFee, data.currency)}
        </Typography.Text>
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'code', label: t('purchase.mobile.orderCode'), children: data.orderCode },
            { key: 'what', label: t('purchase.mobile.description'), children: data.description },
          ]}
        />
        {data.payStatus !== PAY_STATUS.unpaid ? (
          <Alert type="warning" showIcon title={t('purchase.mobile.notPayable')} />
        ) : null}
        {failure ? <Alert type="error" showIcon title={failure} role="alert" /> : null}
        <Button
          type="primary"
          size="large"
          block
          loading={busy === 'pay'}
          disabled={busy !== null || data.payStatus !== PAY_STATUS.unpaid}
          onClick={() => void answer('pay')}
          data-testid="mobile-pay-confirm"
        >
          {t('purchase.mobile.pay')}
        </Button>
        <Button
          size="large"
          block
          loading={busy === 'decline'}
          disabled={busy !== null || data.payStatus !== PAY_STATUS.unpaid}
          onClick={() => void answer('decline')}
          data-testid="mobile-pay-decline"
        >
          {t('purchase.mobile.decline')}
        </Button>
        <Typography.Text type="secondary">{t('purchase.mobile.sandboxNote')}</Typography.Text>
      </Flex>
    </Card>
  );
}
