// File storage (issue 30): buy a NAS on a phone (375×740) through the derived purchase wizard, see it
// reach 可用 on its detail page; on a desktop (1280×800) authorise a host to it from the detail's
// 授权主机 action (hosts picked by name) and find the host under its related resources.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot, signIn } from './browser.ts';

let browser: Browser;
const baseURL = inject('baseURL');
const name = `e2e-nas-${Date.now().toString(36)}`;
let nasId = '';

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const statusOf = (page: Page) => page.locator('.ys-titlebar [data-testid="status-badge"]').getAttribute('data-status');

describe('NAS', () => {
  it('is bought on a phone', async () => {
    const page = await newPage(browser, 'phone');
    await signIn(page, baseURL, 'tenant_admin');
    await page.goto(`${baseURL}/nasBuy`);
    await page.locator('[data-testid="buy-step-placement"]').waitFor();
    await expect.poll(() => page.locator('[data-testid="field-az_id"] .adm-selector-item-active').count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => page.locator('[data-testid="price-sum"]').textContent(), { timeout: 15_000 }).toMatch(/¥\d+\.\d{2}/);
    await page.locator('[data-testid="buy-next"]').click();
    await page.locator('[data-testid="buy-step-config"]').waitFor();
    await page.locator('[data-testid="field-protocol"]').getByText('NFS').click();
    await screenshot(page, 'nas-phone-buy-config');
    await page.locator('[data-testid="buy-next"]').click();
    await page.locator('[data-testid="buy-step-confirm"]').waitFor();
    await page.locator('input[name="name"]').fill(name);
    await screenshot(page, 'nas-phone-buy-confirm');
    await page.locator('[data-testid="buy-submit"]').click();
    await page.waitForURL(/\/nasDetail\/[0-9a-f]{32}$/);
    nasId = page.url().split('/').pop()!;
    await expect.poll(() => statusOf(page), { timeout: 20_000 }).toBe('available');
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).toContain('NFS');
    await screenshot(page, 'nas-phone-detail');
  });

  it('authorises a host on a desktop', async () => {
    expect(nasId).not.toBe('');
    const page = await newPage(browser, 'desktop');
    await signIn(page, baseURL, 'tenant_admin');
    await page.goto(`${baseURL}/nasDetail/${nasId}`);
    await expect.poll(() => statusOf(page), { timeout: 15_000 }).toBe('available');
    await page.locator('[data-action="authorize"]').click();
    const sheet = page.locator('[data-testid="action-params"]');
    await sheet.waitFor();
    await sheet.locator('[data-testid="hosts-add"]').click();
    const picker = sheet.locator('select[data-testid="field-hosts.0.instance_id"]');
    await expect.poll(() => picker.locator('option').count(), { timeout: 15_000 }).toBeGreaterThan(1);
    const hostName = ((await picker.locator('option').nth(1).textContent()) ?? '').replace(/（.*$/, '');
    await picker.selectOption({ index: 1 });
    expect(await sheet.textContent()).toContain('还可添加 9 台');
    await screenshot(page, 'nas-desktop-authorize');
    await sheet.locator('[data-testid="params-submit"]').click();
    await sheet.waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('main').textContent(), { timeout: 15_000 }).toMatch(/已授权主机\s*1\s*台/);
    await page.getByRole('tab', { name: '关联资源' }).click();
    await expect.poll(() => page.locator('[data-testid="relations"]').textContent(), { timeout: 15_000 }).toContain(hostName);
    await screenshot(page, 'nas-desktop-relations');
  });
});
