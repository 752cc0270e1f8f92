// The SNAT/DNAT tab's notice follows the current project's approval process, at 375×740 and
// 1280×800: in supply-chain (its process covers NAT rules) it says a rule is approved first and
// issued at 22:00; a rule added there answers 已提交审批 and sits in the list as 审批中. In rnd-test
// (NAT rules issued at once) it says 立即下发. Both in zh-CN; the phone also in zh-TW.
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

interface Territory {
  tenant_id: string;
  tenant_name: string;
  projects: { project_id: string; project_name: string; project_name_zh?: string | null }[];
}

/** Picks `label` in the project picker (desktop top bar; on a phone inside the scope sheet). */
async function useProject(page: Page, vp: 'phone' | 'desktop', projectName: string, label: string): Promise<{ tenantId: string; projectId: string }> {
  if (vp === 'phone') await page.locator('[data-testid="scope-open"]').click();
  const picker = page.locator(`${vp === 'phone' ? '.ys-phone__scope ' : ''}[data-testid="project-picker"]`).first();
  await picker.click();
  await page.locator('.adm-check-list-item:visible', { hasText: label }).first().click();
  await expect.poll(() => picker.locator('.ys-scope__value').textContent()).toBe(label);
  const territories = (await page.evaluate(async () => {
    const res = await fetch('/api/v1/auth/territories', { headers: { 'X-Auth-Token': window.localStorage.getItem('x_auth_token') ?? '' } });
    const body = await res.json();
    return (Array.isArray(body) ? body : body.data) as unknown;
  })) as Territory[];
  const t = territories.find((x) => x.projects.some((p) => p.project_name === projectName))!;
  return { tenantId: t.tenant_id, projectId: t.projects.find((x) => x.project_name === projectName)!.project_id };
}

/** The project's demo NAT gateway that has an EIP bound (rules need one). */
async function gatewayOf(page: Page, scope: { tenantId: string; projectId: string }): Promise<string> {
  return page.evaluate(async ({ tenantId, projectId }) => {
    const headers = { 'X-Auth-Token': window.localStorage.getItem('x_auth_token') ?? '', 'X-Tenant-Id': tenantId, 'X-Project-Id': projectId };
    const list = (await (await fetch('/api/nat_gateways?__limit=50', { headers })).json()) as {
      data: { id: string; status: string; spec: { eip_count?: number } }[];
    };
    const g = list.data.find((x) => x.status === 'available' && Number(x.spec.eip_count ?? 0) > 0);
    if (!g) throw new Error('no NAT gateway with an EIP');
    return g.id;
  }, scope);
}

const notice = (page: Page) => page.locator('[data-testid="rule-list"][data-kind="snat_rule"] [data-testid="rule-issue-notice"]');

for (const vp of ['phone', 'desktop'] as const) {
  describe(`the NAT rule notice at ${vp}`, () => {
    it('says 22:00 after approval in supply-chain, and an added SNAT rule waits as 审批中; 立即下发 in rnd-test', async () => {
      const page = await newPage(browser, vp);
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(err.message));
      try {
        await signIn(page, baseURL, 'tenant_admin');
        const supply = await useProject(page, vp, 'supply-chain', '供应链协同平台');
        const id = await gatewayOf(page, supply);
        await page.goto(`${baseURL}/natDetail/snatManage/${id}`);
        await notice(page).waitFor();
        expect(await notice(page).getAttribute('data-approval')).toBe('yes');
        expect(await notice(page).textContent()).toBe('本项目规则需审批，审批通过后于 22:00 统一下发（22:00 后提交的次日下发）。');
        // The whole sentence is on screen (wrapped, not a marquee), inside the viewport.
        const box = (await notice(page).boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(vp === 'phone' ? 375 : 1280);
        await screenshot(page, `nat-notice-${vp}-approval`);

        await page.locator('[data-testid="rule-list"][data-kind="snat_rule"] [data-testid="rule-add"]').click();
        await page.waitForURL(`${baseURL}/natDetail/snatConfig/${id}`);
        await page.locator('[data-testid="rule-form"]').waitFor();
        await expect.poll(() => page.locator('select[data-testid="field-eip_id"]').inputValue()).toMatch(/[0-9a-f]{32}/);
        const name = `e2e-appr-${vp}-${Date.now().toString(36)}`;
        await page.locator('input[name="name"]').fill(name);
        // A network no earlier run has asked for (a retry must not meet its own rule).
        await page.locator('input[name="source_cidr"]').fill(`172.${16 + (Date.now() % 16)}.${Math.floor(Math.random() * 250)}.0/24`);
        await page.locator('[data-testid="rule-submit"]').click();
        await page.locator('.adm-toast-main', { hasText: '已提交审批' }).waitFor();
        await page.waitForURL(`${baseURL}/natDetail/snatManage/${id}`);
        const row = page.locator(
          `[data-testid="rule-list"][data-kind="snat_rule"] ${vp === 'phone' ? '[data-testid="rule-card"]' : '[data-testid="rule-table"] tbody tr'}`,
          { hasText: name },
        );
        await row.waitFor();
        const badge = row.locator('[data-testid="status-badge"]').first();
        await expect.poll(() => badge.getAttribute('data-status')).toBe('approving');
        expect((await badge.textContent())?.trim()).toBe('审批中');
        await screenshot(page, `nat-notice-${vp}-added-approving`);

        if (vp === 'phone') {
          await page.evaluate(() => window.localStorage.setItem('local', 'zh-TW'));
          await page.reload();
          await expect.poll(() => notice(page).textContent()).toBe('本專案規則需經簽核，核准後於 22:00 統一下發（22:00 後送出的次日下發）。');
          await screenshot(page, `nat-notice-${vp}-approval-zh-TW`);
          await page.evaluate(() => window.localStorage.setItem('local', 'zh-CN'));
          await page.reload();
          await expect.poll(() => notice(page).textContent()).toContain('本项目');
        }

        const rnd = await useProject(page, vp, 'rnd-test', '研发测试环境');
        const rndGateway = await gatewayOf(page, rnd);
        await page.goto(`${baseURL}/natDetail/snatManage/${rndGateway}`);
        await expect.poll(() => notice(page).getAttribute('data-approval')).toBe('no');
        expect(await notice(page).textContent()).toBe('规则添加后立即下发到 NAT 网关；停用后规则不再生效，可随时重新启用。');
        await screenshot(page, `nat-notice-${vp}-immediate`);

        if (vp === 'phone') await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
        expect(errors).toEqual([]);
      } catch (err) {
        await screenshot(page, `nat-notice-${vp}-failed`).catch(() => undefined);
        throw err;
      } finally {
        await page.context().close();
      }
    });
  });
}
