// The approver's screen at 375×740 in a Traditional-Chinese browser: the first visit is in zh-TW,
// a request's detail reads as labelled Chinese (no raw codes), the floating help buttons never
// cover an action, every visible action is at least 44×44 px, 通过 can be undone for a few seconds
// and otherwise lands, a detail opens offline from the cached inbox, and the 我的 tab signs out.
// Plus quick checks of the smaller web defects: /balanceLoadDetail without an id, the 快照 tile,
// the SD-WAN branch card, the page size after a reload, a host found by its IP; and a tablet look.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, signIn } from './browser.ts';
import { OWN_TYPES, afterFirstScreen, apiAs, card, outboxStates, pendingPage, shot, type Api, type Item } from './approvals-helpers.ts';
import { clientNavigate, eventually, here } from './shell-helpers.ts';

let browser: Browser;
const baseURL = inject('baseURL');
let approverApi: Api;

beforeAll(async () => {
  browser = await launchBrowser();
  approverApi = await apiAs(baseURL, 'approver');
});
afterAll(async () => {
  await browser?.close();
});

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const meets = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Visible floating buttons that share area with a visible action of the page (should be none). */
async function coveredActions(page: Page): Promise<string[]> {
  await page.waitForTimeout(150);
  const floating: Box[] = [];
  for (const b of await page.locator('[data-testid="help-widget"] button').all()) {
    if (await b.isVisible()) {
      const box = await b.boundingBox();
      if (box) floating.push(box);
    }
  }
  if (!floating.length) return [];
  const hits: string[] = [];
  for (const a of await page.locator('main button, main [role="button"], main .adm-checkbox, [data-testid="undo-bar"] button').all()) {
    if (!(await a.isVisible())) continue;
    const box = await a.boundingBox();
    if (box && floating.some((f) => meets(f, box))) hits.push((await a.textContent())?.trim() || (await a.getAttribute('data-testid')) || 'button');
  }
  return hits;
}

/** Actions in view smaller than 44×44 px. */
async function smallTargets(page: Page, selector: string): Promise<string[]> {
  const out: string[] = [];
  for (const a of await page.locator(selector).all()) {
    if (!(await a.isVisible())) continue;
    const box = await a.boundingBox();
    if (!box || box.y + box.height < 0 || box.y > 740) continue;
    if (box.width < 44 || box.height < 44)
      out.push(`${(await a.textContent())?.trim() || (await a.getAttribute('data-testid'))} ${Math.round(box.width)}×${Math.round(box.height)}`);
  }
  return out;
}

const RAW = /openstack|\byear\b|quantity|\{|\}|\btrue\b|\bfalse\b|undefined/;

describe('the approver on a phone, zh-TW browser', () => {
  it('reads, approves with undo, reads offline and signs out', async () => {
    const page = await newPage(browser, 'phone', { locale: 'zh-TW' });
    const context = page.context();
    try {
      // First visit: the browser's language, before anything was chosen.
      await page.goto(`${baseURL}/login`);
      await eventually(() => page.evaluate(() => document.documentElement.lang)).toBe('zh-TW');
      await signIn(page, baseURL, 'approver');

      const pending = await pendingPage(approverApi);
      const purchase = pending.find((i) => i.type === 'resource_purchase') ?? pending[0]!;
      const own = pending.filter((i) => OWN_TYPES.has(i.type) && i.current_level === i.level_count && i.id !== purchase.id);
      expect(own.length).toBeGreaterThanOrEqual(3);
      const [a, b, c] = own as [Item, Item, Item];

      // The detail: every field labelled, values formatted, no raw codes.
      await page.goto(`${baseURL}/selfApprovalDetail/${purchase.id}`);
      const fields = page.locator('[data-testid="request-fields"]');
      await fields.waitFor();
      const text = (await fields.textContent()) ?? '';
      expect(text).not.toMatch(RAW);
      if (purchase.type === 'resource_purchase') expect(text).toMatch(/自有雲（OpenStack）|阿里雲|騰訊雲|天翼雲|華為雲/);
      expect(text).toMatch(/包年包月|按量計費/);
      await shot(page, 'approver-detail-zh-TW', fields);
      await page.locator('[data-testid="detail-approve"]').scrollIntoViewIfNeeded();
      expect(await coveredActions(page)).toEqual([]);
      expect(await smallTargets(page, '.ys-appr-detail__actions button')).toEqual([]);
      await shot(page, 'approver-detail-actions-zh-TW');

      // The inbox: no floating button over a card's actions anywhere down the list; 44 px targets.
      await page.goto(`${baseURL}/selfApprovalManage`);
      await card(page, a.id).waitFor();
      await afterFirstScreen(page);
      for (const y of [0, 300, 600, 900, 1200]) {
        await page.evaluate((top) => window.scrollTo(0, top), y);
        expect(await coveredActions(page), `scrolled to ${y}`).toEqual([]);
      }
      await page.evaluate(() => window.scrollTo(0, 0));
      expect(await smallTargets(page, '[data-testid="approval-list"] .adm-button, [data-testid="batch-toggle"], .ys-phone__navright .ys-iconbtn')).toEqual([]);
      await shot(page, 'approver-inbox-zh-TW');

      // 核准 → the 復原 bar → undo: nothing was queued, the request still waits.
      await card(page, a.id).locator('[data-testid="card-approve"]').click();
      const bar = page.locator('[data-testid="undo-bar"]');
      await bar.waitFor();
      expect(await coveredActions(page)).toEqual([]);
      expect(await smallTargets(page, '[data-testid="undo-button"]')).toEqual([]);
      await shot(page, 'approver-undo-bar-zh-TW');
      await page.locator('[data-testid="undo-button"]').click();
      await bar.waitFor({ state: 'hidden' });
      await card(page, a.id).waitFor();
      await page.waitForTimeout(4500);
      expect((await outboxStates(page)).filter((e) => e.ref === `approval:${a.id}`)).toEqual([]);
      expect((await approverApi.call('GET', `/api/v1/approvals/${a.id}`)).body.status).toBe(a.status);

      // 核准 and let it go: it is sent once the bar has gone.
      await card(page, b.id).locator('[data-testid="card-approve"]').click();
      await bar.waitFor();
      await bar.waitFor({ state: 'hidden', timeout: 10_000 });
      await eventually(async () =>
        (await approverApi.call('GET', `/api/v1/approvals/${b.id}`)).body.history.some((h: { action: string }) => h.action === 'approved'),
      ).toBe(true);

      // Offline: a request never opened before opens from the cached inbox.
      await eventually(() =>
        page.evaluate(
          (id) =>
            new Promise<boolean>((resolve) => {
              // The snapshots' key-value store (src/web/offline/kv-store.ts).
              const open = indexedDB.open('yunshu-kv');
              open.onsuccess = () => {
                const req = open.result.transaction('kv', 'readonly').objectStore('kv').get(`approval:${id}`);
                req.onsuccess = () => {
                  open.result.close();
                  resolve(!!req.result);
                };
                req.onerror = () => {
                  open.result.close();
                  resolve(false);
                };
              };
              open.onerror = () => resolve(false);
            }),
          c.id,
        ),
      ).toBe(true);
      await context.setOffline(true);
      await clientNavigate(page, `/selfApprovalDetail/${c.id}`);
      await page.locator(`[data-page="selfApprovalDetail"] [data-testid="request-fields"]`).waitFor();
      expect(await page.locator('[data-testid="approval-detail"]').textContent()).not.toContain('載入失敗');
      await shot(page, 'approver-detail-offline-zh-TW');
      await context.setOffline(false);

      // 我的 → 登出.
      await page.locator('.ys-phone__tabs .adm-tab-bar-item', { hasText: '我的' }).click();
      await page.locator('[data-testid="mine-logout"]').waitFor();
      await shot(page, 'approver-mine-zh-TW');
      expect(await smallTargets(page, '[data-testid="mine-logout"]')).toEqual([]);
      await page.locator('[data-testid="mine-logout"]').click();
      await page.locator('.adm-dialog-button', { hasText: '登出' }).click();
      await eventually(() => here(page)).toMatch(/^\/login/);
    } finally {
      await context.close();
    }
  });
});

describe('smaller web defects', () => {
  it('redirects a bare detail route, links the 快照 tile, formats SD-WAN locations, finds a host by IP, keeps the page size', async () => {
    const phone = await newPage(browser, 'phone');
    try {
      await signIn(phone, baseURL, 'tenant_admin');
      await phone.goto(`${baseURL}/balanceLoadDetail`);
      await eventually(() => here(phone)).toBe('/balanceLoad');
      await phone.goto(`${baseURL}/homeOperation`);
      await expect(phone.locator('.ys-ch__count[data-kind="snapshot"]').getAttribute('href')).resolves.toBe('/snapshots/ecsSnapshot');
      // an industrial tenant (实业经营) is told its contracts renew themselves (issue 28, industry rules)
      await expect(phone.locator('[data-testid="industry-rules"]').textContent()).resolves.toContain('合同到期后自动续约');

      await phone.goto(`${baseURL}/sdwan/branchManage`);
      const branch = phone.locator('[data-testid="resource-card"]').first();
      await branch.waitFor();
      const branchText = (await branch.textContent()) ?? '';
      expect(branchText).toContain('江苏省苏州市工业园区 星湖街');
      expect(branchText).not.toMatch(/[{}"]/);

      // The hosts of the signed-in scope, through the API with the page's own session.
      const hosts = await phone.evaluate(async () => {
        const scoped = (k: string) => (JSON.parse(localStorage.getItem(k) ?? '{}') as { id?: string }).id ?? '';
        const r = await fetch('/api/instances?__limit=100', {
          headers: { 'X-Auth-Token': localStorage.getItem('x_auth_token') ?? '', 'X-Tenant-Id': scoped('tenant'), 'X-Project-Id': scoped('project') },
        });
        return (await r.json()).data as { id: string; name: string; spec: { private_ip?: string } }[];
      });
      const host = hosts.find((h) => h.spec.private_ip)!;
      await phone.goto(`${baseURL}/ecsManage`);
      await phone.locator('[data-testid="resource-card"]').first().waitFor();
      await phone.locator('[data-testid="search-name"] input').fill(host.spec.private_ip!);
      await eventually(() => phone.locator('[data-testid="resource-card"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-id')))).toEqual([host.id]);
    } finally {
      await phone.context().close();
    }

    const desk = await newPage(browser, 'desktop');
    try {
      await signIn(desk, baseURL, 'tenant_admin');
      await desk.goto(`${baseURL}/ecsManage`);
      const size = desk.locator('.ys-pager__size');
      await size.waitFor();
      await size.selectOption('20');
      await desk.reload();
      await size.waitFor();
      await expect(size.inputValue()).resolves.toBe('20');
    } finally {
      await desk.context().close();
    }

    // The approver's desktop table: the shared table's own texts come with it (the inbox's page
    // names only its own namespace; the header showed "table.actions").
    const approverDesk = await newPage(browser, 'desktop');
    try {
      await signIn(approverDesk, baseURL, 'approver');
      await approverDesk.goto(`${baseURL}/selfApprovalManage`);
      const table = approverDesk.locator('[data-testid="approval-table"]');
      await table.locator('tbody tr').first().waitFor();
      await eventually(() => table.locator('thead').textContent()).toContain('操作');
      expect(await table.textContent()).not.toMatch(/table\.|undefined/);
    } finally {
      await approverDesk.context().close();
    }
  });

  it('looks right on a tablet: the tenant name whole, the folded menu labelled', async () => {
    const tablet = await newPage(browser, 'tablet');
    try {
      await signIn(tablet, baseURL, 'tenant_admin');
      await tablet.goto(`${baseURL}/homeOperation`);
      await tablet.locator('.ys-topbar').waitFor();
      await shot(tablet, 'tablet-home');
      const tenantName = tablet.locator('[data-testid="tenant-picker"] .ys-scope__value');
      await expect(tenantName.textContent()).resolves.toContain('华东制造集团');
      const cut = await tenantName.evaluate((e) => e.scrollWidth > e.clientWidth + 1);
      expect(cut).toBe(false);
      // The pickers' accessible names contain what they show (axe label-content-name-mismatch, issue 28).
      for (const id of ['tenant-picker', 'project-picker']) {
        const picker = tablet.locator(`[data-testid="${id}"]`);
        const squash = (s: string) => s.replace(/\s+/g, '');
        expect(squash(await picker.ariaSnapshot())).toContain(squash(await picker.innerText()));
      }
      await tablet.locator('[data-testid="tablet-menu-toggle"]').click();
      await tablet.locator('.ys-tablet.is-folded').waitFor();
      const items = tablet.locator('.ys-tablet__list .ys-menu__item');
      const labels = await items.evaluateAll((els) => els.filter((e) => (e as HTMLElement).offsetParent).map((e) => e.getAttribute('aria-label') ?? ''));
      expect(labels.length).toBeGreaterThan(3);
      expect(labels.filter((l) => !l)).toEqual([]);
      expect(new Set(labels).size).toBe(labels.length);
      // …and each entry its own icon.
      const icons = await items.evaluateAll((els) => els.filter((e) => (e as HTMLElement).offsetParent).map((e) => e.querySelector('svg')?.innerHTML ?? ''));
      expect(new Set(icons).size).toBe(icons.length);
      await shot(tablet, 'tablet-menu-folded');
    } finally {
      await tablet.context().close();
    }
  });
});
