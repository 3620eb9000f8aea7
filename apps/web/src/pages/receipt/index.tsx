import type { UserBill } from '@coldchain/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { billKeys, billsApi, useBills } from '../../api/invoices.ts';
import { confirmPrompt, toastSuccess } from '../../app/feedback.ts';
import { ListCards } from '../../components/ListCards.tsx';
import { useIsPhone } from '../../shell/use-viewport.ts';
import { InvoiceInfoDrawer } from '../consumer/invoice/InvoiceInfoDrawer.tsx';

/** The name an invoice is made out to: the company (enterprise) or the person (personal). */
export function billTitle(bill: UserBill): string {
  return (bill.invoiceType === 2 ? bill.companyName : bill.personalName) ?? bill.billUserName;
}

/**
 * The account's invoice info (/receipt, 001 §2.5, §2.6): the bills its invoices are made out with,
 * added and edited in the invoice info drawer; one of them is the default.
 */
export default function ReceiptPage() {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const queryClient = useQueryClient();
  const bills = useBills();
  const [editing, setEditing] = useState<UserBill | 'new' | null>(null);

  const remove = (bill: UserBill) =>
    void confirmPrompt({
      kind: 'delete',
      onOk: async () => {
        await billsApi.remove(bill.billId);
        toastSuccess('delete');
        await queryClient.invalidateQueries({ queryKey: billKeys.list });
      },
    });

  const columns: ColumnsType<UserBill> = [
    {
      key: 'title',
      title: t('orders.receipt.title2'),
      render: (_: unknown, b) => (
        <Space wrap>
          <span>{billTitle(b)}</span>
          {b.billDefaultStatus ? <Tag color="blue">{t('orders.bill.default')}</Tag> : null}
        </Space>
      ),
    },
    {
      dataIndex: 'invoiceType',
      title: t('orders.bill.invoiceType'),
      render: (v: number) => t(v === 2 ? 'orders.bill.type.2' : 'orders.bill.type.1'),
    },
    { dataIndex: 'taxNumber', title: t('orders.bill.taxNumber'), render: (v: string | null) => v ?? '—' },
    { dataIndex: 'billUserName', title: t('orders.bill.billUserName') },
    { dataIndex: 'billMail', title: t('orders.bill.billMail') },
    { dataIndex: 'billPhone', title: t('orders.bill.billPhone') },
    {
      key: 'actions',
      title: t('orders.common.actions'),
      render: (_: unknown, b) => (
        <Space>
          <Button
            type="link"
            size="small"
            onClick={() => setEditing(b)}
            data-testid={`bill-edit-${b.billId}`}
          >
            {t('orders.common.edit')}
          </Button>
          <Button
            type="link"
            size="small"
            danger
            onClick={() => remove(b)}
            data-testid={`bill-delete-${b.billId}`}
          >
            {t('orders.common.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  const rows = bills.data ?? [];
  return (
    <Card
      title={t('orders.receipt.title')}
      extra={
        <Button type="primary" onClick={() => setEditing('new')} data-testid="bill-add">
          {t('orders.receipt.add')}
        </Button>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Alert type="info" showIcon message={t('orders.receipt.mailNote')} />
        {phone ? (
          <ListCards<UserBill> rows={rows} columns={columns} rowKey="billId" loading={bills.isLoading} />
        ) : (
          <Table<UserBill>
            rowKey="billId"
            columns={columns}
            dataSource={rows}
            loading={bills.isLoading}
            pagination={false}
            locale={{
              emptyText: <Typography.Text type="secondary">{t('orders.receipt.empty')}</Typography.Text>,
            }}
            data-testid="bill-table"
          />
        )}
      </Space>
      <InvoiceInfoDrawer
        open={editing !== null}
        bill={editing === 'new' || editing === null ? undefined : editing}
        onClose={() => setEditing(null)}
        onSaved={() => undefined}
      />
    </Card>
  );
}
