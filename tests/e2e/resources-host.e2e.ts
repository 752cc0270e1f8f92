// Resource screens end to end (issue 4 "Done when"), at 375×740 and 1280×800: sign in as
// tenant_admin, buy a host through the wizard, watch it reach 运行中 without reloading, stop it
// (已关机), export the host list and open the downloaded .xlsx (header row and the new host).
// The volume list's filters come from the kind (issue 9): pick a 磁盘类型 in the phone's filter
// sheet or the desktop's filter bar, see the list narrowed, and the URL keep it after a reload.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot, signIn, DEMO_PASSWORD, type ViewportName } from './browser.ts';

let browser: Browser;
const baseURL = inject('baseURL');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function buyHost(page: Page, name: string): Promise<string> {
  await page.goto(`${baseURL}/ecsBuy`);
  await page.locator('[data-testid="buy-step-placement"]').waitFor();
  // The cascade picks the first vendor, region and zone (zones by sort_value).
  await expect.poll(() => page.locator('[data-testid="field-az_id"] .adm-selector-item-active').count(), { timeout: 15_000 }).toBe(1);
  await expect.poll(() => page.locator('[data-testid="price-sum"]').textContent(), { timeout: 15_000 }).toMatch(/¥\d+\.\d{2}/);
  await page.locator('[data-testid="buy-next"]').click();
  await page.locator('[data-testid="buy-step-config"]').waitFor();
  const subnet = page.locator('select[data-testid="field-subnet_id"]');
  await expect.poll(() => subnet.locator('option').count(), { timeout: 15_000 }).toBeGreaterThan(1);
  await subnet.selectOption({ index: 1 });
  await page.locator('[data-testid="buy-next"]').click();
  await page.locator('[data-testid="buy-step-confirm"]').waitFor();
  // Validation on blur: a one-letter name is refused with 'label + message'.
  await page.locator('input[name="name"]').fill('x');
  await page.locator('input[name="password"]').click();
  await expect.poll(() => page.locator('[data-field="name"] .ys-form__error').textContent()).toContain('名称');
  await page.locator('input[name="name"]').fill(name);
  await page.locator('input[name="password"]').fill('E2eHost2025');
  await page.locator('[data-testid="buy-submit"]').click();
  await page.waitForURL(/\/ecsDetail\/[0-9a-f]{32}$/);
  return page.url().split('/').pop()!;
}

async function statusOf(page: Page): Promise<string> {
  return (await page.locator('.ys-titlebar [data-testid="status-badge"]').getAttribute('data-status')) ?? '';
}

async function exportAndRead(page: Page, vp: ViewportName, hostName: string) {
  await page.goto(`${baseURL}/ecsManage`);
  if (vp === 'desktop') {
    await page.locator('[data-testid="resource-table"] tbody tr').first().waitFor();
    // The long cloud ID shows its head (the whole of it in its title and the copy button), so the
    // 规格 column after it fits at 1280×800 instead of running under the sticky actions column.
    const idCell = page.locator('[data-testid="resource-table"] .ys-dt__id').first();
    const clip = await idCell.evaluate((el) => ({ title: (el as HTMLElement).title, text: el.textContent, clipped: el.scrollWidth > el.clientWidth }));
    expect(clip).toEqual({ title: clip.text, text: expect.stringMatching(/^[0-9a-f]{32}$/), clipped: true });
  } else await page.locator('[data-testid="resource-card"]').first().waitFor();
  const [queued] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/v1/export/resource/') && r.request().method() === 'GET'),
    page.locator('[data-testid="export"]').click(),
  ]);
  const task = ((await queued.json()) as { id: string }).id;
  await page.locator('[data-testid="export-notice"]').waitFor();
  await page.locator('[data-testid="export-records-link"]').click();
  await page.waitForURL(/\/downloadResource$/);
  // This export's own file (an earlier test's export may be listed and ready first).
  const link = page.locator(`[data-testid="download-link"][data-task="${task}"]`);
  await link.waitFor({ timeout: 30_000 });
  await screenshot(page, `resources-${vp}-downloads`);
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ys-export-')), download.suggestedFilename());
  await download.saveAs(file);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const sheet = book.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).filter(Boolean).map(String);
  expect(header).toEqual(expect.arrayContaining(['名称', 'ID', '状态']));
  const names: string[] = [];
  sheet.eachRow((row, n) => {
    if (n > 1) names.push(String(row.getCell(header.indexOf('名称') + 1).value));
  });
  expect(names).toContain(hostName);
}

/** Volumes `${prefix}-ssd` and `${prefix}-sata`, bought through the API in tenant_admin's default project. */
async function testVolumes(prefix: string): Promise<void> {
  const login = await fetch(`${baseURL}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'tenant_admin', password: DEMO_PASSWORD }),
  });
  const token = ((await login.json()) as { token: string }).token;
  const terr = await fetch(`${baseURL}/api/v1/auth/territories?enabled=true&__limit=1000`, { headers: { 'x-auth-token': token } });
  const first = ((await terr.json()) as { data: { tenant_id: string; projects: { project_id: string }[] }[] }).data[0]!;
  const headers = { 'x-auth-token': token, 'x-tenant-id': first.tenant_id, 'x-project-id': first.projects[0]!.project_id, 'content-type': 'application/json' };
  const subnets = await fetch(`${baseURL}/api/subnets?status=available&__limit=1`, { headers });
  const place = ((await subnets.json()) as { data: { vendor: string; region_id: string; az_id: string }[] }).data[0]!;
  for (const type of ['ssd', 'sata']) {
    const res = await fetch(`${baseURL}/api/volumes`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: `${prefix}-${type}`, vendor: place.vendor, region_id: place.region_id, az_id: place.az_id, size: 20, volume_type: type }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
  }
}

/** The points within 22 px of the first `selector`'s centre (a 44 × 44 px square) that miss it, with what they hit instead. */
async function missedByFinger(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel)!;
    el.scrollIntoView({ block: 'center' });
    const r = el.getBoundingClientRect();
    const [cx, cy] = [r.left + r.width / 2, r.top + r.height / 2];
    const offsets = [-21.5, 0, 21.5];
    return offsets.flatMap((dx) =>
      offsets.flatMap((dy) => {
        const hit = document.elementFromPoint(cx + dx, cy + dy);
        return el.contains(hit) ? [] : [`${dx},${dy} → ${hit?.tagName ?? 'nothing'}.${String(hit?.className ?? '')}`];
      }),
    );
  }, selector);
}

/** The names of the volumes listed (desktop table rows or phone cards). */
async function listedNames(page: Page, vp: ViewportName, prefix: string): Promise<string[]> {
  const rows =
    vp === 'desktop'
      ? page.locator('[data-testid="resource-table"] tbody tr', { hasText: prefix })
      : page.locator('[data-testid="resource-card"]', { hasText: prefix });
  const texts = await rows.allTextContents();
  return ['ssd', 'sata'].map((x) => `${prefix}-${x}`).filter((n) => texts.some((t) => t.includes(n)));
}

async function filterVolumesByType(page: Page, vp: ViewportName) {
  const prefix = `e2e-vf-${vp}-${Date.now().toString(36)}`;
  await testVolumes(prefix);
  // The search box's name is in the URL too: the list shows only this test's two volumes.
  await page.goto(`${baseURL}/volumeManage?name=${prefix}`);
  await expect.poll(() => listedNames(page, vp, prefix), { timeout: 15_000 }).toEqual([`${prefix}-ssd`, `${prefix}-sata`]);
  if (vp === 'phone') {
    // A card's ⋯ and copy buttons take a finger: 44 × 44 px around their centre reach them.
    for (const sel of ['[data-testid="card-more"]', '.ys-card .ys-copyid__btn']) expect(await missedByFinger(page, sel), sel).toEqual([]);
    // No internal id as visible text on a card (the copy button still copies it).
    expect((await page.locator('[data-testid="resource-card"]').allInnerTexts()).join('\n')).not.toMatch(/[0-9a-f]{32}/);
    await page.locator('[data-testid="filter-open"]').click();
    const sheet = page.locator('[data-testid="filter-sheet"]');
    await sheet.waitFor();
    const type = sheet.locator('[data-testid="filter-volume_type"]');
    expect(await type.locator('.ys-sheet__label').textContent()).toBe('磁盘类型');
    expect(await type.locator('.adm-selector-item').allTextContents()).toEqual(['SSD 云硬盘', '高IO 云硬盘', '普通云硬盘']);
    // Thumb-sized choices.
    const box = await type.locator('.adm-selector-item').first().boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    await type.locator('.adm-selector-item', { hasText: '普通云硬盘' }).click();
    await screenshot(page, 'filters-phone-sheet');
    await page.locator('[data-testid="filter-apply"]').click();
    await sheet.waitFor({ state: 'hidden' });
  } else {
    const select = page.locator('select[data-testid="filter-volume_type"]');
    expect(await select.getAttribute('aria-label')).toBe('磁盘类型');
    expect(await select.locator('option').allTextContents()).toEqual(['全部磁盘类型', 'SSD 云硬盘', '高IO 云硬盘', '普通云硬盘']);
    await select.selectOption({ label: '普通云硬盘' });
  }
  await expect.poll(() => listedNames(page, vp, prefix), { timeout: 15_000 }).toEqual([`${prefix}-sata`]);
  expect(new URL(page.url()).searchParams.get('volume_type')).toBe('sata');
  if (vp === 'desktop') await screenshot(page, 'filters-desktop-bar');
  await page.reload();
  await expect.poll(() => listedNames(page, vp, prefix), { timeout: 15_000 }).toEqual([`${prefix}-sata`]);
  expect(new URL(page.url()).searchParams.get('volume_type')).toBe('sata');
  if (vp === 'desktop') expect(await page.locator('select[data-testid="filter-volume_type"]').inputValue()).toBe('sata');
  else {
    expect(await page.locator('[data-testid="filter-open"]').textContent()).toContain('1');
    await page.locator('[data-testid="filter-open"]').click();
    expect(await page.locator('[data-testid="filter-volume_type"] .adm-selector-item-active').textContent()).toBe('普通云硬盘');
  }
}

for (const vp of ['phone', 'desktop'] as const) {
  describe(`resources at ${vp}`, () => {
    it('buys a host, sees it run live, stops it, exports the list and opens the .xlsx', async () => {
      const page = await newPage(browser, vp);
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(err.message));
      try {
        await signIn(page, baseURL, 'tenant_admin');
        const name = `e2e-${vp}-${Date.now().toString(36)}`;
        const id = await buyHost(page, name);
        expect(id).toMatch(/^[0-9a-f]{32}$/);
        // No reload from here on: a marker on window survives only if the page stays.
        await page.evaluate(() => {
          (window as unknown as { __stay: number }).__stay = 1;
        });
        await expect.poll(() => statusOf(page), { timeout: 30_000 }).toBe('running');
        expect(await page.locator('.ys-titlebar [data-testid="status-badge"]').textContent()).toContain('运行中');
        await screenshot(page, `resources-${vp}-detail-running`);

        await page.locator('.ys-titlebar [data-action="stop"]').click();
        await page.locator('[data-testid="confirm-dialog"]').waitFor();
        await page.locator('.adm-dialog-button', { hasText: '关机' }).click();
        await expect.poll(() => statusOf(page), { timeout: 30_000 }).toBe('stopped');
        expect(await page.locator('.ys-titlebar [data-testid="status-badge"]').textContent()).toContain('已关机');
        expect(await page.evaluate(() => (window as unknown as { __stay?: number }).__stay)).toBe(1);

        await exportAndRead(page, vp, name);
        if (vp === 'phone') await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
        expect(errors).toEqual([]);
      } catch (err) {
        await screenshot(page, `resources-${vp}-failed`).catch(() => undefined);
        throw err;
      } finally {
        await page.context().close();
      }
    });

    it('filters the volume list by its declared 磁盘类型 filter, kept in the URL across a reload', async () => {
      const page = await newPage(browser, vp);
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(err.message));
      try {
        await signIn(page, baseURL, 'tenant_admin');
        await filterVolumesByType(page, vp);
        expect(errors).toEqual([]);
      } catch (err) {
        await screenshot(page, `filters-${vp}-failed`).catch(() => undefined);
        throw err;
      } finally {
        await page.context().close();
      }
    });
  });
}
