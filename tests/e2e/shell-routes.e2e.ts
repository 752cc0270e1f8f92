// e2e-weight: 25000
// Every sample URL of ../shared/spec/routes.json renders its own page (issue 3 "Done when"):
// data-page equals the route's name, never the not-found page, the URL stays the sample's; signed
// in as admin (super admin: every menu) for the routes that need it. Redirect routes land on their
// target. One browser context per viewport, client-side navigation between the samples (the data
// router runs each route's guard, loader and lazy page exactly as a click would): every route at
// 1280×800; at 375×740 first-load-routes.e2e.ts loads each one afresh and checks the same.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { STATIC_DOCS, staticDocUrl } from '../../src/domain/navigation/rules.ts';
import { launchBrowser, newPage, signIn, type ViewportName } from './browser.ts';
import { eventually, expectedPage, here, PAGE_ROUTES, SPEC_ROUTES, waitForDataPage, type SpecRoute } from './shell-helpers.ts';

let browser: Browser;
const baseURL = inject('baseURL');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Visits each route by client-side navigation, inside the page (no round trip per route): pushes
 * the sample URL, lets the data router run, waits for data-page="<name>". One line per failure.
 */
async function visitAll(page: Page, routes: readonly SpecRoute[], perRouteMs = 15_000): Promise<string[]> {
  return page.evaluate(
    async ({ list, limit }) => {
      const failures: string[] = [];
      const names = () => [...document.querySelectorAll('[data-page]')].map((e) => e.getAttribute('data-page') ?? '');
      for (const route of list) {
        window.history.pushState(null, '', route.sample);
        window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
        const started = performance.now();
        let shown = names();
        while (!shown.includes(route.name) && performance.now() - started < limit) {
          await new Promise((r) => setTimeout(r, 20));
          shown = names();
        }
        if (!shown.includes(route.name))
          failures.push(`${route.sample} (${route.name}): not shown within ${limit} ms at ${location.pathname} (shown: ${shown.join(', ') || 'none'})`);
        else if (shown.includes('not-found')) failures.push(`${route.sample}: the not-found page is shown (${shown.join(', ')})`);
        else if (location.pathname !== route.path) failures.push(`${route.sample}: moved to ${location.pathname}`);
      }
      return failures;
    },
    { list: routes.map(expectedPage), limit: perRouteMs },
  );
}

async function routeRun(viewport: ViewportName, routes: readonly SpecRoute[]): Promise<void> {
  const page = await newPage(browser, viewport);
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`${page.url()}: ${err.message}`));
  try {
    await signIn(page, baseURL, 'admin');
    const failures = await visitAll(page, routes);
    expect(failures, `${failures.length} of ${routes.length} routes failed`).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    await page.context().close();
  }
}

describe('route samples', () => {
  it('the spec lists the routes this file walks', () => {
    expect(SPEC_ROUTES.length).toBeGreaterThan(400);
    expect(PAGE_ROUTES.length).toBe(SPEC_ROUTES.length - SPEC_ROUTES.filter((r) => r.redirect).length);
  });

  it(`every page route (${PAGE_ROUTES.length}) renders its page at 1280×800`, async () => {
    await routeRun('desktop', PAGE_ROUTES);
  }, 300_000);

  it(`every page route (${PAGE_ROUTES.length}) renders its page at 375×740`, async () => {
    await routeRun('phone', PAGE_ROUTES);
  }, 300_000);
});

describe('redirect routes land on their target', () => {
  for (const viewport of ['desktop', 'phone'] as const) {
    it(`at ${viewport}`, async () => {
      const page = await newPage(browser, viewport);
      try {
        await signIn(page, baseURL, 'admin');
        for (const route of SPEC_ROUTES.filter((r) => r.redirect)) {
          await page.goto(`${baseURL}${route.sample}`);
          if (route.redirect === 'static-doc') {
            const target = staticDocUrl(STATIC_DOCS[route.name]!);
            await page.waitForURL(`${baseURL}${target}`);
            // The static manual itself, not the app's shell or an error page.
            await eventually(() => page.locator('h1').first().textContent()).toBeTruthy();
            expect(await page.locator('#root').count(), `${route.sample} shows the manual`).toBe(0);
          } else {
            await page.waitForURL(`${baseURL}${route.redirect}`);
            const target = SPEC_ROUTES.find((r) => r.path === route.redirect)!;
            await waitForDataPage(page, target.name);
            expect(here(page)).toBe(route.redirect);
          }
        }
      } finally {
        await page.context().close();
      }
    });
  }
});
