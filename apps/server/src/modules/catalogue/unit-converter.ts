import { applyFormula } from '@coldchain/shared';
import type { UnitRow } from './units.repo.ts';

type Formulas = Pick<UnitRow, 'basicUnitStatus' | 'toBasicFormula' | 'formBasicFormula'>;

/** A value in `from` converted to `to` through their basic unit; null when a formula cannot apply. */
export function convertValue(value: number, from: Formulas, to: Formulas): number | null {
  const basic =
    from.basicUnitStatus === 1
      ? value
      : from.toBasicFormula
        ? applyFormula(from.toBasicFormula, value)
        : null;
  if (basic === null) return null;
  if (to.basicUnitStatus === 1) return basic;
  return to.formBasicFormula ? applyFormula(to.formBasicFormula, basic) : null;
}

/** Rounds to a number of decimals without the binary noise of formulas ((X-32)/1.8 and back). */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/**
 * The pair of units a caller reads and writes a parameter in: the parameter's own unit, and the unit
 * of the same classification whose code is the caller's temperature unit ('C' or 'F'), when there is
 * one. Values are stored in the parameter's unit.
 */
export interface CallerUnits {
  stored: UnitRow;
  shown: UnitRow;
}

export function callerUnits(
  stored: UnitRow | undefined,
  siblings: readonly UnitRow[],
  preferredCode: string,
): CallerUnits | null {
  if (!stored) return null;
  const preferred = siblings.find(
    (u) => u.unitClassify === stored.unitClassify && u.unitCode.toUpperCase() === preferredCode.toUpperCase(),
  );
  return { stored, shown: preferred ?? stored };
}
