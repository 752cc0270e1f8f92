// The on-call engineer on a phone (issue 11), 375×740 as `oncall`: the deep link of a firing alarm's
// site message opens the alarm, the chart around its time shows the breach, the engineer
// acknowledges it and restarts the host, which comes back 运行中; the operation log shows both. Screenshots of the on-call home
// with the inbox, a monitor page and the alarm at 375×740 and 1280×800.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot, signIn, DEMO_PASSWORD } from './browser.ts';
import { startServer, type StartedServer } from './server.ts';

let browser: Browser;
let server: StartedServer;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startServer()]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Scope {
  token: string;
  tenant: string;
  project: string | null;
}
async function api<T = any>(s: Scope, url: string, method = 'GET'): Promise<T> {
  const res = await fetch(`${server.baseURL}/api/${url}`, {
    method,
    headers: { 'x-auth-token': s.token, 'x-tenant-id': s.tenant, ...(s.project ? { 'x-project-id': s.project } : {}) },
  });
  expect(res.status, url).toBe(200);
  return (await res.json()) as T;
}
/** The scope the signed-in page works in (what the shell stored). */
async function pageScope(page: Page): Promise<Omit<Scope, 'token'>> {
  return page.evaluate(() => {
    const read = (k: string) => {
      const v = localStorage.getItem(k);
      return v ? (JSON.parse(v) as { id: string }).id : null;
    };
    return { tenant: read('tenant')!, project: read('project') };
  });
}

interface FiringAlarm {
  id: string;
  resource_kind: string;
  operator: string;
  policy_id: string;
}
interface AlarmDetail {
  id: string;
  threshold: number;
  project_id: string;
  tenant_id: string;
  resource: { id: string; status: string; name: string; locked?: boolean };
}
/** The first firing alarm `which` picks whose host is running and not locked, with its detail. */
async function firingOnRunningHost(s: Scope, which: (a: FiringAlarm) => boolean): Promise<AlarmDetail | undefined> {
  const firing = (await api<{ data: FiringAlarm[] }>(s, 'v1/alarms?state=firing&__limit=100')).data;
  for (const a of firing.filter(which)) {
    const d = await api<AlarmDetail>(s, `v1/alarms/${a.id}`);
    if (d.resource?.status === 'running' && !d.resource.locked) return d;
  }
  return undefined;
}

describe('on call from a phone', () => {
  it('opens a firing alarm from its message, sees the spike, acknowledges it and restarts the host', async () => {
    const page = await newPage(browser, 'phone');
    await signIn(page, server.baseURL, 'oncall');
    const login = await fetch(`${server.baseURL}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'oncall', password: DEMO_PASSWORD }),
    });
    const token = ((await login.json()) as { token: string }).token;
    const working: Scope = { token, ...(await pageScope(page)) };
    const scope: Scope = { ...working };

    // The 告警 tab opens the on-call home.
    await page.goto(`${server.baseURL}/monitorAlarm`);
    await page.locator('[data-page="monitorAlarm"] .ys-al-inbox .ys-al-list, [data-page="monitorAlarm"] .ys-al-inbox .ys-al-empty').first().waitFor();
    // Open alarms by level, hosts by state per vendor (how many fire depends on the incidents under way).
    await page.locator('[data-testid="firing-high"] .ys-al-tile__n').waitFor();
    await page.locator('.ys-al-table tbody tr').first().waitFor();
    await screenshot(page, 'alarms-oncall-home-375');

    // A firing alarm on a running host (whichever tenant's incident is under way now), and the site
    // message that told oncall about it; the link names the alarm's tenant and project, so it opens from any working scope.
    const territories = (
      await api<{ data: { tenant_id: string; tenant_name: string; projects: { project_id: string; project_name: string }[] }[] }>(
        scope,
        'v1/auth/territories?enabled=true&__limit=100',
      )
    ).data;
    let alarm: AlarmDetail | undefined;
    for (const terr of territories) {
      const s = { ...scope, tenant: terr.tenant_id, project: null };
      alarm = await firingOnRunningHost(s, (x) => x.resource_kind === 'instance' && x.operator.startsWith('gt'));
      if (alarm) {
        const project = terr.projects.find((p) => p.project_id === alarm!.project_id)!;
        Object.assign(scope, { tenant: terr.tenant_id, project: project.project_id });
        break;
      }
    }
    // The demo's incidents recur, each for a part of its period, and at some moments none is under way
    // on a running host: oncall then makes one of its own through the policy API, a CPU policy that
    // every running host breaches, and the evaluator on the server's scheduler fires it and tells oncall.
    if (!alarm) {
      const terr = territories.find((t) => t.projects.length)!;
      const s = { ...scope, tenant: terr.tenant_id, project: terr.projects[0]!.project_id };
      const receivers = (await api<{ data: { id: string; account: string }[] }>(s, 'v1/alarms/receivers')).data;
      const res = await fetch(`${server.baseURL}/api/v1/alarm-policies`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-auth-token': s.token, 'x-tenant-id': s.tenant, 'x-project-id': s.project },
        body: JSON.stringify({
          name: 'e2e 云主机 CPU 使用率高于 1%',
          kind: 'instance',
          metric: 'cpu',
          level: 'high',
          operator: 'gt',
          threshold: 1,
          occurrences: 1,
          samples: 1,
          max_alarms: 100,
          source: 'base',
          receivers: [receivers.find((r) => r.account === 'oncall')!.id],
          target_type: 'kind',
        }),
      });
      expect(res.status, await res.clone().text()).toBe(201);
      const policy = (await res.json()) as { id: string };
      const deadline = Date.now() + 30_000;
      while (!alarm && Date.now() < deadline) {
        alarm = await firingOnRunningHost({ ...s, project: null }, (x) => x.policy_id === policy.id);
        if (!alarm) await new Promise((r) => setTimeout(r, 500));
      }
      if (alarm) Object.assign(scope, { tenant: terr.tenant_id, project: alarm.project_id });
    }
    expect(alarm, 'a firing alarm on a running host').toBeTruthy();
    const messages = (await api<{ data: { ref_id: string; link: string }[] }>(scope, 'v1/site_messages?__limit=200')).data;
    const message = messages.find((m) => m.ref_id === alarm!.id);
    expect(message?.link).toBe(`/monitorAlarm?alarm=${alarm!.id}&tenant=${alarm!.tenant_id}&project=${alarm!.project_id}`);

    await page.goto(`${server.baseURL}${message!.link}`);
    const detail = page.locator('.ys-al-detail[data-alarm-state="firing"]');
    await detail.waitFor();
    // Its resource's name leads to the resource's own page.
    expect(await detail.locator('[data-testid="alarm-resource-link"]').getAttribute('href')).toMatch(/^\/[A-Za-z_/]+\/[0-9a-f]{32}$/);
    const chart = page.locator('[data-testid="metric-chart"] .u-over');
    await chart.waitFor();
    // Sweep the finger right of the alarm's marker: the readout shows a value over the threshold.
    const box = (await chart.boundingBox())!;
    const seen: number[] = [];
    for (let x = box.width * 0.3; x < box.width - 1; x += 4) {
      await page.mouse.move(box.x + x, box.y + box.height / 2);
      const text = (await page.locator('.ys-al-chart__value').first().textContent()) ?? '';
      seen.push(Number.parseFloat(text));
    }
    expect(Math.max(...seen)).toBeGreaterThan(alarm!.threshold);
    await expect.poll(() => page.locator('.ys-al-chart__time').textContent()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    await screenshot(page, 'alarms-detail-375');
    // Opening the alarm recorded its host among the recently viewed resources (readable offline).
    await expect
      .poll(() =>
        page.evaluate(
          (hostId) =>
            new Promise<string | null>((resolve) => {
              const open = indexedDB.open('yunshu');
              open.onsuccess = () => {
                const get = open.result.transaction('recent').objectStore('recent').get(hostId);
                get.onsuccess = () => resolve((get.result as { kind?: string } | undefined)?.kind ?? null);
                get.onerror = () => resolve(null);
              };
              open.onerror = () => resolve(null);
            }),
          alarm!.resource.id,
        ),
      )
      .toBe('instance');

    await page.getByRole('button', { name: '确认告警' }).click();
    await page.locator('.ys-al-detail[data-alarm-state="acknowledged"]').waitFor();
    await expect.poll(() => page.locator('.ys-al-facts').textContent()).toContain('值班运维 王磊');

    const before = await api<{ updated_at: string }>(scope, `instances/${alarm!.resource.id}`);
    await page.getByRole('button', { name: '重启' }).click();
    await page.locator('.adm-dialog').getByRole('button', { name: '重启' }).click();
    // The engine took the restart (the host changed) and finished it; the page follows the host's events.
    await expect
      .poll(async () => {
        const h = await api<{ updated_at: string; status: string }>(scope, `instances/${alarm!.resource.id}`);
        return h.updated_at !== before.updated_at && h.status === 'running';
      })
      .toBe(true);
    await expect.poll(() => page.locator('[data-testid="host-status"]').textContent(), { timeout: 20_000 }).toContain('运行中');
    const changes = (await api<{ history: { change: string; user_name: string | null }[] }>(scope, `v1/alarms/${alarm!.id}`)).history;
    expect(changes).toContainEqual(expect.objectContaining({ change: 'acknowledged', user_name: '值班运维 王磊' }));

    // The operation log shows both: the acknowledgement and the restart.
    await page.goto(`${server.baseURL}/logManage`);
    await page.locator('[data-page="logManage"] [data-testid="oplog-line"]').first().waitFor();
    await expect.poll(() => page.locator('[data-testid="oplog-line"]', { hasText: '确认告警' }).count()).toBeGreaterThan(0);
    await expect.poll(() => page.locator('[data-testid="oplog-line"]', { hasText: '重启云主机' }).count()).toBeGreaterThan(0);

    // The host's monitor page: eight range tiles, each on one line, the chart within 375px.
    const hosts = (await api<{ data: { id: string; status: string }[] }>(working, 'v1/monitor/resources?kind=instance')).data;
    await page.goto(`${server.baseURL}/ecsMonitor/${hosts.find((h) => h.status === 'running')!.id}`);
    await page.locator('[data-page="ecsMonitor"] [data-testid="metric-chart"] canvas').waitFor();
    const tiles = page.locator('.ys-al-ranges button');
    expect(await tiles.count()).toBe(8);
    for (const tile of await tiles.all()) {
      const b = (await tile.boundingBox())!;
      expect(b.height).toBeGreaterThanOrEqual(44);
      expect(b.height).toBeLessThan(60);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'alarms-monitor-375');
    await page.close();
  }, 90_000);

  it('shows the inbox, the on-call home and a monitor page with comparison at 1280×800', async () => {
    const page = await newPage(browser, 'desktop');
    await signIn(page, server.baseURL, 'oncall');
    await page.goto(`${server.baseURL}/monitorAlarm`);
    await page.locator('[data-page="monitorAlarm"] .ys-al-inbox .ys-al-list, [data-page="monitorAlarm"] .ys-al-inbox .ys-al-empty').first().waitFor();
    // The project filter: choosing the project of an alarm lists exactly that project's alarms.
    const login = await fetch(`${server.baseURL}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'oncall', password: DEMO_PASSWORD }),
    });
    const scope: Scope = { token: ((await login.json()) as { token: string }).token, ...(await pageScope(page)) };
    const all = await api<{ data: { project_id: string }[] }>(scope, 'v1/alarms?__limit=50');
    const projectId = all.data[0]!.project_id;
    const own = await api<{ data: { id: string; project_id: string }[] }>(scope, `v1/alarms?project_id=${projectId}&__limit=20`);
    expect(own.data.every((a) => a.project_id === projectId)).toBe(true);
    await page
      .locator('.ys-al-inbox label', { has: page.locator('span', { hasText: /^项目$/ }) })
      .locator('select')
      .selectOption(projectId);
    await expect
      .poll(() => page.locator('[data-page="monitorAlarm"] .ys-al-card').evaluateAll((els) => els.map((e) => e.getAttribute('data-alarm'))))
      .toEqual(own.data.map((a) => a.id));
    await screenshot(page, 'alarms-oncall-home-1280');
    await page.goto(`${server.baseURL}/pass-monitor/monitor`);
    await page.locator('[data-page="pass-monitor_monitor"] .ys-al-rank li').first().waitFor();
    await screenshot(page, 'alarms-overview-1280');
    const href = await page.locator('.ys-al-rank a[href^="/ecsMonitor/"]').first().getAttribute('href');
    await page.goto(`${server.baseURL}${href}`);
    await page.locator('[data-testid="metric-chart"] canvas').waitFor();
    const boxes = page.locator('.ys-al-compare input[type="checkbox"]');
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await expect.poll(() => page.locator('.ys-al-chart__value').count()).toBe(3);
    await screenshot(page, 'alarms-monitor-1280');
    await page.close();
  }, 60_000);
});
