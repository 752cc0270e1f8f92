// Access keys and passkeys end to end (issue 15), in Chromium with its virtual authenticator over
// CDP. At 375×740: the approver registers a passkey in the user centre, signs in with it on /login,
// and approving a costly request (¥35,892, made by the member through the API) asks for a step-up
// that the passkey answers; the tenant administrator creates an AccessKey whose secret is shown once
// and never again. Every access-key and MaaS route is visited at 375×740 and 1280×800 (screenshots),
// and a MaaS API key is made at 1280×800 with its secret shown once.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, SCREENSHOT_DIR, launchBrowser, newPage, screenshot, signIn, type ViewportName } from './browser.ts';
import { waitForDataPage } from './shell-helpers.ts';

let browser: Browser;
// WebAuthn refuses an IP address as the relying party: the same server, by the name localhost.
const baseURL = inject('baseURL').replace('127.0.0.1', 'localhost');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function api(account: string) {
  const login = await fetch(`${baseURL}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const terr = (await (await fetch(`${baseURL}/api/v1/auth/territories?enabled=true`, { headers: { 'x-auth-token': token } })).json()) as {
    data: { tenant_id: string; projects: { project_id: string }[] }[];
  };
  const tenant = terr.data[0]!.tenant_id;
  const project = terr.data[0]!.projects[0]!.project_id;
  return {
    tenant,
    project,
    async call<T = any>(method: string, url: string, body?: unknown): Promise<{ status: number; body: T }> {
      const r = await fetch(`${baseURL}${url}`, {
        method,
        headers: {
          'x-auth-token': token,
          'x-tenant-id': tenant,
          'x-project-id': project,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await r.text();
      return { status: r.status, body: text ? JSON.parse(text) : null };
    },
  };
}

async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

describe('passkeys at 375×740', () => {
  it('registers a passkey, signs in with it, and steps up with it before a costly approval', async () => {
    // the member asks for a large database host: 12 months of m6.4xlarge.8 with a 4 TB SSD
    const member = await api('member');
    const subnets = await member.call<{ data: { id: string; vendor: string; region_id: string; az_id: string; status: string }[] }>(
      'GET',
      '/api/subnets?__limit=50',
    );
    const subnet = subnets.body.data.find((s) => s.status === 'available' && ['openstack', 'vmware'].includes(s.vendor)) ?? subnets.body.data[0]!;
    const made = await member.call<{ id: string; estimated_cost_fen: number }>('POST', '/api/v1/approvals', {
      type: 'resource_purchase',
      payload: {
        kind: 'instance',
        name: 'erp-db-primary',
        vendor: subnet.vendor,
        region_id: subnet.region_id,
        az_id: subnet.az_id,
        spec: {
          image: 'centos-7.9',
          flavor: 'm6.4xlarge.8',
          subnet_id: subnet.id,
          password: 'Yunshu2025x',
          charging_code: 'year',
          duration: 12,
          data_disks: [{ type: 'ssd', size: 4000 }],
        },
      },
    });
    expect(made.status).toBe(201);
    expect(made.body.estimated_cost_fen).toBeGreaterThanOrEqual(1_000_000);

    const page = await newPage(browser, 'phone');
    await virtualAuthenticator(page);
    await signIn(page, baseURL, 'approver');
    await page.goto(`${baseURL}/userCenter`);
    await waitForDataPage(page, 'userCenter');
    await page.locator('[data-testid="passkey-add"]').click();
    await expect.poll(() => page.locator('[data-testid="passkey-item"]').count(), { timeout: 20_000 }).toBe(1);
    await page.locator('[data-testid="passkeys"]').scrollIntoViewIfNeeded();
    await screenshot(page, 'keys-phone-user-centre-passkey');

    // signed out, back in with the passkey alone
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await page.context().clearCookies();
    await page.goto(`${baseURL}/login`);
    await waitForDataPage(page, 'login');
    await page.locator('[data-testid="login-passkey"]').click();
    await page.locator('[data-testid="user-nickname"]').first().waitFor({ state: 'visible' });

    // the costly request: approving asks for a step-up, the passkey answers it
    await page.goto(`${baseURL}/selfApprovalDetail/${made.body.id}`);
    await page.locator('[data-testid="approval-detail"]').waitFor();
    await page.locator('[data-testid="detail-approve"]').click();
    const dialog = page.locator('[data-testid="step-up"]');
    await dialog.waitFor({ timeout: 20_000 });
    const amount = /¥([\d,]+\.\d{2})/.exec((await dialog.textContent()) ?? '')?.[1] ?? '0';
    expect(Number(amount.replaceAll(',', ''))).toBe(made.body.estimated_cost_fen / 100);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'keys-phone-step-up.png') });
    await page.locator('[data-testid="step-up-passkey"]').click();
    await expect
      .poll(async () => (await member.call<{ status: string }>('GET', `/api/v1/approvals/${made.body.id}`)).body.status, { timeout: 30_000 })
      .not.toBe('pending');
    await page.context().close();
  });
});

describe('AccessKeys at 375×740', () => {
  it('creates a key whose secret is shown once, then never again', async () => {
    const page = await newPage(browser, 'phone');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await signIn(page, baseURL, 'tenant_admin');
    await page.goto(`${baseURL}/accessKeyManage/accessKeyList`);
    await waitForDataPage(page, 'accessKeyManage_accessKeyList');
    await page.locator('[data-testid="key-card"]').first().waitFor();
    const before = await page.locator('[data-testid="key-card"]').count();
    await page.locator('[data-testid="key-create"]').click();
    await page.locator('[data-testid="key-description"] input').fill('夜间巡检脚本');
    await page.locator('[data-testid="key-create-submit"]').click();
    const secret = (await page.locator('[data-testid="secret-value"]').textContent()) ?? '';
    expect(secret).toMatch(/^[\w-]{40}$/);
    expect(await page.locator('[data-testid="secret-once"]').textContent()).toContain('只在此时显示一次');
    await screenshot(page, 'keys-phone-secret-once');
    await page.locator('.adm-dialog-button').click();
    await page.locator('[data-testid="secret-once"]').waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('[data-testid="key-card"]').count()).toBe(before + 1);
    expect(await page.content()).not.toContain(secret);
    await page.locator('[data-testid="key-card"]', { hasText: '夜间巡检脚本' }).click();
    await waitForDataPage(page, 'accessKeyDetail');
    await expect.poll(() => page.locator('[data-testid="key-state"]').textContent()).toBe('正常');
    expect(await page.content()).not.toContain(secret);
    await page.context().close();
  });
});

async function visitAll(viewport: ViewportName) {
  const page = await newPage(browser, viewport);
  await signIn(page, baseURL, 'tenant_admin');
  const admin = await api('tenant_admin');
  const keys = await admin.call<{ data: { id: string; bind_user_id: string }[] }>('GET', '/api/v1/auth/aksk?__limit=10');
  const accounts = await admin.call<{ data: { id: string }[] }>('GET', '/api/v1/maas/accounts');
  const k = keys.body.data[0]!;
  const routes: [string, string, string][] = [
    ['accessKeyManage', '/accessKeyManage', '[data-testid="key-card"]'],
    ['accessKeyManage_accessKeyGeneral', '/accessKeyManage/accessKeyGeneral', '[data-testid="key-overview"]'],
    ['accessKeyDetail', `/accessKeyDetail/${k.id}`, '[data-testid="bind-user"]'],
    ['akskRanking', '/akskRanking', '[data-testid="ranking"]'],
    ['actionRanking', '/actionRanking', '[data-testid="ranking"]'],
    ['accessKeyAuthorize', `/accessKeyAuthorize/${k.bind_user_id}/${k.id}`, '[data-testid="bind-choice"]'],
    ['maasAccountManage', '/maasAccountManage', '[data-testid="maas-account"]'],
    ['maasAccountDetail', `/maasAccountDetail/${accounts.body.data[0]!.id}`, '[data-testid="maas-key"]'],
    ['maasApiKeysManage', '/maasApiKeysManage', '[data-testid="maas-key"]'],
  ];
  for (const [name, url, ready] of routes) {
    await page.goto(`${baseURL}${url}`);
    await waitForDataPage(page, name);
    await page.locator(ready).first().waitFor();
    expect(await page.locator('[data-under-construction]').count()).toBe(0);
    await screenshot(page, `keys-${viewport}-${name}`);
  }
  return page;
}

describe('every access-key and MaaS page', () => {
  it('renders at 375×740', async () => {
    const page = await visitAll('phone');
    await page.context().close();
  });

  it('renders at 1280×800, and a MaaS API key secret is shown once', async () => {
    const page = await visitAll('desktop');
    await page.goto(`${baseURL}/maasAccountManage`);
    await page.locator('[data-testid="maas-account"]').first().click();
    await waitForDataPage(page, 'maasAccountDetail');
    await page.locator('[data-testid="maas-key"]').first().waitFor();
    const before = await page.locator('[data-testid="maas-key"]').count();
    await page.locator('[data-testid="maas-key-create"]').click();
    await page.locator('[data-testid="maas-key-name"] input').fill('工单摘要生成');
    await page.locator('[data-testid="maas-key-submit"]').click();
    const secret = (await page.locator('[data-testid="secret-value"]').textContent()) ?? '';
    expect(secret).toMatch(/^sk-[0-9a-f]{48}$/);
    await page.locator('.adm-dialog-button').click();
    await page.locator('[data-testid="secret-once"]').waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('[data-testid="maas-key"]').count()).toBe(before + 1);
    const html = await page.content();
    expect(html).not.toContain(secret);
    expect(html).toContain(`${secret.slice(0, 5)}********${secret.slice(-4)}`);
    await page.context().close();
  });
});
