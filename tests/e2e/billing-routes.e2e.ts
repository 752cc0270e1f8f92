// e2e-weight: 4900
// Issue 13's last done-when line: every `console.billing` route of routes.json renders its real page
// at 820×1180 (the tablet is the reference for billing) — its data-page, no 建设中 card, nothing wider
// than the screen. The phone width is covered route by route in shell-routes.e2e.ts and in the
// billing, orders and invoices journeys.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, signIn } from './browser.ts';
import { PAGE_ROUTES, waitForDataPage } from './shell-helpers.ts';

let browser: Browser;
const baseURL = inject('baseURL');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const BILLING = PAGE_ROUTES.filter((r) => r.area === 'console.billing');

describe('billing routes at 820×1180', () => {
  it('renders every console.billing route as its real page', async () => {
    expect(BILLING.length).toBeGreaterThan(30);
    const page = await newPage(browser, 'tablet');
    await signIn(page, baseURL, 'tenant_admin');
    const unbuilt: string[] = [];
    for (const route of BILLING) {
      await page.goto(`${baseURL}${route.sample}`);
      await waitForDataPage(page, route.name);
      if (await page.locator('[data-testid="under-construction"]').count()) unbuilt.push(route.name);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), route.name).toBeLessThanOrEqual(820);
    }
    expect(unbuilt).toEqual([]);
    await page.context().close();
  });
});
