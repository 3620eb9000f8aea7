import type { WaybillDetailQuery } from '@coldchain/shared';

/** Ids are digits; a waybill key is 20+ base64url characters, never digits only. */
const DIGITS = /^\d{1,15}$/;
const KEY = /^[\w-]{1,64}$/;

/**
 * What the address /waybill/detail/{waybillPk} names (000 §2.4): the waybill's key, or its id as the
 * console's own links give it. Null for anything else.
 */
export function waybillKeyOf(param: string | undefined): WaybillDetailQuery | null {
  if (!param) return null;
  if (DIGITS.test(param)) return Number(param) > 0 ? { id: Number(param) } : null;
  return KEY.test(param) ? { waybillPk: param } : null;
}
