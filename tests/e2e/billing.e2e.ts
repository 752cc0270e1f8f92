// Bills end to end (issue 13). At 820×1180 as tenant_admin: the tenant bill overview (sums, trend,
// by vendor/product/project, the months), a month's detail, the project bill and its .xlsx export
// through the export task (表格生成中… with progress, then the file), and confirming last month's
// bill on billCheck. At 375×740: one visit per bill route made real. Screenshots of the overview
// and a detail at both sizes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { SCREENSHOT_DIR, launchBrowser, newPage, screenshot, signIn } from './browser.ts';
import { waitForDataPage } from './shell-helpers.ts';

let browser: Browser;
const baseURL = inject('baseURL');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const lastMonth = () => {
  const d = new Date(Date.now() + 8 * 3_600_000);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
};

describe('bills at 820×1180', () => {
  it('overview → month detail → project bill → export .xlsx; confirm last month', async () => {
    const page = await newPage(browser, 'tablet');
    await signIn(page, baseURL, 'tenant_admin');
    await page.goto(`${baseURL}/tenantBillOverview`);
    await waitForDataPage(page, 'tenantBillOverview');
    await expect.poll(() => page.locator('[data-testid="bill-amount"]').textContent(), { timeout: 20_000 }).toMatch(/^¥[\d,]+\.\d{2}$/);
    await page.locator('[data-testid="bill-trend"] canvas').waitFor();
    await expect.poll(() => page.locator('[data-testid="bill-by-vendor"]').textContent()).toContain('华为云');
    await expect.poll(() => page.locator('[data-testid="bill-by-project"] li').count()).toBeGreaterThan(1);
    await screenshot(page, 'billing-tablet-overview');

    await page.locator(`.ys-bill__month[data-month="${lastMonth()}"]`).click();
    await waitForDataPage(page, 'tenantBillDetail');
    await expect.poll(() => page.locator('[data-testid="bill-line"]').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await page.locator('[data-testid="bill-month"]').inputValue()).toBe(lastMonth());
    // Beside the menu the usage lines keep the resource's name and its product on a line each, never cut to a few characters.
    const line = page.locator('[data-testid="bill-line"]').first();
    for (const part of ['.ys-bill__line-name', '.ys-bill__line-meta']) {
      const box = await line.locator(part).boundingBox();
      expect(box!.width, part).toBeGreaterThan(250);
    }
    await screenshot(page, 'billing-tablet-detail');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'billing-tablet-detail-top.png') });

    await page.goto(`${baseURL}/projectBillOverview`);
    await waitForDataPage(page, 'projectBillOverview');
    await expect.poll(() => page.locator('[data-testid="bill-amount"]').textContent(), { timeout: 20_000 }).toMatch(/^¥/);
    await page.locator('[data-testid="bill-export-button"]').click();
    await expect.poll(() => page.locator('[data-testid="bill-export-progress"]').textContent()).toContain('表格生成中，预计需要20-60秒，请稍候');
    const link = page.locator('[data-testid="bill-download"]');
    await link.waitFor({ timeout: 30_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^项目账单-.*\.xlsx$/);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ys-bill-')), download.suggestedFilename());
    await download.saveAs(file);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).filter(Boolean).map(String);
    expect(header).toEqual(expect.arrayContaining(['日期', '资源名称', '应付金额（元）', '原币种', '汇率']));
    expect(sheet.rowCount).toBeGreaterThan(1);
    expect(String(sheet.getRow(2).getCell(header.indexOf('应付金额（元）') + 1).value)).toMatch(/^\d+\.\d{2}$/);

    await page.goto(`${baseURL}/billCheck`);
    await waitForDataPage(page, 'billCheck');
    // The latest past month still 未确认 (a retry finds last month confirmed already).
    const first = page.locator('.ys-bill__check:has([data-testid="bill-confirm"])').first();
    await first.waitFor({ timeout: 20_000 });
    const month = await first.getAttribute('data-month');
    const row = page.locator(`.ys-bill__check[data-month="${month}"]`);
    await row.locator('[data-testid="bill-confirm"]').click();
    await page.locator('.adm-dialog-button-bold').click();
    await expect.poll(() => row.locator('.ys-bill__state').getAttribute('data-state'), { timeout: 20_000 }).toBe('confirmed');
    expect(await row.locator('.ys-bill__state').textContent()).toBe('已确认');

    // Recharge: three decimals are refused before anything is sent; 100.50 is paid through the gateway.
    await page.goto(`${baseURL}/costCenter`);
    await waitForDataPage(page, 'costCenter');
    await expect.poll(() => page.locator('[data-testid="cost-available"]').textContent(), { timeout: 20_000 }).toMatch(/^¥/);
    const amount = page.locator('[data-testid="recharge-amount"] input');
    await amount.fill('1.234');
    expect(await page.locator('[data-testid="recharge-submit"]').isDisabled()).toBe(true);
    await amount.fill('100.50');
    await page.locator('[data-testid="recharge-submit"]').click();
    await expect.poll(() => page.locator('[data-testid="recharges"] li').first().getAttribute('data-state'), { timeout: 20_000 }).toBe('paid');
    expect(await page.locator('[data-testid="recharges"] li').first().textContent()).toContain('¥100.50');
    await screenshot(page, 'billing-tablet-cost-center');
    await page.context().close();
  });
});

describe('bill routes at 375×740', () => {
  it('renders each real bill page', async () => {
    const page = await newPage(browser, 'phone');
    await signIn(page, baseURL, 'tenant_admin');
    for (const name of [
      'tenantBillOverview',
      'projectBillOverview',
      'billOverviewMixcloud',
      'tenantBillDetail',
      'projectBillDetail',
      'billCheck',
      'costCenter',
    ]) {
      await page.goto(`${baseURL}/${name}`);
      await waitForDataPage(page, name);
      if (name === 'billCheck') await page.locator('[data-testid="bill-checks"]').waitFor();
      else if (name === 'costCenter') await expect.poll(() => page.locator('[data-testid="cost-available"]').textContent(), { timeout: 20_000 }).toMatch(/^¥/);
      else await expect.poll(() => page.locator('[data-testid="bill-amount"]').textContent(), { timeout: 20_000 }).toMatch(/^¥/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      if (name === 'tenantBillOverview') await screenshot(page, 'billing-phone-overview');
      if (name === 'tenantBillDetail') {
        await expect.poll(() => page.locator('[data-testid="bill-line"]').count(), { timeout: 20_000 }).toBeGreaterThan(0);
        await screenshot(page, 'billing-phone-detail');
        await page.locator('[data-testid="bill-lines"]').scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'billing-phone-detail-lines.png') });
      }
    }
    await page.goto(`${baseURL}/downloadRecord/downloadBill`);
    await waitForDataPage(page, 'downloadRecord_downloadBill');
    await page.context().close();
  });
});
