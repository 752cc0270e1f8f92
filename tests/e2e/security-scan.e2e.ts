// e2e-weight: 4700
// Security scanning (issue 31): on a phone (375×740) tenant_admin opens the scan strategies, starts
// the web hosts' scan, follows it to 已完成 (the server's scheduler runs it) and opens a finding with
// its CVSS score in words; the desktop (1280×800) shows the overview and the findings table.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, screenshot, signIn } from './browser.ts';

let browser: Browser;
const baseURL = inject('baseURL');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('security scanning', () => {
  it('starts a scan from a phone and shows what it found', async () => {
    const page = await newPage(browser, 'phone');
    await signIn(page, baseURL, 'tenant_admin');
    await page.goto(`${baseURL}/scanStrategy`);
    const card = page.locator('[data-testid="strategy-card"]', { hasText: 'Web 主机漏洞扫描' });
    await card.waitFor();
    await screenshot(page, 'security-phone-strategies');
    await card.locator('[data-testid="scan-now"]').click();
    await page.waitForURL(/\/leakHistoryDetail\/[0-9a-f]{32}$/);
    await expect.poll(() => page.locator('main').textContent(), { timeout: 30_000 }).toContain('已完成');
    await page.locator('[data-testid="scan-finding"]').first().waitFor();
    expect(await page.locator('main').textContent()).toMatch(/CVE-\d{4}-\d{4,}/);
    await screenshot(page, 'security-phone-scan');
    await page.goto(`${baseURL}/leakManage?severity=critical`);
    await page.locator('[data-testid="finding-card"] a').first().click();
    await page.waitForURL(/\/leakDetail\/[0-9a-f]{32}$/);
    await expect.poll(() => page.locator('main').textContent(), { timeout: 15_000 }).toContain('攻击途径');
    expect(await page.locator('main').textContent()).toMatch(/基础评分\s*(9\.\d|10\.0)（严重）/);
    await screenshot(page, 'security-phone-finding');
  });

  it('shows the overview and the findings on a desktop', async () => {
    const page = await newPage(browser, 'desktop');
    await signIn(page, baseURL, 'tenant_admin');
    await page.goto(`${baseURL}/leakOverview`);
    await page.locator('[data-testid="severity-stats"]').waitFor();
    await screenshot(page, 'security-desktop-overview');
    await page.goto(`${baseURL}/leakManage`);
    await page.locator('[data-testid="finding-table"] tbody tr').first().waitFor();
    await screenshot(page, 'security-desktop-findings');
  });
});
