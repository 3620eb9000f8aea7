import { describe, expect, it } from 'vitest';
import { limitsText, temperatureBounds, temperatureSymbol, temperatureUnitOf } from './temperature.ts';

describe('waybill temperatures in the account’s unit', () => {
  it('reads the account’s unit, Celsius unless it says F', () => {
    expect(temperatureUnitOf('F')).toBe('F');
    expect(temperatureUnitOf('C')).toBe('C');
    expect(temperatureUnitOf(undefined)).toBe('C');
    expect(temperatureSymbol('F')).toBe('℉');
    expect(temperatureSymbol('C')).toBe('℃');
  });

  it('bounds inputs by the settable °C range in either unit', () => {
    expect(temperatureBounds('C')).toEqual({ min: -200, max: 200 });
    expect(temperatureBounds('F')).toEqual({ min: -328, max: 392 });
  });

  it('writes limits with their unit', () => {
    expect(limitsText(35.6, 46.4, 'F')).toBe('35.6 ~ 46.4 ℉');
    expect(limitsText(2, 8, 'C')).toBe('2 ~ 8 ℃');
    expect(limitsText(null, 7, 'C')).toBe('- ~ 7 ℃');
  });
});
