// The assistant's retrieval benchmark (issue 31, ADR 0065): the hit rate of the right source in the
// first three answers over assistant-questions.json, on the demo content (PGlite, seeded).
import { buildApp } from '../../src/server/app.ts';
import { openDatabase } from '../../src/server/platform/db/database.ts';
import { benchQuestions, measureQuality } from './assistant-quality.ts';
import type { BenchResult, BenchSection } from './run.ts';

export function assistantSections(): BenchSection[] {
  return [
    {
      name: 'assistant',
      title: `Assistant retrieval (${benchQuestions().length} questions, zh-CN and zh-TW) — hit rate of the right source in the top 3`,
      run,
    },
  ];
}

const pct = (n: number, of: number) => `${((100 * n) / of).toFixed(1)} %`;

async function run(): Promise<BenchResult> {
  const handle = await openDatabase({ memory: true });
  const app = await buildApp({ handle, seed: true, logger: false, serveStatic: false });
  try {
    const q = await measureQuality(app.ctx.db);
    for (const m of q.misses) console.log(`[bench] assistant miss: ${m.q} → ${m.got.join(' | ') || '(nothing)'}`);
    return {
      rows: [
        { metric: 'hit rate, top 3', value: pct(q.top3, q.total), note: `${q.top3} of ${q.total}` },
        { metric: 'hit rate, top 1', value: pct(q.top1, q.total), note: `${q.top1} of ${q.total}` },
        { metric: 'mean reciprocal rank (top 3)', value: q.mrr.toFixed(3) },
        { metric: 'index build', value: `${q.buildMs.toFixed(0)} ms` },
        { metric: 'search, median', value: `${q.medianMs.toFixed(2)} ms` },
        { metric: 'search, worst', value: `${q.maxMs.toFixed(2)} ms` },
      ],
    };
  } finally {
    await app.close();
    await handle.close();
  }
}
