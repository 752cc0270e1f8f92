// Create screens of VPC and subnet, and the purchase wizard's data disks (issue 4), at 375×740 and
// 1280×800: sign in as tenant_admin, 创建VPC from the VPC list and watch the new row reach 可用
// without a reload; 创建子网 in it (a CIDR outside the VPC is refused as you type, the free IPs of
// a good one are shown), watch it reach 可用; buy a host with one data disk and find the disk,
// mounted, on the host's detail.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot, signIn, type ViewportName } from './browser.ts';

let browser: Browser;
const baseURL = inject('baseURL');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The list row (desktop table row or phone card) showing `name`. */
function rowOf(page: Page, vp: ViewportName, name: string): Locator {
  return vp === 'desktop'
    ? page.locator('[data-testid="resource-table"] tbody tr', { hasText: name })
    : page.locator('[data-testid="resource-card"]', { hasText: name });
}

async function statusIn(row: Locator): Promise<string> {
  if (!(await row.count())) return '';
  return (await row.first().locator('[data-testid="status-badge"]').getAttribute('data-status')) ?? '';
}

async function openCreate(page: Page, route: string) {
  await page.goto(`${baseURL}/${route}`);
  await page.locator('[data-testid="create"]').click();
  await page.locator('[data-testid="create-form"]').waitFor();
}

async function createVpc(page: Page, vp: ViewportName, name: string, cidr: string) {
  await openCreate(page, 'vpc');
  const form = page.locator('[data-testid="create-form"]');
  expect(await form.locator('.ys-createform__title').textContent()).toBe('创建VPC');
  // The cascade picks the first vendor, region and zone.
  await expect.poll(() => form.locator('[data-testid="field-az_id"] .adm-selector-item-active').count(), { timeout: 15_000 }).toBe(1);
  await form.locator('input[name="name"]').fill(name);
  // A public range is refused on blur with 'label + rule'.
  await form.locator('input[name="cidr"]').fill('8.8.0.0/16');
  await form.locator('input[name="name"]').click();
  await expect.poll(() => form.locator('[data-field="cidr"] .ys-form__error').textContent()).toContain('须为私有网段');
  await form.locator('input[name="cidr"]').fill(cidr);
  await screenshot(page, `network-${vp}-vpc-form`);
  await form.locator('[data-testid="create-submit"]').click();
  await form.waitFor({ state: 'detached' });
}

async function createSubnet(page: Page, vp: ViewportName, vpcName: string, name: string, vpcCidr: string, cidr: string) {
  await openCreate(page, 'subnet');
  const form = page.locator('[data-testid="create-form"]');
  const vpcPicker = form.locator('select[data-testid="field-vpc_id"]');
  await expect.poll(async () => (await vpcPicker.locator('option').allTextContents()).some((o) => o.startsWith(vpcName)), { timeout: 15_000 }).toBe(true);
  const label = (await vpcPicker.locator('option').allTextContents()).find((o) => o.startsWith(vpcName))!;
  await vpcPicker.selectOption({ label });
  await expect.poll(() => form.locator('[data-testid="vpc-cidr"]').textContent()).toContain(vpcCidr);
  await form.locator('input[name="name"]').fill(name);
  // Outside the VPC: refused as you type (the server's rule), no free-IP count.
  await form.locator('input[name="cidr"]').fill('192.168.77.0/24');
  await form.locator('input[name="name"]').click();
  await expect.poll(() => form.locator('[data-field="cidr"] .ys-form__error').textContent()).toContain('子网网段须在私有网络网段内');
  expect(await form.locator('[data-testid="free-ips"]').count()).toBe(0);
  await form.locator('input[name="cidr"]').fill(cidr);
  await form.locator('input[name="name"]').click();
  await expect.poll(() => form.locator('[data-testid="free-ips"]').textContent()).toContain('251');
  expect(await form.locator('[data-field="cidr"] .ys-form__error').count()).toBe(0);
  await screenshot(page, `network-${vp}-subnet-form`);
  await form.locator('[data-testid="create-submit"]').click();
  await form.waitFor({ state: 'detached' });
}

async function buyHostWithDisk(page: Page, vp: ViewportName, subnetName: string, name: string): Promise<string> {
  await page.goto(`${baseURL}/ecsBuy`);
  await page.locator('[data-testid="buy-step-placement"]').waitFor();
  await expect.poll(() => page.locator('[data-testid="field-az_id"] .adm-selector-item-active').count(), { timeout: 15_000 }).toBe(1);
  await expect.poll(() => page.locator('[data-testid="price-sum"]').textContent(), { timeout: 15_000 }).toMatch(/¥\d+\.\d{2}/);
  await page.locator('[data-testid="buy-next"]').click();
  await page.locator('[data-testid="buy-step-config"]').waitFor();
  const before = await page.locator('[data-testid="price-sum"]').textContent();
  await page.locator('[data-testid="data_disks-add"]').click();
  await page.locator('[data-testid="data_disks-row"]').waitFor();
  expect(await page.locator('[data-testid="data_disks-left"]').textContent()).toContain('7');
  // A disk below the minimum is named by row and refused on blur.
  const size = page.locator('input[name="data_disks.0.size"]');
  await size.fill('5');
  await size.blur();
  await expect.poll(() => page.locator('[data-field="data_disks.0.size"] .ys-form__error').textContent()).toContain('数据盘 1 容量');
  await size.fill('60');
  await size.blur();
  await expect.poll(() => page.locator('[data-field="data_disks.0.size"] .ys-form__error').count()).toBe(0);
  // The disk is priced with the host.
  await expect.poll(() => page.locator('[data-testid="price-sum"]').textContent(), { timeout: 15_000 }).not.toBe(before);
  const subnet = page.locator('select[data-testid="field-subnet_id"]');
  await expect.poll(async () => (await subnet.locator('option').allTextContents()).some((o) => o.startsWith(subnetName)), { timeout: 15_000 }).toBe(true);
  const label = (await subnet.locator('option').allTextContents()).find((o) => o.startsWith(subnetName))!;
  expect(label).toContain('可用 IP 251 个');
  await subnet.selectOption({ label });
  await screenshot(page, `network-${vp}-buy-disks`);
  await page.locator('[data-testid="buy-next"]').click();
  await page.locator('[data-testid="buy-step-confirm"]').waitFor();
  expect(await page.locator('[data-testid="buy-summary"]').textContent()).toContain('SSD 60 GB');
  await page.locator('input[name="name"]').fill(name);
  await page.locator('input[name="password"]').fill('E2eHost2025');
  await page.locator('[data-testid="buy-submit"]').click();
  await page.waitForURL(/\/ecsDetail\/[0-9a-f]{32}$/);
  return page.url().split('/').pop()!;
}

for (const vp of ['phone', 'desktop'] as const) {
  describe(`network create screens at ${vp}`, () => {
    it('creates a VPC and a subnet in it, both live to 可用; buys a host with a data disk that shows on its detail', async () => {
      const page = await newPage(browser, vp);
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(err.message));
      try {
        await signIn(page, baseURL, 'tenant_admin');
        const tag = `${vp}-${Date.now().toString(36)}`;
        const octet = 100 + Math.floor(Math.random() * 150);
        const vpcCidr = `10.${octet}.0.0/16`;
        const vpcName = `e2e-vpc-${tag}`;
        await createVpc(page, vp, vpcName, vpcCidr);
        // No reload from here on: the row appears and reaches 可用 through the events.
        await page.evaluate(() => {
          (window as unknown as { __stay: number }).__stay = 1;
        });
        await expect.poll(() => statusIn(rowOf(page, vp, vpcName)), { timeout: 30_000 }).toBe('available');
        expect(await page.evaluate(() => (window as unknown as { __stay?: number }).__stay)).toBe(1);
        await screenshot(page, `network-${vp}-vpc-list`);

        const subnetName = `e2e-subnet-${tag}`;
        await createSubnet(page, vp, vpcName, subnetName, vpcCidr, `10.${octet}.1.0/24`);
        await page.evaluate(() => {
          (window as unknown as { __stay: number }).__stay = 2;
        });
        await expect.poll(() => statusIn(rowOf(page, vp, subnetName)), { timeout: 30_000 }).toBe('available');
        expect(await page.evaluate(() => (window as unknown as { __stay?: number }).__stay)).toBe(2);
        expect(await rowOf(page, vp, subnetName).first().textContent()).toContain(`10.${octet}.1.0/24`);
        await screenshot(page, `network-${vp}-subnet-list`);

        const hostName = `e2e-disk-${tag}`;
        await buyHostWithDisk(page, vp, subnetName, hostName);
        await expect
          .poll(async () => (await page.locator('.ys-titlebar [data-testid="status-badge"]').getAttribute('data-status')) ?? '', { timeout: 30_000 })
          .toBe('running');
        // The disk bought with the host: a volume named after it, mounted on it.
        const disk = page.locator('.ys-relations__item', { hasText: `${hostName}-data-1` });
        await expect
          .poll(
            async () => {
              await page.reload();
              await page.locator('.adm-tabs-tab', { hasText: '关联资源' }).click();
              await page.locator('[data-testid="relations"]').waitFor();
              return (await disk.count()) ? ((await disk.locator('[data-testid="status-badge"]').getAttribute('data-status')) ?? '') : '';
            },
            { timeout: 30_000, interval: 500 },
          )
          .toBe('mounted');
        expect(await disk.textContent()).toContain('已挂载');
        await screenshot(page, `network-${vp}-host-disk`);
        if (vp === 'phone') await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
        expect(errors).toEqual([]);
      } catch (err) {
        await screenshot(page, `network-${vp}-failed`).catch(() => undefined);
        throw err;
      } finally {
        await page.context().close();
      }
    });
  });
}
