// What the assistant searches: the portal's articles (help centre, manuals, announcements, news,
// scenario journeys), the product catalogue and the static product manuals (public/docs), each a
// document with its in-app route and its text in both languages.
import fs from 'node:fs';
import path from 'node:path';
import type { Language } from '../../domain/errors.ts';
import { STATIC_DOCS } from '../../domain/navigation/rules.ts';
import type { Db } from '../platform/db/database.ts';
import type { LocalText } from '../platform/db/tables.ts';
import { articleRows, productRows } from './assistant.repository.ts';
import { inLanguage } from './assistant-text.ts';

export type DocKind = 'help' | 'manual' | 'announcement' | 'news' | 'scenario' | 'product' | 'doc';

export interface CorpusDoc {
  id: string;
  kind: DocKind;
  url: string;
  title: Record<Language, string>;
  /** the passages an answer may quote, per language */
  paragraphs: Record<Language, string[]>;
}

/** Each article kind's page (src/web/features/portal/articles-page.tsx, article-detail-page.tsx). */
const ARTICLE_URL: Record<string, (id: string) => string> = {
  help: (id) => `/helpCenter?id=${id}`,
  manual: (id) => `/userManual?id=${id}`,
  announcement: (id) => `/serviceAnnouncementDetail/${id}`,
  news: (id) => `/cloudDynamicDetail/${id}`,
  scenario: (id) => `/senceJourney/${id}`,
};

const DOCS_DIR = path.resolve(import.meta.dirname, '../../../public/docs');

const both = (text: LocalText | null | undefined): Record<Language, string> => {
  const cn = text?.['zh-CN'] ?? Object.values(text ?? {})[0] ?? '';
  return { 'zh-CN': cn, 'zh-TW': text?.['zh-TW'] ?? inLanguage(cn, 'zh-TW') };
};

async function articleDocs(db: Db): Promise<CorpusDoc[]> {
  const rows = await articleRows(db);
  return rows.flatMap((r) => {
    const url = ARTICLE_URL[r.kind];
    if (!url) return [];
    const title = both(r.title);
    const summary = both(r.summary);
    const body = r.body as Record<string, string[]>;
    const paras = (lang: Language) => {
      const own = body[lang] ?? (body['zh-CN'] ?? []).map((p) => inLanguage(p, lang));
      return own.length ? own : [summary[lang]];
    };
    return [{ id: `${r.kind}:${r.id}`, kind: r.kind as DocKind, url: url(r.id), title, paragraphs: { 'zh-CN': paras('zh-CN'), 'zh-TW': paras('zh-TW') } }];
  });
}

async function productDocs(db: Db): Promise<CorpusDoc[]> {
  const rows = await productRows(db);
  return rows.map((r) => {
    const name = both(r.name);
    const summary = both(r.summary);
    const classify = both(r.classify);
    const highlights = (r.highlights as LocalText[]).map(both);
    const paras = (lang: Language) => [`${name[lang]}（${classify[lang]}）：${summary[lang]}`, ...highlights.map((h) => h[lang])];
    return {
      id: `product:${r.id}`,
      kind: 'product' as const,
      url: `/productRoute/${r.id}`,
      title: name,
      paragraphs: { 'zh-CN': paras('zh-CN'), 'zh-TW': paras('zh-TW') },
    };
  });
}

const stripTags = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

/** One document per section of a static manual (its <h2> and paragraphs), linked to the manual's route. */
export function staticDocSections(route: string, html: string): CorpusDoc[] {
  const manual = stripTags(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? route);
  const out: CorpusDoc[] = [];
  for (const m of html.matchAll(/<section id="([\w-]+)"[^>]*>([\s\S]*?)<\/section>/g)) {
    const heading = stripTags(/<h2[^>]*>([\s\S]*?)<\/h2>/.exec(m[2]!)?.[1] ?? '').replace(/^\d+\.\s*/, '');
    const paras = [...m[2]!.matchAll(/<(?:p|li)[^>]*>([\s\S]*?)<\/(?:p|li)>/g)].map((p) => stripTags(p[1]!)).filter(Boolean);
    if (!paras.length) continue;
    const title = `${manual} · ${heading}`;
    out.push({
      id: `doc:${route}:${m[1]}`,
      kind: 'doc',
      url: `/${route}`,
      title: { 'zh-CN': title, 'zh-TW': inLanguage(title, 'zh-TW') },
      paragraphs: { 'zh-CN': paras, 'zh-TW': paras.map((p) => inLanguage(p, 'zh-TW')) },
    });
  }
  return out;
}

function staticDocs(): CorpusDoc[] {
  return Object.entries(STATIC_DOCS).flatMap(([route, dir]) => {
    const file = path.join(DOCS_DIR, dir, 'manual.html');
    return fs.existsSync(file) ? staticDocSections(route, fs.readFileSync(file, 'utf8')) : [];
  });
}

/** Every document the assistant may quote. */
export async function loadCorpus(db: Db): Promise<CorpusDoc[]> {
  return [...(await articleDocs(db)), ...(await productDocs(db)), ...staticDocs()];
}
