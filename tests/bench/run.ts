// `npm run bench`: runs each bench section in turn and prints one table per section.
// Extension point: add a section to SECTIONS (bundle size, Lighthouse, list rendering…); a section
// answers rows of label → value and may say it was skipped. `npm run bench -- <name>` runs one
// (or a group: `resource-list` runs the list on PGlite and on PostgreSQL).
import { resourceListSections } from './resource-list.section.ts';
import { approvalReplaySections } from './approvals-replay.section.ts';
import { webSections } from './web.section.ts';
import { webResourceSections } from './web-resources.section.ts';
import { alarmSections } from './alarms.section.ts';
import { approvalBatchSections } from './approvals-batch.section.ts';
import { assistantSections } from './assistant.section.ts';
import { fieldSections } from './field.section.ts';

export interface BenchRow {
  metric: string;
  value: string;
  note?: string;
}
export interface BenchResult {
  rows: BenchRow[];
  skipped?: string;
}
export interface BenchSection {
  name: string;
  /** a name that runs this section with its siblings (`npm run bench -- resource-list`) */
  group?: string;
  title: string;
  run(): Promise<BenchResult>;
}

export const SECTIONS: BenchSection[] = [
  ...resourceListSections(),
  ...approvalReplaySections(),
  ...approvalBatchSections(),
  ...webSections(),
  ...webResourceSections(),
  ...alarmSections(),
  ...assistantSections(),
  ...fieldSections(),
  // ── more sections register here (one line each) ──
];

function table(title: string, rows: BenchRow[]): string {
  const w0 = Math.max(6, ...rows.map((r) => r.metric.length));
  const w1 = Math.max(5, ...rows.map((r) => r.value.length));
  const line = `+-${'-'.repeat(w0)}-+-${'-'.repeat(w1)}-+`;
  const out = [title, line, `| ${'metric'.padEnd(w0)} | ${'value'.padStart(w1)} |`, line];
  for (const r of rows) out.push(`| ${r.metric.padEnd(w0)} | ${r.value.padStart(w1)} |${r.note ? ` ${r.note}` : ''}`);
  out.push(line);
  return out.join('\n');
}

if (import.meta.main) {
  const only = process.argv.slice(2);
  const chosen = only.length ? SECTIONS.filter((s) => only.includes(s.name) || (s.group !== undefined && only.includes(s.group))) : SECTIONS;
  if (!chosen.length) {
    console.error(`no bench section named ${only.join(', ')}; sections: ${SECTIONS.map((s) => s.name).join(', ')}`);
    process.exit(2);
  }
  const started = Date.now();
  const printed: string[] = [];
  let failed = false;
  for (const section of chosen) {
    console.log(`\n[bench] ${section.title} …`);
    try {
      const result = await section.run();
      const text = result.skipped ? `${section.title}: skipped (${result.skipped})` : table(section.title, result.rows);
      printed.push(text);
      console.log(text);
    } catch (err) {
      failed = true;
      const text = `${section.title}: FAILED — ${(err as Error).stack ?? err}`;
      printed.push(text);
      console.error(text);
    }
  }
  console.log(`\n════ benchmark summary (${((Date.now() - started) / 1000).toFixed(0)} s) ════\n\n${printed.join('\n\n')}\n`);
  process.exit(failed ? 1 : 0);
}
