import type { UserBill } from '@coldchain/shared';
import { Alert, Button, Empty, Modal, Radio, Space, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBills } from '../../../api/invoices.ts';
import { myOrdersApi } from '../../../api/orders.ts';
import { flash } from '../../../app/feedback.ts';
import { billTitle } from '../../receipt/index.tsx';
import { InvoiceInfoDrawer } from '../invoice/InvoiceInfoDrawer.tsx';

export interface ApplyInvoiceModalProps {
  /** The paid orders to invoice; empty: closed. */
  orderIds: string[];
  onClose(): void;
  onApplied(): void;
}

/**
 * Applies for the invoice of one paid order (updateInvoice) or of several (applyBatchInvoice) with
 * one of the account's invoice infos; a new one can be added on the spot with the invoice info drawer.
 */
export function ApplyInvoiceModal({ orderIds, onClose, onApplied }: ApplyInvoiceModalProps) {
  const { t } = useTranslation();
  const open = orderIds.length > 0;
  const bills = useBills(open);
  const [billId, setBillId] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    const list = bills.data ?? [];
    setBillId((current) =>
      current && list.some((b) => b.billId === current)
        ? current
        : ((list.find((b) => b.billDefaultStatus) ?? list[0])?.billId ?? null),
    );
  }, [open, bills.data]);

  const submit = async () => {
    if (billId === null) return;
    setSaving(true);
    try {
      const [only] = orderIds;
      if (orderIds.length === 1 && only) await myOrdersApi.applyInvoice(only, billId);
      else await myOrdersApi.applyBatch(orderIds, billId);
      flash('success', t('orders.my.applied'));
      onApplied();
      onClose();
    } catch {
      // The http client has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  const list: UserBill[] = bills.data ?? [];
  return (
    <>
      <Modal
        open={open}
        title={orderIds.length > 1 ? t('orders.my.batchApply') : t('orders.my.applyInvoice')}
        onCancel={onClose}
        footer={
          <Space>
            <Button onClick={onClose}>{t('orders.common.cancel')}</Button>
            <Button
              type="primary"
              disabled={billId === null}
              loading={saving}
              onClick={() => void submit()}
              data-testid="apply-invoice-ok"
            >
              {t('orders.common.ok')}
            </Button>
          </Space>
        }
        destroyOnHidden
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          {orderIds.length > 1 ? (
            <Alert type="info" message={t('orders.my.ordersCount', { count: orderIds.length })} />
          ) : null}
          <div>{t('orders.my.chooseBill')}</div>
          {list.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('orders.receipt.empty')} />
          ) : (
            <Radio.Group value={billId} onChange={(e) => setBillId(e.target.value as number)}>
              <Space direction="vertical">
                {list.map((b) => (
                  <Radio key={b.billId} value={b.billId} data-testid={`apply-bill-${b.billId}`}>
                    <Space wrap>
                      <span>{billTitle(b)}</span>
                      <span>{b.billMail}</span>
                      {b.billDefaultStatus ? <Tag color="blue">{t('orders.bill.default')}</Tag> : null}
                    </Space>
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          )}
          <Button onClick={() => setAdding(true)} data-testid="apply-new-bill">
            {t('orders.my.newBill')}
          </Button>
        </Space>
      </Modal>
      <InvoiceInfoDrawer
        open={adding}
        onClose={() => setAdding(false)}
        onSaved={(saved) => {
          if (saved) setBillId(saved.billId);
        }}
      />
    </>
  );
}
