// e2e-weight: 14000
// The navigation rules of seed 000 §2 in the browser, at 375×740 and 1280×800: unknown paths, the
// 32-hex-id redirect rule, requireAuth → /login remembering the destination and returning after
// sign-in, the menu-permission refusal with the seed's warning, scroll to top on navigation, and a
// failed lazy chunk showing 「系统已更新，页面即将刷新！」 and then reloading.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, launchBrowser, newPage, signIn } from './browser.ts';
import { clientNavigate, eventually, here, SAMPLE_ID, waitForDataPage } from './shell-helpers.ts';

let browser: Browser;
const baseURL = inject('baseURL');
const ID = SAMPLE_ID;
const NO_PERMISSION = '您没有该权限，请联系管理员获取权限！';
const UPDATED = '系统已更新，页面即将刷新！';

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function withPage(viewport: 'phone' | 'desktop', fn: (page: Page) => Promise<void>): Promise<void> {
  const page = await newPage(browser, viewport);
  try {
    await fn(page);
  } finally {
    await page.context().close();
  }
}

for (const viewport of ['phone', 'desktop'] as const) {
  describe(`navigation rules at ${viewport}`, () => {
    it('unknown paths show the not-found page and keep the URL', () =>
      withPage(viewport, async (page) => {
        await page.goto(`${baseURL}/no/such/page`);
        await waitForDataPage(page, 'not-found');
        expect(here(page)).toBe('/no/such/page');
        // an id after an unknown name is not a route either
        await clientNavigate(page, `/nope/${ID}`);
        await page.waitForURL(`${baseURL}/nope/${ID}`);
        await waitForDataPage(page, 'not-found');
      }));

    it('requireAuth: signed out → /login remembering the destination, back there after sign-in', () =>
      withPage(viewport, async (page) => {
        const target = `/ecsDetail/${ID}?from=e2e`;
        await page.goto(`${baseURL}${target}`);
        await page.waitForURL((u) => u.pathname === '/login');
        await waitForDataPage(page, 'login');
        expect(new URL(page.url()).searchParams.get('redirect')).toBe(target);
        await page.locator('input[name="account"]').fill('admin');
        await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
        await page.locator('[data-testid="login-submit"]').click();
        await page.waitForURL(`${baseURL}${target}`);
        await waitForDataPage(page, 'ecsDetail');
        // /console needs the session too, then redirects to /ecsManage
        await clientNavigate(page, '/console');
        await page.waitForURL(`${baseURL}/ecsManage`);
        await waitForDataPage(page, 'ecsManage');
      }));

    it('the 32-hex-id rule: an unmatched path ending in an id goes to the route named by the rest', () =>
      withPage(viewport, async (page) => {
        await signIn(page, baseURL, 'admin');
        // a tab child known by its segment name, with the id
        await page.goto(`${baseURL}/outline/${ID}`);
        await page.waitForURL(`${baseURL}/natDetail/outline/${ID}`);
        await waitForDataPage(page, 'natDetail_outline');
        // a route without an id parameter gets it as a query
        await clientNavigate(page, `/ecsManage/${ID}`);
        await page.waitForURL(`${baseURL}/ecsManage?id=${ID}`);
        await waitForDataPage(page, 'ecsManage');
        // no id: the route named by the path
        await clientNavigate(page, '/publicImage');
        await page.waitForURL(`${baseURL}/images/publicImage`);
        await waitForDataPage(page, 'images_publicImage');
      }));

    it('a menu the role does not hold is refused with the warning (tenant_admin on /ecsAdminManage)', () =>
      withPage(viewport, async (page) => {
        await signIn(page, baseURL, 'tenant_admin');
        // typed into the address bar (a full load) …
        await page.goto(`${baseURL}/ecsAdminManage`);
        const warning = page.locator('.ys-notice--warning', { hasText: NO_PERMISSION });
        await warning.waitFor({ state: 'visible' });
        await page.waitForURL(`${baseURL}/homeOperation`);
        await waitForDataPage(page, 'homeOperation');
        // … and followed inside the app
        await page.locator('.ys-notice__close').first().click();
        await warning.waitFor({ state: 'detached' });
        await clientNavigate(page, '/ecsAdminManage');
        await warning.waitFor({ state: 'visible' });
        await page.waitForURL(`${baseURL}/homeOperation`);
        // the role's own menu still opens
        await clientNavigate(page, '/ecsManage');
        await waitForDataPage(page, 'ecsManage');
      }));

    it('every navigation scrolls to the top', () =>
      withPage(viewport, async (page) => {
        await page.goto(`${baseURL}/portal`);
        await waitForDataPage(page, 'portal');
        // Tall enough to scroll at every width, whatever the portal shows.
        await page.evaluate(() => {
          document.body.style.minHeight = '4000px';
        });
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await eventually(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
        await page.locator('footer a[href="/about"]').click();
        await waitForDataPage(page, 'about');
        await eventually(() => page.evaluate(() => window.scrollY)).toBe(0);
      }));

    it(`a lazy page that fails to load shows 「${UPDATED}」, then reloads`, () =>
      withPage(viewport, async (page) => {
        await page.goto(`${baseURL}/portal`);
        await waitForDataPage(page, 'portal');
        // after the first screen's own lazy parts (the help widget comes last)
        await page.locator('[data-testid="help-widget"]').waitFor({ state: 'attached' });
        // a new deployment: the old chunks are gone
        const gone = (url: URL) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js');
        await page.route(gone, (route) => route.abort('failed'));
        await page.locator('footer a[href="/about"]').click();
        const notice = page.locator('.ys-notice--info', { hasText: UPDATED });
        await notice.waitFor({ state: 'visible' });
        expect(await page.locator('[data-page="update"]').count()).toBe(1);
        // the new version is there by the time the page reloads (5 s later)
        await page.unroute(gone);
        await page.waitForEvent('load', { timeout: 20_000 });
        await waitForDataPage(page, 'about');
        expect(here(page)).toBe('/about');
        await eventually(() => page.locator('.ys-notice--info', { hasText: UPDATED }).count()).toBe(0);
      }));
  });
}
