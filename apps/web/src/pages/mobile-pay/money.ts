import type { Currency } from '../../api/purchase.ts';
import { formatMoney } from '../../components/purchase/purchase-rules.ts';

/** The payer pages write an order's amount in the order's own currency (USD with two decimals). */
export const orderMoney = (cents: number, currency: Currency) => formatMoney(cents, currency === 'USD');
