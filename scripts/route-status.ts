// `node scripts/route-status.ts [area…]`: how many routes of routes.json each area still shows as
// 建设中 (no page in web/app/pages.ts or console-pages.ts and no kind claiming it). `--list` names them. Used for
// docs/STATUS.md and by each area issue to prove it left no route under construction.
import fs from 'node:fs';
import path from 'node:path';
import { KINDS } from '../src/domain/kinds/registry.ts';
import { kindPageIndex } from '../src/domain/kinds/kind-views.ts';

const root = path.resolve(import.meta.dirname, '..');
const routesFile = ['../shared/spec/routes.json', 'tests/fixtures/routes.spec.json'].map((p) => path.resolve(root, p)).find((p) => fs.existsSync(p));
if (!routesFile) {
  console.error('routes.json not found (../shared/spec/routes.json)');
  process.exit(2);
}
const routes: { name: string; area: string; redirect?: string }[] = JSON.parse(fs.readFileSync(routesFile, 'utf8'));
// pages.ts imports React component modules lazily; read its keys from the source instead of importing it.
// The public pages are PAGES in pages.ts, the console's CONSOLE_ROUTES in console-pages.ts.
const keysOf = (file: string, marker: string) => {
  const src = fs.readFileSync(path.join(root, file), 'utf8');
  const block = src.slice(src.indexOf(marker), src.indexOf('\n};', src.indexOf(marker)));
  return [...block.matchAll(/^\s+(?:'([^']+)'|([A-Za-z0-9_$-]+)):/gm)].map((m) => m[1] ?? m[2]);
};
const pages = new Set([...keysOf('src/web/app/pages.ts', 'export const PAGES'), ...keysOf('src/web/app/console-pages.ts', 'export const CONSOLE_ROUTES')]);
const kindPages = kindPageIndex(KINDS);

const args = process.argv.slice(2);
const list = args.includes('--list');
const areas = args.filter((a) => !a.startsWith('--'));
const byArea = new Map<string, { total: number; todo: string[] }>();
for (const r of routes) {
  if (areas.length && !areas.includes(r.area)) continue;
  const a = byArea.get(r.area) ?? { total: 0, todo: [] };
  a.total += 1;
  if (!r.redirect && !pages.has(r.name) && !kindPages.has(r.name)) a.todo.push(r.name);
  byArea.set(r.area, a);
}
let todo = 0;
let total = 0;
for (const [area, a] of [...byArea].sort()) {
  todo += a.todo.length;
  total += a.total;
  console.log(
    `${area.padEnd(24)} ${String(a.todo.length).padStart(3)} of ${String(a.total).padStart(3)} 建设中${list && a.todo.length ? `: ${a.todo.join(', ')}` : ''}`,
  );
}
console.log(`${'all'.padEnd(24)} ${String(todo).padStart(3)} of ${String(total).padStart(3)} 建设中`);
