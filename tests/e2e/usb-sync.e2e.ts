// USB devices and database sync (issues 31 and 29): on a phone (375×740) tenant_admin opens the USB
// devices, mounts the demo's spare U盾 to a host of its hub's zone and sees it 已挂载; on a desktop
// (1280×800) starts the demo's database sync and finds its task listed with its target.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot, signIn } from './browser.ts';

let browser: Browser;
const baseURL = inject('baseURL');
const statusOf = (page: Page) => page.locator('.ys-titlebar [data-testid="status-badge"]').getAttribute('data-status');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('USB devices and database sync', () => {
  it('mounts a USB device to a host on a phone', async () => {
    const page = await newPage(browser, 'phone');
    await signIn(page, baseURL, 'tenant_admin');
    await page.goto(`${baseURL}/usbManageTab`);
    await page.locator('[data-testid="usb-tabs"]').waitFor();
    await page
      .getByText(/^demo-ukey-spare-/)
      .first()
      .waitFor();
    await screenshot(page, 'usb-phone-list');
    await page
      .getByText(/^demo-ukey-spare-/)
      .first()
      .click();
    await page.waitForURL(/\/usbManageDetail\/[0-9a-f]{32}$/);
    await expect.poll(() => statusOf(page), { timeout: 15_000 }).toBe('unmounted');
    await page.locator('[data-action="mount"]').click();
    const sheet = page.locator('[data-testid="action-params"]');
    await sheet.waitFor();
    const picker = sheet.locator('select[data-testid="field-instance_id"]');
    await expect.poll(() => picker.locator('option').count(), { timeout: 15_000 }).toBeGreaterThan(1);
    // A host of its own name (the shard's server also holds hosts other files made): the link must name it.
    const labels = await picker.locator('option').allTextContents();
    const chosen = labels.findIndex((l, i) => i > 0 && /^demo-/.test(l.trim()));
    const hostName = labels[chosen > 0 ? chosen : 1]!.trim().split(/\s|（|\(/)[0]!;
    await picker.selectOption({ index: chosen > 0 ? chosen : 1 });
    await screenshot(page, 'usb-phone-mount');
    await sheet.locator('[data-testid="params-submit"]').click();
    await sheet.waitFor({ state: 'detached' });
    await expect.poll(() => statusOf(page), { timeout: 20_000 }).toBe('mounted');
    // The hub and the host read as their names (the host a link), never as 32-character ids; the device's own id is behind copy.
    const info = page.locator('[data-testid="basic-info"]');
    await expect.poll(() => info.textContent(), { timeout: 15_000 }).toMatch(/所在集线器demo-usbhub-/);
    await expect.poll(() => info.locator('a', { hasText: hostName }).count(), { timeout: 15_000 }).toBe(1);
    expect(await info.textContent()).not.toMatch(/[0-9a-f]{32}/);
    await screenshot(page, 'usb-phone-mounted');
    await page.goto(`${baseURL}/usbManageTab/usbManageHub`);
    await page
      .getByText(/^demo-usbhub-/)
      .first()
      .waitFor();
    await screenshot(page, 'usb-phone-hubs');
  });

  it('runs a database sync to a bucket on a desktop', async () => {
    const page = await newPage(browser, 'desktop');
    await signIn(page, baseURL, 'tenant_admin');
    await page.goto(`${baseURL}/syncInstanceManage`);
    await page.locator('[data-testid="sync-tabs"]').waitFor();
    const row = page.locator('tr', { hasText: 'demo-mysql-to-oss' }).first();
    await row.waitFor();
    await screenshot(page, 'sync-desktop-instances');
    await row.locator('[data-action="sync"]').click();
    await page.goto(`${baseURL}/syncTaskManage`);
    // The run's bytes (its dump read back from the bucket) are the API test's; here the task is listed and ends 成功.
    const task = page.locator('[data-testid="sync-task-row"]', { hasText: 'demo-mysql-to-oss' }).first();
    await expect.poll(() => task.locator('[data-status]').getAttribute('data-status'), { timeout: 30_000 }).toBe('succeeded');
    expect(await task.textContent()).toContain('demo-assets/dbsync/mysql/');
    await screenshot(page, 'sync-desktop-tasks');
  });
});
