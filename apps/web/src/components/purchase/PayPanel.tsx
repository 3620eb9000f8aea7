import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Flex, QRCode, Radio, Select, Space, Spin, Typography } from 'antd';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.ts';
import {
  type CreatedOrder,
  purchaseApi,
  purchaseKeys,
  type UserBill,
  useUserBills,
} from '../../api/purchase.ts';
import { ERROR_NOTICE_SECONDS } from '../../app/constants.ts';
import { OVERSEAS_EDITION } from '../../app/edition.ts';
import { flash, notify } from '../../app/feedback.ts';
import { ORDER_DEBOUNCE_MS, ORDER_POLL_MS, PAY_QR_SIZE, PAY_STATUS, PAY_TYPE } from './constants.ts';
import { invoiceReady, walletPayType } from './purchase-rules.ts';
import { usePurchaseFormat } from './use-purchase-format.ts';

export interface PayChoice {
  payType: number;
  applyFlag: 0 | 1;
  billId?: number;
}

/** What the panel pays for: `key` changes with every choice that makes a different order. */
export interface OrderRequest {
  key: string;
  create: (choice: PayChoice) => Promise<CreatedOrder>;
}

export interface PaidOrder {
  applyFlag: number;
  /** A QR payment closes with the success dialog; card and wallet payments with a notice (001 §4). */
  dialog: boolean;
}

// The invoice info drawer of the invoices pages, loaded when the payer adds one.
const InvoiceInfoDrawer = lazy(() => import('../../pages/consumer/invoice/InvoiceInfoDrawer.tsx'));

const WALLET_TYPE =
  typeof navigator === 'undefined' ? 40 : walletPayType(navigator.userAgent, navigator.vendor);

const billLabel = (bill: UserBill) => bill.companyName || bill.personalName || String(bill.billId);

/**
 * The wallet payment id confirmPay sends (001 §4). No wallet merchant (Google Pay gateway and
 * merchant id) is configured in this build and the console's CSP keeps wallet scripts out, so the
 * id is the order's own: the sandbox provider accepts it, a real provider's capture refuses it
 * (docs/decisions.md, purchase screens).
 */
function walletPaymentId(order: CreatedOrder): string {
  return `wallet-${order.orderCode}`;
}

/**
 * How an order is paid (001 §2.3, §2.4, §4): the pay method (WeChat by default in the mainland
 * edition; the card wallet or the card provider button in the overseas one), the invoice choice (no
 * order without a chosen invoice info when one is asked for), then the QR code of size 160 for a
 * QR method, created 500 ms after the choices settle and polled every 3 s until paid.
 */
export function PayPanel({
  request,
  amount,
  hint,
  onPaid,
}: {
  request: OrderRequest | null;
  /** The total in cents, when known. */
  amount: number | null;
  /** Why no order is made yet, while `request` is null. */
  hint?: string;
  onPaid: (paid: PaidOrder) => void;
}) {
  const { t } = useTranslation();
  const format = usePurchaseFormat();
  const queryClient = useQueryClient();
  const [payType, setPayType] = useState<number>(OVERSEAS_EDITION ? WALLET_TYPE : PAY_TYPE.wechat);
  const [wantInvoice, setWantInvoice] = useState(false);
  const [billId, setBillId] = useState<number | null>(null);
  const [addingBill, setAddingBill] = useState(false);
  const bills = useUserBills(wantInvoice);
  const [order, setOrder] = useState<CreatedOrder | null>(null);
  const [creating, setCreating] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const requestRef = useRef(request);
  requestRef.current = request;
  const paidRef = useRef(false);

  // The default invoice info is chosen when invoices are asked for.
  useEffect(() => {
    if (!wantInvoice || billId !== null || !bills.data) return;
    const preferred = bills.data.find((bill) => Boolean(bill.billDefaultStatus)) ?? bills.data[0];
    if (preferred) setBillId(preferred.billId);
  }, [wantInvoice, billId, bills.data]);

  const ready = request !== null && invoiceReady(wantInvoice, billId);
  const choice: PayChoice = {
    payType,
    applyFlag: wantInvoice ? 1 : 0,
    ...(wantInvoice && billId !== null ? { billId } : {}),
  };
  const choiceKey = ready ? `${request.key}|${payType}|${wantInvoice ? billId : 0}` : null;

  const showFailure = (error: unknown) => {
    // The http client has shown the server's message for 4 s (001 §8); a changed price reloads.
    setFailed(error instanceof ApiError ? error.message : t('purchase.errors.createFailed'));
    void queryClient.invalidateQueries({ queryKey: purchaseKeys.all });
  };

  // QR methods: the order is created once the choices have settled for 500 ms (001 §5).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new choice key is a new order; the choice is read with it.
  useEffect(() => {
    setOrder(null);
    setFailed(null);
    if (!choiceKey || OVERSEAS_EDITION) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      const current = requestRef.current;
      if (!current) return;
      setCreating(true);
      current.create(choice).then(
        (created) => {
          if (cancelled) return;
          if (!created.payQrCode) {
            notify('error', t('errors.title'), t('purchase.errors.createFailed'), ERROR_NOTICE_SECONDS);
            setFailed(t('purchase.errors.createFailed'));
            return;
          }
          setOrder(created);
        },
        (error: unknown) => {
          if (!cancelled) showFailure(error);
        },
      );
    }, ORDER_DEBOUNCE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [choiceKey]);

  useEffect(() => {
    if (order || failed) setCreating(false);
  }, [order, failed]);

  const status = useQuery({
    queryKey: [...purchaseKeys.all, 'order', order?.orderId ?? ''],
    queryFn: ({ signal }) => purchaseApi.order(order?.orderId ?? '', signal),
    enabled: order !== null,
    refetchInterval: (query) => (query.state.data?.payStatus === PAY_STATUS.paid ? false : ORDER_POLL_MS),
    refetchIntervalInBackground: true,
    retry: false,
  });

  useEffect(() => {
    if (status.data?.payStatus !== PAY_STATUS.paid || paidRef.current || !order) return;
    paidRef.current = true;
    onPaid({ applyFlag: order.applyFlag, dialog: true });
  }, [status.data?.payStatus, order, onPaid]);

  // Card and wallet methods (overseas): the order is made on the button, then paid with the provider.
  const payOverseas = async () => {
    const current = requestRef.current;
    if (!current || creating || !ready) return;
    setCreating(true);
    setFailed(null);
    let created: CreatedOrder;
    try {
      created = await current.create(choice);
    } catch (error) {
      setCreating(false);
      showFailure(error);
      return;
    }
    try {
      if (payType === PAY_TYPE.cardButton) {
        const { approveUrl } = await purchaseApi.internationalPay(created.orderId);
        window.location.assign(approveUrl);
        return;
      }
      const token = walletPaymentId(created);
      const result = await purchaseApi.confirmPay({
        orderId: created.orderId,
        payType,
        paymentPlatformId: token,
        payFee: created.payFee,
      });
      if (result.payStatus !== PAY_STATUS.paid) throw new Error('unpaid');
      flash('success', t('purchase.orderedSuccessfully'));
      onPaid({ applyFlag: created.applyFlag, dialog: false });
    } catch (error) {
      const message = error instanceof ApiError ? error.message : t('purchase.errors.retryLater');
      notify('error', t('errors.title'), message, ERROR_NOTICE_SECONDS);
      setFailed(message);
    } finally {
      setCreating(false);
    }
  };

  const methods: { value: number; label: string }[] = OVERSEAS_EDITION
    ? [
        {
          value: WALLET_TYPE,
          label: t(WALLET_TYPE === PAY_TYPE.googlePay ? 'purchase.pay.googlePay' : 'purchase.pay.cardWallet'),
        },
        { value: PAY_TYPE.cardButton, label: t('purchase.pay.cardButton') },
      ]
    : [
        { value: PAY_TYPE.wechat, label: t('purchase.pay.wechat') },
        { value: PAY_TYPE.alipay, label: t('purchase.pay.alipay') },
      ];

  let payArea: ReactNode;
  if (!request) payArea = <Alert type="info" showIcon title={hint ?? t('purchase.chooseFirst')} />;
  else if (!ready) payArea = <Alert type="warning" showIcon title={t('purchase.invoice.chooseBill')} />;
  else if (OVERSEAS_EDITION)
    payArea = (
      <Button
        type="primary"
        size="large"
        block
        loading={creating}
        onClick={() => void payOverseas()}
        data-testid="purchase-pay-button"
      >
        {t('purchase.pay.payNow', { amount: amount === null ? '' : format.money(amount) })}
      </Button>
    );
  else if (order)
    payArea = (
      <Flex vertical align="center" gap={8}>
        <div data-testid="purchase-qr" data-value={order.payQrCode} data-order-id={order.orderId}>
          <QRCode value={order.payQrCode} size={PAY_QR_SIZE} aria-label={t('purchase.pay.qrLabel')} />
        </div>
        <Typography.Text>
          {t(payType === PAY_TYPE.alipay ? 'purchase.pay.scanAlipay' : 'purchase.pay.scanWechat')}
        </Typography.Text>
        <Typography.Text type="secondary" role="status">
          {t('purchase.pay.waiting', { code: order.orderCode })}
        </Typography.Text>
      </Flex>
    );
  else if (failed) payArea = <Alert type="error" showIcon title={failed} />;
  else
    payArea = (
      <Flex justify="center" style={{ minHeight: PAY_QR_SIZE }} align="center">
        <Spin aria-label={t('purchase.pay.creating')} />
      </Flex>
    );

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {amount !== null ? (
        <Typography.Title level={4} style={{ margin: 0 }} data-testid="purchase-amount">
          {t('purchase.pay.amount')}: {format.money(amount)}
        </Typography.Title>
      ) : null}
      <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
        <legend style={{ fontWeight: 600, marginBottom: 8 }}>{t('purchase.pay.method')}</legend>
        <Radio.Group
          value={payType}
          onChange={(event) => setPayType(Number(event.target.value))}
          optionType="button"
          options={methods}
          data-testid="purchase-pay-method"
        />
      </fieldset>
      <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
        <legend style={{ fontWeight: 600, marginBottom: 8 }}>{t('purchase.invoice.title')}</legend>
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Checkbox
            checked={wantInvoice}
            onChange={(event) => {
              setWantInvoice(event.target.checked);
              if (!event.target.checked) setBillId(null);
            }}
            data-testid="purchase-want-invoice"
          >
            {t('purchase.invoice.want')}
          </Checkbox>
          {wantInvoice ? (
            <Flex gap={8} wrap align="center">
              <Select<number>
                value={billId ?? undefined}
                onChange={setBillId}
                loading={bills.isFetching}
                placeholder={t('purchase.invoice.choose')}
                aria-label={t('purchase.invoice.choose')}
                style={{ minWidth: 220, flex: 1 }}
                options={(bills.data ?? []).map((bill) => ({
                  value: bill.billId,
                  label: `${billLabel(bill)} · ${t(bill.invoiceType === 1 ? 'purchase.invoice.personal' : 'purchase.invoice.enterprise')}`,
                }))}
                data-testid="purchase-bill"
              />
              <Button onClick={() => setAddingBill(true)} data-testid="purchase-add-bill">
                {t('purchase.invoice.add')}
              </Button>
            </Flex>
          ) : null}
        </Space>
      </fieldset>
      {payArea}
      {addingBill ? (
        <Suspense fallback={null}>
          <InvoiceInfoDrawer
            open
            onClose={() => setAddingBill(false)}
            onSaved={(saved) => {
              setAddingBill(false);
              if (saved) setBillId(saved.billId);
              void queryClient.invalidateQueries({ queryKey: purchaseKeys.bills() });
            }}
          />
        </Suspense>
      ) : null}
    </Space>
  );
}
