// Bastion-host permissions end to end (issue 15, ADR 0030), at 375×740 (cards) and 1280×800 (the
// table): the tenant administrator opens /fortproperty, grants the demo bastion user 何静 (ops_he)
// file upload on a host she had no access to, sees the 上传 chip under that host's name, then unticks
// it: the sheet warns that her access is revoked, saving asks to confirm, and the host leaves her
// list. Refusals and validation are API tests (tests/api/bastion.test.ts).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, launchBrowser, newPage, screenshot, signIn, type ViewportName } from './browser.ts';
import { waitForDataPage } from './shell-helpers.ts';

let browser: Browser;
const baseURL = inject('baseURL');

interface Host {
  id: string;
  name: string;
  ip: string | null;
}
let admin: { call<T = any>(method: string, url: string, body?: unknown): Promise<{ status: number; body: T }> };
let heId = '';
let free: Host[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  const login = await fetch(`${baseURL}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'tenant_admin', password: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const terr = (await (await fetch(`${baseURL}/api/v1/auth/territories?enabled=true`, { headers: { 'x-auth-token': token } })).json()) as {
    data: { tenant_id: string }[];
  };
  const tenant = terr.data[0]!.tenant_id;
  admin = {
    async call(method, url, body) {
      const r = await fetch(`${baseURL}${url}`, {
        method,
        headers: { 'x-auth-token': token, 'x-tenant-id': tenant, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await r.text();
      return { status: r.status, body: text ? JSON.parse(text) : null };
    },
  };
  const users = await admin.call<{ data: { id: string; account: string; grants: { host: Host }[] }[] }>('GET', '/api/v1/bastion/users');
  const he = users.body.data.find((u) => u.account === 'ops_he')!;
  heId = he.id;
  const hosts = await admin.call<{ data: Host[] }>('GET', '/api/v1/bastion/hosts');
  const held = new Set(he.grants.map((g) => g.host.id));
  // hosts with an IP whose name is unique, so the card shows exactly one row for it
  free = hosts.body.data.filter((h) => h.ip && !held.has(h.id) && hosts.body.data.filter((x) => x.name === h.name).length === 1);
});
afterAll(async () => {
  // leave ops_he as the demo seeded her, whatever happened above
  if (heId && free.length) {
    await admin.call('PUT', `/api/v1/bastion/users/${heId}/permissions`, {
      hosts: free.slice(0, 2).map((h) => ({ host_id: h.id, upload: false, download: false })),
    });
  }
  await browser?.close();
});

async function journey(viewport: ViewportName, host: Host) {
  const page: Page = await newPage(browser, viewport);
  await signIn(page, baseURL, 'tenant_admin');
  await page.goto(`${baseURL}/fortproperty`);
  await waitForDataPage(page, 'fortproperty');
  expect(await page.locator('[data-under-construction]').count()).toBe(0);
  const holder = viewport === 'desktop' ? '[data-testid="bastion-row"][data-account="ops_he"]' : '[data-testid="bastion-card"][data-account="ops_he"]';
  const him = page.locator(holder);
  await him.waitFor();
  await screenshot(page, `bastion-${viewport}-list`);
  const grant = him.locator(`[data-testid="bastion-grant"][data-host="${host.name}"]`);
  expect(await grant.count()).toBe(0);

  // grant file upload on the host
  await him.locator('[data-testid="bastion-edit"]').click();
  const sheet = page.locator('[data-testid="bastion-sheet"]');
  await sheet.waitFor();
  await sheet.getByRole('textbox').fill(host.name);
  const row = sheet.locator(`[data-testid="bastion-host-row"][data-host="${host.name}"]`);
  await row.locator('[data-testid="check-upload"]').click();
  await screenshot(page, `bastion-${viewport}-sheet`);
  await sheet.locator('[data-testid="bastion-save"]').click();
  await sheet.waitFor({ state: 'detached' });
  await grant.waitFor();
  expect(await grant.textContent()).toContain(host.ip!);
  expect(await grant.locator('[data-testid="chip-upload"]').textContent()).toBe('上传');
  expect(await grant.locator('[data-testid="chip-download"]').count()).toBe(0);

  // revoke: untick the only right, the sheet warns, saving asks to confirm
  await him.locator('[data-testid="bastion-edit"]').click();
  await sheet.waitFor();
  await sheet.getByRole('textbox').fill(host.name);
  await row.locator('[data-testid="check-upload"]').click();
  expect(await row.locator('[data-testid="bastion-revoke-warning"]').textContent()).toBe('将撤销该用户对此主机的访问');
  await screenshot(page, `bastion-${viewport}-revoke-warning`);
  await sheet.locator('[data-testid="bastion-save"]').click();
  const confirm = page.locator('[data-testid="bastion-revoke-confirm"]');
  await confirm.waitFor();
  expect(await confirm.textContent()).toContain(host.name);
  await page.locator('.adm-dialog-button', { hasText: '撤销并保存' }).click();
  await sheet.waitFor({ state: 'detached' });
  await grant.waitFor({ state: 'detached' });
  const left = await admin.call<{ count: number }>('GET', `/api/v1/bastion/permissions?user_id=${heId}&host_id=${host.id}`);
  expect(left.body.count).toBe(0);
  await page.context().close();
}

describe('bastion-host permissions', () => {
  it('grants upload, shows it, revokes it at 375×740', async () => {
    await journey('phone', free[0]!);
  });
  it('grants upload, shows it, revokes it at 1280×800', async () => {
    await journey('desktop', free[1]!);
  });
});
