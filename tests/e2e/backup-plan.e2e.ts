// The backup scheduler end to end at 375×740 and 1280×800: open a host's detail, 备份策略 tab,
// add a weekly plan (weekdays picked) and see it listed; a monthly plan's day panel refuses the
// last day beside other days with a notice, 确定 closes it and the label names the days; delete
// a plan after the confirmation. A new plan's state badge goes from its in-between state (创建中 /
// 安装软件中 / 下发中, edit and delete disabled) to 已创建 live, without a reload.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, launchBrowser, newPage, screenshot, signIn } from './browser.ts';

let browser: Browser;
const baseURL = inject('baseURL');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A running host of the scope the console opens with (first territory, first project), not CTyun. */
async function pickHost(): Promise<{ id: string; name: string }> {
  const login = (await (
    await fetch(`${baseURL}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'tenant_admin', password: DEMO_PASSWORD }),
    })
  ).json()) as { token: string };
  const terr = (await (await fetch(`${baseURL}/api/v1/auth/territories?enabled=true&__limit=1000`, { headers: { 'x-auth-token': login.token } })).json()) as {
    data: { tenant_id: string; projects: { project_id: string }[] }[];
  };
  const first = terr.data.find((x) => x.projects.length)!;
  const headers = { 'x-auth-token': login.token, 'x-tenant-id': first.tenant_id, 'x-project-id': first.projects[0]!.project_id };
  const hosts = (await (await fetch(`${baseURL}/api/instances?__limit=100`, { headers })).json()) as {
    data: { id: string; name: string; vendor: string; status: string }[];
  };
  const host = hosts.data.find((h) => h.vendor !== 'ctyun' && (h.status === 'running' || h.status === 'stopped'));
  if (!host) throw new Error('no host to back up in the first project');
  return host;
}

async function openForm(page: Page) {
  await page.locator('[data-testid="backup-add"]').click();
  await page.locator('[data-testid="backup-form"]').waitFor();
}

async function pickStartTime(page: Page) {
  await page.locator('[data-testid="backup-start"]').click();
  await page.locator('.adm-picker-header-button', { hasText: '确定' }).click();
  await expect.poll(() => page.locator('[data-testid="backup-start"]').textContent()).toMatch(/^\d{2}:\d{2}:\d{2}$/);
}

const planRow = (page: Page, name: string) => page.locator('[data-testid="backup-plan"]', { hasText: name });
const IN_BETWEEN = ['creating', 'installing', 'issuing'].map((s) => `[data-testid="backup-plan-status"][data-status="${s}"]`).join(', ');
const IN_BETWEEN_TEXT = /^(创建中|安装软件中|下发中)$/;

for (const vp of ['phone', 'desktop'] as const) {
  describe(`backup scheduler at ${vp}`, () => {
    it('adds a weekly plan, refuses the last day beside other days, deletes a plan', async () => {
      const host = await pickHost();
      const page = await newPage(browser, vp);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await signIn(page, baseURL, 'tenant_admin');
      await page.goto(`${baseURL}/ecsDetail/${host.id}`);
      await expect.poll(() => page.locator('[data-testid="detail-name"]').textContent()).toBe(host.name);
      await page.locator('.adm-tabs-tab', { hasText: '备份策略' }).click();
      await page.locator('[data-testid="backup-tab"]').waitFor();
      await page.locator('[data-testid="backup-add"]').waitFor();

      // Weekly: every weekday is picked by default; Saturday and Sunday are taken off.
      const weekly = `e2e-每周-${vp}-${Date.now().toString(36)}`;
      await openForm(page);
      await expect.poll(() => page.locator('[data-testid="backup-weekdays"] .adm-selector-item-multiple-active').count()).toBe(7);
      // Saving empty names the required fields and sends nothing.
      await page.locator('[data-testid="backup-save"]').click();
      await expect.poll(() => page.locator('[data-field="name"] .ys-bk-error').textContent()).toBe('请填写策略名称');
      await expect.poll(() => page.locator('[data-field="start_time"] .ys-bk-error').textContent()).toBe('请填写开始时间');
      await page.locator('[data-testid="backup-name"] input').fill(weekly);
      await pickStartTime(page);
      await page.locator('[data-testid="backup-weekdays"] .adm-selector-item', { hasText: '周六' }).click();
      await page.locator('[data-testid="backup-weekdays"] .adm-selector-item', { hasText: '周日' }).click();
      await expect.poll(() => page.locator('[data-testid="backup-weekdays"] .adm-selector-item-multiple-active').count()).toBe(5);
      // Device type 不限 offers no permanent retention; NBU offers it again.
      await expect.poll(() => page.locator('[data-testid="backup-retention"] .adm-selector-item', { hasText: '永久' }).count()).toBe(0);
      await page.locator('[data-testid="backup-device"] .adm-selector-item', { hasText: 'NBU' }).click();
      await expect.poll(() => page.locator('[data-testid="backup-retention"] .adm-selector-item', { hasText: '永久' }).count()).toBe(1);
      await page.locator('[data-testid="backup-device"] .adm-selector-item', { hasText: '不限' }).click();
      await screenshot(page, `backup-${vp}-weekly-form`);
      // A marker on the window: gone if the page reloads.
      await page.evaluate(() => {
        (window as unknown as { __noReload: boolean }).__noReload = true;
      });
      await page.locator('[data-testid="backup-save"]').click();
      await planRow(page, weekly).waitFor();
      await expect.poll(() => planRow(page, weekly).locator('[data-testid="backup-plan-cycle"]').textContent()).toContain('每周一、二、三、四、五');
      // The badge: in between first (the agent takes CLOUD_SIM_DELAY_MS per step), then 已创建 from the server events.
      const badge = planRow(page, weekly).locator('[data-testid="backup-plan-status"]');
      await planRow(page, weekly).locator(IN_BETWEEN).waitFor();
      expect(await badge.textContent()).toMatch(IN_BETWEEN_TEXT);
      await screenshot(page, `backup-${vp}-in-between`);
      await planRow(page, weekly).locator('[data-testid="backup-plan-status"][data-status="created"]').waitFor({ timeout: 15_000 });
      expect(await badge.textContent()).toBe('已创建');
      expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
      expect(await planRow(page, weekly).locator('[data-testid="backup-delete"]').isDisabled()).toBe(false);
      await screenshot(page, `backup-${vp}-listed`);

      // Monthly: the day panel opens; the last day beside 1 and 15 is refused with a notice.
      const monthly = `e2e-每月-${vp}-${Date.now().toString(36)}`;
      await openForm(page);
      await page.locator('[data-testid="backup-name"] input').fill(monthly);
      await pickStartTime(page);
      await page.locator('[data-testid="backup-freq"] .adm-selector-item', { hasText: '每月' }).click();
      const panel = page.locator('[data-testid="backup-day-panel"]');
      await panel.waitFor();
      await panel.locator('[data-day="1"]').click();
      await panel.locator('[data-day="15"]').click();
      await panel.locator('[data-day="last_day"]').click();
      await page.locator('.adm-toast-main', { hasText: '“最后一天”不能与其他日期同时选择' }).waitFor();
      expect(await panel.locator('[data-day="last_day"]').getAttribute('aria-pressed')).toBe('false');
      expect(await panel.locator('[data-day="15"]').getAttribute('aria-pressed')).toBe('true');
      await screenshot(page, `backup-${vp}-last-day-refused`);
      await panel.locator('[data-testid="backup-day-confirm"]').click();
      await panel.waitFor({ state: 'hidden' });
      await expect.poll(() => page.locator('[data-testid="backup-month-days"]').textContent()).toBe('每月 1、15 日');
      await page.locator('[data-testid="backup-save"]').click();
      await planRow(page, monthly).waitFor();
      await expect.poll(() => planRow(page, monthly).locator('[data-testid="backup-plan-cycle"]').textContent()).toContain('每月 1、15 日');

      // Delete the weekly plan after the confirmation.
      await planRow(page, weekly).locator('[data-testid="backup-delete"]').click();
      const dialog = page.locator('.adm-center-popup-wrap').filter({ hasText: weekly });
      await dialog.waitFor();
      // The dialog fades in: take the picture once it is fully shown.
      await expect
        .poll(() => dialog.evaluate((el) => getComputedStyle(el.closest('.adm-center-popup') ?? el).opacity === '1' && getComputedStyle(el).opacity === '1'))
        .toBe(true);
      await screenshot(page, `backup-${vp}-delete-confirm`);
      await dialog.locator('.adm-dialog-button', { hasText: '删除' }).click();
      await planRow(page, weekly).waitFor({ state: 'detached' });
      expect(await planRow(page, monthly).count()).toBe(1);
      expect(errors).toEqual([]);
      await page.context().close();
    }, 120_000);
  });
}
