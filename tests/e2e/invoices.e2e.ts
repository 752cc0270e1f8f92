// Invoices end to end (issue 13, second part; ADR 0025). At 820×1180: tenant_admin applies for an
// invoice from a confirmed bill (开票申请 → 等待 GOA 审批), the approver approves it on the
// approvals screen, and the invoice shows 已开票 with its number while the bill reads 已开票. At
// 375×740 each invoice and contract route once (no horizontal overflow); screenshots at 375×740,
// 820×1180 and 1280×800.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, launchBrowser, newPage, screenshot, signIn } from './browser.ts';
import { waitForDataPage } from './shell-helpers.ts';

let browser: Browser;
const baseURL = inject('baseURL');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function open(page: Page, path: string, name: string) {
  await page.goto(`${baseURL}${path}`);
  await waitForDataPage(page, name);
}

describe('invoice at 820×1180', () => {
  it('tenant_admin applies from a confirmed bill, the approver approves, the invoice is issued', async () => {
    const page = await newPage(browser, 'tablet');
    await signIn(page, baseURL, 'tenant_admin');
    await open(page, '/receiptManage/billApply', 'receiptManage_billApply');
    const pick = page.locator('[data-testid="apply-bills"] li[data-state="confirmed"]').first();
    await pick.waitFor({ timeout: 20_000 });
    const month = (await pick.getAttribute('data-month'))!;
    await pick.locator('.adm-checkbox').click();
    await expect.poll(() => page.locator('[data-testid="apply-total"]').textContent()).toMatch(/^¥[\d,]+\.\d{2}$/);
    expect(await page.locator('[data-testid="apply-total"]').textContent()).not.toBe('¥0.00');
    const total = Number((await page.locator('[data-testid="apply-total"]').textContent())!.replace(/[¥,]/g, ''));
    await screenshot(page, 'invoices-tablet-apply');
    await page.locator('[data-testid="apply-submit"]').click();
    await waitForDataPage(page, 'receiptManage_invoiceDetail', 20_000);
    const detail = page.locator('[data-testid="invoice-detail"]');
    await expect.poll(() => detail.getAttribute('data-state'), { timeout: 20_000 }).toBe('goa_pending');
    expect(await detail.textContent()).toContain('等待 GOA 审批');
    const invoiceUrl = page.url();
    const approvalHref = (await page.locator('a[href^="/selfApprovalDetail/"]').first().getAttribute('href'))!;

    // The approver decides it on the approvals screen.
    const approver = await newPage(browser, 'tablet');
    await signIn(approver, baseURL, 'approver');
    await approver.goto(`${baseURL}${approvalHref}`);
    const approve = approver.locator('[data-testid="detail-approve"]');
    await approve.waitFor({ timeout: 20_000 });
    expect(await approver.locator('body').textContent()).toContain('开票申请');
    await screenshot(approver, 'invoices-tablet-approver');
    await approve.click();
    await approver.locator('[data-testid="undo-bar"]').waitFor({ state: 'hidden', timeout: 15_000 });
    if (total >= 10_000) {
      // approving ¥10,000 or more asks the approver to prove it is them (step-up, ADR 0023): the password here
      await approver.locator('[data-testid="step-up"]').waitFor({ timeout: 15_000 });
      await approver.locator('[data-testid="step-up-password"] input, input[data-testid="step-up-password"]').first().fill(DEMO_PASSWORD);
      await approver.locator('[data-testid="step-up-password-submit"]').click();
      await approver.locator('[data-testid="step-up"]').waitFor({ state: 'hidden', timeout: 15_000 });
    }

    // Issued: number, 已开票, the bill 已开票.
    await expect
      .poll(
        async () => {
          await page.goto(invoiceUrl);
          await waitForDataPage(page, 'receiptManage_invoiceDetail');
          return detail.getAttribute('data-state');
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe('issued');
    expect(await detail.textContent()).toMatch(/已开票[\s\S]*\d{8}/);
    await screenshot(page, 'invoices-tablet-issued');
    await open(page, '/receiptManage/billHistory', 'receiptManage_billHistory');
    const row = page.locator('[data-testid="bills-history"] tr', { hasText: month });
    await expect.poll(() => row.locator('.ys-inv__state').first().getAttribute('data-state'), { timeout: 20_000 }).toBe('invoiced');
    await screenshot(page, 'invoices-tablet-history');
    await open(page, '/receiptManage/invoiceManage', 'receiptManage_invoiceManage');
    await page.locator('[data-testid="invoice-list"] tbody tr').first().waitFor({ timeout: 20_000 });
    await screenshot(page, 'invoices-tablet-list');
    await open(page, '/contractManage', 'contractManage');
    await page.locator('[data-testid="contracts"] tbody tr').first().waitFor({ timeout: 20_000 });
    await screenshot(page, 'invoices-tablet-contracts');
    await approver.context().close();
    await page.context().close();
  });
});

describe('invoice routes at 375×740 and 1280×800', () => {
  it('renders each invoice and contract page', async () => {
    const page = await newPage(browser, 'phone');
    await signIn(page, baseURL, 'tenant_admin');
    const firstId = async (path: string, name: string, list: string) => {
      await open(page, path, name);
      const card = page.locator(`[data-testid="${list}"] .ys-inv__cards li`).first();
      await card.waitFor({ timeout: 20_000 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(375);
      return (await card.getAttribute('data-id'))!;
    };
    const info = await firstId('/receiptInfoManage', 'receiptInfoManage', 'invoice-infos');
    await screenshot(page, 'invoices-phone-infos');
    const pool = await firstId('/receiptManage', 'receiptManage', 'invoice-pools');
    const bill = await firstId('/receiptManage/billHistory', 'receiptManage_billHistory', 'bills-history');
    await firstId('/receiptManage/billUndistributedHistory', 'receiptManage_billUndistributedHistory', 'bills-undistributed');
    await firstId('/receiptManage/billOaHistory', 'receiptManage_billOaHistory', 'invoice-oa');
    const inv = await firstId('/receiptManage/invoiceManage', 'receiptManage_invoiceManage', 'invoice-list');
    await screenshot(page, 'invoices-phone-list');
    const ar = await firstId('/receiptManage/arDocManage', 'receiptManage_arDocManage', 'ar-docs');
    const contract = await firstId('/contractManage', 'contractManage', 'contracts');
    await screenshot(page, 'invoices-phone-contracts');
    await open(page, '/receiptManage/billApply', 'receiptManage_billApply');
    await page.locator('[data-testid="apply-bills"] li').first().waitFor({ timeout: 20_000 });
    await screenshot(page, 'invoices-phone-apply');
    const details: [string, string, string][] = [
      [`/receiptInfoDetail/${info}`, 'receiptInfoDetail', '[data-testid="info-edit"]'],
      [`/receiptManage/billPoolDetail/${pool}`, 'receiptManage_billPoolDetail', '.ys-inv__fields'],
      [`/receiptManage/invoiceDetail/${inv}`, 'receiptManage_invoiceDetail', '[data-testid="invoice-detail"]'],
      [`/receiptManage/billHistoryDetail/${bill}`, 'receiptManage_billHistoryDetail', '.ys-inv__fields'],
      [`/receiptManage/arDocDetail/${ar}`, 'receiptManage_arDocDetail', '.ys-inv__fields'],
      [`/contractDetail/${contract}`, 'contractDetail', '[data-testid="contract-detail"]'],
      ['/uploadProtocol', 'uploadProtocol', '[data-testid="protocol-file"]'],
      ['/previewTemplate?token=not-a-token', 'previewTemplate', '[data-testid="template-expired"]'],
    ];
    for (const [path, name, sel] of details) {
      await open(page, path, name);
      await page.locator(sel).first().waitFor({ timeout: 20_000 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(375);
      if (name === 'receiptManage_invoiceDetail' || name === 'previewTemplate') await screenshot(page, `invoices-phone-${name}`);
    }
    // A fresh preview link opens the template.
    await open(page, `/contractDetail/${contract}`, 'contractDetail');
    await page.locator('[data-testid="template-link"]').first().click();
    await page.locator('[data-testid="template-link-url"]').click();
    await page.locator('[data-testid="template-preview"]').waitFor({ timeout: 20_000 });
    await screenshot(page, 'invoices-phone-template');
    await page.context().close();

    const desk = await newPage(browser, 'desktop');
    await signIn(desk, baseURL, 'tenant_admin');
    await open(desk, '/receiptManage/invoiceManage', 'receiptManage_invoiceManage');
    await desk.locator('[data-testid="invoice-list"] tbody tr').first().waitFor({ timeout: 20_000 });
    await screenshot(desk, 'invoices-desktop-list');
    await open(desk, `/receiptManage/invoiceDetail/${inv}`, 'receiptManage_invoiceDetail');
    await desk.locator('[data-testid="invoice-detail"]').waitFor({ timeout: 20_000 });
    await screenshot(desk, 'invoices-desktop-detail');
    await desk.context().close();
  });
});
