// Language switching (issue 3 "Languages"): the zh-TW texts appear, the choice is kept under
// localStorage `local` across a reload and through sign-in, and requests carry Accept-Language.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import { DEMO_PASSWORD, launchBrowser, newPage, signIn } from './browser.ts';
import { eventually, waitForDataPage } from './shell-helpers.ts';

let browser: Browser;
const baseURL = inject('baseURL');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const isApi = (req: Request) => new URL(req.url()).pathname.startsWith('/api/');
const stored = (page: Page) => page.evaluate(() => window.localStorage.getItem('local'));
const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

describe('language switching', () => {
  it('at 1280×800 signed in: zh-TW texts, Accept-Language zh-TW, kept across reload, and back', async () => {
    const page = await newPage(browser, 'desktop');
    try {
      await signIn(page, baseURL, 'tenant_admin');
      await waitForDataPage(page, 'homeOperation');
      const brand = page.locator('.ys-brand__name').first();
      expect(await brand.textContent()).toBe('云枢');
      expect(await page.locator('[data-testid="side-menu"]').textContent()).toContain('计算');

      // The switch refetches the menus in the new language.
      const menus = page.waitForRequest((r) => r.url().includes('/api/v1/menus'));
      await page.locator('[data-testid="language-switch"] button[data-lang="zh-TW"]').filter({ visible: true }).first().click();
      expect((await menus).headers()['accept-language']).toBe('zh-TW');
      await eventually(() => brand.textContent()).toBe('雲樞');
      await eventually(() => htmlLang(page)).toBe('zh-TW');
      expect(await stored(page)).toBe('zh-TW');
      await eventually(() => page.locator('[data-testid="side-menu"]').textContent()).toContain('運算');
      await eventually(() => page.locator('[data-testid="industry-rules"]').textContent()).toContain('合約到期後自動續約');
      expect(await page.title()).toContain('雲樞');

      // Reload: still zh-TW, and the first API call already asks for it.
      const first = page.waitForRequest(isApi);
      await page.reload();
      expect((await first).headers()['accept-language']).toBe('zh-TW');
      await waitForDataPage(page, 'homeOperation');
      await eventually(() => brand.textContent()).toBe('雲樞');
      expect(await htmlLang(page)).toBe('zh-TW');
      await page.locator('[data-testid="language-switch"] button[data-lang="zh-TW"][aria-pressed="true"]').filter({ visible: true }).first().waitFor();

      // And back to Simplified Chinese.
      const back = page.waitForRequest((r) => r.url().includes('/api/v1/menus'));
      await page.locator('[data-testid="language-switch"] button[data-lang="zh-CN"]').filter({ visible: true }).first().click();
      expect((await back).headers()['accept-language']).toBe('zh-CN');
      await eventually(() => brand.textContent()).toBe('云枢');
      expect(await stored(page)).toBe('zh-CN');
    } finally {
      await page.context().close();
    }
  });

  it('at 375×740 signed out on the portal: the choice survives reload and sign-in', async () => {
    const page = await newPage(browser, 'phone');
    try {
      await page.goto(`${baseURL}/portal`);
      await waitForDataPage(page, 'portal');
      const login = page.locator('[data-testid="portal-login"]');
      expect(await login.textContent()).toBe('登录');
      await page.locator('footer [data-testid="language-switch"] button[data-lang="zh-TW"]').click();
      await eventually(() => login.textContent()).toBe('登入');
      expect(await stored(page)).toBe('zh-TW');

      await page.reload();
      await waitForDataPage(page, 'portal');
      await eventually(() => login.textContent()).toBe('登入');

      await login.click();
      await waitForDataPage(page, 'login');
      await page.locator('input[name="account"]').fill('tenant_admin');
      await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
      const signInCall = page.waitForRequest((r) => r.url().includes('/api/v1/login'));
      await page.locator('[data-testid="login-submit"]').click();
      expect((await signInCall).headers()['accept-language']).toBe('zh-TW');
      await page.locator('[data-testid="user-nickname"]').first().waitFor({ state: 'visible' });
      // the phone tab bar in Traditional Chinese (Taiwan usage: 簽核, 警示)
      const tabs = page.locator('.ys-phone__tabs');
      await eventually(() => tabs.textContent()).toContain('首頁');
      expect(await tabs.textContent()).toContain('簽核');
    } finally {
      await page.context().close();
    }
  });
});
