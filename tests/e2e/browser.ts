// Shared E2E helpers: Chromium from Debian (/usr/bin/chromium, never a download) driven by
// playwright-core, viewport presets, sign-in through the UI and screenshots.
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
export const DEMO_PASSWORD = 'Demo@123456';

export const VIEWPORTS = {
  phone: { width: 375, height: 740 },
  desktop: { width: 1280, height: 800 },
  tablet: { width: 820, height: 1180 },
  wide: { width: 1440, height: 900 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, 'screenshots');

export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (.ci/run does it)`);
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}

export interface ContextOptions {
  locale?: 'zh-CN' | 'zh-TW';
  baseURL?: string;
  /** 'block' (default) keeps the service worker out of tests; the PWA tests allow it. */
  serviceWorkers?: 'allow' | 'block';
}

export async function newContext(browser: Browser, viewport: ViewportName, opts: ContextOptions = {}): Promise<BrowserContext> {
  const phone = viewport === 'phone';
  const touch = phone || viewport === 'tablet';
  return browser.newContext({
    viewport: VIEWPORTS[viewport],
    deviceScaleFactor: phone ? 2 : 1,
    isMobile: phone,
    hasTouch: touch,
    locale: opts.locale ?? 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    baseURL: opts.baseURL,
    serviceWorkers: opts.serviceWorkers ?? 'block',
  });
}

export async function newPage(browser: Browser, viewport: ViewportName, opts: ContextOptions = {}): Promise<Page> {
  const context = await newContext(browser, viewport, opts);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  return page;
}

/** Signs in through the login page; resolves when the signed-in name is shown. */
export async function signIn(page: Page, baseURL: string, account: string, password = DEMO_PASSWORD): Promise<string> {
  await page.goto(`${baseURL}/login`);
  await page.locator('input[name="account"]').fill(account);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('[data-testid="login-submit"]').click();
  const name = page.locator('[data-testid="user-nickname"]').first();
  await name.waitFor({ state: 'visible' });
  return (await name.textContent())?.trim() ?? '';
}

/** Saves a full-page screenshot as tests/e2e/screenshots/<name>.png (gitignored). */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Waits until no request has started or finished for `quietMs`, and at least `minMs` after the
 * call: "until the network is idle" of issue 10's first-load measure (bench and budget test).
 */
export async function networkIdle(page: Page, quietMs = 1500, minMs = 5000): Promise<void> {
  let last = Date.now();
  const bump = () => (last = Date.now());
  page.on('request', bump);
  page.on('requestfinished', bump);
  page.on('requestfailed', bump);
  const started = Date.now();
  while (Date.now() - started < minMs || Date.now() - last < quietMs) await page.waitForTimeout(200);
  page.off('request', bump);
  page.off('requestfinished', bump);
  page.off('requestfailed', bump);
}
