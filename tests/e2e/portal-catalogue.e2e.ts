// The service catalogue in the browser: the portal lists it, an internal product opens at the
// route the catalogue adds (/product/…, not a route of the spec) with its page, a reload of that
// route still works (the routes are added on the first unmatched navigation), 立即购买 signed out
// goes through the login page to the purchase page. Both sizes.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import path from 'node:path';
import { DEMO_PASSWORD, SCREENSHOT_DIR, launchBrowser, newPage, screenshot } from './browser.ts';

let browser: Browser;
const baseURL = inject('baseURL');
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

for (const viewport of ['phone', 'desktop'] as const) {
  describe(`service catalogue at ${viewport}`, () => {
    it('portal → product page on a catalogue route → reload → buy through login', async () => {
      const page = await newPage(browser, viewport);
      try {
        await page.goto(`${baseURL}/portal`);
        const ecs = page.locator('[data-testid="catalogue"] [data-testid="catalogue-product"]', { hasText: '云主机' });
        await ecs.waitFor();
        // The partner product is an outside link, the white paper a document: neither is a route.
        expect(await page.locator('[data-testid="catalogue"] a', { hasText: '合作伙伴 CDN' }).getAttribute('target')).toBe('_blank');
        await page.locator('[data-testid="catalogue"]').screenshot({ path: path.join(SCREENSHOT_DIR, `portal-catalogue-${viewport}.png`) });
        await ecs.click();
        await page.waitForURL(`${baseURL}/product/ecs`);
        await expect.poll(() => page.locator('[data-testid="product-name"]').textContent()).toBe('云主机');
        await screenshot(page, `portal-product-${viewport}`);

        // A cold load of the catalogue route: not in the spec's table, added from the catalogue.
        await page.reload();
        await expect.poll(() => page.locator('[data-testid="product-name"]').textContent()).toBe('云主机');
        expect(await page.locator('[data-page="notFound"]').count()).toBe(0);
        if (viewport === 'phone') expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

        // 立即购买 needs a session: login first, then the purchase page.
        await page.locator('[data-testid="product-buy"]').click();
        await page.waitForURL(/\/login\?redirect=%2FecsBuy$/);
        await page.locator('input[name="account"]').fill('tenant_admin');
        await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
        await page.locator('[data-testid="login-submit"]').click();
        await page.waitForURL(`${baseURL}/ecsBuy`);

        // An unknown product id on productRoute says so.
        await page.goto(`${baseURL}/productRoute/0123456789abcdef0123456789abcdef`);
        await page.getByText('该产品不存在或已下架').waitFor();
      } finally {
        await page.context().close();
      }
    });
  });
}
