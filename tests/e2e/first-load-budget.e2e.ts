// The first-load budget of the public pages (issue 10): everything /portal and /login fetch as
// JavaScript with no tap until the network is idle, at 375×740 with the service worker blocked
// (its precache is not counted), is at most 170 KB gzip. Bytes, not times: a new dependency or a
// console namespace that slips into a visitor's load fails here; `npm run bench` prints the figures.
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, networkIdle } from './browser.ts';

const BUDGET = 170 * 1024;
let browser: Browser;
const baseURL = inject('baseURL');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('first load of the public pages', () => {
  for (const [url, name] of [
    ['/portal', 'portal'],
    ['/login', 'login'],
  ] as const) {
    it(`${url} fetches at most 170 KB of gzipped JavaScript until the network is idle`, async () => {
      const context = await browser.newContext({
        viewport: { width: 375, height: 740 },
        isMobile: true,
        hasTouch: true,
        locale: 'zh-CN',
        serviceWorkers: 'block',
      });
      const page = await context.newPage();
      const sizes = new Map<string, Promise<number>>();
      page.on('requestfinished', (req) => {
        if (req.resourceType() !== 'script' || !req.url().startsWith(baseURL)) return;
        sizes.set(
          req.url(),
          req
            .response()
            .then((res) => res!.body())
            .then((body) => zlib.gzipSync(body, { level: 9 }).length),
        );
      });
      try {
        await page.goto(`${baseURL}${url}`);
        await page.locator(`[data-page="${name}"]`).waitFor({ state: 'attached' });
        await networkIdle(page);
        const total = (await Promise.all(sizes.values())).reduce((a, b) => a + b, 0);
        expect(sizes.size).toBeGreaterThan(3);
        expect(total, `${url}: ${(total / 1024).toFixed(1)} KB gz in ${sizes.size} scripts`).toBeLessThanOrEqual(BUDGET);
      } finally {
        await context.close();
      }
    });
  }
});
