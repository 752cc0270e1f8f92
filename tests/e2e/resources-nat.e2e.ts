// NAT gateway detail sub-pages (issue 4) at 375×740 and 1280×800: open a demo NAT gateway, switch
// to the SNAT tab (the URL changes to /natDetail/snatManage/:id), add an SNAT rule through
// snatConfig (a bad CIDR is refused on the page first), see it in the gateway's list reach 已下发,
// reload and stay on the SNAT tab; the DNAT tab lists that gateway's DNAT rules only; /natDetail
// without an id goes to natManage.
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

const ID = /[0-9a-f]{32}/;
/** Rows of the rule list of one kind (the list of the previous tab may still be on screen for a moment). */
const rowSel = (vp: 'phone' | 'desktop', kind = 'snat_rule') =>
  `[data-testid="rule-list"][data-kind="${kind}"] ${vp === 'phone' ? '[data-testid="rule-card"]' : '[data-testid="rule-table"] tbody tr'}`;
const activeTab = (page: Page) => page.locator('.ys-natd').getAttribute('data-tab');

/** The rule names the list shows (card titles or the name column). */
async function ruleNames(page: Page, vp: 'phone' | 'desktop', kind = 'snat_rule'): Promise<string[]> {
  const loc = page.locator(`${rowSel(vp, kind)} ${vp === 'phone' ? '.ys-card__name' : 'td:nth-child(2)'}`);
  return (await loc.allTextContents()).map((s) => s.trim());
}

async function ruleStatus(page: Page, vp: 'phone' | 'desktop', name: string): Promise<string | null> {
  const row = page.locator(rowSel(vp), { hasText: name });
  if (!(await row.count())) return null;
  return row.locator('[data-testid="status-badge"]').first().getAttribute('data-status');
}

for (const vp of ['phone', 'desktop'] as const) {
  describe(`NAT detail at ${vp}`, () => {
    it('switches tabs by URL, adds an SNAT rule via snatConfig, and keeps the tab on reload', async () => {
      const page = await newPage(browser, vp);
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(err.message));
      try {
        await signIn(page, baseURL, 'tenant_admin');
        // /natDetail alone has no gateway: back to the list.
        await page.goto(`${baseURL}/natDetail`);
        await page.waitForURL(/\/natManage$/);

        // Open the first demo gateway from the list.
        if (vp === 'phone') {
          await page.locator('[data-testid="resource-card"]').first().click();
        } else {
          await page.locator('[data-testid="resource-table"] tbody tr a').first().click();
        }
        await page.waitForURL(/\/natDetail\/outline\/[0-9a-f]{32}$/);
        const id = ID.exec(page.url())![0];
        await page.locator('[data-testid="basic-info"]').waitFor();
        expect(await activeTab(page)).toBe('outline');
        const gatewayName = (await page.locator('[data-testid="detail-name"]').textContent())!.trim();

        // SNAT tab: the URL follows, the list holds this gateway's rules.
        await page.locator('[data-testid="nat-tab-snat_rule"]').click();
        await page.waitForURL(`${baseURL}/natDetail/snatManage/${id}`);
        await page.locator(rowSel(vp)).first().waitFor();
        expect(await activeTab(page)).toBe('snat_rule');
        expect(await page.locator('[data-testid="nat-summary"] [data-testid="detail-name"]').textContent()).toBe(gatewayName);
        const before = await ruleNames(page, vp);
        expect(before.length).toBeGreaterThan(0);
        // Demo rules are named after their gateway (<project>-<vendor>-nat → <project>-<vendor>-snat-…);
        // rules added by an earlier run of this test start with e2e-.
        for (const n of before.filter((x) => !x.startsWith('e2e-'))) expect(n.startsWith(gatewayName.replace(/-nat$/, '-snat')), n).toBe(true);
        await screenshot(page, `nat-${vp}-snat-list`);

        // Add through snatConfig.
        await page.locator('[data-testid="rule-add"]').click();
        await page.waitForURL(`${baseURL}/natDetail/snatConfig/${id}`);
        await page.locator('[data-testid="rule-form"]').waitFor();
        expect(await page.locator('.ys-natform__gateway strong').textContent()).toBe(gatewayName);
        // The gateway's one EIP is chosen already.
        await expect.poll(() => page.locator('select[data-testid="field-eip_id"]').inputValue()).toMatch(ID);
        const name = `e2e-snat-${vp}-${Date.now().toString(36)}`;
        await page.locator('input[name="name"]').fill(name);
        await page.locator('input[name="source_cidr"]').fill('10.300.0.0/24');
        await page.locator('[data-testid="rule-submit"]').click();
        await expect.poll(() => page.locator('[data-field="source_cidr"] .ys-form__error').textContent()).toContain('源网段');
        expect(page.url()).toBe(`${baseURL}/natDetail/snatConfig/${id}`);
        await screenshot(page, `nat-${vp}-snat-config-error`);
        await page.locator('input[name="source_cidr"]').fill(vp === 'phone' ? '172.31.201.0/24' : '172.31.202.0/24');
        await page.locator('[data-testid="rule-submit"]').click();

        // Back on the list: the new rule is there and is issued live.
        await page.waitForURL(`${baseURL}/natDetail/snatManage/${id}`);
        await expect.poll(() => ruleNames(page, vp), { timeout: 15_000 }).toContain(name);
        await expect.poll(() => ruleStatus(page, vp, name), { timeout: 30_000 }).toBe('issued');
        expect(await ruleNames(page, vp)).toEqual(expect.arrayContaining(before));
        await screenshot(page, `nat-${vp}-snat-added`);

        // A reload keeps the tab and the list.
        await page.reload();
        await page.locator(rowSel(vp), { hasText: name }).waitFor();
        expect(page.url()).toBe(`${baseURL}/natDetail/snatManage/${id}`);
        expect(await activeTab(page)).toBe('snat_rule');
        expect(
          await page.locator('[data-testid="nat-tab-snat_rule"]').evaluate((el) => el.closest('.adm-tabs-tab')?.classList.contains('adm-tabs-tab-active')),
        ).toBe(true);

        // DNAT tab: only this gateway's DNAT rules (the demo rule of this gateway, not the new SNAT one).
        await page.locator('[data-testid="nat-tab-dnat_rule"]').click();
        await page.waitForURL(`${baseURL}/natDetail/dnatManage/${id}`);
        await page.locator(rowSel(vp, 'dnat_rule')).first().waitFor();
        const dnat = await ruleNames(page, vp, 'dnat_rule');
        expect(dnat.length).toBeGreaterThan(0);
        expect(dnat).not.toContain(name);
        const prefix = gatewayName.replace(/-nat$/, '-dnat');
        for (const n of dnat) expect(n.startsWith(prefix), n).toBe(true);
        await screenshot(page, `nat-${vp}-dnat-list`);

        if (vp === 'phone') await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
        expect(errors).toEqual([]);
      } catch (err) {
        await screenshot(page, `nat-${vp}-failed`).catch(() => undefined);
        throw err;
      } finally {
        await page.context().close();
      }
    });
  });
}

describe('NAT detail on a tablet, a foreign rule, the DNAT table width', () => {
  it('the tablet split view shows the tabbed NAT detail; its rule tabs switch in the pane', async () => {
    const page = await newPage(browser, 'tablet');
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    try {
      await signIn(page, baseURL, 'tenant_admin');
      await page.goto(`${baseURL}/natManage`);
      // The page's own list/detail split takes the width: the console menu folds to icons; the user may open it.
      await expect.poll(() => page.locator('.ys-tablet').getAttribute('data-menu')).toBe('folded');
      await page.locator('[data-testid="tablet-menu-toggle"]').click();
      await expect.poll(() => page.locator('.ys-tablet').getAttribute('data-menu')).toBe('open');
      await page.locator('[data-testid="tablet-menu-toggle"]').click();
      await expect.poll(() => page.locator('.ys-tablet').getAttribute('data-menu')).toBe('folded');
      await page.locator('[data-testid="resource-card"]').first().click();
      const pane = page.locator('[data-testid="nat-split-detail"]');
      await pane.locator('[data-testid="basic-info"]').waitFor();
      expect(await pane.getAttribute('data-tab')).toBe('outline');
      const id = (await pane.getAttribute('data-id'))!;
      await pane.locator('[data-testid="nat-tab-snat_rule"]').click();
      await pane.locator('[data-testid="rule-list"][data-kind="snat_rule"] [data-testid="rule-card"]').first().waitFor();
      expect(await pane.getAttribute('data-tab')).toBe('snat_rule');
      await pane.locator('[data-testid="nat-tab-dnat_rule"]').click();
      await pane.locator('[data-testid="rule-list"][data-kind="dnat_rule"] [data-testid="rule-card"]').first().waitFor();
      // The list stays beside the pane: the URL is still the list's.
      expect(page.url()).toBe(`${baseURL}/natManage`);
      await screenshot(page, 'nat-tablet-split-dnat');
      // Adding a rule opens its own page for this gateway.
      await pane.locator('[data-testid="rule-add"]').click();
      await page.waitForURL(`${baseURL}/natDetail/dnatConfig/${id}`);
      await page.locator('[data-testid="rule-form"]').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('a foreign ?rule= id shows only the inline message; the DNAT table keeps its name column while scrolling', async () => {
    const page = await newPage(browser, 'desktop');
    try {
      await signIn(page, baseURL, 'tenant_admin');
      await page.goto(`${baseURL}/natManage`);
      await page.locator('[data-testid="resource-table"] tbody tr a').first().click();
      await page.waitForURL(/\/natDetail\/outline\/[0-9a-f]{32}$/);
      const id = ID.exec(page.url())![0];
      await page.goto(`${baseURL}/natDetail/snatConfig/${id}?rule=${'0'.repeat(31)}1`);
      await page.locator('[data-testid="rule-missing"]').waitFor();
      expect(await page.locator('[data-testid="rule-missing"]').textContent()).toContain('规则不存在');
      // No global notice on top of it (the request finished before the inline message showed).
      expect(await page.locator('.ys-notice').count()).toBe(0);
      await page.locator('[data-testid="rule-back"]').click();
      await page.waitForURL(`${baseURL}/natDetail/snatManage/${id}`);

      await page.goto(`${baseURL}/natDetail/dnatManage/${id}`);
      const table = page.locator('[data-testid="rule-table"]');
      await table.locator('tbody tr').first().waitFor();
      // Every column is reachable: the table scrolls sideways, the name column stays on the left.
      const nameCell = table.locator('tbody tr td:nth-child(2)').first();
      const before = await nameCell.boundingBox();
      await table.evaluate((el) => {
        el.scrollLeft = el.scrollWidth;
      });
      const created = table.locator('thead th', { hasText: '创建时间' });
      const box = (await created.boundingBox())!;
      const actions = (await table.locator('thead th.ys-dt__sticky').boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(actions.x + 1);
      expect((await nameCell.boundingBox())!.x).toBeCloseTo(before!.x, 0);
      await screenshot(page, 'nat-desktop-dnat-scrolled');
    } finally {
      await page.context().close();
    }
  });
});
