// Orders and costs end to end (issue 13). At 820×1180 as tenant_admin (a 实业经营 tenant): convert a
// pay-as-you-go host to 包年包月 (the auto-renewal tip, the effective date, the result), open its
// order from the result and find it in the order list; the cost optimisation shows the findings of
// the strategy in effect, by host and by zone. At 375×740: each route once, nothing wider than the
// screen; at 375×740 a 包年包月 host is renewed and its order opens. Screenshots go to tests/e2e/screenshots and /tmp/border-shots.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot, signIn } from './browser.ts';
import { waitForDataPage } from './shell-helpers.ts';

let browser: Browser;
const baseURL = inject('baseURL');
const SHOTS = '/tmp/border-shots';

beforeAll(async () => {
  browser = await launchBrowser();
  fs.mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

async function shot(page: Page, name: string) {
  await screenshot(page, `orders-${name}`);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

describe('orders and costs at 820×1180', () => {
  it('converts a host to 包年包月, opens its order, and shows cost findings', async () => {
    const page = await newPage(browser, 'tablet');
    await signIn(page, baseURL, 'tenant_admin');
    await page.goto(`${baseURL}/convertPurchase`);
    await waitForDataPage(page, 'convertPurchase');
    const candidates = page.locator('[data-testid="convert-resources"] button:has([data-tag="quantity"])', { hasText: '云主机' });
    await expect.poll(() => candidates.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const host = candidates.last();
    const name = (await host.getAttribute('data-name'))!;
    await host.click();
    await page.locator('[data-testid="auto-renew-tip"]').waitFor();
    expect(await page.locator('[data-testid="auto-renew-tip"]').textContent()).toContain('自动续约');
    await page.locator('.adm-selector-item', { hasText: /^1 个月$/ }).click();
    await expect.poll(() => page.locator('[data-testid="convert-price"]').textContent(), { timeout: 20_000 }).toMatch(/^¥[\d,]+\.\d{2}$/);
    await shot(page, 'tablet-convert');
    await page.locator('[data-testid="convert-submit"]').click();
    await page.locator('.adm-dialog-button-bold').click();
    await page.locator('[data-testid="convert-result"]').waitFor({ timeout: 20_000 });
    expect(await page.locator('[data-testid="convert-result"]').textContent()).toContain(name);
    await shot(page, 'tablet-convert-result');

    const link = page.locator('[data-testid="convert-order-link"]');
    await link.waitFor({ timeout: 20_000 });
    await link.click();
    await waitForDataPage(page, 'orderDetail');
    const detail = page.locator('[data-testid="order-detail"]');
    await detail.waitFor({ timeout: 20_000 });
    expect(await detail.getAttribute('data-order-type')).toBe('convert');
    expect(await page.locator('[data-testid="order-resource"]').textContent()).toContain(name);
    expect(await page.locator('[data-testid="order-sum"]').textContent()).toMatch(/^¥[\d,]+\.\d{2}$/);
    // The order number people read, never the 32-character id (issue 28).
    expect(await detail.locator('[data-testid="order-no"]').textContent()).toMatch(/^20\d{12}$/);
    expect(await detail.textContent()).not.toMatch(/[0-9a-f]{32}/);
    await expect.poll(() => page.locator('[data-testid="order-lines"] li').count()).toBeGreaterThan(0);
    await shot(page, 'tablet-order-detail');

    await page.goto(`${baseURL}/orderManage`);
    await waitForDataPage(page, 'orderManage');
    await page.locator('.adm-selector-item', { hasText: '转包年包月' }).click();
    const first = page.locator('[data-testid="order-list"] a').first();
    await expect.poll(() => first.getAttribute('data-order-type'), { timeout: 20_000 }).toBe('convert');
    expect(await first.textContent()).toContain(name);
    await shot(page, 'tablet-orders');

    await page.goto(`${baseURL}/orderGeneral`);
    await waitForDataPage(page, 'orderGeneral');
    await expect.poll(() => page.locator('[data-testid="order-types"]').textContent(), { timeout: 20_000 }).toContain('转包年包月');
    await shot(page, 'tablet-order-general');

    await page.goto(`${baseURL}/billCostSeo`);
    await waitForDataPage(page, 'billCostSeo');
    await expect.poll(() => page.locator('[data-testid="total-saving"]').textContent(), { timeout: 20_000 }).toMatch(/^¥/);
    await page.locator('[data-testid="strategies"]').waitFor();
    expect(await page.locator('[data-testid="strategies"]').textContent()).toContain('使用中');
    await shot(page, 'tablet-cost');
    await page.locator('.ys-ord__tabs a', { hasText: '资源统计' }).click();
    await waitForDataPage(page, 'billCostSeo_resourceStatistics');
    await expect.poll(() => page.locator('[data-testid="findings"] [data-finding]').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const tags = await page.locator('[data-testid="findings"] [data-finding]').evaluateAll((els) => els.map((e) => e.getAttribute('data-finding')));
    expect(tags.some((f) => f !== 'normal')).toBe(true);
    await shot(page, 'tablet-cost-resources');
    await page.locator('.ys-ord__tabs a', { hasText: '按可用区' }).click();
    await waitForDataPage(page, 'zoneBillCostSeo');
    await expect.poll(() => page.locator('[data-testid="zones"] [data-zone]').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await shot(page, 'tablet-cost-zones');
    await page.context().close();
  });
});

describe('renewal at 375×740', () => {
  it('renews a 包年包月 host: period, price and new end shown, then the renew order opens', async () => {
    const page = await newPage(browser, 'phone');
    await signIn(page, baseURL, 'tenant_admin');
    await page.goto(`${baseURL}/convertPurchase`);
    await waitForDataPage(page, 'convertPurchase');
    const yearly = page.locator('[data-testid="convert-resources"] button:has([data-tag="year"])');
    await expect.poll(() => yearly.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const host = yearly.first();
    const name = (await host.getAttribute('data-name'))!;
    await host.click();
    await page.locator('[data-testid="renew-plan"] .adm-selector-item', { hasText: /^3 个月$/ }).click();
    await expect.poll(() => page.locator('[data-testid="renew-price"]').textContent(), { timeout: 20_000 }).toMatch(/^¥[\d,]+\.\d{2}$/);
    expect(await page.locator('[data-testid="renew-until"]').textContent()).toMatch(/延长至 \d{4}-\d{2}-\d{2}/);
    await page.locator('[data-testid="renew-plan"]').scrollIntoViewIfNeeded();
    await shot(page, 'phone-renew');
    await page.locator('[data-testid="renew-submit"]').click();
    await page.locator('.adm-dialog-button-bold').click();
    await waitForDataPage(page, 'orderDetail');
    const detail = page.locator('[data-testid="order-detail"]');
    await detail.waitFor({ timeout: 20_000 });
    expect(await detail.getAttribute('data-order-type')).toBe('renew');
    expect(await page.locator('[data-testid="order-resource"]').textContent()).toContain(name);
    await shot(page, 'phone-renew-order');
    await page.context().close();
  });
});

describe('order and cost routes at 375×740', () => {
  it('renders each page for real', async () => {
    const page = await newPage(browser, 'phone');
    await signIn(page, baseURL, 'tenant_admin');
    const checks: [string, string, string][] = [
      ['orderManage', '/orderManage', '[data-testid="order-list"]'],
      ['orderGeneral', '/orderGeneral', '[data-testid="order-totals"]'],
      ['convertPurchase', '/convertPurchase', '[data-testid="convert-resources"]'],
      ['projectLimitManage', '/projectLimitManage', '[data-testid="limits"]'],
      ['billDetailMaas', '/billDetailMaas', '[data-testid="maas-models"]'],
      ['billCostSeo', '/billCostSeo', '[data-testid="strategies"]'],
      ['billCostSeo_resourceStatistics', '/billCostSeo/resourceStatistics', '[data-testid="findings"]'],
      ['billCostSeo_billCostStatistics', '/billCostSeo/billCostStatistics', '[data-testid="saving-by-finding"]'],
      ['zoneBillCostSeo', '/zoneBillCostSeo', '[data-testid="zones"]'],
    ];
    for (const [name, url, ready] of checks) {
      await page.goto(`${baseURL}${url}`);
      await waitForDataPage(page, name);
      await page.locator(ready).first().waitFor({ timeout: 20_000 });
      expect(await page.locator('[data-under-construction]').count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await shot(page, `phone-${name}`);
    }
    await page.goto(`${baseURL}/orderManage`);
    await page.locator('[data-testid="order-list"] a').first().click();
    await waitForDataPage(page, 'orderDetail');
    await page.locator('[data-testid="order-lines"]').waitFor({ timeout: 20_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(page, 'phone-orderDetail');
    await page.context().close();
  });
});

describe('orders and costs at 1280×800', () => {
  it('lays the order list, the project limits and the cost statistics out for a desk', async () => {
    const page = await newPage(browser, 'desktop');
    await signIn(page, baseURL, 'tenant_admin');
    for (const [name, url, ready] of [
      ['orderManage', '/orderManage', '[data-testid="order-list"]'],
      ['projectLimitManage', '/projectLimitManage', '[data-testid="limits"]'],
      ['billCostSeo_billCostStatistics', '/billCostSeo/billCostStatistics', '[data-testid="saving-by-project"]'],
    ] as const) {
      await page.goto(`${baseURL}${url}`);
      await waitForDataPage(page, name);
      await page.locator(ready).waitFor({ timeout: 20_000 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
      await shot(page, `desktop-${name}`);
    }
    await page.context().close();
  });
});
