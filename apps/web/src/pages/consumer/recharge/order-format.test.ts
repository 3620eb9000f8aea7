import { describe, expect, it } from 'vitest';
import { canApplyInvoice, formatCents, parseCents } from './order-format.tsx';

describe('order money', () => {
  it('writes cents exactly: whole yuan unless there are cents, always two decimals in dollars', () => {
    expect(formatCents(12_000, 'CNY')).toBe('¥120');
    expect(formatCents(11_999, 'CNY')).toBe('¥119.99');
    expect(formatCents(1, 'CNY')).toBe('¥0.01');
    expect(formatCents(12_000, 'USD')).toBe('$120.00');
    expect(formatCents(-250, 'USD')).toBe('-$2.50');
  });

  it('reads money typed by an operator into exact cents, refusing anything else', () => {
    expect(parseCents('119.99')).toBe(11_999);
    expect(parseCents('0.1')).toBe(10);
    expect(parseCents('120')).toBe(12_000);
    expect(parseCents('0.07')).toBe(7);
    for (const bad of ['', '1.234', '-1', '1e3', 'abc', '1,5']) expect(parseCents(bad)).toBeNull();
  });

  it('offers an invoice only on paid orders not yet invoiced', () => {
    expect(canApplyInvoice({ payStatus: 2, invoiceStatus: 0 })).toBe(true);
    expect(canApplyInvoice({ payStatus: 4, invoiceStatus: 1 })).toBe(true);
    expect(canApplyInvoice({ payStatus: 2, invoiceStatus: 2 })).toBe(false);
    expect(canApplyInvoice({ payStatus: 1, invoiceStatus: 0 })).toBe(false);
    expect(canApplyInvoice({ payStatus: 3, invoiceStatus: 0 })).toBe(false);
  });
});
