// Resource stacks (issue 31): on a desktop (1280×800) tenant_admin draws a small template in
// 研发测试环境 — a VPC, a subnet and a host from the palette, the subnet joined to the VPC by dragging
// its handle, the host to the subnet from the inspector — saves and deploys it, and sees the stack
// reach 已部署 with each resource linked; on a phone (375×740) the same stack is read, and a built-in
// template opens in the list editor.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot, signIn } from './browser.ts';

let browser: Browser;
const baseURL = inject('baseURL');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function useRnd(page: Page, vp: 'phone' | 'desktop') {
  if (vp === 'phone') await page.locator('[data-testid="scope-open"]').click();
  const picker = page.locator(`${vp === 'phone' ? '.ys-phone__scope ' : ''}[data-testid="project-picker"]`).first();
  await picker.click();
  await page.locator('.adm-check-list-item:visible', { hasText: '研发测试环境' }).first().click();
  await expect.poll(() => picker.locator('.ys-scope__value').textContent()).toBe('研发测试环境');
  if (vp === 'phone') await page.keyboard.press('Escape');
}

describe('resource stacks', () => {
  let stackUrl = '';

  it('draws a template on the canvas, saves and deploys it (desktop)', async () => {
    const page = await newPage(browser, 'desktop');
    await signIn(page, baseURL, 'tenant_admin');
    await useRnd(page, 'desktop');
    await page.goto(`${baseURL}/visualTemplateManage`);
    await page.locator('[data-testid="template-card"]', { hasText: 'Web 三层架构' }).waitFor();
    await screenshot(page, 'stacks-desktop-templates');
    await page.locator('[data-testid="template-new"]').click();
    await page.waitForURL(/\/visualEditor$/);
    await page.locator('[data-testid="template-name"]').fill('e2e 小型网站');
    for (const kind of ['vpc', 'subnet', 'instance']) await page.locator(`[data-testid="palette-${kind}"]`).click();
    await page.locator('[data-testid="connect-instance-1-subnet"]').selectOption('subnet-1');
    const handle = await page.locator('[data-testid="handle-subnet-1"]').boundingBox();
    const vpc = await page.locator('[data-testid="node-vpc-1"]').boundingBox();
    await page.mouse.move(handle!.x + handle!.width / 2, handle!.y + handle!.height / 2);
    await page.mouse.down();
    await page.mouse.move(vpc!.x + 40, vpc!.y + 30, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => page.locator('[data-testid="editor-check"]').textContent()).toContain('校验通过');
    await screenshot(page, 'stacks-desktop-editor');
    await page.locator('[data-testid="template-deploy"]').click();
    await page.waitForURL(/visualResourceConfig\?template=/);
    await page.locator('[data-testid="stack-name"]').fill('e2e 网站栈');
    await page.locator('[data-testid="stack-vendor"]').selectOption('openstack');
    await expect.poll(() => page.locator('[data-testid="stack-region"] option').count()).toBeGreaterThan(1);
    await page.locator('[data-testid="stack-region"]').selectOption({ index: 1 });
    await expect.poll(() => page.locator('[data-testid="stack-zone"] option').count()).toBeGreaterThan(1);
    await page.locator('[data-testid="stack-zone"]').selectOption({ index: 1 });
    await page.locator('[data-testid="stack-password"]').fill('Passw0rd2026');
    await screenshot(page, 'stacks-desktop-deploy');
    await page.locator('[data-testid="stack-deploy"]').click();
    await page.waitForURL(/visualResourceConfig\?id=[0-9a-f]{32}$/);
    stackUrl = page.url().slice(page.url().indexOf('/visualResourceConfig'));
    await expect.poll(() => page.locator('[data-testid="stack-detail"]').textContent(), { timeout: 30_000 }).toContain('已部署');
    await expect.poll(() => page.locator('[data-testid="stack-resource"] a').count()).toBe(3);
    await screenshot(page, 'stacks-desktop-stack');
    await page.context().close();
  });

  it('reads the stack on a phone', async () => {
    const page = await newPage(browser, 'phone');
    await signIn(page, baseURL, 'tenant_admin');
    await useRnd(page, 'phone');
    await page.goto(`${baseURL}/visualResourceManage`);
    await page.locator('[data-testid="stack-card"]', { hasText: 'e2e 网站栈' }).waitFor();
    await screenshot(page, 'stacks-phone-list');
    await page.goto(`${baseURL}${stackUrl}`);
    await expect.poll(() => page.locator('[data-testid="stack-detail"]').textContent()).toContain('已部署');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'stacks-phone-stack');
    // The built-in template opens as a list on a phone: a node's settings and its connection in selects.
    await page.goto(`${baseURL}/visualTemplateManage`);
    await page.locator('[data-testid="template-card"]', { hasText: 'Web 三层架构' }).getByRole('button', { name: 'Web 三层架构' }).click();
    await page.locator('[data-testid="node-web1"]').click();
    await expect.poll(() => page.locator('[data-testid="connect-web1-subnet"]').inputValue()).toBe('subnet');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'stacks-phone-editor');
    await page.context().close();
  });
});
