// Dashboards (issue 31): on a phone (375×740) tenant_admin adds a panel of their own to the custom
// overview, renames it and moves it up with the buttons, then reads it on cloudCustom with the
// capacity panels in words (核, GB); on a desktop (1280×800) they drag it to the top, and the order
// holds after a reload (saved on the server). The rules and refusals are API tests.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, screenshot, signIn } from './browser.ts';

let browser: Browser;
const baseURL = inject('baseURL');
const name = `巡检${Date.now().toString(36).slice(-4)}`;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const rowKeys = (page: import('playwright-core').Page) =>
  page.locator('[data-testid="layout-row"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-key')));

describe('dashboards', () => {
  it('adds, renames and moves a panel on a phone', async () => {
    const page = await newPage(browser, 'phone');
    await signIn(page, baseURL, 'tenant_admin');
    await page.goto(`${baseURL}/customLayout`);
    await page.locator('[data-testid="layout-row"]').first().waitFor();
    await page.locator('[data-testid="add-panel"]').click();
    await page.locator('[data-testid="new-name"] input').fill('主机巡检');
    await page.getByRole('button', { name: '创建面板' }).click();
    const custom = page.locator('[data-testid="layout-row"]').last();
    await expect.poll(() => custom.textContent()).toContain('主机巡检');
    await custom.locator('[data-testid="rename"]').click();
    await custom.locator('[data-testid="rename-input"] input').fill(name);
    await custom.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => custom.textContent()).toContain(name);
    const before = await rowKeys(page);
    await custom.getByRole('button', { name: `将「${name}」上移` }).click();
    await expect.poll(() => rowKeys(page)).toEqual([...before.slice(0, -2), before.at(-1), before.at(-2)]);
    await screenshot(page, 'dashboards-phone-layout');

    await page.goto(`${baseURL}/cloudCustom`);
    await page.locator('[data-testid="panel-compute"]').waitFor();
    await expect.poll(() => page.locator('[data-testid="panel-custom"]').textContent()).toContain(name);
    const compute = (await page.locator('[data-testid="panel-compute"]').textContent()) ?? '';
    expect(compute).toMatch(/已用 [\d,]+ 核，共 [\d,]+ 核/);
    expect(compute).toMatch(/已用 [\d.]+ (GB|TB)，共 [\d.,]+ (GB|TB)/);
    await page.locator('[data-testid="dash-trend"] canvas').waitFor();
    await screenshot(page, 'dashboards-phone-custom');
  });

  it('drags the panel to the top on a desktop, and the order is kept', async () => {
    const page = await newPage(browser, 'desktop');
    await signIn(page, baseURL, 'tenant_admin');
    await page.goto(`${baseURL}/customLayout`);
    const mine = page.locator('[data-testid="layout-row"]', { hasText: name }).last();
    await mine.waitFor();
    await mine.dragTo(page.locator('[data-testid="layout-row"]').first());
    await expect.poll(async () => (await rowKeys(page))[0], { timeout: 15_000 }).toBe(await mine.getAttribute('data-key'));
    await page.reload();
    await expect.poll(() => page.locator('[data-testid="layout-row"]').first().textContent(), { timeout: 15_000 }).toContain(name);
    await screenshot(page, 'dashboards-desktop-layout');
    await page.goto(`${baseURL}/clusterViewMore`);
    await page.locator('[data-testid="capacity-row"]').first().waitFor();
    expect(await page.locator('main').textContent()).toContain('阿里云');
    await screenshot(page, 'dashboards-desktop-capacity');
  });
});
