import { DEFAULT_LOCALE, LOCALES, type Locale } from '@coldchain/shared';
import type { Locale as AntdLocale } from 'antd/es/locale';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type zhAlarm from '../locales/zh-CN/alarm.json';
import type zhAuth from '../locales/zh-CN/auth.json';
import type zhBackOfficeDevices from '../locales/zh-CN/backOfficeDevices.json';
import type zhCommon from '../locales/zh-CN/common.json';
import type zhFirmware from '../locales/zh-CN/firmware.json';
import type zhOrders from '../locales/zh-CN/orders.json';
import type zhOrg from '../locales/zh-CN/org.json';
import type zhPeople from '../locales/zh-CN/people.json';
import type zhPlatformSystem from '../locales/zh-CN/platformSystem.json';
import type zhPremium from '../locales/zh-CN/premium.json';
import type zhPurchase from '../locales/zh-CN/purchase.json';
import type zhServicePackages from '../locales/zh-CN/servicePackages.json';
import type zhWaybill from '../locales/zh-CN/waybill.json';
import { LOCALE_STORAGE_KEY } from './constants.ts';
import { editionDefaultLocale } from './edition.ts';

/** One namespace built from the core file and one file per area (no text is defined twice). */
export type Messages = typeof zhCommon &
  typeof zhAlarm &
  typeof zhAuth &
  typeof zhBackOfficeDevices &
  typeof zhFirmware &
  typeof zhOrders &
  typeof zhOrg &
  typeof zhPeople &
  typeof zhPlatformSystem &
  typeof zhPremium &
  typeof zhPurchase &
  typeof zhServicePackages &
  typeof zhWaybill;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: { common: Messages };
  }
}

/** Each language's own name, shown as is in every language so a reader can find theirs. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  'zh-CN': '简体中文',
  'en-US': 'English',
  'es-ES': 'Español',
  'ru-RU': 'Русский',
  'pt-PT': 'Português',
  'de-DE': 'Deutsch',
  'zh-TW': '繁體中文',
};

type MessageTree = { [key: string]: string | MessageTree };
const bundles = import.meta.glob<MessageTree>('../locales/*/*.json', { import: 'default' });

// antd's own texts (modal buttons, empty states, pickers) in the same language; one chunk each.
const antdBundles: Record<Locale, () => Promise<{ default: AntdLocale }>> = {
  'zh-CN': () => import('antd/es/locale/zh_CN'),
  'en-US': () => import('antd/es/locale/en_US'),
  'es-ES': () => import('antd/es/locale/es_ES'),
  'ru-RU': () => import('antd/es/locale/ru_RU'),
  'pt-PT': () => import('antd/es/locale/pt_PT'),
  'de-DE': () => import('antd/es/locale/de_DE'),
  'zh-TW': () => import('antd/es/locale/zh_TW'),
};
const antdLocales = new Map<Locale, AntdLocale>();

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The language chosen earlier on this browser, else zh-CN, or en-US in the overseas edition (000 §1). */
export function storedLocale(): Locale {
  const fallback = editionDefaultLocale(DEFAULT_LOCALE);
  try {
    const value = localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(value) ? value : fallback;
  } catch {
    return fallback;
  }
}

export function currentLocale(): Locale {
  return isLocale(i18next.language) ? i18next.language : DEFAULT_LOCALE;
}

export function antdLocaleOf(locale: Locale): AntdLocale | undefined {
  return antdLocales.get(locale);
}

function merge(into: MessageTree, from: MessageTree): MessageTree {
  for (const [key, value] of Object.entries(from)) {
    const current = into[key];
    into[key] =
      typeof value === 'object' && typeof current === 'object' ? merge({ ...current }, value) : value;
  }
  return into;
}

async function loadLocale(locale: Locale): Promise<MessageTree> {
  const loads = Object.entries(bundles)
    .filter(([file]) => file.startsWith(`../locales/${locale}/`))
    .map(([, load]) => load());
  if (loads.length === 0) throw new Error(`No messages for ${locale}`);
  const [files, antd] = await Promise.all([Promise.all(loads), antdBundles[locale]()]);
  antdLocales.set(locale, antd.default);
  return files.reduce((all, file) => merge(all, file), {});
}

/** Loads the stored language's messages, then starts i18next with them. */
export async function initI18n(): Promise<void> {
  const locale = storedLocale();
  const messages = await loadLocale(locale);
  await i18next.use(initReactI18next).init({
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: LOCALES,
    ns: ['common'],
    defaultNS: 'common',
    partialBundledLanguages: true,
    resources: { [locale]: { common: messages } },
    interpolation: { escapeValue: false },
  });
  document.documentElement.lang = locale;
}

/** Switches the language and remembers it; later calls send it as Accept-Language (000 §1). */
export async function changeLocale(locale: Locale): Promise<void> {
  if (!i18next.hasResourceBundle(locale, 'common')) {
    i18next.addResourceBundle(locale, 'common', await loadLocale(locale));
  }
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Private modes may refuse storage; the choice then lasts for this page only.
  }
  await i18next.changeLanguage(locale);
  document.documentElement.lang = locale;
}
