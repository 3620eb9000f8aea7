import type { OrderRow } from '@coldchain/shared';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAccountZone } from '../../../app/account-zone.ts';
import { formatZonedIso } from '../../../components/clock.ts';

/**
 * Cents as money in the order's currency (001 §9): whole units in CNY unless the amount has cents,
 * two decimals in USD. Integer arithmetic only: no float rounding on the way.
 */
export function formatCents(cents: number, currency: string): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const units = Math.floor(abs / 100);
  const rest = String(abs % 100).padStart(2, '0');
  const symbol = currency === 'USD' ? '$' : '¥';
  return currency !== 'USD' && rest === '00'
    ? `${sign}${symbol}${units}`
    : `${sign}${symbol}${units}.${rest}`;
}

/** Parses a money input ("12", "12.5", "12.50") into cents exactly; null when it is not money. */
export function parseCents(text: string): number | null {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

const PAY_STATUS_COLOR: Record<number, string> = {
  1: 'orange',
  2: 'green',
  3: 'default',
  4: 'gold',
  5: 'default',
};
const INVOICE_STATUS_COLOR: Record<number, string> = { 0: 'default', 1: 'blue', 2: 'green' };

/** The texts and tags the order screens share, in the account's language and time zone. */
export function useOrderFormat() {
  const { t } = useTranslation();
  const zone = useAccountZone();
  return {
    time: (iso: string | null) => formatZonedIso(iso, zone),
    money: formatCents,
    kind: (kind: string) => t(`orders.order.kindName.${kind}` as 'orders.order.kindName.service'),
    content: (
      o: Pick<OrderRow, 'kind' | 'levelName' | 'months' | 'presentationMonth' | 'smsCount' | 'voiceCount'>,
    ) =>
      o.kind === 'sms'
        ? t('orders.order.counts', { sms: o.smsCount, voice: o.voiceCount })
        : t('orders.order.levelMonths', { level: o.levelName ?? '', months: o.months + o.presentationMonth }),
    payType: (v: number) => t(`orders.order.payTypeName.${v}` as 'orders.order.payTypeName.1'),
    payStatus: (v: number) => (
      <Tag color={PAY_STATUS_COLOR[v] ?? 'default'}>
        {t(`orders.order.payStatusName.${v}` as 'orders.order.payStatusName.1')}
      </Tag>
    ),
    invoiceStatus: (v: number) => (
      <Tag color={INVOICE_STATUS_COLOR[v] ?? 'default'}>
        {t(`orders.order.invoiceStatusName.${v}` as 'orders.order.invoiceStatusName.0')}
      </Tag>
    ),
  };
}

/** A paid order without an issued invoice may apply (again) for one. */
export const canApplyInvoice = (o: Pick<OrderRow, 'payStatus' | 'invoiceStatus'>) =>
  (o.payStatus === 2 || o.payStatus === 4) && o.invoiceStatus !== 2;
