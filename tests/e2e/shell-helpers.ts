// Helpers of the console-shell E2E files (tests/e2e/shell-*.e2e.ts): the route spec, client-side
// navigation through the data router, waiting for a page by its data-page name, notices.
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { specRoutesPath } from '../fixtures/spec-routes.ts';
import { screenFor, withoutId } from '../../src/web/features/resources/kind-screens.ts';
import { ROUTE_FORMS } from '../../src/web/features/resources/forms/route-forms.ts';

export interface SpecRoute {
  path: string;
  name: string;
  area: string;
  auth: boolean;
  parent?: string;
  redirect?: string;
  sample: string;
}

/** ../shared/spec/routes.json: every route of seed 000 §2 with a sample URL. */
export const SPEC_ROUTES: readonly SpecRoute[] = JSON.parse(fs.readFileSync(specRoutesPath(), 'utf8')) as SpecRoute[];

/** A 32-lowercase-hex id, as the samples use. */
export const SAMPLE_ID = '0123456789abcdef0123456789abcdef';

/**
 * Navigates inside the single-page app without reloading it: a history entry and a popstate event,
 * which the data router handles like the back/forward buttons (loaders, guards and lazy pages run).
 */
export async function clientNavigate(page: Page, url: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, url);
}

/** The data-page names on screen (outer first). */
export function dataPages(page: Page): Promise<string[]> {
  return page.evaluate(() => [...document.querySelectorAll('[data-page]')].map((e) => e.getAttribute('data-page') ?? ''));
}

/**
 * Waits until an element with data-page="<name>" is on screen; on time-out the error says what is
 * shown instead (URL and data-page names), so a failing route is easy to read.
 */
export async function waitForDataPage(page: Page, name: string, timeout = 15_000): Promise<void> {
  try {
    await page.waitForFunction((n) => [...document.querySelectorAll('[data-page]')].some((e) => e.getAttribute('data-page') === n), name, {
      timeout,
      polling: 50,
    });
  } catch {
    const shown = await dataPages(page).catch(() => []);
    throw new Error(`data-page="${name}" not shown within ${timeout} ms at ${page.url()} (shown: ${shown.join(', ') || 'none'})`);
  }
}

/** Path + search of the page's URL. */
export function here(page: Page): string {
  const u = new URL(page.url());
  return u.pathname + u.search;
}

/** The sample routes that render a page (not the redirect routes). */
export const PAGE_ROUTES = SPEC_ROUTES.filter((r) => !r.redirect);

/**
 * The page a sample shows: its own, or for a bare parent route that a screen sends elsewhere in the
 * app (/natDetail has no gateway: natManage) that target's page and path.
 */
export function expectedPage(r: SpecRoute): { sample: string; name: string; path: string } {
  const found = screenFor(r.name, r.path);
  // A detail route whose sample has no id (/balanceLoadDetail) goes back to its list.
  const s = /[0-9a-f]{32}/.test(r.sample) || ROUTE_FORMS[r.name] ? found : withoutId(found);
  const target = s.screen === 'redirect' ? SPEC_ROUTES.find((x) => x.path === s.to) : undefined;
  return target ? { sample: r.sample, name: target.name, path: target.path } : { sample: r.sample, name: r.name, path: r.sample };
}

/** expect.poll with a time-out fit for a browser (vitest's default is one second). */
export function eventually<T>(fn: () => T | Promise<T>, message?: string) {
  return expect.poll(fn, { timeout: 15_000, interval: 50, message });
}

/**
 * The help widget never covers content (issue 28): it shows where nothing is under it — at the end
 * of a page, whose bottom padding leaves it that place. Scrolls there and waits for it.
 */
export async function revealHelpWidget(page: Page): Promise<void> {
  await page.locator('[data-testid="help-widget"]').waitFor({ state: 'attached' });
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.locator('[data-testid="help-widget"]').waitFor({ state: 'visible' });
}

/**
 * What the visible help widget covers: the text, pictures and controls of the page that share area
 * with its buttons (should be none). Walks every text node and element of the page, independently of
 * the widget's own sampling.
 */
export async function contentUnderHelpWidget(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const widget = document.querySelector<HTMLElement>('[data-testid="help-widget"]');
    if (!widget || getComputedStyle(widget).visibility === 'hidden') return [];
    const boxes = [...widget.querySelectorAll('button')].map((b) => b.getBoundingClientRect()).filter((r) => r.width > 0);
    const meets = (r: DOMRect) => boxes.some((b) => r.left < b.right && b.left < r.right && r.top < b.bottom && b.top < r.bottom);
    const hits: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const parent = n.parentElement;
      if (!n.textContent?.trim() || !parent || widget.contains(parent) || parent.closest('[data-floating]')) continue;
      if (getComputedStyle(parent).visibility === 'hidden') continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      if ([...range.getClientRects()].some((r) => r.width > 0 && meets(r))) hits.push(n.textContent.trim().slice(0, 20));
    }
    for (const el of document.querySelectorAll('img, svg, canvas, input, button, [role="button"]')) {
      if (widget.contains(el) || el.closest('[data-floating]') || (el.closest('svg') !== el && el.closest('svg'))) continue;
      const r = el.getBoundingClientRect();
      if (r.width > 0 && getComputedStyle(el).visibility !== 'hidden' && meets(r)) hits.push(`<${el.tagName.toLowerCase()}>`);
    }
    return hits;
  });
}
