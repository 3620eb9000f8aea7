/** Money is integer cents on the wire; the forms show currency units with two decimals. */
export const toUnits = (cents: number): number => cents / 100;
export const toCents = (units: number | null | undefined): number => Math.round((units ?? 0) * 100);
export const formatMoney = (cents: number, currency: string): string =>
  `${currency === 'USD' ? '$' : '¥'}${(cents / 100).toFixed(2)}`;
