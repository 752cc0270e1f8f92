// The web's performance budget (issue 3): the first screen of /portal and of /login loads at most
// 170 KB of compressed JavaScript; every route chunk is lazy. Three sections:
// - web-bundle: a production build of its own (never the shared dist/, which other runs rebuild),
//   the entry chunk + modulepreloads + their static imports from dist/ files, gzip (level 9) and
//   brotli (quality 11); the largest lazy chunk.
// - web-first-screen: what Chromium actually requests (network events) until the page's
//   data-page is on screen, and after the deferred parts (help widget, offline banner, service
//   worker) have loaded; sizes of those files compressed, and the bytes on the wire.
// - web-lighthouse: Lighthouse mobile performance score of /portal and /login, median of three.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, VIEWPORTS } from '../e2e/browser.ts';
import { freePort, startServer, type StartedServer } from '../e2e/server.ts';
import type { BenchResult, BenchRow, BenchSection } from './run.ts';

const root = path.resolve(import.meta.dirname, '../..');
/** The budget: 170 KB (170 × 1024 bytes) of compressed JavaScript for a first screen. */
export const FIRST_SCREEN_BUDGET = 170 * 1024;
const PAGES = ['/portal', '/login'] as const;
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

export function webSections(): BenchSection[] {
  return [
    { name: 'web-bundle', title: 'Web bundle — first-screen JavaScript from dist/ (compressed)', run: bundleSection },
    { name: 'web-first-screen', title: 'Web first screen — JavaScript Chromium requests (375×740)', run: firstScreenSection },
    { name: 'web-lighthouse', title: `Lighthouse mobile performance — median of ${LIGHTHOUSE_RUNS}`, run: lighthouseSection },
  ];
}

// ── the build ────────────────────────────────────────────────────────────────────────────────

let built: string | null = null;

/** A production build in a directory of its own (once per bench run). */
function buildOnce(): string {
  if (built) return built;
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'yunshu-bench-dist-'));
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const res = spawnSync(process.execPath, [vite, 'build', '--outDir', out, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (res.status !== 0) throw new Error(`vite build failed (exit ${res.status})`);
  fs.writeFileSync(path.join(out, '.build-stamp'), new Date().toISOString());
  process.on('exit', () => fs.rmSync(out, { recursive: true, force: true }));
  built = out;
  return out;
}

interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}
const sizeCache = new Map<string, Sizes>();

function sizesOf(file: string): Sizes {
  let s = sizeCache.get(file);
  if (!s) {
    const buf = fs.readFileSync(file);
    s = {
      raw: buf.length,
      gzip: zlib.gzipSync(buf, { level: 9 }).length,
      brotli: zlib.brotliCompressSync(buf, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buf.length } })
        .length,
    };
    sizeCache.set(file, s);
  }
  return s;
}

function total(dist: string, files: Iterable<string>): Sizes {
  const sum: Sizes = { raw: 0, gzip: 0, brotli: 0 };
  for (const f of files) {
    const s = sizesOf(path.join(dist, f));
    sum.raw += s.raw;
    sum.gzip += s.gzip;
    sum.brotli += s.brotli;
  }
  return sum;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const fmt = (s: Sizes) => `${kb(s.gzip)} gz / ${kb(s.brotli)} br`;
const verdict = (s: Sizes) => (Math.max(s.gzip, s.brotli) <= FIRST_SCREEN_BUDGET ? 'within 170 KB' : 'OVER 170 KB');

/** Static imports of a built chunk (`import … from "./x.js"`, `import "./x.js"`), as dist paths. */
function staticImports(dist: string, file: string): string[] {
  const code = fs.readFileSync(path.join(dist, file), 'utf8');
  const out = new Set<string>();
  const re = /(?:^|[;}\s])import\s*(?:[\w${},\s*]+?\s*from\s*)?["'](\.\/[^"']+\.js)["']/g;
  for (const m of code.matchAll(re)) out.add(path.posix.join(path.posix.dirname(file), m[1]!));
  return [...out];
}

function staticClosure(dist: string, entries: string[]): Set<string> {
  const seen = new Set<string>();
  const todo = [...entries];
  while (todo.length) {
    const f = todo.pop()!;
    if (seen.has(f)) continue;
    seen.add(f);
    todo.push(...staticImports(dist, f));
  }
  return seen;
}

/** The entry script and modulepreloads that index.html names (dist-relative paths). */
function htmlScripts(dist: string): { entry: string; preloads: string[] } {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entry = /<script[^>]+type="module"[^>]+src="\/([^"]+)"/.exec(html)?.[1];
  if (!entry) throw new Error('no module entry in dist/index.html');
  const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+)"/g)].map((m) => m[1]!);
  return { entry, preloads };
}

async function bundleSection(): Promise<BenchResult> {
  const dist = buildOnce();
  const { entry, preloads } = htmlScripts(dist);
  const closure = staticClosure(dist, [entry, ...preloads]);
  const rows: BenchRow[] = [];
  rows.push({ metric: `entry chunk (${path.basename(entry)})`, value: fmt(total(dist, [entry])), note: `${kb(sizesOf(path.join(dist, entry)).raw)} raw` });
  rows.push({ metric: `entry + ${preloads.length} modulepreloads`, value: fmt(total(dist, [entry, ...preloads])) });
  const initial = total(dist, closure);
  rows.push({ metric: `entry static closure (${closure.size} files)`, value: fmt(initial), note: verdict(initial) });
  const lazy = fs
    .readdirSync(path.join(dist, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => `assets/${f}`)
    .filter((f) => !closure.has(f))
    .map((f) => ({ f, s: sizesOf(path.join(dist, f)) }))
    .sort((a, b) => b.s.gzip - a.s.gzip);
  const largest = lazy[0];
  if (largest) rows.push({ metric: `largest lazy chunk (${path.basename(largest.f)})`, value: fmt(largest.s), note: `${kb(largest.s.raw)} raw` });
  if (lazy[1]) rows.push({ metric: `2nd largest lazy chunk (${path.basename(lazy[1].f)})`, value: fmt(lazy[1].s), note: `${kb(lazy[1].s.raw)} raw` });
  rows.push({ metric: 'lazy chunks', value: String(lazy.length), note: `${kb(lazy.reduce((n, x) => n + x.s.gzip, 0))} gz in all` });
  return { rows };
}

// ── what Chromium requests ──────────────────────────────────────────────────────────────────

let server: StartedServer | null = null;

async function benchServer(): Promise<StartedServer> {
  if (server) return server;
  const dist = buildOnce();
  server = await startServer({ DIST_DIR: dist, LOG_LEVEL: 'error' });
  const s = server;
  process.on('exit', () => {
    s.child.kill('SIGKILL');
    fs.rmSync(s.dataDir, { recursive: true, force: true });
  });
  return server;
}

const FIRST_SCREEN_NAME: Record<(typeof PAGES)[number], string> = { '/portal': 'portal', '/login': 'login' };

async function firstScreenSection(): Promise<BenchResult> {
  const dist = buildOnce();
  const srv = await benchServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  const rows: BenchRow[] = [];
  try {
    for (const url of PAGES) {
      const context = await browser.newContext({
        viewport: VIEWPORTS.phone,
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        locale: 'zh-CN',
        serviceWorkers: 'block',
      });
      const page = await context.newPage();
      const scripts: { file: string; wire: Promise<number>; first: boolean }[] = [];
      let shown = false;
      const beforeShown: string[] = [];
      page.on('requestfinished', (req) => {
        const u = new URL(req.url());
        if (req.resourceType() !== 'script' || u.origin !== srv.baseURL) return;
        const file = u.pathname.slice(1);
        scripts.push({
          file,
          first: !shown,
          wire: req
            .sizes()
            .then((s) => s.responseBodySize)
            .catch(() => 0),
        });
        if (!shown) beforeShown.push(file);
      });
      await page.goto(`${srv.baseURL}${url}`);
      await page.locator(`[data-page="${FIRST_SCREEN_NAME[url]}"]`).waitFor({ state: 'attached', timeout: 30_000 });
      shown = true;
      // the parts loaded after the first screen: help widget (idle), offline banner (1.5 s)
      await page.locator('[data-testid="help-widget"]').waitFor({ state: 'visible', timeout: 30_000 });
      await page.waitForTimeout(2000);
      const first = total(dist, new Set(beforeShown));
      const all = new Set(scripts.map((s) => s.file));
      const wires = await Promise.all(scripts.map((s) => s.wire));
      const wire = wires.reduce((a, b) => a + b, 0);
      const firstWire = wires.filter((_, i) => scripts[i]!.first).reduce((a, b) => a + b, 0);
      rows.push({
        metric: `${url}: JS until data-page shown (${new Set(beforeShown).size} files)`,
        value: fmt(first),
        note: `${verdict(first)}; ${kb(firstWire)} on the wire`,
      });
      rows.push({
        metric: `${url}: JS incl. deferred widgets (${all.size} files)`,
        value: fmt(total(dist, all)),
        note: `${kb(wire)} on the wire (server compression)`,
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return { rows };
}

// ── Lighthouse ──────────────────────────────────────────────────────────────────────────────

async function launchDebuggableChromium(): Promise<{ port: number; child: ChildProcess; profile: string }> {
  const port = await freePort();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'yunshu-lh-'));
  const chrome = process.env.CHROME_PATH ?? CHROMIUM;
  const child = spawn(
    chrome,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--no-default-browser-check',
      '--disable-dev-shm-usage',
      `--user-data-dir=${profile}`,
      `--remote-debugging-port=${port}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (res.ok) return { port, child, profile };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`${chrome} did not open its debugging port`);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function lighthouseSection(): Promise<BenchResult> {
  if (!fs.existsSync(process.env.CHROME_PATH ?? CHROMIUM)) return { rows: [], skipped: `${CHROMIUM} is missing` };
  process.env.CHROME_PATH ??= CHROMIUM;
  const { default: lighthouse } = await import('lighthouse');
  const srv = await benchServer();
  const rows: BenchRow[] = [];
  for (const url of PAGES) {
    const scores: number[] = [];
    const fcp: number[] = [];
    const lcp: number[] = [];
    const tbt: number[] = [];
    let failures = 0;
    while (scores.length < LIGHTHOUSE_RUNS) {
      // A fresh browser per run: no cache, no service worker from the run before.
      const chrome = await launchDebuggableChromium();
      try {
        const result = await lighthouse(`${srv.baseURL}${url}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
        const lhr = result?.lhr;
        if (!lhr) throw new Error('lighthouse returned no result');
        if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        scores.push(Math.round((lhr.categories.performance?.score ?? 0) * 100));
        fcp.push(lhr.audits['first-contentful-paint']?.numericValue ?? NaN);
        lcp.push(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN);
        tbt.push(lhr.audits['total-blocking-time']?.numericValue ?? NaN);
      } catch (err) {
        // Trace recording fails now and then on a busy machine (NO_NAVSTART): run again, a few times.
        if (++failures > 3) throw err;
        console.warn(`[bench] ${url}: lighthouse run failed, again (${(err as Error).message})`);
      } finally {
        chrome.child.kill('SIGKILL');
        fs.rmSync(chrome.profile, { recursive: true, force: true });
      }
    }
    rows.push({ metric: `${url}: performance score`, value: String(median(scores)), note: `runs ${scores.join(', ')}` });
    rows.push({
      metric: `${url}: FCP / LCP / TBT (median)`,
      value: `${(median(fcp) / 1000).toFixed(1)} s / ${(median(lcp) / 1000).toFixed(1)} s / ${Math.round(median(tbt))} ms`,
    });
  }
  return { rows };
}
