import i18next from 'i18next';
import { flash } from '../app/feedback.ts';

/** The selection rules of 002 §5: batch actions need one or more rows; edit, delete and view exactly one. */
export type SelectionNeed = 'some' | 'one';
export type SelectionCheck = 'ok' | 'none' | 'exactlyOne';

export function checkSelection(count: number, need: SelectionNeed): SelectionCheck {
  if (count === 0) return 'none';
  if (need === 'one' && count !== 1) return 'exactlyOne';
  return 'ok';
}

/** Checks the selection and tells the user what is wrong; answers whether to go on. */
export function requireSelection(count: number, need: SelectionNeed): boolean {
  const check = checkSelection(count, need);
  if (check === 'ok') return true;
  flash('warning', i18next.t(check === 'none' ? 'selection.none' : 'selection.exactlyOne'));
  return false;
}
