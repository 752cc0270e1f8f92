// Issue 28's first screens in the field, as their users open them on a phone (and the bill on a tablet):
// - field-first-screen: every script each page fetches with no tap until the network is idle (gzip),
//   against the console's 250 KB;
// - field-lighthouse: Lighthouse 13 mobile, median of three, over HTTPS/HTTP/2 (goal ≥ 95) and over
//   plain HTTP/1.1 as `npm start` serves by default (goal ≥ 90); accessibility 100, CLS ≤ 0.05;
// - field-journey: the on-call engineer's night — sign in, open the firing alarm from its link,
//   restart its host, see it running again — timed on a phone.
// `npm run bench -- field` runs the three.
import { chromium, request } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, DEMO_PASSWORD, VIEWPORTS } from '../e2e/browser.ts';
import { benchServer, firstScreenRows, lighthouseRows, signInForm, type BudgetPage } from './web.section.ts';
import type { BenchResult, BenchRow, BenchSection } from './run.ts';

interface Firing {
  id: string;
  tenant_id: string;
  project_id: string;
  resource_kind: string;
}

/** Calls the API as `account` in a tenant: through Playwright's request context, which takes the run's own certificate. */
async function asUser(baseURL: string, account: string) {
  const api = await request.newContext({ baseURL, ignoreHTTPSErrors: true });
  const login = await api.post('/api/v1/login', { data: { account, password: DEMO_PASSWORD } });
  const token = ((await login.json()) as { token: string }).token;
  const get = async <T>(url: string, tenant?: string): Promise<T> => {
    const res = await api.get(`/api/${url}`, { headers: { 'x-auth-token': token, ...(tenant ? { 'x-tenant-id': tenant } : {}) } });
    if (!res.ok()) throw new Error(`${url}: ${res.status()}`);
    return (await res.json()) as T;
  };
  return { get, dispose: () => api.dispose() };
}

/** An alarm firing now on a running host, in any tenant oncall watches, as its deep link (what the site message opens). */
async function firingHostAlarm(baseURL: string): Promise<string> {
  const { get, dispose } = await asUser(baseURL, 'oncall');
  try {
    const tenants = (await get<{ data: { tenant_id: string }[] }>('v1/auth/territories?enabled=true&__limit=100')).data;
    for (const t of tenants) {
      const firing = (await get<{ data: Firing[] }>('v1/alarms?state=firing&__limit=100', t.tenant_id)).data;
      for (const a of firing.filter((x) => x.resource_kind === 'instance')) {
        const d = await get<{ resource?: { status: string; locked: boolean } }>(`v1/alarms/${a.id}`, t.tenant_id);
        if (d.resource?.status === 'running' && !d.resource.locked) return `/monitorAlarm?alarm=${a.id}&tenant=${a.tenant_id}&project=${a.project_id}`;
      }
    }
  } finally {
    await dispose();
  }
  throw new Error('no host alarm is firing in the demo data now');
}

/** Issue 28's rows: the on-call engineer's alarms, the tenant's bill on a tablet, the member's work orders, messages and 我的. */
export const FIELD_PAGES: readonly BudgetPage[] = [
  { url: '/monitorAlarm', name: 'monitorAlarm', account: 'oncall', jsGoalKb: 250 },
  { url: '/monitorAlarm?alarm=…', name: 'monitorAlarm', account: 'oncall', jsGoalKb: 250, resolve: firingHostAlarm, ready: '.ys-al-detail' },
  { url: '/tenantBillOverview', name: 'tenantBillOverview', account: 'tenant_admin', jsGoalKb: 250, viewport: 'tablet' },
  { url: '/workorderList', name: 'workorderList', account: 'member', jsGoalKb: 250 },
  { url: '/workorderAdd', name: 'workorderAdd', account: 'member', jsGoalKb: 250 },
  { url: '/siteMessages', name: 'siteMessages', account: 'member', jsGoalKb: 250 },
  { url: '/userCenter', name: 'userCenter', account: 'member', jsGoalKb: 250 },
];

export function fieldSections(): BenchSection[] {
  return [
    { name: 'field-first-screen', group: 'field', title: 'Field pages — JavaScript fetched with no tap until the network is idle', run: firstScreen },
    { name: 'field-lighthouse', group: 'field', title: 'Field pages — Lighthouse 13 mobile over HTTPS/HTTP/2 and over plain HTTP/1.1', run: lighthouse },
    { name: 'field-journey', group: 'field', title: 'On call from a phone — sign in → firing alarm → restarted host', run: journey },
  ];
}

async function firstScreen(): Promise<BenchResult> {
  return { rows: (await firstScreenRows(FIELD_PAGES, await benchServer('https'))).rows };
}

async function lighthouse(): Promise<BenchResult> {
  const only = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',');
  const pages = FIELD_PAGES.filter((x) => !only || only.includes(x.url));
  const rows = await lighthouseRows(pages, await benchServer('https'), { performance: 95, accessibility: 100, cls: 0.05 });
  rows.push(...(await lighthouseRows(pages, await benchServer('http'), { performance: 90, accessibility: 100, cls: 0.05 })));
  return { rows };
}

async function journey(): Promise<BenchResult> {
  const srv = await benchServer('https');
  const link = await firingHostAlarm(srv.baseURL);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, ...srv.chromeFlags], headless: true });
  const rows: BenchRow[] = [];
  try {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'zh-CN' });
    const page = await context.newPage();
    const t0 = Date.now();
    await signInForm(page, srv.baseURL, 'oncall');
    const signedIn = Date.now();
    await page.goto(`${srv.baseURL}${link}`);
    await page.locator('.ys-al-detail').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: '重启' }).first().waitFor({ timeout: 30_000 });
    const alarmShown = Date.now();
    await page.getByRole('button', { name: '重启' }).first().click();
    await page.locator('.adm-dialog').getByRole('button', { name: '重启' }).click();
    const confirmed = Date.now();
    // The engine restarts the host on the simulated cloud (its delay) and the page follows its events.
    await page
      .locator('[data-testid="host-status"]', { hasText: '重启中' })
      .waitFor({ timeout: 30_000 })
      .catch(() => undefined);
    await page.locator('[data-testid="host-status"]', { hasText: '运行中' }).waitFor({ timeout: 60_000 });
    const running = Date.now();
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    rows.push({ metric: 'sign in (login page → console shown)', value: s(signedIn - t0) });
    rows.push({ metric: 'open the alarm from its link (→ detail with 重启)', value: s(alarmShown - signedIn) });
    rows.push({ metric: 'restart confirmed → host 运行中 again (simulated cloud delay included)', value: s(running - confirmed) });
    rows.push({ metric: 'sign in → alarm → restarted host, in all', value: s(running - t0), note: 'times on this machine; never a test verdict' });
    await context.close();
  } finally {
    await browser.close();
  }
  return { rows };
}
