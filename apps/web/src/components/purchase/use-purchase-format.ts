import { useTranslation } from 'react-i18next';
import { useAccountZone } from '../../app/account-zone.ts';
import { OVERSEAS_EDITION } from '../../app/edition.ts';
import { formatZonedDate, formatZonedIso } from '../clock.ts';
import {
  discountBadge,
  formatMoney,
  isLifelongDate,
  isLifelongMonths,
  splitMonths,
} from './purchase-rules.ts';

/** How the purchase screens write money, dates, periods and discounts in the current language. */
export function usePurchaseFormat() {
  const { t, i18n } = useTranslation();
  const zone = useAccountZone();
  const chinese = i18n.language.startsWith('zh');
  return {
    zone,
    money: (cents: number) => formatMoney(cents, OVERSEAS_EDITION),
    /** A service expiry as its date, or "lifelong" from 2099 on. */
    expiry: (iso: string | null | undefined) =>
      isLifelongDate(iso) ? t('purchase.lifelong') : formatZonedDate(iso, zone),
    /** An activity's bounds, YYYY-MM-DD HH:mm in the account's zone (001 §2.1). */
    minute: (iso: string | null | undefined) => formatZonedIso(iso, zone, false),
    period: (months: number) => {
      if (isLifelongMonths(months)) return t('purchase.lifelong');
      const split = splitMonths(months);
      if (split.months === 0) return t('purchase.years', { count: split.years });
      if (split.years === 0) return t('purchase.months', { count: split.months });
      return `${t('purchase.years', { count: split.years })} ${t('purchase.months', { count: split.months })}`;
    },
    /** "8折" in Chinese, "20% off" elsewhere (001 §9); null for no discount. */
    discount: (percent: number | null | undefined) => {
      const badge = discountBadge(percent);
      if (!badge) return null;
      return chinese
        ? t('purchase.discountTenths', { value: badge.tenths })
        : t('purchase.discountOff', { value: badge.off });
    },
  };
}
