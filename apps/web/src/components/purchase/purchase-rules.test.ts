import { describe, expect, it } from 'vitest';
import {
  batchTotal,
  checkBatch,
  countsOrderable,
  countTone,
  discountBadge,
  formatMoney,
  initialCountryCode,
  invoiceReady,
  isLifelongDate,
  isLifelongMonths,
  levelButton,
  levelYearPrice,
  serviceTone,
  shownDiscount,
  splitMonths,
  toggleChoice,
  walletPayType,
} from './purchase-rules.ts';

const level = { free: false, serviceFee: 10_000, dataFee: 2_000, levelId: 7 };

describe('current package display', () => {
  it('reads an expiry in 2099 or later as lifelong, earlier ones and none as dates', () => {
    expect(isLifelongDate('2099-01-01T00:00:00.000Z')).toBe(true);
    expect(isLifelongDate('2150-06-30')).toBe(true);
    expect(isLifelongDate('2098-12-31T23:59:59.000Z')).toBe(false);
    expect(isLifelongDate(null)).toBe(false);
    expect(isLifelongDate('')).toBe(false);
  });

  it('reads 1200 months or more as lifelong', () => {
    expect(isLifelongMonths(1200)).toBe(true);
    expect(isLifelongMonths(1199)).toBe(false);
    expect(isLifelongMonths(12)).toBe(false);
  });

  it('shows counts of 50 or less red and above 50 green', () => {
    expect(countTone(0)).toBe('low');
    expect(countTone(50)).toBe('low');
    expect(countTone(51)).toBe('ok');
  });

  it('styles vipInfo.state 1 as expiring and 2 as overdue', () => {
    expect(serviceTone(1)).toBe('expiring');
    expect(serviceTone(2)).toBe('overdue');
    expect(serviceTone(0)).toBe('normal');
    expect(serviceTone(undefined)).toBe('normal');
  });
});

describe('level buttons', () => {
  it('offers a free level as on order, whatever the current level', () => {
    expect(levelButton({ ...level, free: true }, 7)).toBe('onOrder');
    expect(levelButton({ ...level, free: true, serviceFee: 0 }, null)).toBe('onOrder');
  });

  it('sells data flow when the service fee is 0 and the data fee above 0', () => {
    expect(levelButton({ ...level, serviceFee: 0 }, 7)).toBe('buyData');
    expect(levelButton({ ...level, serviceFee: 0, dataFee: 0 }, 3)).toBe('buy');
  });

  it('renews the current level and buys any other', () => {
    expect(levelButton(level, 7)).toBe('renew');
    expect(levelButton(level, 8)).toBe('buy');
    expect(levelButton(level, null)).toBe('buy');
  });
});

describe('prices and discounts', () => {
  it('prices a level per year after both discounts and keeps the original beside it', () => {
    expect(
      levelYearPrice({ serviceFee: 10_000, dataFee: 2_000, discount: 100, activityDiscount: 100 }),
    ).toEqual({
      price: 12_000,
      original: 12_000,
      discounted: false,
    });
    expect(
      levelYearPrice({ serviceFee: 10_000, dataFee: 2_000, discount: 90, activityDiscount: 80 }),
    ).toEqual({
      price: 8_640,
      original: 12_000,
      discounted: true,
    });
    // One rounding at the end, as the server prices it: 999 x 85% x 85% = 721.78 -> 722.
    expect(levelYearPrice({ serviceFee: 999, dataFee: 0, discount: 85, activityDiscount: 85 }).price).toBe(
      722,
    );
  });

  it('badges a discount as tenths and percent off, none for 100', () => {
    expect(discountBadge(80)).toEqual({ tenths: 8, off: 20 });
    expect(discountBadge(85)).toEqual({ tenths: 8.5, off: 15 });
    expect(discountBadge(100)).toBeNull();
    expect(discountBadge(null)).toBeNull();
  });

  it("shows the activity's discount while one runs, else the plain one", () => {
    expect(shownDiscount({ discount: 90, activityDiscount: 70 })).toBe(70);
    expect(shownDiscount({ discount: 90, activityDiscount: 100 })).toBe(90);
  });

  it('writes whole units in the mainland edition and two decimals in the overseas one', () => {
    expect(formatMoney(12_000, false)).toBe('¥120');
    expect(formatMoney(12_050, false)).toBe('¥120.5');
    expect(formatMoney(12_005, false)).toBe('¥120.05');
    expect(formatMoney(1_234_500, false)).toBe('¥12,345');
    expect(formatMoney(12_000, true)).toBe('$120.00');
    expect(formatMoney(5, true)).toBe('$0.05');
  });

  it('totals a batch as the price per device times the count, in cents', () => {
    expect(batchTotal(8_640, 3)).toBe(25_920);
    expect(batchTotal(1, 0)).toBe(0);
  });
});

describe('batch checks', () => {
  it('needs at least one device', () => {
    expect(checkBatch([])).toBe('none');
  });

  it('refuses devices of different types', () => {
    expect(checkBatch([{ deviceTypeId: 1 }, { deviceTypeId: 2 }])).toBe('sameType');
    expect(checkBatch([{ typeId: 1 }, { typeId: 1 }])).toBe('ok');
  });

  it('refuses more than one distinct country code, devices without one aside', () => {
    expect(
      checkBatch([
        { deviceTypeId: 1, countryCode: '86' },
        { deviceTypeId: 1, countryCode: '1' },
      ]),
    ).toBe('countryCode');
    expect(
      checkBatch([
        { deviceTypeId: 1, countryCode: '86' },
        { deviceTypeId: 1, countryCode: null },
        { deviceTypeId: 1, countryCode: '86' },
      ]),
    ).toBe('ok');
  });
});

describe('SMS and voice choices', () => {
  it('uses 86 in the mainland; elsewhere the device code locked, else 1 open', () => {
    expect(initialCountryCode(false, [{ countryCode: '1' }])).toEqual({ code: '86', locked: true });
    expect(initialCountryCode(true, [{ countryCode: '44' }])).toEqual({ code: '44', locked: true });
    expect(initialCountryCode(true, [{ countryCode: null }])).toEqual({ code: '1', locked: false });
  });

  it('clears a package chosen again', () => {
    expect(toggleChoice(3, 3)).toBeNull();
    expect(toggleChoice(3, 4)).toBe(4);
    expect(toggleChoice(null, 4)).toBe(4);
  });

  it('orders nothing when both counts are 0', () => {
    expect(countsOrderable(0, 0)).toBe(false);
    expect(countsOrderable(100, 0)).toBe(true);
    expect(countsOrderable(0, 20)).toBe(true);
  });
});

describe('order readiness and pay types', () => {
  it('places no order when an invoice is asked for without a chosen invoice info', () => {
    expect(invoiceReady(true, null)).toBe(false);
    expect(invoiceReady(true, 4)).toBe(true);
    expect(invoiceReady(false, null)).toBe(true);
  });

  it('uses Google Pay in Chrome and the card wallet request elsewhere', () => {
    const chrome =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    expect(walletPayType(chrome, 'Google Inc.')).toBe(30);
    expect(walletPayType(`${chrome} Edg/131.0.0.0`, 'Google Inc.')).toBe(40);
    expect(
      walletPayType('Mozilla/5.0 (Macintosh) Version/17.0 Safari/605.1.15', 'Apple Computer, Inc.'),
    ).toBe(40);
    expect(walletPayType('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', '')).toBe(
      40,
    );
  });

  it('splits months into years and months', () => {
    expect(splitMonths(12)).toEqual({ years: 1, months: 0 });
    expect(splitMonths(30)).toEqual({ years: 2, months: 6 });
    expect(splitMonths(3)).toEqual({ years: 0, months: 3 });
  });
});
