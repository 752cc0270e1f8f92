// Object storage (issue 30): on a phone (375×740) tenant_admin opens the demo bucket demo-assets,
// uploads a small file to it from the file tab and sees it listed; on a desktop (1280×800) the same
// file is downloaded from the file table and its bytes are the ones uploaded.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, screenshot, signIn } from './browser.ts';

let browser: Browser;
const baseURL = inject('baseURL');
const fileName = `e2e-${Date.now().toString(36)}.txt`;
const bytes = Buffer.from(`云枢对象存储 e2e ${fileName}\n`, 'utf8');
let bucketId = '';

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('object storage', () => {
  it('takes a file uploaded from a phone', async () => {
    const page = await newPage(browser, 'phone');
    await signIn(page, baseURL, 'tenant_admin');
    await page.goto(`${baseURL}/ossBuckets`);
    await page.getByText('demo-assets', { exact: true }).first().click();
    await page.waitForURL(/\/ossBucketsDetail\/outline\/[0-9a-f]{32}$/);
    bucketId = page.url().split('/').pop()!;
    await page.locator('[data-testid="bucket-outline"]').waitFor();
    await page.locator('[data-testid="bucket-tab-file"]').click();
    await page.waitForURL(/\/ossBucketsDetail\/file\//);
    await page.locator('[data-testid="file-list"]').waitFor();
    await page.locator('[data-testid="file-input"]').setInputFiles({ name: fileName, mimeType: 'text/plain', buffer: bytes });
    await expect.poll(() => page.locator('[data-testid="file-uploads"] li').first().getAttribute('data-state'), { timeout: 20_000 }).toBe('done');
    await page.locator(`[data-testid="file-list"] li[data-name="${fileName}"]`).waitFor();
    await screenshot(page, 'oss-phone-file-uploaded');
  });

  it('gives the same bytes back on a desktop', async () => {
    expect(bucketId).not.toBe('');
    const page = await newPage(browser, 'desktop');
    await signIn(page, baseURL, 'tenant_admin');
    await page.goto(`${baseURL}/ossBucketsDetail/file/${bucketId}`);
    const row = page.locator(`[data-testid="file-table"] tr[data-name="${fileName}"]`);
    await row.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), row.locator('[data-testid="file-download"]').click()]);
    expect(download.suggestedFilename()).toBe(fileName);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    await screenshot(page, 'oss-desktop-file-table');
  });
});
