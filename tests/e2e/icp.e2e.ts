// ICP filing (issue 31): on a phone (375×740) tenant_admin files a website through the four steps —
// a refused site name shown in words first — choosing the region in the picker and uploading the
// three materials, and lands on the filing's progress in 初审; the public page (signed out) finds
// the demo group's completed filing by its domain; the desktop (1280×800) shows the list.
import path from 'node:path';
import fs from 'node:fs';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, screenshot, signIn } from './browser.ts';

let browser: Browser;
const baseURL = inject('baseURL');
const domain = `e2e-${Date.now().toString(36)}.cn`;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'icp-e2e-'));
const png = path.join(dir, 'scan.png');
fs.writeFileSync(png, Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'));

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('ICP filing', () => {
  it('is filed from a phone in four steps', async () => {
    const page = await newPage(browser, 'phone');
    await signIn(page, baseURL, 'tenant_admin');
    await page.goto(`${baseURL}/isp`);
    await page.locator('[data-testid="icp-card"]').first().waitFor();
    await screenshot(page, 'icp-phone-list');
    await page.locator('[data-testid="icp-add"]').click();
    await page.waitForURL(/\/ispAdd$/);
    const fill = (name: string, value: string) => page.locator(`[data-testid="icp-${name}"] input`).fill(value);
    await fill('sponsor_name', '华东制造集团有限公司');
    await fill('cert_number', '91310115MA1K3Y8X2Q');
    await page.locator('[data-testid="icp-region"]').click();
    await page.locator('.rv-picker-column').first().getByText('上海市', { exact: true }).click();
    await screenshot(page, 'icp-phone-region');
    await page.locator('.rv-picker__confirm').click();
    await expect.poll(() => page.locator('[data-testid="icp-region"]').textContent()).toMatch(/^上海市 \/ 上海市 \/ /);
    await fill('address', '上海市浦东新区张江路 88 号');
    await fill('leader_name', '王建国');
    await fill('leader_phone', '13816820001');
    await fill('emergency_phone', '021-58881234');
    await screenshot(page, 'icp-phone-subject');
    await page.locator('[data-testid="icp-next"]').click();
    await fill('site_name', 'ab站');
    await fill('domain', domain);
    await fill('url', `https://www.${domain}`);
    await fill('ip', '47.100.21.8');
    await page.locator('[data-testid="icp-next"]').click();
    await expect.poll(() => page.locator('[data-field="site_name"] .ys-icp__error').textContent()).toContain('3 个汉字');
    await fill('site_name', '集团展示网站');
    await page.locator('[data-testid="icp-next"]').click();
    for (const kind of ['licence', 'leader_id', 'site_verification']) {
      await page.locator(`[data-testid="icp-material-${kind}"] input[type="file"]`).setInputFiles(png);
      await expect.poll(() => page.locator(`[data-testid="icp-material-${kind}"]`).textContent(), { timeout: 15_000 }).toContain('scan.png');
    }
    await screenshot(page, 'icp-phone-materials');
    await page.locator('[data-testid="icp-next"]').click();
    await expect.poll(() => page.locator('main').textContent()).toContain('集团展示网站');
    await page.locator('[data-testid="icp-submit"]').click();
    await page.waitForURL(/\/ispInfo\/[0-9a-f]{32}$/);
    await expect.poll(() => page.locator('main').textContent(), { timeout: 15_000 }).toContain('初审中');
    expect(await page.locator('main').textContent()).toMatch(/预计完成 \d{4}-\d{2}-\d{2}/);
    await screenshot(page, 'icp-phone-detail');
  });

  it('is found by the public lookup, and listed on a desktop', async () => {
    const visitor = await newPage(browser, 'phone');
    await visitor.goto(`${baseURL}/isp`);
    await visitor.locator('[data-testid="icp-lookup-input"] input').fill('hdmfg.com.cn');
    await visitor.getByRole('button', { name: '查询' }).click();
    await expect.poll(() => visitor.locator('main').textContent(), { timeout: 15_000 }).toMatch(/沪ICP备\d{12}号-1/);
    await screenshot(visitor, 'icp-phone-public-lookup');

    const page = await newPage(browser, 'desktop');
    await signIn(page, baseURL, 'tenant_admin');
    await page.goto(`${baseURL}/isp`);
    await expect.poll(() => page.locator('[data-testid="icp-card"]').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(4);
    expect(await page.locator('main').textContent()).toContain(domain);
    await screenshot(page, 'icp-desktop-list');
  });
});
