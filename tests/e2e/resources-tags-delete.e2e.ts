// Shared operations end to end, at 375×740 and 1280×800 (issue 4): the platform administrator tags
// another tenant's host from ecsAdminManage with the admin tag editor (full-width brackets taken,
// half-width refused), and a tenant administrator (tenant_admin on the phone, wl_admin on the desktop:
// codes are sent at most once a minute per user) batch-deletes two stopped hosts with ONE SMS code
// read from the embedded gateway's log, then answers the step-up that deleting asks for (ADR 0029: the
// dialog comes up over the SMS dialog, the password answers it, and the same call goes again).
// This file starts its own server (LOG_LEVEL=info) to read that log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot, signIn, DEMO_PASSWORD, type ViewportName } from './browser.ts';
import { startServer, type StartedServer } from './server.ts';

let browser: Browser;
let server: StartedServer;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startServer({ LOG_LEVEL: 'info' })]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Session {
  token: string;
  tenant: string;
  projects: string[];
}

async function api<T = any>(s: Session, method: string, url: string, body?: unknown, project?: string | null): Promise<{ status: number; json: T }> {
  const res = await fetch(`${server.baseURL}/api/${url}`, {
    method,
    headers: {
      'x-auth-token': s.token,
      'x-tenant-id': s.tenant,
      ...(project === null ? {} : { 'x-project-id': project ?? s.projects[0]! }),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json()) as T };
}

async function login(account: string): Promise<Session> {
  const res = await fetch(`${server.baseURL}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password: DEMO_PASSWORD }),
  });
  const token = ((await res.json()) as { token: string }).token;
  const terr = await fetch(`${server.baseURL}/api/v1/auth/territories?enabled=true&__limit=1000`, { headers: { 'x-auth-token': token } });
  const first = ((await terr.json()) as { data: { tenant_id: string; projects: { project_id: string }[] }[] }).data[0]!;
  return { token, tenant: first.tenant_id, projects: first.projects.map((p) => p.project_id) };
}

/** Waits until the host reaches `status` (polling the API, no fixed sleep). */
async function until(s: Session, id: string, test: (status: string | null) => boolean, project?: string) {
  await expect
    .poll(
      async () => {
        const r = await api<{ status: string }>(s, 'GET', `instances/${id}`, undefined, project);
        return test(r.status === 404 ? null : r.json.status);
      },
      { timeout: 30_000, interval: 200 },
    )
    .toBe(true);
}

/**
 * Hosts named `${prefix}-a/b/c` in the web's default project, created through the API: a and b
 * stopped, c running and locked (a locked host cannot be destroyed, so the batch must refuse it).
 */
async function testHosts(s: Session, prefix: string): Promise<{ id: string; name: string }[]> {
  const project = s.projects[0]!;
  const subnet = (
    await api<{ data: { id: string; vendor: string; region_id: string; az_id: string }[] }>(s, 'GET', 'subnets?status=available&__limit=1', undefined, project)
  ).json.data[0]!;
  const out = [];
  for (const suffix of ['a', 'b', 'c']) {
    const name = `${prefix}-${suffix}`;
    const created = await api<{ id: string }>(
      s,
      'POST',
      'instances',
      {
        name,
        vendor: subnet.vendor,
        region_id: subnet.region_id,
        az_id: subnet.az_id,
        image: 'centos-7.9',
        flavor: 's6.large.2',
        subnet_id: subnet.id,
        password: 'E2eHost2025',
      },
      project,
    );
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    await until(s, created.json.id, (st) => st === 'running', project);
    const action = suffix === 'c' ? 'lock' : 'stop';
    expect((await api(s, 'POST', `instances/${created.json.id}/actions`, { action }, project)).status).toBe(200);
    if (action === 'stop') await until(s, created.json.id, (st) => st === 'stopped', project);
    out.push({ id: created.json.id, name });
  }
  return out;
}

/** The codes the embedded SMS gateway logged for this operation, oldest first. */
function codesSent(operateType: string): string[] {
  return [...server.log().matchAll(new RegExp(`"operate_type":"${operateType}","code":"(\\d{6})"`, 'g'))].map((m) => m[1]!);
}

async function adminTagsForeignHost(page: Page, vp: ViewportName) {
  await signIn(page, server.baseURL, 'admin');
  await page.goto(`${server.baseURL}/ecsAdminManage`);
  await page.locator('[data-page="ecsAdminManage"] [data-testid="admin-list"]').waitFor();
  // Every tenant is listed; narrow to 鑫泰金融控股, which is not the admin's current tenant.
  await page.locator('[data-testid="filter-tenant"]').selectOption({ label: '鑫泰金融控股' });
  const rowSel = vp === 'phone' ? '[data-testid="admin-card"]' : '[data-testid="admin-table"] tbody tr[data-row-id]';
  await expect
    .poll(
      async () => {
        const texts = await page.locator(rowSel).allTextContents();
        return texts.length > 0 && texts.every((x) => x.includes('鑫泰金融控股'));
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  const row = page.locator(rowSel).first();
  const id = vp === 'phone' ? await row.getAttribute('data-id') : await row.getAttribute('data-row-id');
  await screenshot(page, `tags-${vp}-admin-list`);
  if (vp === 'phone') await row.locator('[data-testid="edit-tags"]').click();
  else await row.locator('[data-action="tags"]').click();
  const editor = page.locator('[data-testid="admin-tag-editor"]');
  await editor.waitFor();
  await expect.poll(() => editor.locator('[data-testid="admin-tag-scope"]').textContent()).toContain('鑫泰金融控股');
  const key = `e2e.${vp}`;
  // Half-width brackets are refused with the admin rule; the full-width ones are taken.
  await editor.locator('[data-testid="tag-key"] input').fill(key);
  await editor.locator('[data-testid="tag-value"] input').fill('运维(二线)');
  await editor.locator('[data-testid="tag-add"]').click();
  await expect.poll(() => editor.locator('[data-testid="tag-error"]').textContent()).toContain('全角括号');
  await editor.locator('[data-testid="tag-value"] input').fill('运维（二线）');
  await editor.locator('[data-testid="tag-add"]').click();
  await expect.poll(() => editor.locator('[data-testid="admin-tag-chips"]').textContent(), { timeout: 15_000 }).toContain(`${key}: 运维（二线）`);
  await expect.poll(() => editor.locator('[data-testid="tag-error"]').count()).toBe(0);
  await screenshot(page, `tags-${vp}-admin-editor`);
  await editor.locator('[data-testid="admin-tag-close"]').click();
  await editor.waitFor({ state: 'detached' });
  // The list shows the new tag on that row, and the tenant itself sees it on its host.
  const sameRow = page.locator(vp === 'phone' ? `[data-testid="admin-card"][data-id="${id}"]` : `tr[data-row-id="${id}"]`);
  await expect.poll(() => sameRow.textContent(), { timeout: 15_000 }).toContain(`${key}: 运维（二线）`);
  const fin = await login('fin_admin');
  const host = (await api<{ project_id: string }>(fin, 'GET', `instances/${id}`, undefined, null)).json;
  const tags = await api<{ data: { tag: { tag_key: string; tag_value: string } }[] }>(
    fin,
    'GET',
    `tag-resources?resource_type=instance&resource_id=${id}`,
    undefined,
    host.project_id,
  );
  expect(tags.json.data.map((d) => `${d.tag.tag_key}=${d.tag.tag_value}`)).toContain(`${key}=运维（二线）`);
}

/** The ops administrator reads the admin list (tags shown) but is offered no tag editing. */
async function opsAdminReadsOnly(page: Page, vp: ViewportName) {
  await signIn(page, server.baseURL, 'oncall');
  await page.goto(`${server.baseURL}/ecsAdminManage`);
  const rowSel = vp === 'phone' ? '[data-testid="admin-card"]' : '[data-testid="admin-table"] tbody tr[data-row-id]';
  await expect.poll(() => page.locator(rowSel).count(), { timeout: 15_000 }).toBeGreaterThan(0);
  await expect.poll(() => page.locator(`${rowSel} :is([data-testid="edit-tags"], [data-action="tags"])`).count()).toBe(0);
}

async function batchDeleteWithCode(page: Page, vp: ViewportName, account: string) {
  const s = await login(account);
  const prefix = `e2e-del-${vp}-${Date.now().toString(36)}`;
  const all = await testHosts(s, prefix);
  const hosts = all.slice(0, 2);
  const locked = all[2]!;
  await signIn(page, server.baseURL, account);
  await page.goto(`${server.baseURL}/ecsManage`);
  await page.locator('[data-page="ecsManage"]').waitFor();
  if (vp === 'phone') {
    await page.locator('[data-testid="search-name"] input').fill(prefix);
    await expect.poll(() => page.locator('[data-testid="resource-card"]').count(), { timeout: 15_000 }).toBe(3);
    await page.locator('[data-testid="multi-select"]').click();
    for (const h of all) await page.locator(`[data-testid="resource-card"][data-id="${h.id}"]`).click();
    await page.locator('[data-testid="batch-bar"] [data-testid="batch"]').click();
    await page.locator('.adm-action-sheet-button-item', { hasText: '删除' }).click();
  } else {
    await page.locator('[data-testid="search-name"]').fill(prefix);
    await expect.poll(() => page.locator('[data-testid="resource-table"] tbody tr[data-row-id]').count(), { timeout: 15_000 }).toBe(3);
    for (const h of all) await page.locator(`tr[data-row-id="${h.id}"] input[type="checkbox"]`).check();
    await page.locator('[data-testid="batch"]').click();
    await page.locator('.adm-popover-menu-item', { hasText: '删除' }).click();
  }
  const dialog = page.locator('[data-testid="sms-delete"]');
  await dialog.waitFor();
  await expect.poll(() => dialog.textContent()).toContain(hosts[0]!.name);
  await expect.poll(() => dialog.locator('[data-testid="retention-days"] input').inputValue()).toBe('60');
  const before = codesSent('delete_instance').length;
  await dialog.locator('[data-testid="sms-get"]').click();
  await expect.poll(() => dialog.locator('[data-testid="sms-get"]').textContent()).toMatch(/\d+ 秒后重新获取/);
  await expect.poll(() => codesSent('delete_instance').length, { timeout: 10_000 }).toBeGreaterThan(before);
  const code = codesSent('delete_instance').at(-1)!;
  await dialog.locator('[data-testid="sms-code"] input').fill(code);
  await dialog.locator('[data-testid="retention-days"] input').fill('30');
  await screenshot(page, `delete-${vp}-sms-dialog`);
  await page.locator('.adm-dialog-button', { hasText: '确定' }).click();
  // Deleting needs a fresh step-up (ADR 0029): the server refused the call for want of a proof, the
  // request helper shows the step-up dialog instead of an error, and nothing is deleted yet.
  const stepUp = page.locator('[data-testid="step-up"]');
  await stepUp.waitFor({ timeout: 15_000 });
  await expect.poll(() => stepUp.textContent()).toContain('删除后难以恢复');
  expect(await page.locator('.ys-notice--error').count()).toBe(0);
  for (const h of all) expect((await api<{ status: string }>(s, 'GET', `instances/${h.id}`, undefined, s.projects[0])).json.status).not.toBe('deleting');
  // the dialog fades in over the SMS dialog: the picture once it is fully shown
  await expect.poll(() => stepUp.evaluate((el) => (el.closest('.adm-center-popup-wrap')?.firstElementChild as HTMLElement | null)?.style.opacity)).toBe('1');
  await screenshot(page, `delete-${vp}-step-up`);
  await stepUp.locator('input[type="password"]').fill(DEMO_PASSWORD);
  await page.locator('[data-testid="step-up-password-submit"]').click();
  await stepUp.waitFor({ state: 'hidden', timeout: 15_000 });
  // One call, one code: the locked host is refused by its state and named in the result.
  const result = page.locator('[data-testid="batch-delete-result"]');
  await result.waitFor();
  await expect.poll(() => result.textContent()).toContain('已提交删除 2 个，未能删除 1 个');
  expect(await result.locator('[data-testid="batch-refused"]').allTextContents()).toEqual([expect.stringMatching(new RegExp(`^${locked.name}：.*锁定`))]);
  await screenshot(page, `delete-${vp}-result`);
  await page.locator('.adm-dialog-button', { hasText: '知道了' }).click();
  await result.waitFor({ state: 'detached' });
  await dialog.waitFor({ state: 'detached' });
  // The batch is over: nothing stays selected, and a deleted row (it may still show 已删除) cannot be picked again.
  const pickable = (id: string) =>
    page.evaluate(
      ([rowId, phone]) => {
        const box = phone
          ? document.querySelector(`[data-testid="resource-card"][data-id="${rowId}"] .adm-checkbox`)
          : document.querySelector(`tr[data-row-id="${rowId}"] input[type="checkbox"]`);
        if (!box) return false;
        return phone ? !box.classList.contains('adm-checkbox-disabled') : !(box as HTMLInputElement).disabled;
      },
      [id, vp === 'phone'] as const,
    );
  if (vp === 'phone') {
    await expect.poll(() => page.locator('[data-testid="batch-bar"] [data-testid="batch"]').isDisabled()).toBe(true);
  } else {
    await expect.poll(() => page.locator('[data-testid="resource-table"] tbody input[type="checkbox"]:checked').count()).toBe(0);
    expect(await page.locator('[data-testid="batch"]').isDisabled()).toBe(true);
  }
  // The others went with the one code: each reaches 已删除 (the recycle bin) with 30 days' retention.
  for (const h of hosts) await until(s, h.id, (st) => st === 'deleted' || st === null, s.projects[0]);
  for (const h of hosts) await expect.poll(() => pickable(h.id), { timeout: 15_000 }).toBe(false);
  expect(await pickable(locked.id)).toBe(true);
  for (const h of hosts) {
    const row = await api<{ spec: { delayed_days?: number } }>(s, 'GET', `instances/${h.id}`, undefined, s.projects[0]);
    expect(row.json.spec.delayed_days).toBe(30);
  }
  expect((await api<{ status: string; locked: boolean }>(s, 'GET', `instances/${locked.id}`, undefined, s.projects[0])).json).toMatchObject({
    status: 'running',
    locked: true,
  });
  await screenshot(page, `delete-${vp}-after`);
}

for (const vp of ['phone', 'desktop'] as const) {
  describe(`tags and batch delete at ${vp}`, () => {
    it("the admin tags another tenant's host from ecsAdminManage; the ops administrator only reads", async () => {
      const page = await newPage(browser, vp);
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(err.message));
      try {
        await adminTagsForeignHost(page, vp);
        const ops = await newPage(browser, vp);
        try {
          await opsAdminReadsOnly(ops, vp);
        } finally {
          await ops.context().close();
        }
        expect(errors).toEqual([]);
      } finally {
        await page.context().close();
      }
    }, 120_000);

    // Two tenant administrators: a user may ask for a new code only every 60 s.
    const account = vp === 'phone' ? 'tenant_admin' : 'wl_admin';
    it(`${account} (tenant administrator) deletes two stopped hosts with one SMS code; a locked one is refused`, async () => {
      const page = await newPage(browser, vp);
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(err.message));
      try {
        await batchDeleteWithCode(page, vp, account);
        expect(errors).toEqual([]);
      } finally {
        await page.context().close();
      }
    }, 180_000);
  });
}
