// A host's web console (issue 30): on a phone (375×740) tenant_admin opens 远程连接 from the
// console's menu entry, picks a running host and types `uptime` on the phone's keyboard line; the
// terminal answers. On a desktop (1280×800) the host's detail offers 远程连接, which opens the
// same console at full width.
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

const terminalText = (page: Page) => page.locator('[data-testid="host-terminal"] .xterm-rows').textContent();

async function run(page: Page, line: string) {
  const input = page.getByRole('textbox', { name: '输入命令' });
  await expect.poll(() => input.isEnabled(), { timeout: 15_000 }).toBe(true);
  await input.fill(line);
  await input.press('Enter');
}

describe('host web console', () => {
  it('runs uptime on a phone', async () => {
    const page = await newPage(browser, 'phone');
    await signIn(page, baseURL, 'tenant_admin');
    await page.goto(`${baseURL}/ecsCaeHostConnect`);
    const first = page.locator('[data-testid="host-console-picker"] a').first();
    await first.waitFor();
    await first.click();
    await page.waitForURL(/\/ecsCaeHostConnect\/[0-9a-f]{32}$/);
    await run(page, 'uptime');
    await expect.poll(() => terminalText(page), { timeout: 15_000 }).toMatch(/up .+load average: [\d.]+, [\d.]+, [\d.]+/);
    // The terminal fits the phone: no sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'host-console-phone');
  });

  it('opens from the host detail on a desktop', async () => {
    const page = await newPage(browser, 'desktop');
    await signIn(page, baseURL, 'tenant_admin');
    await page.goto(`${baseURL}/ecsCaeHostConnect`);
    const href = await page.locator('[data-testid="host-console-picker"] a').first().getAttribute('href');
    await page.goto(`${baseURL}${href!.replace('/ecsCaeHostConnect/', '/ecsDetail/')}`);
    await page.locator('[data-testid="host-remote-connect"]').click();
    await page.waitForURL(/\/ecsCaeHostConnect\/[0-9a-f]{32}$/);
    await run(page, 'df -h');
    await expect.poll(() => terminalText(page), { timeout: 15_000 }).toMatch(/\/dev\/vda1/);
    await screenshot(page, 'host-console-desktop');
  });
});
