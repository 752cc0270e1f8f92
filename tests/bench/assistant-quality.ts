// The assistant's retrieval quality (ADR 0065): each benchmark question (assistant-questions.json)
// searched as the API searches it; a hit is an expected source among the first three. Shared by
// the bench section and the API test that keeps the hit rate above its floor.
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../src/server/platform/db/database.ts';
import { loadCorpus } from '../../src/server/assistant/assistant-corpus.ts';
import { buildIndex, searchIndex } from '../../src/server/assistant/assistant-index.ts';

export interface BenchQuestion {
  q: string;
  expected: string[];
}
export interface Quality {
  total: number;
  /** questions whose expected source is among the first three / is the first */
  top3: number;
  top1: number;
  /** mean reciprocal rank over the first three */
  mrr: number;
  buildMs: number;
  /** median and worst search time per question */
  medianMs: number;
  maxMs: number;
  misses: { q: string; got: string[] }[];
}

export function benchQuestions(): BenchQuestion[] {
  const file = path.join(import.meta.dirname, 'assistant-questions.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { questions: BenchQuestion[] }).questions;
}

export async function measureQuality(db: Db, questions = benchQuestions()): Promise<Quality> {
  const t0 = performance.now();
  const index = buildIndex(await loadCorpus(db));
  const buildMs = performance.now() - t0;
  let top3 = 0;
  let top1 = 0;
  let rr = 0;
  const times: number[] = [];
  const misses: Quality['misses'] = [];
  for (const { q, expected } of questions) {
    const s = performance.now();
    const got = searchIndex(index, q, 3).map((h) => h.doc.title['zh-CN']);
    times.push(performance.now() - s);
    const rank = got.findIndex((title) => expected.includes(title));
    if (rank >= 0) {
      top3++;
      rr += 1 / (rank + 1);
      if (rank === 0) top1++;
    } else misses.push({ q, got });
  }
  times.sort((a, b) => a - b);
  return {
    total: questions.length,
    top3,
    top1,
    mrr: rr / questions.length,
    buildMs,
    medianMs: times[Math.floor(times.length / 2)] ?? 0,
    maxMs: times[times.length - 1] ?? 0,
    misses,
  };
}
