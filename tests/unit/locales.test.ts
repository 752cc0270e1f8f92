// zh-CN and zh-TW have exactly the same keys in every namespace (ARCHITECTURE.md "Web").
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../locales');
const namespaces = (lang: string) =>
  fs
    .readdirSync(path.join(root, lang))
    .filter((f) => f.endsWith('.json'))
    .sort();

function keys(node: unknown, prefix = ''): string[] {
  if (node && typeof node === 'object' && !Array.isArray(node)) {
    return Object.entries(node as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}
const load = (lang: string, file: string) => JSON.parse(fs.readFileSync(path.join(root, lang, file), 'utf8')) as unknown;

describe('locales', () => {
  it('both languages have the same namespaces', () => {
    expect(namespaces('zh-TW')).toEqual(namespaces('zh-CN'));
  });
  for (const file of namespaces('zh-CN')) {
    it(`${file}: same keys in zh-CN and zh-TW`, () => {
      expect(keys(load('zh-TW', file)).sort()).toEqual(keys(load('zh-CN', file)).sort());
    });
    it(`${file}: every text is a non-empty string`, () => {
      for (const lang of ['zh-CN', 'zh-TW']) {
        const walk = (n: unknown, at: string): void => {
          if (n && typeof n === 'object') {
            for (const [k, v] of Object.entries(n)) walk(v, `${at}.${k}`);
            return;
          }
          expect(typeof n === 'string' && n.trim().length > 0, `${lang}/${file}${at}`).toBe(true);
        };
        walk(load(lang, file), '');
      }
    });
  }
  it('zh-TW uses Taiwan wording, not Simplified characters, in the shell namespaces', () => {
    for (const file of ['shell.json', 'auth.json', 'home.json', 'portal.json', 'routes.json']) {
      const text = JSON.stringify(load('zh-TW', file));
      expect(text, file).not.toMatch(/[项账设资网软户录务据]/);
    }
  });
});
