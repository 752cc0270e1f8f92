// The service catalogue (issue 31): on a phone (375×740) tenant_admin opens the catalogue, adds a
// service with its terms under a level-2 group of 运维服务 and sends it for publishing, which leaves it
// 审批中 in the approval engine; on a desktop (1280×800) the category's services are a table with
// their prices and charge hours in words.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, screenshot, signIn } from './browser.ts';

let browser: Browser;
const baseURL = inject('baseURL');
const name = `容器平台巡检${Date.now().toString(36).slice(-4)}`;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('service catalogue', () => {
  it('adds a service on a phone and sends it for publishing', async () => {
    const page = await newPage(browser, 'phone');
    await signIn(page, baseURL, 'tenant_admin');
    await page.goto(`${baseURL}/serviceSetting`);
    await page.locator('[data-testid="sc-top"]').first().waitFor();
    await screenshot(page, 'service-catalogue-phone-setting');
    await page.getByRole('link', { name: '基础设施运维' }).click();
    await page.waitForURL(/\/serviceFirstDetail\/[0-9a-f]{32}$/);
    await page.locator('[data-testid="sc-group"]').first().getByRole('button', { name: '新增三级服务' }).click();
    await page.waitForURL(/\/serviceThirdAdd\?parent=/);
    await page.locator('[data-testid="sc-name"] input').fill(name);
    await page.locator('[data-testid="sc-owners"]').getByText('华东制造 管理员 李娜').click();
    await page.locator('[data-testid="sc-hours"]').getByText('7×24 小时').click();
    await page.locator('[data-testid="sc-price"] input').fill('1200');
    await page.locator('[data-testid="sc-unit"]').getByText('月', { exact: true }).click();
    await page.locator('[data-testid="sc-billing"]').getByText('按月').click();
    await page.locator('[data-testid="sc-save"]').click();
    await page.waitForURL(/\/serviceIndexDetail\?id=[0-9a-f]{32}$/);
    await expect.poll(() => page.locator('main').textContent(), { timeout: 15_000 }).toContain('¥1,200.00/月');
    expect(await page.locator('main').textContent()).toContain('草稿');
    await page.locator('[data-testid="sc-publish"]').click();
    await expect.poll(() => page.locator('main').textContent(), { timeout: 15_000 }).toContain('审批中');
    await screenshot(page, 'service-catalogue-phone-detail');
  });

  it('lists a category’s services as a table on a desktop', async () => {
    const page = await newPage(browser, 'desktop');
    await signIn(page, baseURL, 'tenant_admin');
    await page.goto(`${baseURL}/operationServiceManage`);
    await page.locator('[data-testid="sc-services-table"]').waitFor();
    const text = await page.locator('[data-testid="sc-services-table"]').textContent();
    expect(text).toContain('¥1,200.00/月');
    expect(text).toContain('7×24 小时');
    await screenshot(page, 'service-catalogue-desktop-operation');
  });
});
