import { LOCALES } from '@coldchain/shared';
import { describe, expect, it } from 'vitest';
import { areaMessages, MESSAGE_AREAS, MESSAGES, pickLocale, translate } from './i18n.ts';
import zhCN from './locales/zh-CN.json' with { type: 'json' };

function keysOf(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
}
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('server messages', () => {
  it('every locale has exactly the keys and placeholders of zh-CN', () => {
    const reference = keysOf(MESSAGES['zh-CN']).sort();
    for (const locale of LOCALES) {
      expect(keysOf(MESSAGES[locale]).sort(), locale).toEqual(reference);
      for (const key of reference) {
        expect(placeholders(translate(locale, key)), `${locale} ${key}`).toEqual(
          placeholders(translate('zh-CN', key)),
        );
      }
    }
  });

  it('no area file redefines a message of the core or of another area', () => {
    const owner = new Map(keysOf(zhCN).map((key) => [key, 'core']));
    for (const area of MESSAGE_AREAS) {
      for (const key of keysOf(areaMessages(area, 'zh-CN')).filter(Boolean)) {
        expect(owner.get(key), `${area} ${key}`).toBeUndefined();
        owner.set(key, area);
      }
    }
  });

  it('picks the locale from Accept-Language with zh-CN as fallback', () => {
    expect(pickLocale(undefined)).toBe('zh-CN');
    expect(pickLocale('fr-FR,fr;q=0.9')).toBe('zh-CN');
    expect(pickLocale('en-GB,en;q=0.8')).toBe('en-US');
    expect(pickLocale('de;q=0.5,ru-RU;q=0.9')).toBe('ru-RU');
    expect(pickLocale('zh-HK')).toBe('zh-TW');
    expect(pickLocale('pt-BR')).toBe('pt-PT');
    expect(pickLocale('es-ES')).toBe('es-ES');
  });

  it('fills placeholders and falls back to the key for an unknown message', () => {
    expect(translate('en-US', 'errors.loginLocked', { minutes: 3 })).toBe(
      'Too many failed logins; try again in 3 minutes',
    );
    expect(translate('en-US', 'no.such.key')).toBe('no.such.key');
  });
});
