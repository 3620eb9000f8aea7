import { describe, expect, it } from 'vitest';
import { formatMoney, toCents, toUnits } from './money.ts';

describe('service package money', () => {
  it('turns the form’s two-decimal units into exact integer cents and back', () => {
    expect(toCents(0.29)).toBe(29);
    expect(toCents(19.99)).toBe(1_999);
    expect(toCents(1_234_567.89)).toBe(123_456_789);
    expect(toCents(null)).toBe(0);
    expect(toUnits(1_999)).toBe(19.99);
    for (let cents = 0; cents < 5_000; cents += 7) expect(toCents(toUnits(cents))).toBe(cents);
  });

  it('shows the currency with two decimals', () => {
    expect(formatMoney(12_000, 'CNY')).toBe('¥120.00');
    expect(formatMoney(999, 'USD')).toBe('$9.99');
  });
});
