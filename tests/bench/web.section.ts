// The web's performance budgets (issue 10), at 375×740 in Chromium:
// - web-bundle: a production build of its own (never the shared dist/, which other runs rebuild),
//   the entry chunk + modulepreloads + their static imports from dist/ files, gzip (level 9) and
//   brotli (quality 11); the largest lazy chunk.
// - web-first-screen: every script a page fetches with no tap until the network is idle (no
//   request for 1.5 s, and at least 5 s after load), the service worker blocked so its precache is
//   not counted; anonymous /portal, /login and a product landing page, the approver's inbox and the host list signed in.
//   Plus the first visit's total: what the page fetched and what the service worker precaches.
// - web-lighthouse: Lighthouse 13 mobile performance and accessibility of the same pages,
//   median of three, each beside its goal.
// The pages come as a browser gets them from a deployed Yunshu: over HTTPS, so HTTP/2 (ADR 0040),
// with a certificate made for the run that Chromium trusts by its key. BENCH_TLS=off: plain HTTP/1.1.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, DEMO_PASSWORD, VIEWPORTS, networkIdle } from '../e2e/browser.ts';
import { freePort, startServer, type StartedServer } from '../e2e/server.ts';
import { devCertificate } from '../e2e/tls.ts';
import type { BenchResult, BenchRow, BenchSection } from './run.ts';

const root = path.resolve(import.meta.dirname, '../..');
/** The budget: 170 KB (170 × 1024 bytes) of compressed JavaScript for a first screen. */
export const FIRST_SCREEN_BUDGET = 170 * 1024;

/** The pages issue 10 measures: who opens them and the JS budget of each (KB gz). */
export interface BudgetPage {
  url: string;
  /** the page's `data-page` name */
  name: string;
  account?: string;
  jsGoalKb: number;
  /** the screen it is measured on (default: the phone, 375×740) */
  viewport?: 'phone' | 'tablet';
  /** a page whose address is found at run time (an alarm that fires now): answers the path */
  resolve?: (baseURL: string) => Promise<string>;
  /** what shows the content is there (default: the page's `data-page` element) */
  ready?: string;
}
export const BUDGET_PAGES: readonly BudgetPage[] = [
  { url: '/portal', name: 'portal', jsGoalKb: 170 },
  { url: '/login', name: 'login', jsGoalKb: 170 },
  // A product landing page (issue 14): public, so the public pages' budget.
  { url: '/portal/bms', name: 'portal_bms', jsGoalKb: 170 },
  { url: '/selfApprovalManage', name: 'selfApprovalManage', account: 'approver', jsGoalKb: 250 },
  { url: '/ecsManage', name: 'ecsManage', account: 'tenant_admin', jsGoalKb: 250 },
];
/** First visit, page plus service-worker precache, brotli. */
export const FIRST_VISIT_GOAL_KB = 450;
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

export function webSections(): BenchSection[] {
  return [
    { name: 'web-bundle', title: 'Web bundle — first-screen JavaScript from dist/ (compressed)', run: bundleSection },
    { name: 'web-first-screen', title: 'Web first load — JavaScript fetched with no tap until the network is idle (375×740)', run: firstScreenSection },
    { name: 'web-lighthouse', title: `Lighthouse 13 mobile, median of ${LIGHTHOUSE_RUNS}`, run: lighthouseSection },
  ];
}

// ── the build ────────────────────────────────────────────────────────────────────────────────

let built: string | null = null;

/** A production build in a directory of its own (once per bench run). */
function buildOnce(): string {
  if (built) return built;
  // BENCH_DIST=<dir>: an existing build (while iterating on one page; the bench leaves it in place).
  if (process.env.BENCH_DIST) return (built = path.resolve(process.env.BENCH_DIST));
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

/** The bench's server, and Chromium's flags that trust its certificate (none over plain HTTP). */
export type BenchServer = StartedServer & { chromeFlags: string[]; transport: 'https' | 'http' };
const servers = new Map<'https' | 'http', BenchServer>();

/** The bench's server over HTTPS/HTTP/2 (BENCH_TLS=off: plain HTTP/1.1 as `npm start` serves), or over the transport named. */
export async function benchServer(transport: 'https' | 'http' = process.env.BENCH_TLS === 'off' ? 'http' : 'https'): Promise<BenchServer> {
  const known = servers.get(transport);
  if (known) return known;
  const dist = buildOnce();
  const cert = transport === 'http' ? null : devCertificate();
  const started = await startServer({ DIST_DIR: dist, LOG_LEVEL: 'error', ...(cert ? { TLS_CERT: cert.certFile, TLS_KEY: cert.keyFile } : {}) });
  const s: BenchServer = { ...started, transport, chromeFlags: cert ? [`--ignore-certificate-errors-spki-list=${cert.spki}`] : [] };
  servers.set(transport, s);
  process.on('exit', () => {
    s.child.kill('SIGKILL');
    fs.rmSync(s.dataDir, { recursive: true, force: true });
    cert?.remove();
  });
  return s;
}

/** Signs `account` in through the login form (the name in the shell says it worked). */
export async function signInForm(page: import('playwright-core').Page, baseURL: string, account: string): Promise<void> {
  await page.goto(`${baseURL}/login`);
  await page.locator('input[name="account"]').fill(account);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('[data-testid="login-submit"]').click();
  await page.locator('[data-testid="user-nickname"]').first().waitFor({ state: 'attached', timeout: 30_000 });
}

/** A signed-in browser state for `account` (cookies and storage), made in a context of its own so the measured one starts with an empty cache. */
async function sessionState(browser: import('playwright-core').Browser, baseURL: string, account: string) {
  const context = await browser.newContext({ viewport: VIEWPORTS.phone, locale: 'zh-CN', serviceWorkers: 'block' });
  const page = await context.newPage();
  await signInForm(page, baseURL, account);
  const state = await context.storageState();
  await context.close();
  return state;
}

/** Files the service worker precaches (the manifest injected into dist/sw.js), dist-relative. */
function precacheFiles(dist: string): string[] {
  const sw = fs.readFileSync(path.join(dist, 'sw.js'), 'utf8');
  return [...new Set([...sw.matchAll(/"url":"\/?([^"]+)"|url:"\/?([^"]+)"/g)].map((m) => (m[1] ?? m[2])!))].filter((f) => fs.existsSync(path.join(dist, f)));
}

const goalNote = (bytes: number, goalKb: number) => `goal ≤ ${goalKb} KB: ${bytes <= goalKb * 1024 ? 'met' : 'OVER'}`;

/** A page's address: its own, or the one found at run time. */
async function addressOf(p: BudgetPage, baseURL: string): Promise<string> {
  return p.resolve ? p.resolve(baseURL) : p.url;
}

/** Every script each page fetches with no tap until the network is idle, gzip and brotli, beside its goal; and every file each fetched. */
export async function firstScreenRows(pages: readonly BudgetPage[], srv: BenchServer): Promise<{ rows: BenchRow[]; files: Map<string, Set<string>> }> {
  const dist = buildOnce();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, ...srv.chromeFlags], headless: true });
  const rows: BenchRow[] = [];
  const files = new Map<string, Set<string>>();
  try {
    for (const p of pages) {
      const storageState = p.account ? await sessionState(browser, srv.baseURL, p.account) : undefined;
      const context = await browser.newContext({
        viewport: VIEWPORTS[p.viewport ?? 'phone'],
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        locale: 'zh-CN',
        serviceWorkers: 'block',
        ...(storageState ? { storageState } : {}),
      });
      const page = await context.newPage();
      const scripts = new Set<string>();
      const every = new Set<string>();
      page.on('requestfinished', (req) => {
        const u = new URL(req.url());
        if (u.origin !== srv.baseURL || u.pathname.startsWith('/api/')) return;
        const file = u.pathname === '/' || !path.extname(u.pathname) ? 'index.html' : u.pathname.slice(1);
        every.add(file);
        if (req.resourceType() === 'script') scripts.add(file);
      });
      await page.goto(`${srv.baseURL}${await addressOf(p, srv.baseURL)}`);
      await page
        .locator(p.ready ?? `[data-page="${p.name}"]`)
        .first()
        .waitFor({ state: 'attached', timeout: 30_000 });
      await networkIdle(page);
      const js = total(dist, scripts);
      if (process.env.BENCH_VERBOSE)
        for (const f of [...scripts].sort((x, y) => sizesOf(path.join(dist, y)).gzip - sizesOf(path.join(dist, x)).gzip))
          console.log(`  ${p.url} ${f} ${kb(sizesOf(path.join(dist, f)).gzip)}`);
      rows.push({
        metric: `${p.url}${who(p)}: JS until network idle (${scripts.size} files)`,
        value: fmt(js),
        note: goalNote(js.gzip, p.jsGoalKb),
      });
      files.set(p.url, every);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return { rows, files };
}

/** Who opens a page, and on what, as the rows name it. */
const who = (p: BudgetPage) => {
  const parts = [p.account, p.viewport === 'tablet' ? '820×1180' : undefined].filter(Boolean);
  return parts.length ? ` (${parts.join(', ')})` : '';
};

async function firstScreenSection(): Promise<BenchResult> {
  const dist = buildOnce();
  const { rows, files } = await firstScreenRows(BUDGET_PAGES, await benchServer());
  const portalFiles = files.get('/portal') ?? new Set<string>();
  // The first visit: what /portal itself fetched, and what the service worker then precaches.
  const precached = precacheFiles(dist);
  const firstVisit = new Set([...portalFiles, ...precached].filter((f) => fs.existsSync(path.join(dist, f))));
  const brOf = (f: string) => (/\.(png|jpe?g|webp|woff2|ico)$/.test(f) ? fs.statSync(path.join(dist, f)).size : sizesOf(path.join(dist, f)).brotli);
  const firstVisitBr = [...firstVisit].reduce((n, f) => n + brOf(f), 0);
  rows.push({
    metric: `first visit to /portal incl. service-worker precache (${firstVisit.size} files, ${precached.length} precached)`,
    value: `${kb(firstVisitBr)} br`,
    note: goalNote(firstVisitBr, FIRST_VISIT_GOAL_KB),
  });
  return { rows };
}

// ── Lighthouse ──────────────────────────────────────────────────────────────────────────────

async function launchDebuggableChromium(flags: string[]): Promise<{ port: number; child: ChildProcess; profile: string }> {
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
      ...flags,
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

/** Signs `account` in inside the debuggable Chromium (its default profile), then empties its HTTP cache: the run starts signed in and cold. */
async function signInOverCdp(port: number, baseURL: string, account: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0]!;
    const page = await context.newPage();
    await signInForm(page, baseURL, account);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    // The service worker the sign-in installed would answer from its precache: unregister it.
    await page.evaluate(async () => {
      for (const r of await navigator.serviceWorker.getRegistrations()) await r.unregister();
      for (const k of await caches.keys()) await caches.delete(k);
    });
    await page.close();
  } finally {
    await browser.close().catch(() => undefined);
  }
}

interface Diagnostics {
  mainThreadMs: number;
  breakdown: string;
  longTasks: number;
  bootupMs: number;
  scripts: string;
}

type Lhr = { audits: Record<string, { numericValue?: number; details?: unknown } | undefined> };

/** Lighthouse's mainthread-work-breakdown, bootup-time and long-tasks audits, in one line each. */
function diagnostics(lhr: Lhr): Diagnostics {
  const items = (id: string) => ((lhr.audits[id]?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? []) as Record<string, any>[];
  const ms = (n: unknown) => `${Math.round(Number(n) || 0)}`;
  const breakdown = items('mainthread-work-breakdown')
    .slice(0, 4)
    .map((x) => `${x.groupLabel ?? x.group} ${ms(x.duration)}`)
    .join(', ');
  const scripts = items('bootup-time')
    .slice(0, 3)
    .map((x) => `${String(x.url).replace(/^https?:\/\/[^/]+/, '')} ${ms(x.total)}`)
    .join(', ');
  return {
    mainThreadMs: lhr.audits['mainthread-work-breakdown']?.numericValue ?? NaN,
    breakdown,
    longTasks: items('long-tasks').length,
    bootupMs: lhr.audits['bootup-time']?.numericValue ?? NaN,
    scripts,
  };
}

/** The goals a Lighthouse row is held to. */
export interface LighthouseGoals {
  performance: number;
  accessibility: number;
  cls: number;
}

async function lighthouseSection(): Promise<BenchResult> {
  if (!fs.existsSync(process.env.CHROME_PATH ?? CHROMIUM)) return { rows: [], skipped: `${CHROMIUM} is missing` };
  // BENCH_LIGHTHOUSE_PAGES=/login,/ecsManage audits only those pages (while fixing one).
  const only = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',');
  const pages = BUDGET_PAGES.filter((x) => !only || only.includes(x.url));
  return { rows: await lighthouseRows(pages, await benchServer(), { performance: 95, accessibility: 98, cls: 0.1 }) };
}

/** Lighthouse 13 mobile on each page, median of LIGHTHOUSE_RUNS fresh browsers, beside the goals. */
export async function lighthouseRows(pages: readonly BudgetPage[], srv: BenchServer, goals: LighthouseGoals): Promise<BenchRow[]> {
  process.env.CHROME_PATH ??= CHROMIUM;
  const rows: BenchRow[] = [];
  for (const p of pages) rows.push(...(await lighthousePage(p, srv, goals)));
  return rows;
}

async function lighthousePage(p: BudgetPage, srv: BenchServer, goals: LighthouseGoals): Promise<BenchRow[]> {
  const { default: lighthouse } = await import('lighthouse');
  const rows: BenchRow[] = [];
  const url = await addressOf(p, srv.baseURL);
  // The tablet rows: Lighthouse's mobile settings on an 820×1180 screen.
  const screen = p.viewport === 'tablet' ? { screenEmulation: { mobile: true, width: 820, height: 1180, deviceScaleFactor: 2, disabled: false } } : {};
  {
    const perf: number[] = [];
    const a11y: number[] = [];
    const fcp: number[] = [];
    const lcp: number[] = [];
    const tbt: number[] = [];
    const cls: number[] = [];
    const diag: Diagnostics[] = [];
    let failures = 0;
    while (perf.length < LIGHTHOUSE_RUNS) {
      // A fresh browser per run: no cache, no service worker from the run before.
      const chrome = await launchDebuggableChromium(srv.chromeFlags);
      try {
        if (p.account) await signInOverCdp(chrome.port, srv.baseURL, p.account);
        const result = await lighthouse(`${srv.baseURL}${url}`, {
          port: chrome.port,
          ...screen,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          // Keep the session the sign-in left (the HTTP cache was emptied by hand).
          disableStorageReset: Boolean(p.account),
        });
        const lhr = result?.lhr;
        if (!lhr) throw new Error('lighthouse returned no result');
        if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        if (p.account && !lhr.finalDisplayedUrl.includes(url.split('?')[0]!)) throw new Error(`lighthouse landed on ${lhr.finalDisplayedUrl}, not ${url}`);
        // BENCH_LHR_DIR=<dir> keeps each run's whole report (the critical chain, the network waterfall).
        if (process.env.BENCH_LHR_DIR)
          fs.writeFileSync(path.join(process.env.BENCH_LHR_DIR, `${p.url.replace(/\W+/g, '_')}-${perf.length + 1}.json`), JSON.stringify(lhr));
        perf.push(Math.round((lhr.categories.performance?.score ?? 0) * 100));
        a11y.push(Math.round((lhr.categories.accessibility?.score ?? 0) * 100));
        fcp.push(lhr.audits['first-contentful-paint']?.numericValue ?? NaN);
        lcp.push(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN);
        tbt.push(lhr.audits['total-blocking-time']?.numericValue ?? NaN);
        cls.push(lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN);
        diag.push(diagnostics(lhr));
        if (perf.length === 1) {
          const failing = Object.values(lhr.audits)
            .filter((x) => x.score !== null && x.score < 1 && (lhr.categories.accessibility?.auditRefs ?? []).some((r) => r.id === x.id && r.weight > 0))
            .map((x) => x.id);
          if (failing.length) console.log(`[bench] ${p.url}: accessibility audits below 100: ${failing.join(', ')}`);
          // Which elements (BENCH_VERBOSE): accessibility failures are deterministic, fix each one.
          if (process.env.BENCH_VERBOSE)
            for (const id of failing) {
              const items = (
                (lhr.audits[id]?.details as { items?: { node?: { selector?: string; snippet?: string; explanation?: string } }[] } | undefined)?.items ?? []
              ).slice(0, 8);
              for (const it of items)
                console.log(`  ${id}: ${it.node?.selector ?? ''} ${it.node?.snippet ?? ''} ${(it.node?.explanation ?? '').split('\n')[0]}`);
            }
        }
      } catch (err) {
        // Trace recording fails now and then on a busy machine (NO_NAVSTART): run again, a few times.
        if (++failures > 3) throw err;
        console.warn(`[bench] ${p.url}: lighthouse run failed, again (${(err as Error).message})`);
      } finally {
        chrome.child.kill('SIGKILL');
        // Chrome's helper processes may still be writing to the profile for a moment after the kill
        // (ENOTEMPTY on a loaded machine lost a whole page's results): retry instead of failing.
        fs.rmSync(chrome.profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
      }
    }
    const name = `${p.url}${who(p)}${srv.transport === 'http' ? ' over HTTP/1.1' : ''}`;
    const mp = median(perf);
    const ma = median(a11y);
    const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
    rows.push({
      metric: `${name}: performance`,
      value: String(mp),
      note: `goal ≥ ${goals.performance}: ${met(mp >= goals.performance)}; runs ${perf.join(', ')}`,
    });
    rows.push({
      metric: `${name}: accessibility`,
      value: String(ma),
      note: `goal ≥ ${goals.accessibility}: ${met(ma >= goals.accessibility)}; runs ${a11y.join(', ')}`,
    });
    const mc = median(cls);
    const mt = median(tbt);
    rows.push({
      metric: `${name}: FCP / LCP / TBT / CLS`,
      value: `${(median(fcp) / 1000).toFixed(1)} s / ${(median(lcp) / 1000).toFixed(1)} s / ${Math.round(mt)} ms / ${mc.toFixed(2)}`,
      note: `goals TBT ≤ 150 ms: ${met(mt <= 150)}, CLS ≤ ${goals.cls}: ${met(mc <= goals.cls)}`,
    });
    // Where the main thread went (the run with the median TBT): compare before/after on one machine.
    const d = diag[tbt.indexOf(mt)] ?? diag[0]!;
    rows.push({
      metric: `${name}: main thread / long tasks`,
      value: `${(d.mainThreadMs / 1000).toFixed(1)} s / ${d.longTasks}`,
      note: `${d.breakdown}; bootup ${(d.bootupMs / 1000).toFixed(1)} s: ${d.scripts}`,
    });
  }
  return rows;
}
