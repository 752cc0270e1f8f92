// Installable and offline (issue 3): the web app manifest (name, 192/512/maskable icons, start_url,
// display standalone), the service worker (ready, then controlling after a reload), and a visited
// page reloaded without a network showing the app and the offline banner, not the browser's error
// page. Service workers are allowed in these contexts only.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext, newPage, signIn } from './browser.ts';
import { waitForDataPage } from './shell-helpers.ts';

let browser: Browser;
const baseURL = inject('baseURL');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface ManifestIcon {
  src: string;
  sizes: string;
  type?: string;
  purpose?: string;
}
interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  scope?: string;
  lang?: string;
  icons: ManifestIcon[];
}

/** Width and height of a PNG from its IHDR chunk. */
function pngSize(buf: Buffer): { width: number; height: number } {
  expect(buf.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}

/** Waits until the service worker is active and controls the page (reloading once if needed). */
async function controlled(page: Page): Promise<string> {
  const active = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? '');
  expect(active).toBe(`${new URL(page.url()).origin}/sw.js`);
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  return page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);
}

async function pwaPage(viewport: 'phone' | 'desktop'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, viewport, { serviceWorkers: 'allow' });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  return { context, page };
}

describe('installable', () => {
  it('links a Chinese manifest with 192/512/maskable icons, start_url and standalone display', async () => {
    const { context, page } = await pwaPage('phone');
    try {
      await page.goto(`${baseURL}/portal`);
      const href = await page.locator('link[rel="manifest"]').getAttribute('href');
      expect(href).toBeTruthy();
      const res = await page.request.get(new URL(href!, baseURL).href);
      expect(res.status()).toBe(200);
      const manifest = (await res.json()) as Manifest;
      expect(manifest.name).toContain('云枢');
      expect(manifest.short_name).toBe('云枢');
      expect(manifest.lang).toBe('zh-CN');
      expect(manifest.display).toBe('standalone');
      expect(manifest.start_url).toBe('/portal');
      const icons = manifest.icons;
      const find = (size: string, maskable: boolean) => icons.find((i) => i.sizes === size && (i.purpose ?? 'any').includes('maskable') === maskable);
      for (const [size, maskable] of [
        ['192x192', false],
        ['512x512', false],
        ['512x512', true],
      ] as const) {
        const icon = find(size, maskable);
        expect(icon, `${size}${maskable ? ' maskable' : ''}`).toBeTruthy();
        const img = await page.request.get(new URL(icon!.src, baseURL).href);
        expect(img.status(), icon!.src).toBe(200);
        expect(img.headers()['content-type']).toContain('image/png');
        const { width, height } = pngSize(await img.body());
        expect(`${width}x${height}`, icon!.src).toBe(size);
      }
      // the start URL itself answers the app
      const start = await page.request.get(new URL(manifest.start_url, baseURL).href);
      expect(start.status()).toBe(200);
      expect(await start.text()).toContain('<div id="root">');
    } finally {
      await context.close();
    }
  });

  it('registers the service worker, which controls the page after a reload', async () => {
    const { context, page } = await pwaPage('desktop');
    try {
      await page.goto(`${baseURL}/portal`);
      await waitForDataPage(page, 'portal');
      expect(await controlled(page)).toBe(`${baseURL}/sw.js`);
      await waitForDataPage(page, 'portal');
    } finally {
      await context.close();
    }
  });
});

describe('offline', () => {
  it('offline before the after-first-screen widgets loaded: the page stays, the widgets come with the network', async () => {
    // no service worker here: the widgets' chunk really cannot load
    const page = await newPage(browser, 'phone');
    try {
      const failed = page.waitForEvent('requestfailed', (r) => r.url().includes('/assets/root-extras-'));
      await page.goto(`${baseURL}/portal`);
      await waitForDataPage(page, 'portal');
      await page.context().setOffline(true);
      await failed;
      // not mistaken for a new deployment: no 「系统已更新」 screen, no reload
      await waitForDataPage(page, 'portal');
      expect(await page.locator('[data-page="update"]').count()).toBe(0);
      expect(await page.locator('[data-testid="help-widget"]').count()).toBe(0);
      await page.context().setOffline(false);
      await page.locator('[data-testid="help-widget"]').waitFor({ state: 'attached' });
      await waitForDataPage(page, 'portal');
      expect(await page.locator('[data-page="update"]').count()).toBe(0);
    } finally {
      await page.context().close();
    }
  });

  for (const viewport of ['phone', 'desktop'] as const) {
    it(`a visited page reloads without a network at ${viewport}: the app and the offline banner`, async () => {
      const { context, page } = await pwaPage(viewport);
      const browserErrors: string[] = [];
      page.on('pageerror', (err) => browserErrors.push(err.message));
      try {
        // the public portal
        await page.goto(`${baseURL}/portal`);
        await waitForDataPage(page, 'portal');
        await controlled(page);
        await context.setOffline(true);
        await page.reload();
        await waitForDataPage(page, 'portal');
        await page.locator('[data-testid="offline-notice"]').waitFor({ state: 'visible' });
        await context.setOffline(false);
        await page.locator('[data-testid="offline-notice"]').waitFor({ state: 'detached' });

        // a console page, signed in
        await signIn(page, baseURL, 'tenant_admin');
        await waitForDataPage(page, 'homeOperation');
        await context.setOffline(true);
        await page.reload();
        await waitForDataPage(page, 'homeOperation');
        await page.locator('[data-testid="offline-notice"]').waitFor({ state: 'visible' });
        // still signed in: the session is not dropped because the network is gone
        expect(await page.evaluate(() => window.localStorage.getItem('x_auth_token'))).toBeTruthy();
        expect(page.url()).toBe(`${baseURL}/homeOperation`);
        await context.setOffline(false);
        await page.locator('[data-testid="offline-notice"]').waitFor({ state: 'detached' });
        expect(browserErrors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
