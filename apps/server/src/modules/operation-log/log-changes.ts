import type { Locale, OperationLogChange } from '@coldchain/shared';
import { translate } from '../../i18n/i18n.ts';

type Fields = Record<string, unknown>;

/** Bookkeeping every record carries; a change to it tells a reader nothing. */
const UNTOLD = new Set(['id', 'createdAt', 'updatedAt', 'version', 'platformId', 'accountId']);
/** Keys that name the object an entry is about, most telling first. */
const NAME_KEYS = [
  'deviceName',
  'orderNum',
  'projectName',
  'combName',
  'name',
  'roleName',
  'userName',
  'typeName',
  'modelName',
  'seriesName',
  'paramName',
  'templateName',
  'ruleName',
  'title',
  'fileName',
  'deviceGuid',
];
/** A value longer than this is cut, so one entry cannot fill a page. */
const SHOWN_MAX = 120;

const isFields = (v: unknown): v is Fields => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A camelCase key as words ("alarmDelay" → "Alarm delay"), for a field without a translated name. */
function words(key: string): string {
  const spaced = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** A name from the messages, or the key as words when the messages have none. */
function named(locale: Locale, tree: string, key: string): string {
  const path = `${tree}.${key}`;
  const found = translate(locale, path);
  return found === path ? words(key) : found;
}

export const fieldName = (locale: Locale, key: string) => named(locale, 'fields', key);
export const entityTypeName = (locale: Locale, type: string) => named(locale, 'entities', type);

/** A value as one line of text: lists joined, records as "field: value" pairs; null when absent. */
function shown(locale: Locale, value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  let text: string;
  if (Array.isArray(value)) text = value.map((v) => shown(locale, v) ?? '-').join(', ');
  else if (isFields(value))
    text = Object.entries(value)
      .filter(([k]) => !UNTOLD.has(k))
      .map(([k, v]) => `${fieldName(locale, k)}: ${shown(locale, v) ?? '-'}`)
      .join('; ');
  else text = String(value);
  return text.length > SHOWN_MAX ? `${text.slice(0, SHOWN_MAX - 1)}…` : text;
}

/**
 * What an entry changed, field by field in the reader's language: for an edit the fields whose value
 * differs, for a creation the new values, for a removal the old ones.
 */
export function logChanges(locale: Locale, oldValue: unknown, newValue: unknown): OperationLogChange[] {
  if (!isFields(oldValue) && !isFields(newValue)) {
    const from = shown(locale, oldValue);
    const to = shown(locale, newValue);
    return from === null && to === null ? [] : [{ field: '', label: '', from, to }];
  }
  const before = isFields(oldValue) ? oldValue : {};
  const after = isFields(newValue) ? newValue : {};
  const keys = [...new Set([...Object.keys(after), ...Object.keys(before)])].filter((k) => !UNTOLD.has(k));
  return keys
    .filter((k) => JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null))
    .map((k) => ({
      field: k,
      label: fieldName(locale, k),
      from: shown(locale, before[k]),
      to: shown(locale, after[k]),
    }));
}

/** The name of the object an entry is about, as its recorded values give it; null when they hold none. */
export function objectName(oldValue: unknown, newValue: unknown): string | null {
  for (const value of [newValue, oldValue]) {
    if (!isFields(value)) continue;
    const key = NAME_KEYS.find((k) => typeof value[k] === 'string' && value[k] !== '');
    if (key) return value[key] as string;
  }
  return null;
}
