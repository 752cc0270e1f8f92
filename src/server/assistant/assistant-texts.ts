// The embedded assistant page's copy (public/aiassistant/): the `page` part of
// locales/{lang}/assistant.json, read once per language. The page is plain static files outside the
// web build, so it asks the server for its texts instead of bundling them.
import fs from 'node:fs';
import path from 'node:path';
import type { Language } from '../../domain/errors.ts';

const LOCALES_DIR = path.resolve(import.meta.dirname, '../../../locales');
const cache = new Map<Language, unknown>();

export function pageTexts(lang: Language): unknown {
  let texts = cache.get(lang);
  if (!texts) {
    texts = (JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, lang, 'assistant.json'), 'utf8')) as { page: unknown }).page;
    cache.set(lang, texts);
  }
  return texts;
}
