// The storage console's tasks (ADR 0064): on a phone (375×740) add a file transfer on its own page —
// the 2-cores advice and the overwrite warning shown — and land on its detail; on a desktop
// (1280×800) open a disk's snapshot chain and be refused in words when rolling back a mounted disk.
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

describe('storage tasks', () => {
  it('adds a file transfer on a phone and lands on its detail', async () => {
    const page = await newPage(browser, 'phone');
    await signIn(page, baseURL, 'tenant_admin');
    await page.goto(`${baseURL}/fireTransferManage`);
    await page.locator('[data-testid="task-card"]').first().waitFor();
    await screenshot(page, 'storage-phone-transfer-list');
    await page.locator('[data-testid="task-add"]').first().click();
    await page.waitForURL(/\/fireTransferAdd$/);
    await expect.poll(() => page.locator('[data-testid="transfer-advice"]').textContent()).toMatch(/2 核或以上/);
    const name = `ft-${Date.now().toString(36)}`;
    await page.locator('[data-testid="task-name"] input').fill(name);
    const picks = page.locator('select[data-testid="host-pick"]');
    await expect.poll(() => picks.first().locator('option').count()).toBeGreaterThan(2);
    await picks.nth(0).selectOption({ index: 1 });
    await page.getByPlaceholder('/var/log/app').fill('/var/log/app');
    await picks.nth(1).selectOption({ index: 1 });
    await page.getByPlaceholder('/data/backup').fill('/data/in');
    await page.getByRole('switch', { name: '覆盖同名文件' }).click();
    await expect.poll(() => page.getByText('目标路径中的同名文件将被覆盖，且无法恢复').count()).toBe(1);
    await screenshot(page, 'storage-phone-transfer-add');
    await page.locator('[data-testid="dp-submit"]').click();
    await page.waitForURL(/\/fireTransferDetail\/[0-9a-f]{32}$/);
    await page.locator('[data-testid="task-detail"]').waitFor();
    const text = (await page.locator('[data-testid="task-detail"]').textContent()) ?? '';
    expect(text).toMatch(/未开始|传输中|成功/);
    expect(text).not.toMatch(/[0-9a-f]{32}/);
    await screenshot(page, 'storage-phone-transfer-detail');
  });

  it('refuses, in words, the rollback of a mounted disk on its chain (desktop)', async () => {
    const page = await newPage(browser, 'desktop');
    await signIn(page, baseURL, 'tenant_admin');
    await page.goto(`${baseURL}/volumeSnapshot/snapshotChain`);
    await page.locator('[data-testid="chain-row"]').first().waitFor();
    await screenshot(page, 'storage-desktop-chains');
    const mounted = page.locator('[data-testid="chain-row"]').filter({ has: page.locator('[data-status="mounted"]') });
    await mounted.first().locator('a').click();
    await page.waitForURL(/\/volumeSnapshotChainDetail\/[0-9a-f]{32}$/);
    await page.locator('[data-testid="chain-nodes"]').waitFor();
    await screenshot(page, 'storage-desktop-chain-detail');
    await page.locator('[data-testid="chain-rollback"]').first().click();
    await page.locator('.adm-dialog-button').last().click();
    await expect.poll(() => page.getByText('回滚快照需先卸载云硬盘').count(), { timeout: 10_000 }).toBeGreaterThan(0);
  });
});
