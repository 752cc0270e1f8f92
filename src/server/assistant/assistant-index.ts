// The assistant's search index (MiniSearch, ADR 0065): every corpus document under one written form
// (Simplified Chinese; the zh-TW text converted too, so a Taiwanese wording finds its own words), BM25
// over Intl.Segmenter words and Han character pairs. Built on first use per database and rebuilt
// when the content's stamp changes (checked at most every STAMP_CHECK_MS).
import MiniSearch from 'minisearch';
import type { Db } from '../platform/db/database.ts';
import { contentStamp } from './assistant.repository.ts';
import { loadCorpus, type CorpusDoc, type DocKind } from './assistant-corpus.ts';
import { normalise, tokenize } from './assistant-text.ts';

interface Indexed {
  id: string;
  title: string;
  body: string;
  kind: DocKind;
}

export interface SearchIndex {
  docs: Map<string, CorpusDoc>;
  mini: MiniSearch<Indexed>;
}

export interface Hit {
  doc: CorpusDoc;
  score: number;
}

const STAMP_CHECK_MS = 30_000;

/** How much a kind's documents weigh: how-to content first, news last (announcements outnumber help). */
const KIND_WEIGHT: Record<DocKind, number> = { help: 1.4, manual: 1.4, doc: 1.3, product: 1.1, scenario: 1, announcement: 0.8, news: 0.6 };

export function buildIndex(corpus: readonly CorpusDoc[]): SearchIndex {
  const mini = new MiniSearch<Indexed>({
    fields: ['title', 'body'],
    storeFields: ['kind'],
    tokenize,
    processTerm: (term) => term,
    searchOptions: { tokenize, processTerm: (term) => term },
  });
  mini.addAll(
    corpus.map((d) => ({
      id: d.id,
      kind: d.kind,
      title: normalise(`${d.title['zh-CN']} ${d.title['zh-TW']}`),
      body: normalise([...d.paragraphs['zh-CN'], ...d.paragraphs['zh-TW']].join('\n')),
    })),
  );
  return { docs: new Map(corpus.map((d) => [d.id, d])), mini };
}

/** The best documents for a question (either language), best first. */
export function searchIndex(index: SearchIndex, question: string, limit = 3): Hit[] {
  const q = normalise(question);
  if (!tokenize(q).length) return [];
  const found = index.mini.search(q, {
    boost: { title: 3 },
    combineWith: 'OR',
    boostDocument: (_id, _term, stored) => KIND_WEIGHT[(stored?.kind as DocKind | undefined) ?? 'news'] ?? 1,
  });
  return found.slice(0, limit).flatMap((r) => {
    const doc = index.docs.get(String(r.id));
    return doc ? [{ doc, score: r.score }] : [];
  });
}

const cache = new WeakMap<Db, { stamp: string; checkedAt: number; index: Promise<SearchIndex> }>();

/** The database's index, built on first use and again when its content changes. */
export async function indexOf(db: Db, now = Date.now()): Promise<SearchIndex> {
  const held = cache.get(db);
  if (held && now - held.checkedAt < STAMP_CHECK_MS) return held.index;
  const stamp = await contentStamp(db);
  if (held && held.stamp === stamp) {
    held.checkedAt = now;
    return held.index;
  }
  const index = loadCorpus(db).then(buildIndex);
  cache.set(db, { stamp, checkedAt: now, index });
  index.catch(() => cache.delete(db));
  return index;
}
