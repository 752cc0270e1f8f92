// Approval processes in the browser (approvalManage, approvalAdd): a tenant admin adds a process,
// is stopped by the form's rules, edits the saved process (the form comes back filled), and deletes
// it after confirming — each step checked through the API. Both sizes.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, signIn } from './browser.ts';
import { apiAs, shot, type Api } from './approvals-helpers.ts';

let browser: Browser;
const baseURL = inject('baseURL');
let adminApi: Api;

beforeAll(async () => {
  browser = await launchBrowser();
  adminApi = await apiAs(baseURL, 'tenant_admin');
});
afterAll(async () => {
  await browser?.close();
});

interface Process {
  id: string;
  name: string;
  request_types: string[];
  levels: { approvers: { account: string }[] }[];
}

let tenantId = '';
/** The process API answers in a tenant: the admin's first one, as the console picks it. */
async function processApi<T = unknown>(method: string, url: string): Promise<{ status: number; body: T }> {
  if (!tenantId) {
    const terr = await adminApi.call<{ data: { tenant_id: string }[] }>('GET', '/api/v1/auth/territories?enabled=true&__limit=1000');
    tenantId = terr.body.data[0]!.tenant_id;
  }
  const r = await fetch(`${baseURL}${url}`, { method, headers: { 'x-auth-token': adminApi.token, 'x-tenant-id': tenantId, 'accept-language': 'zh-CN' } });
  const text = await r.text();
  return { status: r.status, body: (text ? JSON.parse(text) : null) as T };
}

async function processNamed(name: string): Promise<Process | undefined> {
  const r = await processApi<{ data: Process[] }>('GET', '/api/v1/approval_process?__limit=100');
  expect(r.status).toBe(200);
  return r.body.data.find((p) => p.name === name);
}

/** Leaves only 配额变更 ticked, so the process cannot hold up other tests' purchases. */
async function onlyQuotaChanges(page: Page): Promise<void> {
  // (the invoice types too: the demo tenant's GOA process already covers them tenant-wide, and the
  // service catalogue's publishing, which its demo process covers)
  for (const label of ['资源购买', '资源扩容', '防火墙策略', 'SNAT 规则', 'DNAT 规则', '开票申请', '发票作废', '发票红冲', '服务目录发布']) {
    const box = page.locator('.adm-checkbox', { hasText: label });
    if (await box.evaluate((el) => el.classList.contains('adm-checkbox-checked'))) await box.click();
  }
}

for (const viewport of ['phone', 'desktop'] as const) {
  describe(`approval processes at ${viewport}`, () => {
    it('adds a process, edits it with the form filled in, and deletes it after confirming', async () => {
      const page = await newPage(browser, viewport);
      const name = `配额审批-${viewport}-${Date.now() % 100000}`;
      try {
        await signIn(page, baseURL, 'tenant_admin');
        await page.goto(`${baseURL}/approvalManage`);
        await page.locator('[data-testid="process-add"]').click();
        await page.waitForURL(`${baseURL}/approvalAdd`);

        // The form's rules: a name is required, every level needs approvers.
        await page.locator('[data-testid="process-save"]').click();
        await page.getByText('名称长度为 2-60 个字符').waitFor();
        await page.getByText('请填写审批人账号').waitFor();
        expect(await processNamed(name)).toBeUndefined();

        await page.locator('[data-testid="process-name"] input').fill(name);
        // Each project of the demo tenant already has its process for quota changes (one process per
        // request type and project): this one is the tenant-wide default.
        await page.locator('.adm-selector-item', { hasText: '全部项目' }).click();
        await onlyQuotaChanges(page);
        await page.locator('[data-testid="process-approvers-0"] input').fill('approver');
        await shot(page, `approvals-process-add-${viewport}`);
        await page.locator('[data-testid="process-save"]').click();
        await page.waitForURL(`${baseURL}/approvalManage`);
        const card = page.locator('[data-testid="process-card"]', { hasText: name });
        await card.waitFor();
        const saved = (await processNamed(name))!;
        expect(saved.request_types).toEqual(['quota_change']);
        expect(saved.levels.map((l) => l.approvers.map((a) => a.account))).toEqual([['approver']]);

        // Edit: the saved values come back; a second approver is added.
        await card.locator('[data-testid="process-edit"]').click();
        await page.waitForURL(`${baseURL}/approvalAdd?id=${saved.id}`);
        const approvers = page.locator('[data-testid="process-approvers-0"] input');
        await expect.poll(() => approvers.inputValue()).toBe('approver');
        expect(await page.locator('[data-testid="process-name"] input').inputValue()).toBe(name);
        await approvers.fill('approver，tenant_admin');
        await shot(page, `approvals-process-edit-${viewport}`);
        await page.locator('[data-testid="process-save"]').click();
        await page.waitForURL(`${baseURL}/approvalManage`);
        await expect.poll(async () => (await processNamed(name))?.levels[0]?.approvers.map((a) => a.account)).toEqual(['approver', 'tenant_admin']);
        expect((await processNamed(name))!.id).toBe(saved.id);

        // Delete: asks first; cancelling keeps it.
        const again = page.locator('[data-testid="process-card"]', { hasText: name });
        await again.getByText('删除', { exact: true }).click();
        await page.locator('.adm-dialog').getByText(`确定删除审批流程「${name}」吗？`).waitFor();
        await page.locator('.adm-dialog-button', { hasText: '取消' }).click();
        expect(await processNamed(name)).toBeDefined();
        await again.getByText('删除', { exact: true }).click();
        await page.locator('.adm-dialog-button', { hasText: '删除' }).click();
        await again.waitFor({ state: 'detached' });
        expect(await processNamed(name)).toBeUndefined();

        // A process that no longer exists: the edit form says so instead of an empty form.
        await page.goto(`${baseURL}/approvalAdd?id=${saved.id}`);
        await page.getByText('审批流程不存在或已被删除').waitFor();
      } finally {
        const left = await processNamed(name).catch(() => undefined);
        if (left) await processApi('DELETE', `/api/v1/approval_process/${left.id}`);
        await page.context().close();
      }
    });
  });
}
