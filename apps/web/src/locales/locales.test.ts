import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LOCALE, LOCALES } from '@coldchain/shared';
import { describe, expect, it } from 'vitest';

const dir = path.dirname(fileURLToPath(import.meta.url));

/** Every leaf of a messages file as `dotted.path`, with its text. */
function leaves(node: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof node !== 'object' || node === null) return out;
  for (const [key, value] of Object.entries(node)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(name, value);
    else if (typeof value === 'object' && value !== null)
      for (const entry of leaves(value, name)) out.set(...entry);
    else out.set(name, String(value));
  }
  return out;
}

function read(locale: string, namespace: string): Map<string, string> {
  return leaves(JSON.parse(fs.readFileSync(path.join(dir, locale, `${namespace}.json`), 'utf8')));
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const namespaces = fs.readdirSync(path.join(dir, DEFAULT_LOCALE)).filter((f) => f.endsWith('.json'));
const others = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE);

describe('console locales', () => {
  it('has a folder for each of the seven locales and nothing else', () => {
    const folders = fs.readdirSync(dir).filter((f) => fs.statSync(path.join(dir, f)).isDirectory());
    expect(folders.sort()).toEqual([...LOCALES].sort());
  });

  describe.each(namespaces.map((file) => file.replace(/\.json$/, '')))('namespace %s', (namespace) => {
    const reference = read(DEFAULT_LOCALE, namespace);

    it('zh-CN has only non-empty texts', () => {
      for (const [key, text] of reference) expect(text.trim(), key).not.toBe('');
    });

    it.each(others)('%s has exactly the keys of zh-CN', (locale) => {
      const messages = read(locale, namespace);
      const missing = [...reference.keys()].filter((key) => !messages.has(key));
      const extra = [...messages.keys()].filter((key) => !reference.has(key));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    });

    it.each(others)('%s has non-empty texts with the same placeholders', (locale) => {
      const messages = read(locale, namespace);
      for (const [key, text] of reference) {
        const translated = messages.get(key) ?? '';
        expect(translated.trim(), `${locale} ${key}`).not.toBe('');
        expect(placeholders(translated), `${locale} ${key}`).toEqual(placeholders(text));
      }
    });
  });

  it('no area file redefines a text of another file (they merge into one namespace)', () => {
    const owner = new Map<string, string>();
    for (const namespace of namespaces) {
      for (const key of read(DEFAULT_LOCALE, namespace.replace(/\.json$/, '')).keys()) {
        expect(owner.get(key), `${namespace} ${key}`).toBeUndefined();
        owner.set(key, namespace);
      }
    }
  });
});
