import { CrownOutlined } from '@ant-design/icons';
import type { OrderCreated, PremiumPlan } from '@coldchain/shared';
import {
  Alert,
  Button,
  Card,
  Col,
  Empty,
  Flex,
  List,
  QRCode,
  Radio,
  Result,
  Row,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  useCreatePremiumOrder,
  usePremiumBenefits,
  usePremiumOrderStatus,
  usePremiumPlans,
  usePremiumStatus,
} from '../../api/premium.ts';
import { OVERSEAS_EDITION } from '../../app/edition.ts';
import { formatMoney } from '../../components/purchase/purchase-rules.ts';

/** Pay types offered by the edition (001 §1, §4): QR methods on the mainland, the card button overseas. */
const PAY_TYPES = OVERSEAS_EDITION ? ([20] as const) : ([1, 2] as const);

/**
 * /vip/service: the premium plans, what premium gives, the caller's current state, and buying a plan
 * like a package (an order of kind premium paid through its QR link or the card provider).
 */
export default function VipServicePage() {
  const { t } = useTranslation();
  const plans = usePremiumPlans();
  const status = usePremiumStatus();
  const benefits = usePremiumBenefits();
  const create = useCreatePremiumOrder();
  const [chosen, setChosen] = useState<PremiumPlan | null>(null);
  const [payType, setPayType] = useState<(typeof PAY_TYPES)[number]>(PAY_TYPES[0]);
  const [order, setOrder] = useState<OrderCreated | null>(null);
  const paid = usePremiumOrderStatus(order?.orderId ?? null);
  const money = (cents: number) => formatMoney(cents, OVERSEAS_EDITION);
  const current = status.data;

  const buy = (plan: PremiumPlan) => {
    setChosen(plan);
    setOrder(null);
    create.mutate(
      { planId: plan.planId, payType, applyFlag: 0 },
      { onSuccess: (created) => setOrder(created) },
    );
  };

  return (
    <Flex vertical gap={16}>
      <Card>
        <Space align="center" size={12} wrap>
          <CrownOutlined style={{ fontSize: 28, color: '#d4a017' }} aria-hidden />
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('premium.title')}
          </Typography.Title>
          {current?.state === 1 ? (
            <Tag color="gold" data-testid="premium-state">
              {current.lifelong === 1
                ? t('premium.lifelong')
                : t('premium.remaining', { count: current.remainingDays })}
            </Tag>
          ) : (
            <Tag data-testid="premium-state">{t('premium.standard')}</Tag>
          )}
        </Space>
        {current?.state === 1 && current.expiresAt && current.lifelong !== 1 ? (
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
            {t('premium.until', { date: current.expiresAt.slice(0, 10) })}
          </Typography.Paragraph>
        ) : null}
      </Card>

      <Card title={t('premium.benefits.title')}>
        <List
          dataSource={benefits.data ?? []}
          renderItem={(item) => (
            <List.Item>
              <List.Item.Meta
                title={
                  item.route ? (
                    <Link to={item.route}>{t(`premium.benefits.${item.code}`)}</Link>
                  ) : (
                    t(`premium.benefits.${item.code}`)
                  )
                }
                description={t(`premium.benefits.${item.code}Text`)}
              />
            </List.Item>
          )}
        />
      </Card>

      <Card title={t('premium.plans')} loading={plans.isLoading}>
        {PAY_TYPES.length > 1 ? (
          <Space style={{ marginBottom: 16 }}>
            <Typography.Text>{t('premium.payType')}</Typography.Text>
            <Radio.Group
              value={payType}
              onChange={(e) => setPayType(e.target.value as (typeof PAY_TYPES)[number])}
              options={PAY_TYPES.map((value) => ({ value, label: t(`premium.pay.${value}`) }))}
            />
          </Space>
        ) : null}
        {(plans.data ?? []).length === 0 ? (
          <Empty description={t('premium.noPlans')} />
        ) : (
          <Row gutter={[16, 16]}>
            {(plans.data ?? []).map((plan) => (
              <Col key={plan.planId} xs={24} sm={12} lg={8}>
                <Card
                  size="small"
                  title={plan.planName}
                  extra={plan.recommend === 1 ? <Tag color="red">{t('premium.recommended')}</Tag> : null}
                >
                  <Typography.Title level={4} style={{ marginTop: 0 }}>
                    {money(plan.fee)}
                  </Typography.Title>
                  {plan.originalFee > plan.fee ? (
                    <Typography.Text delete type="secondary">
                      {money(plan.originalFee)}
                    </Typography.Text>
                  ) : null}
                  <Typography.Paragraph>{t('premium.months', { count: plan.months })}</Typography.Paragraph>
                  <Button
                    type="primary"
                    block
                    loading={create.isPending && chosen?.planId === plan.planId}
                    onClick={() => buy(plan)}
                  >
                    {current?.state === 1 ? t('premium.renew') : t('premium.buy')}
                  </Button>
                </Card>
              </Col>
            ))}
          </Row>
        )}
      </Card>

      {order && chosen ? (
        <Card title={t('premium.payTitle', { plan: chosen.planName })} data-testid="premium-payment">
          {paid.data?.payStatus === 2 ? (
            <Result status="success" title={t('premium.paid')} />
          ) : (
            <Flex vertical align="center" gap={12}>
              <Typography.Text strong>{money(order.payFee)}</Typography.Text>
              {order.payQrCode ? (
                <>
                  <QRCode value={order.payQrCode} size={160} aria-label={t('premium.qrLabel')} />
                  <a href={order.payQrCode} target="_blank" rel="noreferrer" data-testid="premium-pay-link">
                    {t('premium.openPayPage')}
                  </a>
                </>
              ) : (
                <Alert type="info" showIcon message={t('premium.waiting')} />
              )}
              <Typography.Text type="secondary">{t('premium.polling')}</Typography.Text>
            </Flex>
          )}
        </Card>
      ) : null}
    </Flex>
  );
}
