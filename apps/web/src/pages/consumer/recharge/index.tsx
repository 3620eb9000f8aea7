import type { OrderRow } from '@coldchain/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Select, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../../api/http.ts';
import { myOrdersApi, orderKeys } from '../../../api/orders.ts';
import { flash } from '../../../app/feedback.ts';
import { ListPage } from '../../../components/ListPage.tsx';
import { SetMealDrawer } from '../../../components/purchase/index.ts';
import { ApplyInvoiceModal } from './ApplyInvoiceModal.tsx';
import { OrderDetailDrawer } from './OrderDetailDrawer.tsx';
import { canApplyInvoice, useOrderFormat } from './order-format.tsx';

/**
 * My orders (/consumer/recharge, 001 §2.6, §3.2): the account's orders with their detail, invoices
 * applied for on paid orders one by one or in batch, and the renew entry for an order's devices.
 */
export default function MyOrdersPage() {
  const { t } = useTranslation();
  const f = useOrderFormat();
  const queryClient = useQueryClient();
  const [detailId, setDetailId] = useState<string | null>(null);
  const [applying, setApplying] = useState<string[]>([]);
  const [renewing, setRenewing] = useState<number[] | null>(null);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['orders', 'mine'] });

  const columns: ColumnsType<OrderRow> = [
    { dataIndex: 'orderCode', title: t('orders.order.orderCode') },
    { key: 'content', title: t('orders.order.content'), render: (_: unknown, o) => f.content(o) },
    { dataIndex: 'deviceCount', title: t('orders.order.devices') },
    {
      dataIndex: 'payFee',
      title: t('orders.order.payFee'),
      render: (v: number, o) => f.money(v, o.currency),
    },
    { dataIndex: 'payType', title: t('orders.order.payType'), render: (v: number) => f.payType(v) },
    { dataIndex: 'payStatus', title: t('orders.order.payStatus'), render: (v: number) => f.payStatus(v) },
    {
      dataIndex: 'invoiceStatus',
      title: t('orders.order.invoiceStatus'),
      render: (v: number) => f.invoiceStatus(v),
    },
    { dataIndex: 'gmtCreate', title: t('orders.order.gmtCreate'), render: (v: string) => f.time(v) },
    {
      key: 'actions',
      title: t('orders.common.actions'),
      render: (_: unknown, o) => (
        <Space size={0} wrap>
          <Button
            type="link"
            size="small"
            onClick={() => setDetailId(o.orderId)}
            data-testid={`order-detail-${o.orderCode}`}
          >
            {t('orders.common.detail')}
          </Button>
          {canApplyInvoice(o) ? (
            <Button
              type="link"
              size="small"
              onClick={() => setApplying([o.orderId])}
              data-testid={`order-apply-${o.orderCode}`}
            >
              {o.invoiceStatus === 1 ? t('orders.my.changeInvoice') : t('orders.my.applyInvoice')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <>
      <ListPage<OrderRow>
        queryKey={orderKeys.mine}
        fetchPage={(request, signal) => myOrdersApi.page(request, signal)}
        columns={columns}
        rowKey="orderId"
        selectable
        filters={
          <>
            <Form.Item name="orderCode" label={t('orders.order.orderCode')}>
              <Input allowClear maxLength={32} />
            </Form.Item>
            <Form.Item name="payStatus" label={t('orders.order.payStatus')}>
              <Select
                allowClear
                style={{ minWidth: 140 }}
                options={[1, 2, 3, 4, 5].map((v) => ({
                  value: v,
                  label: t(`orders.order.payStatusName.${v}` as 'orders.order.payStatusName.1'),
                }))}
              />
            </Form.Item>
            <Form.Item name="invoiceStatus" label={t('orders.order.invoiceStatus')}>
              <Select
                allowClear
                style={{ minWidth: 140 }}
                options={[0, 1, 2].map((v) => ({
                  value: v,
                  label: t(`orders.order.invoiceStatusName.${v}` as 'orders.order.invoiceStatusName.0'),
                }))}
              />
            </Form.Item>
          </>
        }
        toolbar={({ rows }) => (
          <Button
            onClick={() => {
              const chosen = rows.filter(canApplyInvoice);
              if (chosen.length === 0 || chosen.length !== rows.length) {
                flash('warning', t('orders.my.chooseOrders'));
                return;
              }
              setApplying(chosen.map((o) => o.orderId));
            }}
            data-testid="orders-batch-apply"
          >
            {t('orders.my.batchApply')}
          </Button>
        )}
      />
      <OrderDetailDrawer
        orderId={detailId}
        scope="mine"
        onClose={() => setDetailId(null)}
        actions={(d, invoice) => (
          <Space wrap>
            {d.kind === 'service' && d.devices.length > 0 ? (
              <Button
                type="primary"
                onClick={() => setRenewing(d.devices.map((x) => x.deviceId))}
                data-testid="order-renew"
              >
                {t('orders.my.renew')}
              </Button>
            ) : null}
            {canApplyInvoice(d) ? (
              <Button onClick={() => setApplying([d.orderId])} data-testid="order-detail-apply">
                {d.invoiceStatus === 1 ? t('orders.my.changeInvoice') : t('orders.my.applyInvoice')}
              </Button>
            ) : null}
            {invoice?.hasFile ? (
              <Button onClick={() => void myOrdersApi.downloadInvoice(d.orderId).then(saveFile)}>
                {t('orders.my.downloadInvoice')}
              </Button>
            ) : null}
          </Space>
        )}
      />
      <ApplyInvoiceModal orderIds={applying} onClose={() => setApplying([])} onApplied={refresh} />
      <SetMealDrawer
        open={renewing !== null}
        {...(renewing && renewing.length === 1 ? { deviceId: renewing[0] } : { deviceIds: renewing ?? [] })}
        onClose={() => setRenewing(null)}
        onPaid={refresh}
      />
    </>
  );
}
