import { applyFormula, isValidFormula, parseFormula } from '@coldchain/shared';
import { describe, expect, it } from 'vitest';
import { convertValue, roundTo } from './unit-converter.ts';

describe('unit formulas', () => {
  it('evaluates formulas in X with precedence, parentheses and signs, without eval', () => {
    expect(applyFormula('(X-32)/1.8', 212)).toBeCloseTo(100);
    expect(applyFormula('X*1.8+32', -40)).toBeCloseTo(-40);
    expect(applyFormula('X+2*3', 1)).toBe(7);
    expect(applyFormula('(X+2)*3', 1)).toBe(9);
    expect(applyFormula('-X/2', 10)).toBe(-5);
    expect(applyFormula('X-(-3)', 1)).toBe(4);
    expect(applyFormula('10/(X-1)', 1)).toBeNull();
  });

  it('refuses anything but digits, X, + - * / ( ) and decimal points, up to 100 characters', () => {
    for (const bad of [
      '',
      '32',
      'x*2',
      'X**2',
      'X^2',
      'Math.PI*X',
      'X;process.exit()',
      '(X-32',
      'X-32)',
      'X 1',
      '1..2*X',
      '.5*X',
      'X/',
      '--X',
      `${'1+'.repeat(50)}X`,
    ])
      expect(isValidFormula(bad), bad).toBe(false);
    expect(isValidFormula(`${'1+'.repeat(49)}X`)).toBe(true);
    expect(parseFormula('(X)')).toEqual({ kind: 'x' });
  });

  it('converts between units through the basic unit', () => {
    const celsius = { basicUnitStatus: 1, toBasicFormula: null, formBasicFormula: null };
    const fahrenheit = { basicUnitStatus: 0, toBasicFormula: '(X-32)/1.8', formBasicFormula: 'X*1.8+32' };
    expect(convertValue(37, celsius, fahrenheit)).toBeCloseTo(98.6);
    expect(roundTo(convertValue(98.6, fahrenheit, celsius) ?? 0, 1)).toBe(37);
    expect(
      convertValue(1, { basicUnitStatus: 0, toBasicFormula: null, formBasicFormula: null }, celsius),
    ).toBeNull();
  });
});
