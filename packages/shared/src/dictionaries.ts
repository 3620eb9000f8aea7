import type { DictType } from './constants.ts';

/**
 * Values of the dictionaries served by /base/BaseDict/queryDictByType (000 §3 dictionary item). The
 * spec names the identity and industry dictionaries but not their entries; these are recorded in
 * docs/decisions.md. Labels are translated from the locale keys `dict.<type>.<value>`.
 */
export const IDENTITY_VALUES = [
  'manager',
  'qualityOfficer',
  'technician',
  'warehouseKeeper',
  'driver',
  'other',
] as const;
export type Identity = (typeof IDENTITY_VALUES)[number];

export const INDUSTRY_VALUES = [
  'pharma',
  'vaccine',
  'hospital',
  'food',
  'agriculture',
  'logistics',
  'laboratory',
  'retail',
  'other',
] as const;
export type Industry = (typeof INDUSTRY_VALUES)[number];

/** Country calling codes offered by phone fields, the mainland first. */
export const COUNTRY_CODE_VALUES = [
  '86',
  '852',
  '853',
  '886',
  '1',
  '44',
  '49',
  '33',
  '34',
  '351',
  '55',
  '7',
  '81',
  '82',
  '65',
  '61',
  '91',
  '52',
] as const;

/** Every dictionary, in display order. */
export const DICTIONARIES: Record<DictType, readonly string[]> = {
  identity: IDENTITY_VALUES,
  industry: INDUSTRY_VALUES,
  COUNTRY_CODE: COUNTRY_CODE_VALUES,
};

export function isDictValue(type: DictType, value: string): boolean {
  return DICTIONARIES[type].includes(value);
}
