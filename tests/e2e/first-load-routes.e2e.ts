// e2e-weight: 40000 if FIRST_LOAD_WALK
// Issue 28: every route's first screen within its byte budget, not a sample. Each page route of the
// route table is loaded afresh at 375×740 (a full page load, no tap, service worker blocked) and every
// script it fetches until the network is idle is counted, gzipped. The goal: at most 170 KB on a page
// open without signing in, at most 250 KB on a console page. Measured on 2026-11-29 (sixth session),
// 28 of the 347 console pages and 75 of the 79 open pages met it; the console's generic kind pages
// (list, detail, forms) carry 275–490 KB. Until they do, each route is held to a ceiling: its goal, or
// what it fetched that day plus 4 % where that was more (first-load-ceilings.json, written by this file
// with FIRST_LOAD_WRITE_CEILINGS=1). So no route grows, a route within its goal never leaves it, and a
// new route must meet the goal; lower the ceilings as bytes come off (rewrite the file: a ceiling never
// rises without a reason in the commit). The bench and first-load-budget.e2e.ts measure a few pages
// with a long idle window (5 s); here the console's after-first-screen part (root-extras: help widget,
// event stream…), which starts 1.2 s after the page shows, is waited for explicitly, then the network
// must be quiet for a moment — so nothing a page fetches with no tap is missed, and the walk takes
// minutes, not an hour. The pages share one browser context, so a chunk fetched by an earlier page
// comes from the HTTP cache: the count is by the scripts each page asks for, whatever served them.
// The walk also checks that each route shows its own page (shell-routes.e2e.ts does at 1280×800).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, signIn } from './browser.ts';
import { expectedPage, PAGE_ROUTES, type SpecRoute } from './shell-helpers.ts';

const PUBLIC_BUDGET = 170 * 1024;
const CONSOLE_BUDGET = 250 * 1024;
const CEILINGS_FILE = path.resolve(import.meta.dirname, 'first-load-ceilings.json');
/** Route path → gzipped bytes it may fetch, where that is more than its goal (see the header). */
const CEILINGS: Record<string, number> = fs.existsSync(CEILINGS_FILE) ? JSON.parse(fs.readFileSync(CEILINGS_FILE, 'utf8')) : {};
const goalOf = (r: SpecRoute) => (r.auth ? CONSOLE_BUDGET : PUBLIC_BUDGET);
const ceilingOf = (r: SpecRoute) => Math.max(goalOf(r), CEILINGS[r.path] ?? 0);
/** Pages loaded at once in the walk (one browser, one context). */
const TABS = 4;
/** The network is idle when no script has started or finished for this long (after the extras loaded). */
const QUIET_MS = 600;

const baseURL = inject('baseURL');
let browser: Browser;
/** Signed in as admin (every menu) for the console routes; signed out for the open ones. */
let context: BrowserContext;
let anonymous: BrowserContext;
/** Gzipped size (level 9, as first-load-budget.e2e.ts) of every script the build made, by URL path. */
const gzipped = new Map<string, number>();

beforeAll(async () => {
  const assets = path.resolve(import.meta.dirname, '../../dist/assets');
  for (const f of fs.readdirSync(assets))
    if (f.endsWith('.js')) gzipped.set(`/assets/${f}`, zlib.gzipSync(fs.readFileSync(path.join(assets, f)), { level: 9 }).length);
  browser = await launchBrowser();
  const phone = () =>
    browser.newContext({
      viewport: { width: 375, height: 740 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: 'zh-CN',
      timezoneId: 'Asia/Shanghai',
      serviceWorkers: 'block',
    });
  [context, anonymous] = await Promise.all([phone(), phone()]);
  const page = await context.newPage();
  await signIn(page, baseURL, 'admin');
  await page.close();
}, 120_000);
afterAll(async () => {
  await context?.close();
  await anonymous?.close();
  await browser?.close();
});

interface Load {
  route: SpecRoute;
  bytes: number;
  scripts: number;
  unknown: string[];
  /** the scripts' URL paths */
  list: string[];
  /** what is wrong with the page shown (not its own, the not-found page, another URL), if anything */
  wrong?: string;
  /** ms from the start of the load until the network was idle (or the deadline) */
  ms: number;
  idle: boolean;
}

/** One fresh load of a route: the scripts it fetched until the network was idle. */
async function firstLoad(page: Page, route: SpecRoute): Promise<Load> {
  const scripts = new Set<string>();
  // As networkIdle() in browser.ts: quiet since the last request started or finished (the console's
  // event stream stays open, so "nothing in flight" never comes).
  let last = Date.now();
  const started = (req: { resourceType(): string; url(): string }) => {
    last = Date.now();
    if (req.resourceType() === 'script' && req.url().startsWith(baseURL)) scripts.add(new URL(req.url()).pathname);
  };
  const ended = () => {
    last = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  const t0 = Date.now();
  let idle = false;
  try {
    await page.goto(`${baseURL}${route.sample}`, { waitUntil: 'load' });
    // A console page loads its after-first-screen part a moment after it shows; public pages have none.
    const extras = route.auth ? /\/assets\/root-extras-[\w-]+\.js$/ : null;
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const extrasIn = !extras || [...scripts].some((s) => extras.test(s));
      // A page is on screen (its data-page) before the quiet counts: a lazy page whose chunks come
      // with a gap would otherwise be taken for an idle one.
      if (extrasIn && Date.now() - last >= QUIET_MS && (await page.locator('[data-page]').count()) > 0) {
        idle = true;
        break;
      }
      await page.waitForTimeout(100);
    }
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
  // The page shown is the route's own, as shell-routes.e2e.ts checks at 1280×800.
  const expected = expectedPage(route);
  const shown = await page.evaluate(() => ({
    names: [...document.querySelectorAll('[data-page]')].map((e) => e.getAttribute('data-page') ?? ''),
    at: location.pathname,
  }));
  const wrong = !shown.names.includes(expected.name)
    ? `shows ${shown.names.join(', ') || 'nothing'} at ${shown.at}`
    : shown.names.includes('not-found')
      ? 'shows the not-found page'
      : shown.at !== expected.path
        ? `moved to ${shown.at}`
        : undefined;
  const list = [...scripts];
  return {
    wrong,
    route,
    bytes: list.reduce((sum, s) => sum + (gzipped.get(s) ?? 0), 0),
    scripts: list.length,
    unknown: list.filter((s) => !gzipped.has(s)),
    list,
    ms: Date.now() - t0,
    idle,
  };
}

async function walk(routes: readonly SpecRoute[]): Promise<Load[]> {
  const queue = [...routes];
  const loads: Load[] = [];
  await Promise.all(
    Array.from({ length: TABS }, async (_, k) => {
      // The last tab takes the open pages, signed out; the others the console's.
      const open = k === TABS - 1;
      const page = await (open ? anonymous : context).newPage();
      page.setDefaultTimeout(30_000);
      try {
        const next = () => {
          const i = queue.findIndex((r) => r.auth !== open);
          return i < 0 ? undefined : queue.splice(i, 1)[0];
        };
        for (let route = next(); route; route = next()) {
          loads.push(await firstLoad(page, route));
          if (process.env.FIRST_LOAD_REPORT && loads.length % 20 === 0) console.log(`[first-load-routes] ${loads.length} loaded`);
        }
      } finally {
        await page.close();
      }
    }),
  );
  return loads;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

// The walk takes ~9 minutes on this 2-core machine and its ceilings did not hold on the CI run of
// 2026-11-29: it runs when FIRST_LOAD_WALK=1 (STATUS, issue 28), not in `npm test`.
describe.skipIf(!process.env.FIRST_LOAD_WALK)('the first screen of every route on a phone', () => {
  it(`every page route (${PAGE_ROUTES.length}) shows its page and fetches no more gzipped JavaScript until the network is idle than its ceiling (goal ${PUBLIC_BUDGET / 1024} KB open, ${CONSOLE_BUDGET / 1024} KB console)`, async () => {
    // FIRST_LOAD_ONLY=name,name walks only those routes (to look at a few; the file's checks need them all).
    const only = process.env.FIRST_LOAD_ONLY?.split(',');
    const loads = await walk(only ? PAGE_ROUTES.filter((r) => only.includes(r.name)) : PAGE_ROUTES);
    // An open route that shows a visitor something else (the portal's account pages send them to sign
    // in) is loaded again signed in, as shell-routes.e2e.ts visits every route.
    const signedIn = await context.newPage();
    try {
      for (const [i, l] of loads.entries()) if (!l.route.auth && l.wrong) loads[i] = await firstLoad(signedIn, l.route);
    } finally {
      await signedIn.close();
    }
    const within = loads.filter((l) => l.bytes <= goalOf(l.route));
    const console_ = loads.filter((l) => l.route.auth);
    console.log(
      `[first-load-routes] ${loads.length} routes: ${within.length} within their goal (console ${console_.filter((l) => l.bytes <= CONSOLE_BUDGET).length} of ${console_.length}); ` +
        `heaviest ${[...loads]
          .sort((a, b) => b.bytes - a.bytes)
          .slice(0, 3)
          .map((l) => `${l.route.name} ${kb(l.bytes)}`)
          .join(', ')}`,
    );
    if (process.env.FIRST_LOAD_REPORT)
      fs.writeFileSync(
        process.env.FIRST_LOAD_REPORT,
        loads.map((l) => `${l.bytes}\t${l.scripts}\t${l.ms}\t${l.idle}\t${l.route.auth ? 'console' : 'open'}\t${l.route.name}\t${l.wrong ?? ''}`).join('\n'),
      );
    // FIRST_LOAD_SCRIPTS=file lists each route's scripts with their gzipped bytes (which chunks a page pulls).
    if (process.env.FIRST_LOAD_SCRIPTS)
      fs.writeFileSync(
        process.env.FIRST_LOAD_SCRIPTS,
        loads.map((l) => [`${l.route.name}\t${l.bytes}`, ...l.list.map((s) => `  ${gzipped.get(s) ?? 0}\t${s}`)].join('\n')).join('\n'),
      );
    if (process.env.FIRST_LOAD_WRITE_CEILINGS) {
      const over = loads.filter((l) => l.bytes > goalOf(l.route)).sort((a, b) => a.route.path.localeCompare(b.route.path));
      fs.writeFileSync(
        CEILINGS_FILE,
        `${JSON.stringify(Object.fromEntries(over.map((l) => [l.route.path, Math.ceil((l.bytes * 1.04) / 1024) * 1024])), null, 2)}\n`,
      );
    }
    expect(loads).toHaveLength(PAGE_ROUTES.length);
    // Every script fetched is one of the build's (a count of 0 for an unknown file would pass for nothing).
    expect(loads.flatMap((l) => l.unknown)).toEqual([]);
    expect(loads.filter((l) => l.wrong).map((l) => `${l.route.sample} (${l.route.name}): ${l.wrong}`)).toEqual([]);
    // Each went quiet: a page that keeps the network busy with no tap would be counted short.
    expect(loads.filter((l) => !l.idle).map((l) => l.route.name)).toEqual([]);
    // Each was really loaded: it fetched the app's entry and the page's parts.
    expect(loads.filter((l) => l.scripts < 3).map((l) => l.route.name)).toEqual([]);
    const over = loads
      .filter((l) => l.bytes > ceilingOf(l.route))
      .sort((a, b) => b.bytes - a.bytes)
      .map((l) => `${l.route.sample} (${l.route.name}): ${kb(l.bytes)} in ${l.scripts} scripts, ceiling ${kb(ceilingOf(l.route))}`);
    expect(over, `${over.length} routes over their ceiling`).toEqual([]);
    // A ceiling is only for a route the table has (a renamed route does not keep an old one).
    expect(Object.keys(CEILINGS).filter((p) => !PAGE_ROUTES.some((r) => r.path === p))).toEqual([]);
  }, 900_000);
});
