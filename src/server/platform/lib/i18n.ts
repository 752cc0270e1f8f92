// Server-side texts come from the same locale files as the web, so a message reads the same
// whether the API or the PWA shows it.
import fs from 'node:fs';
import path from 'node:path';
import type { Language } from '../../../domain/errors.ts';
import type { SummaryT } from '../../../domain/approvals/request-summary.ts';

const LOCALES_DIR = path.resolve(import.meta.dirname, '../../../../locales');
type Tree = { [k: string]: string | Tree };
const cache = new Map<string, Tree>();

function namespace(lang: Language, ns: string): Tree {
  const key = `${lang}/${ns}`;
  let tree = cache.get(key);
  if (!tree) {
    tree = JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, lang, `${ns}.json`), 'utf8')) as Tree;
    cache.set(key, tree);
  }
  return tree;
}

/** `t('zh-TW', 'errors:rules.required', {min: 2})`; an unknown key answers itself. */
export function t(lang: Language, fullKey: string, params: Record<string, string | number> = {}): string {
  const [ns, key] = fullKey.includes(':') ? (fullKey.split(':', 2) as [string, string]) : ['errors', fullKey];
  let node: string | Tree | undefined = namespace(lang, ns);
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') return key;
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

/** The server's `t` as the shared renderers call it (i18next's shape: `defaultValue` when the key is missing). */
export function sharedT(lang: Language): SummaryT {
  return (key, opts = {}) => {
    const text = t(lang, key, opts as Record<string, string | number>);
    const bare = key.includes(':') ? key.slice(key.indexOf(':') + 1) : key;
    return text === bare && opts.defaultValue !== undefined ? String(opts.defaultValue) : text;
  };
}
