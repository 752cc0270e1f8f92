// Smoke: the built app loads at 375×740, signs in as tenant_admin through the UI and shows the
// signed-in name (issue 2 item 10).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot, signIn } from './browser.ts';

let browser: Browser;
const baseURL = inject('baseURL');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('smoke', () => {
  it('signs in as tenant_admin on a phone and shows the signed-in name', async () => {
    const page: Page = await newPage(browser, 'phone');
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    try {
      const res = await page.goto(`${baseURL}/login`);
      expect(res?.status()).toBe(200);
      await page.locator('input[name="account"]').waitFor({ state: 'visible' });
      await screenshot(page, 'smoke-phone-login');
      const name = await signIn(page, baseURL, 'tenant_admin');
      expect(name).toBe('华东制造 管理员 李娜');
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await screenshot(page, 'smoke-phone-signed-in');
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});
