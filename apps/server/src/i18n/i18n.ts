import { readFileSync } from 'node:fs';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@coldchain/shared';
import type { MessageParams } from '../errors.ts';
import deDE from './locales/de-DE.json' with { type: 'json' };
import enUS from './locales/en-US.json' with { type: 'json' };
import esES from './locales/es-ES.json' with { type: 'json' };
import ptPT from './locales/pt-PT.json' with { type: 'json' };
import ruRU from './locales/ru-RU.json' with { type: 'json' };
import zhCN from './locales/zh-CN.json' with { type: 'json' };
import zhTW from './locales/zh-TW.json' with { type: 'json' };

type MessageTree = { [key: string]: string | MessageTree };

/** The core messages per locale; each area (alarm, org, people, waybill, …) keeps its own files. */
const CORE: Record<Locale, MessageTree> = {
  'zh-CN': zhCN,
  'en-US': enUS,
  'es-ES': esES,
  'ru-RU': ruRU,
  'pt-PT': ptPT,
  'de-DE': deDE,
  'zh-TW': zhTW,
};
export const MESSAGE_AREAS = [
  'alarm',
  'org',
  'people',
  'waybill',
  'actions',
  'roles',
  'orders',
  'payments',
  'device-service',
  'service-packages',
  'platform-system',
  'firmware',
  'sims-guids',
] as const;

export function areaMessages(area: string, locale: Locale): MessageTree {
  const file = new URL(`./locales/${area}/${locale}.json`, import.meta.url);
  return JSON.parse(readFileSync(file, 'utf8')) as MessageTree;
}

function merge(into: MessageTree, from: MessageTree): MessageTree {
  for (const [key, value] of Object.entries(from)) {
    const current = into[key];
    into[key] =
      typeof value === 'object' && typeof current === 'object' ? merge({ ...current }, value) : value;
  }
  return into;
}

export const MESSAGES = Object.fromEntries(
  LOCALES.map((locale) => [
    locale,
    MESSAGE_AREAS.reduce((all, area) => merge(all, areaMessages(area, locale)), merge({}, CORE[locale])),
  ]),
) as Record<Locale, MessageTree>;

const LANGUAGE_FALLBACK: Record<string, Locale> = {
  zh: 'zh-CN',
  en: 'en-US',
  es: 'es-ES',
  ru: 'ru-RU',
  pt: 'pt-PT',
  de: 'de-DE',
};
const TRADITIONAL = new Set(['zh-tw', 'zh-hk', 'zh-mo', 'zh-hant']);

/** Picks the best supported locale from an Accept-Language header; zh-CN when nothing matches. */
export function pickLocale(header: string | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((r) => r.tag && r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const exact = LOCALES.find((l) => l.toLowerCase() === tag);
    if (exact) return exact;
    if (TRADITIONAL.has(tag) || tag.startsWith('zh-hant')) return 'zh-TW';
    const language = LANGUAGE_FALLBACK[tag.split('-')[0] ?? ''];
    if (language) return language;
  }
  return DEFAULT_LOCALE;
}

function lookup(messages: unknown, key: string): string | undefined {
  let node: unknown = messages;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Translates a dotted key, falling back to zh-CN, then to the key itself; fills {placeholders}. */
export function translate(locale: Locale, key: string, params: MessageParams = {}): string {
  const template = lookup(MESSAGES[locale], key) ?? lookup(MESSAGES[DEFAULT_LOCALE], key) ?? key;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}

export function hasKey(locale: Locale, key: string): boolean {
  return lookup(MESSAGES[locale], key) !== undefined;
}

export type Translate = (key: string, params?: MessageParams) => string;
export const translatorFor =
  (locale: Locale): Translate =>
  (key, params) =>
    translate(locale, key, params);
