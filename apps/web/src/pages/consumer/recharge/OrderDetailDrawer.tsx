import type { Invoice, OrderDetail } from '@coldchain/shared';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Divider, Drawer, Empty, Spin, Table, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { adminOrdersApi, myOrdersApi, orderKeys } from '../../../api/orders.ts';
import { useIsPhone } from '../../../shell/use-viewport.ts';
import { useOrderFormat } from './order-format.tsx';

export interface OrderDetailDrawerProps {
  orderId: string | null;
  /** mine: the caller's own order; admin: an order of the platform (back office). */
  scope: 'mine' | 'admin';
  onClose(): void;
  /** Actions under the title, given the loaded order and its invoice. */
  actions?: (detail: OrderDetail, invoice: Invoice | null) => ReactNode;
}

/** An order with its devices, refunds and invoice (001 §3.2 order detail). */
export function OrderDetailDrawer({ orderId, scope, onClose, actions }: OrderDetailDrawerProps) {
  const { t } = useTranslation();
  const f = useOrderFormat();
  const phone = useIsPhone();
  const api = scope === 'mine' ? myOrdersApi : adminOrdersApi;
  const detail = useQuery({
    queryKey: orderKeys.detail(scope, orderId ?? ''),
    queryFn: ({ signal }) => api.detail(orderId ?? '', signal),
    enabled: orderId !== null,
  });
  const invoice = useQuery({
    queryKey: orderKeys.invoice(scope, orderId ?? ''),
    queryFn: ({ signal }) => api.invoice(orderId ?? '', signal),
    enabled: orderId !== null,
  });
  const d = detail.data;
  const inv = invoice.data ?? null;

  return (
    <Drawer
      open={orderId !== null}
      onClose={onClose}
      width={phone ? '100%' : 760}
      title={t('orders.order.detailTitle')}
      destroyOnHidden
    >
      <Spin spinning={detail.isLoading}>
        {d ? (
          <div data-testid="order-detail">
            {actions ? <div style={{ marginBottom: 16 }}>{actions(d, inv)}</div> : null}
            <Descriptions column={phone ? 1 : 2} size="small" bordered>
              <Descriptions.Item label={t('orders.order.orderCode')}>{d.orderCode}</Descriptions.Item>
              {d.accountName !== undefined ? (
                <Descriptions.Item label={t('orders.order.account')}>{d.accountName}</Descriptions.Item>
              ) : null}
              <Descriptions.Item label={t('orders.order.kind')}>{f.kind(d.kind)}</Descriptions.Item>
              <Descriptions.Item label={t('orders.order.content')}>{f.content(d)}</Descriptions.Item>
              <Descriptions.Item label={t('orders.order.orderFee')}>
                {f.money(d.orderFee, d.currency)}
              </Descriptions.Item>
              <Descriptions.Item label={t('orders.order.payFee')}>
                <span data-testid="order-detail-payfee">{f.money(d.payFee, d.currency)}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t('orders.order.refundedFee')}>
                {f.money(d.refundedFee, d.currency)}
              </Descriptions.Item>
              <Descriptions.Item label={t('orders.order.payType')}>{f.payType(d.payType)}</Descriptions.Item>
              <Descriptions.Item label={t('orders.order.payStatus')}>
                {f.payStatus(d.payStatus)}
              </Descriptions.Item>
              <Descriptions.Item label={t('orders.order.invoiceStatus')}>
                <span data-testid="order-detail-invoice-status">{f.invoiceStatus(d.invoiceStatus)}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t('orders.order.gmtCreate')}>{f.time(d.gmtCreate)}</Descriptions.Item>
              <Descriptions.Item label={t('orders.order.payTime')}>{f.time(d.payTime)}</Descriptions.Item>
              <Descriptions.Item label={t('orders.order.refundTime')}>
                {f.time(d.refundTime)}
              </Descriptions.Item>
              {d.transactionId ? (
                <Descriptions.Item label={t('orders.admin.transactionId')}>
                  {d.transactionId}
                </Descriptions.Item>
              ) : null}
              <Descriptions.Item label={t('orders.order.orderDescription')} span={phone ? 1 : 2}>
                {d.orderDescription || '—'}
              </Descriptions.Item>
            </Descriptions>

            <Divider titlePlacement="start">{t('orders.order.deviceList')}</Divider>
            <Table
              size="small"
              rowKey="deviceId"
              pagination={false}
              dataSource={d.devices}
              scroll={{ x: true }}
              columns={[
                { dataIndex: 'deviceName', title: t('orders.order.deviceName') },
                { dataIndex: 'deviceGuid', title: t('orders.order.deviceGuid') },
                {
                  dataIndex: 'unitFee',
                  title: t('orders.order.unitFee'),
                  render: (v: number) => f.money(v, d.currency),
                },
              ]}
            />

            {d.refunds.length > 0 ? (
              <>
                <Divider titlePlacement="start">{t('orders.order.refunds')}</Divider>
                <Table
                  size="small"
                  rowKey="refundNo"
                  pagination={false}
                  dataSource={d.refunds}
                  scroll={{ x: true }}
                  columns={[
                    { dataIndex: 'refundNo', title: t('orders.order.refundNo') },
                    {
                      dataIndex: 'amount',
                      title: t('orders.admin.refundAmount'),
                      render: (v: number) => f.money(v, d.currency),
                    },
                    {
                      dataIndex: 'status',
                      title: t('orders.order.payStatus'),
                      render: (v: string) => (
                        <Tag>
                          {t(`orders.order.refundStatus.${v}` as 'orders.order.refundStatus.pending')}
                        </Tag>
                      ),
                    },
                    {
                      dataIndex: 'createdAt',
                      title: t('orders.order.refundTime'),
                      render: (v: string) => f.time(v),
                    },
                  ]}
                />
              </>
            ) : null}

            <Divider titlePlacement="start">{t('orders.admin.invoiceInfo')}</Divider>
            {inv ? (
              <Descriptions column={1} size="small" bordered data-testid="order-invoice">
                <Descriptions.Item label={t('orders.order.invoiceStatus')}>
                  {f.invoiceStatus(inv.invoiceStatus)}
                </Descriptions.Item>
                <Descriptions.Item label={t('orders.receipt.title2')}>{inv.title}</Descriptions.Item>
                {inv.taxNumber ? (
                  <Descriptions.Item label={t('orders.bill.taxNumber')}>{inv.taxNumber}</Descriptions.Item>
                ) : null}
                <Descriptions.Item label={t('orders.order.payFee')}>
                  {f.money(inv.amount, inv.currency)}
                </Descriptions.Item>
                <Descriptions.Item label={t('orders.bill.billMail')}>{inv.billMail}</Descriptions.Item>
                <Descriptions.Item label={t('orders.bill.billPhone')}>{inv.billPhone}</Descriptions.Item>
                {inv.invoiceNo ? (
                  <Descriptions.Item label={t('orders.admin.invoiceNo')}>{inv.invoiceNo}</Descriptions.Item>
                ) : null}
                {inv.mailedAt ? (
                  <Descriptions.Item label={t('orders.admin.mailedAt')}>
                    {f.time(inv.mailedAt)}
                  </Descriptions.Item>
                ) : null}
              </Descriptions>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('orders.admin.noInvoice')} />
            )}
          </div>
        ) : null}
      </Spin>
    </Drawer>
  );
}
