// Screenshots of the signed-in console home (tenant_admin, /homeOperation) at 375×740 (phone),
// 820×1180 (tablet split view) and 1440×900 (desktop console), for the closing note: saved
// under tests/e2e/screenshots/ and copied to docs/screenshots/ (committed). Each also checks the
// layout of its width: no horizontal overflow, no untranslated i18n keys on screen.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, SCREENSHOT_DIR, signIn, VIEWPORTS } from './browser.ts';
import { waitForDataPage } from './shell-helpers.ts';

let browser: Browser;
const baseURL = inject('baseURL');
const DOCS_DIR = path.resolve(import.meta.dirname, '../../docs/screenshots');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const SHOTS = [
  { viewport: 'phone', file: 'home-375x740', layout: '.ys-phone' },
  { viewport: 'tablet', file: 'home-820x1180', layout: '.ys-tablet' },
  { viewport: 'wide', file: 'home-1440x900', layout: '.ys-desk' },
] as const;

describe('signed-in home screenshots (tenant_admin)', () => {
  for (const shot of SHOTS) {
    const { width, height } = VIEWPORTS[shot.viewport];
    it(`${width}×${height}`, async () => {
      const page = await newPage(browser, shot.viewport);
      try {
        await signIn(page, baseURL, 'tenant_admin');
        await waitForDataPage(page, 'homeOperation');
        await page.locator(shot.layout).waitFor({ state: 'visible' });
        // The home has no list/detail split of its own: the tablet menu stays open beside it.
        if (shot.viewport === 'tablet') expect(await page.locator('.ys-tablet').getAttribute('data-menu')).toBe('open');
        // settled: counts answered, the help widget (after the first screen) is up, no overlay
        await page.waitForFunction(() => [...document.querySelectorAll('.ys-ch__count-value')].every((e) => e.textContent !== '…'));
        await page.locator('[data-testid="help-widget"]').waitFor({ state: 'attached' });
        await page.locator('[data-testid="loading-overlay"]').waitFor({ state: 'hidden' });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        // an i18n key left untranslated reads like `namespace:key` or `a.b_c`
        const text = await page.locator('body').innerText();
        expect(text).not.toMatch(/\b[a-z]+:[a-z_]+(\.[a-z_]+)*\b/);
        expect(text).not.toMatch(/\b[a-z]+(_[a-z]+)*\.[a-z_]+\b/);
        // What the screen shows (a full-page capture would paint the fixed tab bar and help widget
        // in the middle of the page).
        fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
        const file = path.join(SCREENSHOT_DIR, `${shot.file}.png`);
        await page.screenshot({ path: file, fullPage: false });
        // The committed copies change only when asked: a test run leaves the tree clean.
        if (process.env.UPDATE_DOCS_SCREENSHOTS === '1') {
          fs.mkdirSync(DOCS_DIR, { recursive: true });
          fs.copyFileSync(file, path.join(DOCS_DIR, `${shot.file}.png`));
        }
      } finally {
        await page.context().close();
      }
    });
  }
});
