import type { Locale } from '@coldchain/shared';
import { MESSAGES, translate } from '../../i18n/i18n.ts';

/** Action names live under this key in the server messages (locales/actions/<lng>.json). */
const ROOT = 'actions';

/** An operation-log action's name in the reader's language; an action without a name shows its key. */
export function actionName(locale: Locale, action: string): string {
  const key = `${ROOT}.${action}`;
  const name = translate(locale, key);
  return name === key ? action : name;
}

/** Every named action of a locale: its key and its name. */
export function namedActions(locale: Locale): [key: string, name: string][] {
  const walk = (node: unknown, prefix: string): [string, string][] =>
    typeof node === 'string'
      ? [[prefix, node]]
      : typeof node === 'object' && node !== null
        ? Object.entries(node).flatMap(([k, v]) => walk(v, prefix ? `${prefix}.${k}` : k))
        : [];
  return walk(MESSAGES[locale][ROOT], '');
}

/** The actions whose name in the reader's language contains the text, case-insensitively. */
export function actionsNamedLike(locale: Locale, text: string): string[] {
  const needle = text.toLocaleLowerCase(locale);
  return namedActions(locale)
    .filter(([, name]) => name.toLocaleLowerCase(locale).includes(needle))
    .map(([key]) => key);
}
