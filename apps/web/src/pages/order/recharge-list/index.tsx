import type { Invoice, OrderDetail, OrderFilters, OrderRow } from '@coldchain/shared';
import { ORDER_DESCRIPTION_LIMIT } from '@coldchain/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Form, Input, Modal, Select, Space, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../../api/http.ts';
import { adminOrdersApi, orderKeys } from '../../../api/orders.ts';
import { confirmPrompt, flash, toastSuccess } from '../../../app/feedback.ts';
import { IfAction } from '../../../components/Access.tsx';
import { ListPage } from '../../../components/ListPage.tsx';
import { OrderDetailDrawer } from '../../consumer/recharge/OrderDetailDrawer.tsx';
import { formatCents, parseCents, useOrderFormat } from '../../consumer/recharge/order-format.tsx';

function filtersOf(request: Record<string, unknown>): OrderFilters {
  const out: OrderFilters = {};
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
  const orderCode = text(request.orderCode);
  const account = text(request.account);
  if (orderCode) out.orderCode = orderCode;
  if (account) out.account = account;
  for (const key of ['payStatus', 'payType', 'invoiceStatus'] as const)
    if (typeof request[key] === 'number') out[key] = request[key] as number;
  const created = request.created as [Dayjs | null, Dayjs | null] | undefined;
  if (created?.[0]) out.startTime = created[0].startOf('day').toISOString();
  if (created?.[1]) out.endTime = created[1].endOf('day').toISOString();
  return out;
}

type Dialog =
  | { kind: 'refund'; order: OrderDetail }
  | { kind: 'describe'; order: OrderDetail }
  | { kind: 'issue'; order: OrderDetail; invoice: Invoice }
  | null;

/**
 * The back office's recharge orders (/order/recharge/list, 001 §2.6, §7.3): filters, the list as a
 * workbook, detail, manual handling and refunds of eligible orders, and invoicing with the PDF.
 */
export default function RechargeOrderListPage() {
  const { t } = useTranslation();
  const f = useOrderFormat();
  const queryClient = useQueryClient();
  const lastFilters = useRef<OrderFilters>({});
  const [detailId, setDetailId] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{
    amount?: string;
    reason?: string;
    description?: string;
    invoiceNo?: string;
  }>();
  const [pdf, setPdf] = useState<File | null>(null);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['orders', 'admin'] });

  const handle = (order: OrderDetail) =>
    void confirmPrompt({
      kind: 'batch',
      content: t('orders.admin.handleConfirm'),
      onOk: async () => {
        await adminOrdersApi.handle(order.orderId);
        flash('success', t('orders.admin.handled'));
        refresh();
      },
    });

  const open = (next: Dialog) => {
    form.resetFields();
    setPdf(null);
    if (next?.kind === 'describe') form.setFieldsValue({ description: next.order.orderDescription });
    setDialog(next);
  };

  const submit = async () => {
    if (!dialog) return;
    const values = await form.validateFields();
    setBusy(true);
    try {
      if (dialog.kind === 'refund') {
        const cents = parseCents(values.amount ?? '');
        if (cents === null) return;
        await adminOrdersApi.refund({
          orderId: dialog.order.orderId,
          refundAmount: cents,
          ...(values.reason?.trim() ? { reason: values.reason.trim() } : {}),
        });
        toastSuccess('refund');
      } else if (dialog.kind === 'describe') {
        await adminOrdersApi.update({
          orderId: dialog.order.orderId,
          orderDescription: values.description ?? '',
        });
        toastSuccess('edit');
      } else {
        if (!pdf) return;
        await adminOrdersApi.issueInvoice(dialog.order.orderId, (values.invoiceNo ?? '').trim(), pdf);
        flash('success', t('orders.admin.issued'));
      }
      setDialog(null);
      refresh();
    } catch {
      // The http client has shown the server's message; the dialog stays for a correction.
    } finally {
      setBusy(false);
    }
  };

  const columns: ColumnsType<OrderRow> = [
    { dataIndex: 'orderCode', title: t('orders.order.orderCode'), sorter: true, key: 'orderCode' },
    { dataIndex: 'accountName', title: t('orders.order.account') },
    { key: 'content', title: t('orders.order.content'), render: (_: unknown, o) => f.content(o) },
    { dataIndex: 'deviceCount', title: t('orders.order.devices') },
    {
      dataIndex: 'orderFee',
      title: t('orders.order.orderFee'),
      render: (v: number, o) => f.money(v, o.currency),
    },
    {
      dataIndex: 'payFee',
      key: 'payFee',
      sorter: true,
      title: t('orders.order.payFee'),
      render: (v: number, o) => f.money(v, o.currency),
    },
    {
      dataIndex: 'refundedFee',
      title: t('orders.order.refundedFee'),
      render: (v: number, o) => f.money(v, o.currency),
    },
    { dataIndex: 'payType', title: t('orders.order.payType'), render: (v: number) => f.payType(v) },
    { dataIndex: 'payStatus', title: t('orders.order.payStatus'), render: (v: number) => f.payStatus(v) },
    {
      dataIndex: 'invoiceStatus',
      title: t('orders.order.invoiceStatus'),
      render: (v: number) => f.invoiceStatus(v),
    },
    {
      dataIndex: 'gmtCreate',
      key: 'gmtCreate',
      sorter: true,
      title: t('orders.order.gmtCreate'),
      render: (v: string) => f.time(v),
    },
    {
      dataIndex: 'payTime',
      key: 'payTime',
      sorter: true,
      title: t('orders.order.payTime'),
      render: (v: string | null) => f.time(v),
    },
    {
      key: 'actions',
      title: t('orders.common.actions'),
      render: (_: unknown, o) => (
        <Button
          type="link"
          size="small"
          onClick={() => setDetailId(o.orderId)}
          data-testid={`admin-order-${o.orderCode}`}
        >
          {t('orders.common.detail')}
        </Button>
      ),
    },
  ];

  const statusOptions = (name: string, values: number[]) =>
    values.map((v) => ({
      value: v,
      label: t(`orders.order.${name}.${v}` as 'orders.order.payStatusName.1'),
    }));

  return (
    <>
      <ListPage<OrderRow>
        queryKey={orderKeys.admin}
        fetchPage={(request, signal) => {
          const own = filtersOf(request);
          lastFilters.current = own;
          return adminOrdersApi.page(
            {
              ...own,
              start: request.start,
              pageSize: request.pageSize,
              ...(request.sortField ? { sortField: request.sortField } : {}),
              ...(request.sortOrder ? { sortOrder: request.sortOrder } : {}),
            },
            signal,
          );
        }}
        columns={columns}
        rowKey="orderId"
        filters={
          <>
            <Form.Item name="orderCode" label={t('orders.order.orderCode')}>
              <Input allowClear maxLength={32} data-testid="admin-filter-code" />
            </Form.Item>
            <Form.Item name="account" label={t('orders.order.account')}>
              <Input allowClear maxLength={254} />
            </Form.Item>
            <Form.Item name="payStatus" label={t('orders.order.payStatus')}>
              <Select
                allowClear
                style={{ minWidth: 140 }}
                options={statusOptions('payStatusName', [1, 2, 3, 4, 5])}
              />
            </Form.Item>
            <Form.Item name="payType" label={t('orders.order.payType')}>
              <Select
                allowClear
                style={{ minWidth: 140 }}
                options={statusOptions('payTypeName', [1, 2, 20, 30, 40, 90])}
              />
            </Form.Item>
            <Form.Item name="invoiceStatus" label={t('orders.order.invoiceStatus')}>
              <Select
                allowClear
                style={{ minWidth: 140 }}
                options={statusOptions('invoiceStatusName', [0, 1, 2])}
              />
            </Form.Item>
            <Form.Item name="created" label={t('orders.order.dateRange')}>
              <DatePicker.RangePicker allowEmpty={[true, true]} />
            </Form.Item>
          </>
        }
        toolbar={() => (
          <IfAction action="export">
            <Button
              onClick={() =>
                void adminOrdersApi
                  .exportOrders(lastFilters.current)
                  .then(saveFile)
                  .catch(() => undefined)
              }
              data-testid="admin-export-orders"
            >
              {t('orders.common.export')}
            </Button>
            <Button
              onClick={() => {
                const { invoiceStatus, startTime, endTime } = lastFilters.current;
                void adminOrdersApi
                  .exportInvoices({
                    ...(invoiceStatus !== undefined ? { invoiceStatus } : {}),
                    ...(startTime ? { startTime } : {}),
                    ...(endTime ? { endTime } : {}),
                  })
                  .then(saveFile)
                  .catch(() => undefined);
              }}
              data-testid="admin-export-invoices"
            >
              {t('orders.admin.exportInvoices')}
            </Button>
          </IfAction>
        )}
      />
      <OrderDetailDrawer
        orderId={detailId}
        scope="admin"
        onClose={() => setDetailId(null)}
        actions={(d, invoice) => (
          <IfAction action="edit">
            <Space wrap>
              {d.payStatus === 1 || d.payStatus === 5 ? (
                <Button onClick={() => handle(d)} data-testid="admin-handle">
                  {t('orders.admin.handle')}
                </Button>
              ) : null}
              {d.refundableFee > 0 ? (
                <Button danger onClick={() => open({ kind: 'refund', order: d })} data-testid="admin-refund">
                  {t('orders.admin.refund')}
                </Button>
              ) : null}
              <Button onClick={() => open({ kind: 'describe', order: d })}>
                {t('orders.admin.editDescription')}
              </Button>
              {invoice && invoice.invoiceStatus === 1 ? (
                <Button
                  type="primary"
                  onClick={() => open({ kind: 'issue', order: d, invoice })}
                  data-testid="admin-issue"
                >
                  {t('orders.admin.issue')}
                </Button>
              ) : null}
              {invoice?.hasFile ? (
                <Button onClick={() => void adminOrdersApi.downloadInvoice(d.orderId).then(saveFile)}>
                  {t('orders.my.downloadInvoice')}
                </Button>
              ) : null}
            </Space>
          </IfAction>
        )}
      />
      <Modal
        open={dialog !== null}
        title={
          dialog?.kind === 'refund'
            ? t('orders.admin.refund')
            : dialog?.kind === 'issue'
              ? t('orders.admin.issue')
              : t('orders.admin.editDescription')
        }
        onCancel={() => setDialog(null)}
        onOk={() => void submit()}
        confirmLoading={busy}
        okText={t('orders.common.ok')}
        cancelText={t('orders.common.cancel')}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          {dialog?.kind === 'refund' ? (
            <>
              <Alert
                type="info"
                style={{ marginBottom: 12 }}
                message={`${t('orders.order.refundableFee')}: ${formatCents(dialog.order.refundableFee, dialog.order.currency)}`}
                description={dialog.order.kind === 'service' ? t('orders.admin.refundNote') : undefined}
              />
              <Form.Item
                name="amount"
                label={t('orders.admin.refundAmount')}
                rules={[
                  { required: true, message: t('orders.bill.required') },
                  {
                    validator: (_, v: string | undefined) => {
                      const cents = parseCents(v ?? '');
                      return cents !== null && cents > 0 && cents <= dialog.order.refundableFee
                        ? Promise.resolve()
                        : Promise.reject(
                            new Error(formatCents(dialog.order.refundableFee, dialog.order.currency)),
                          );
                    },
                  },
                ]}
              >
                <Input
                  inputMode="decimal"
                  data-testid="refund-amount"
                  addonAfter={
                    <Button
                      type="link"
                      size="small"
                      onClick={() =>
                        form.setFieldsValue({
                          amount: (dialog.order.refundableFee / 100).toFixed(2),
                        })
                      }
                    >
                      {t('orders.admin.refundAll')}
                    </Button>
                  }
                />
              </Form.Item>
              <Form.Item name="reason" label={t('orders.admin.refundReason')} rules={[{ max: 100 }]}>
                <Input maxLength={100} />
              </Form.Item>
            </>
          ) : null}
          {dialog?.kind === 'describe' ? (
            <Form.Item
              name="description"
              label={t('orders.order.orderDescription')}
              rules={[{ max: ORDER_DESCRIPTION_LIMIT }]}
            >
              <Input.TextArea maxLength={ORDER_DESCRIPTION_LIMIT} showCount rows={3} />
            </Form.Item>
          ) : null}
          {dialog?.kind === 'issue' ? (
            <>
              <Form.Item
                name="invoiceNo"
                label={t('orders.admin.invoiceNo')}
                rules={[
                  { required: true, message: t('orders.bill.required') },
                  { pattern: /^[A-Za-z0-9-]{1,50}$/ },
                ]}
              >
                <Input maxLength={50} data-testid="issue-no" />
              </Form.Item>
              <Form.Item label={t('orders.admin.pdf')} required>
                <Upload
                  accept=".pdf,application/pdf"
                  maxCount={1}
                  beforeUpload={(file) => {
                    if (!file.name.toLowerCase().endsWith('.pdf')) {
                      flash('error', t('orders.admin.notPdf'));
                      return Upload.LIST_IGNORE;
                    }
                    setPdf(file);
                    return false;
                  }}
                  onRemove={() => setPdf(null)}
                >
                  <Button>{t('orders.admin.choosePdf')}</Button>
                </Upload>
              </Form.Item>
            </>
          ) : null}
        </Form>
      </Modal>
    </>
  );
}
