// e2e-weight: 27500
// The DNS, CDN and certificate console (issue 9, part 5) at 375×740 and 1280×800: every route of
// the console.dns group this part built renders its real page (its data-page, never 功能建设中),
// detail routes with a demo resource of the signed-in scope; and one journey: upload an own
// certificate (PEM pasted into the form), then add a CDN domain that serves HTTPS with it.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, launchBrowser, newPage, screenshot, signIn } from './browser.ts';

let browser: Browser;
const baseURL = inject('baseURL');
const pem = (f: string) => fs.readFileSync(path.join(import.meta.dirname, '../fixtures/certs', f), 'utf8');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Ids of demo resources in the scope the console opens with (first territory, first project). */
async function demoIds(): Promise<Record<string, string>> {
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
  const one = async (collection: string) =>
    ((await (await fetch(`${baseURL}/api/${collection}?__limit=1`, { headers })).json()) as { data: { id: string }[] }).data[0]!.id;
  return {
    zone: await one('private-dns-zones'),
    domain: await one('dns-domains'),
    cdn: await one('cdn-domains'),
    cert: await one('ssl-certificates'),
    smart: await one('smart-dns-domains'),
    httpdns: await one('httpdns-instances'),
    gtm: await one('gtm-instances'),
  };
}

/** Each built route with the page it must show (a bare cdnTab shows the CDN list under its own name). */
function routes(ids: Record<string, string>): [string, string][] {
  return [
    ['/dns', 'dns'],
    [`/dnsDetail/${ids.zone}`, 'dnsDetail'],
    ['/dnsInternet', 'dnsInternet'],
    [`/dnsInternetDetail/${ids.domain}`, 'dnsInternetDetail'],
    ['/dnsBuy', 'dnsBuy'],
    ['/cdnTab', 'cdnTab'],
    ['/cdnTab/cdnManage', 'cdnTab_cdnManage'],
    ['/cdnTab/cdnWatch', 'cdnTab_cdnWatch'],
    ['/cdnTab/refreshPreheat', 'cdnTab_refreshPreheat'],
    ['/cdnAdd', 'cdnAdd'],
    [`/cdnDetail/${ids.cdn}`, 'cdnDetail'],
    ['/refreshPreheatConfig', 'refreshPreheatConfig'],
    ['/certificate', 'certificate'],
    ['/certificateAdd', 'certificateAdd'],
    [`/certificateAdd/${ids.cert}`, 'certificateAdd'],
    ['/certificateBuy', 'certificateBuy'],
    ['/UploadOwnCertificate', 'UploadOwnCertificate'],
    ['/SSLCertificate', 'SSLCertificate'],
  ];
}

/** Smart DNS, HTTPDNS and GTM (issue 9, the last console.dns routes); a bare gtmDetail lists the instances to open. */
function advancedRoutes(ids: Record<string, string>): [string, string, string][] {
  const list = '[data-testid="resource-table"], [data-testid="resource-card"]';
  return [
    ['/smartDns', 'smartDns', list],
    [`/smartDns/domain/${ids.smart}`, 'smartDns_domain', '[data-testid="child-card"], [data-testid="child-table"] tbody tr'],
    [`/smartDns/domainDetail/${ids.smart}`, 'smartDns_domainDetail', '[data-testid="detail-name"]'],
    ['/httpDnsManage', 'httpDnsManage', list],
    ['/httpDnsManage/httpDns', 'httpDnsManage_httpDns', '[data-testid="httpdns-overview"] li'],
    ['/httpDnsManage/httpDomainList', 'httpDnsManage_httpDomainList', list],
    [`/httpDnsDetail/${ids.httpdns}`, 'httpDnsDetail', '[data-testid="detail-name"]'],
    ['/gtmManage', 'gtmManage', list],
    ['/gtmDetail', 'gtmDetail', list],
    [`/gtmDetail/globarSet/${ids.gtm}`, 'gtmDetail_globarSet', '[data-testid="child-list"] [data-testid="child-card"], [data-testid="child-table"] tbody tr'],
    [`/gtmDetail/policyAdd/${ids.gtm}`, 'gtmDetail_policyAdd', '[data-testid="child-card"], [data-testid="child-table"] tbody tr'],
    [`/gtmDetail/gtmLog/${ids.gtm}`, 'gtmDetail_gtmLog', '[data-testid="gtm-log-row"]'],
  ];
}

/** What each route shows once loaded: a list, a detail, a form or the charts. */
const CONTENT =
  '[data-testid="resource-table"], [data-testid="resource-card"], [data-testid="detail-name"], [data-testid^="buy-step-"], [data-testid="cdn-watch"] canvas, .ys-rlist';

async function pasteInto(page: Page, field: string, text: string) {
  const area = page.locator(`[data-field="${field}"] textarea`);
  await area.fill(text);
  await area.blur();
}

/** tenant_admin's page at `vp`, the page errors it meets, and the demo ids. */
async function signedIn(vp: 'phone' | 'desktop') {
  const page = await newPage(browser, vp);
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`${page.url()}: ${err.message}`));
  await signIn(page, baseURL, 'tenant_admin');
  return { page, errors, ids: await demoIds() };
}

/** Opens each URL as its page and checks it is the real page (its content, no 建设中). */
async function visitAll(page: Page, entries: readonly [url: string, name: string, content: string][], each?: (name: string) => Promise<void>) {
  for (const [url, name, content] of entries) {
    await page.goto(`${baseURL}${url}`);
    await page.locator(`[data-page="${name}"]`).waitFor();
    await page.locator(content).first().waitFor({ timeout: 20_000 });
    expect(await page.locator('[data-under-construction]').count(), url).toBe(0);
    expect(await page.locator('body').textContent(), url).not.toContain('建设中');
    await each?.(name);
  }
}

for (const vp of ['phone', 'desktop'] as const) {
  describe(`DNS, CDN and certificates at ${vp}`, () => {
    it(
      vp === 'phone' ? 'renders every built console.dns route as its real page' : 'shows the zone records, the certificate states and the CDN chart',
      async () => {
        const { page, errors, ids } = await signedIn(vp);
        try {
          // Each route with its demo data, once: shell-routes.e2e already renders every route at both
          // sizes, so the desktop run keeps only the tabs, states and chart below (the CI's time).
          await visitAll(page, vp === 'phone' ? routes(ids).map(([url, name]) => [url, name, CONTENT] as [string, string, string]) : []);
          // The zone's records tab lists its records; the certificate list shows the store's states.
          await page.goto(`${baseURL}/dnsDetail/${ids.zone}`);
          await page.locator('.adm-tabs-tab', { hasText: '解析记录' }).click();
          await page
            .locator(vp === 'phone' ? '[data-testid="record-card"]' : '[data-testid="record-table"] tbody tr')
            .first()
            .waitFor();
          await screenshot(page, `dns-${vp}-records`);
          await page.goto(`${baseURL}/certificate`);
          await page.locator('[data-testid="status-badge"][data-status="pending_renewal"]').first().waitFor();
          await screenshot(page, `ssl-${vp}-list`);
          await page.goto(`${baseURL}/cdnTab/cdnWatch`);
          await page.locator('[data-testid="cdn-watch"] canvas').first().waitFor();
          await screenshot(page, `cdn-${vp}-watch`);
          expect(errors).toEqual([]);
        } finally {
          await page.context().close();
        }
      },
    );

    it('renders smart DNS, HTTPDNS and GTM routes as their real pages, with the demo data', async () => {
      const { page, errors, ids } = await signedIn(vp);
      try {
        await visitAll(page, advancedRoutes(ids), async (name) => {
          if (name === 'smartDns_domain' || name === 'gtmDetail_gtmLog' || name === 'gtmDetail_policyAdd') await screenshot(page, `${name}-${vp}`);
        });
        // The log shows what the seed's changes recorded, in words: 创建地址池 demo-pool-hongkong.
        expect(await page.locator('[data-testid="gtm-log"]').textContent()).toContain('demo-pool-hongkong');
        // Adding an address pool on 全局配置 shows it there and writes its line to the log.
        const poolName = `e2e-pool-${vp}`;
        await page.goto(`${baseURL}/gtmDetail/globarSet/${ids.gtm}`);
        await page.locator('[data-testid="child-add"]').click();
        await page.locator('[data-testid="child-form"] input[name="name"]').fill(poolName);
        await page.locator('[data-testid="addresses-add"]').click();
        await page.locator('input[name="addresses.0.ip"]').fill('47.110.1.1');
        await page.locator('[data-testid="child-submit"]').click();
        await page.locator('[data-testid="child-list"]', { hasText: poolName }).waitFor({ timeout: 20_000 });
        await page.locator('[data-testid="gtm-tabs"] a', { hasText: '操作日志' }).click();
        await page.locator('[data-testid="gtm-log-row"]', { hasText: poolName }).waitFor();
        expect(await page.locator('[data-testid="gtm-log-row"]').first().textContent()).toContain('创建地址池');
        expect(errors).toEqual([]);
      } finally {
        await page.context().close();
      }
    });

    it('uploads a certificate and serves a new CDN domain over HTTPS with it', async () => {
      const page = await newPage(browser, vp);
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(`${page.url()}: ${err.message}`));
      const domain = vp === 'phone' ? 'www.shop.yunshu-demo.test' : 'shop.yunshu-demo.test';
      const certName = `e2e-own-${vp}`;
      try {
        await signIn(page, baseURL, 'tenant_admin');
        await page.goto(`${baseURL}/UploadOwnCertificate`);
        await page.locator('[data-testid="buy-step-placement"]').waitFor();
        await expect.poll(() => page.locator('[data-testid="field-az_id"] .adm-selector-item-active').count(), { timeout: 15_000 }).toBe(1);
        await page.locator('[data-testid="buy-next"]').click();
        await page.locator('[data-testid="buy-step-config"]').waitFor();
        await pasteInto(page, 'public_key', pem('shop.cert.pem'));
        await pasteInto(page, 'private_key', pem('shop.key.pem'));
        await screenshot(page, `ssl-${vp}-upload`);
        await page.locator('[data-testid="buy-next"]').click();
        await page.locator('[data-testid="buy-step-confirm"]').waitFor();
        await page.locator('input[name="name"]').fill(certName);
        await page.locator('[data-testid="buy-submit"]').click();
        await page.waitForURL(/\/certificateAdd\/[0-9a-f]{32}$/);
        const certId = page.url().split('/').pop()!;
        await expect
          .poll(
            () =>
              page
                .locator('[data-testid="detail-name"] ~ [data-testid="status-badge"], header [data-testid="status-badge"]')
                .first()
                .getAttribute('data-status'),
            { timeout: 20_000 },
          )
          .toBe('normal');
        expect(await page.locator('[data-testid="basic-info"]').textContent()).toContain('www.shop.yunshu-demo.test');
        expect(await page.locator('body').textContent()).not.toContain('PRIVATE KEY');

        await page.goto(`${baseURL}/cdnAdd`);
        await page.locator('[data-testid="buy-step-placement"]').waitFor();
        await expect.poll(() => page.locator('[data-testid="field-az_id"] .adm-selector-item-active').count(), { timeout: 15_000 }).toBe(1);
        await page.locator('[data-testid="buy-next"]').click();
        await page.locator('[data-testid="buy-step-config"]').waitFor();
        await page.locator('[data-testid="origins-add"]').click();
        await page.locator('input[name="origins.0.address"]').fill('47.101.12.34');
        await page.locator('[data-field="https"] .adm-switch').click();
        const picker = page.locator('select[data-testid="field-certificate_id"]');
        await expect.poll(async () => (await picker.locator('option').allTextContents()).some((o) => o.startsWith(certName)), { timeout: 15_000 }).toBe(true);
        await picker.selectOption({ label: (await picker.locator('option').allTextContents()).find((o) => o.startsWith(certName))! });
        await page.locator('[data-testid="buy-next"]').click();
        await page.locator('[data-testid="buy-step-confirm"]').waitFor();
        await page.locator('input[name="name"]').fill(domain);
        await screenshot(page, `cdn-${vp}-add-confirm`);
        await page.locator('[data-testid="buy-submit"]').click();
        await page.waitForURL(/\/cdnDetail\/[0-9a-f]{32}$/);
        await expect.poll(() => page.locator('header [data-testid="status-badge"]').first().getAttribute('data-status'), { timeout: 20_000 }).toBe('enabled');
        const info = (await page.locator('[data-testid="basic-info"]').textContent())!;
        expect(info).toContain(`${domain}.cdn.yunshu-cdn.cn`);
        // the certificate by its name, the origins in words: never an id or JSON
        expect(info).toContain(certName);
        expect(info).not.toContain(certId);
        expect(info).toContain('47.101.12.34（主，权重 10）');
        await screenshot(page, `cdn-${vp}-detail`);
        expect(errors).toEqual([]);
      } finally {
        await page.context().close();
      }
    });
  });
}
