// The SQL console of a managed database (dmsLogin, ADR 0054) at 375×740 and 1280×800: as tenant_admin
// open the demo MySQL instance's detail, go to its SQL console, run a select over its demo table and
// see the rows, run a create table with 只读 on and see the refusal in the page, find both in the
// history (newest first) and put one back in the editor, then go back to the detail. Then the issue's
// journey (issue 29): buy a MySQL instance, add an account, query it in the SQL console, start a backup
// and see its record.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, screenshot, signIn } from './browser.ts';

let browser: Browser;
const baseURL = inject('baseURL');
const errorsText = JSON.parse(fs.readFileSync('locales/zh-CN/errors.json', 'utf8')) as { refusals: { db_instance: { read_only: string } } };

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

for (const vp of ['phone', 'desktop'] as const) {
  describe(`SQL console at ${vp}`, () => {
    it('runs a select from the instance detail, refuses a write when read-only and keeps both in the history', async () => {
      const page = await newPage(browser, vp);
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(err.message));
      try {
        await signIn(page, baseURL, 'tenant_admin');
        await page.goto(`${baseURL}/database`);
        const row =
          vp === 'phone'
            ? page.locator('[data-testid="resource-card"]', { hasText: 'demo-mysql-orders' })
            : page.locator('[data-testid="resource-table"] tbody tr a', { hasText: 'demo-mysql-orders' });
        await row.first().click();
        await page.waitForURL(/\/databaseDetail\/outline\/[0-9a-f]{32}$/);
        const detailUrl = page.url();
        const id = /[0-9a-f]{32}$/.exec(detailUrl)![0];

        await page.locator('[data-testid="sql-console-link"]').click();
        await page.waitForURL(`${baseURL}/dmsLogin?id=${id}`);
        await page.locator('[data-page="dmsLogin"] [data-testid="sql-console"]').waitFor();
        expect(await page.locator('[data-testid="sql-instance"] option:checked').textContent()).toContain('demo-mysql-orders');

        // A select over the demo table: its rows in a table, with the row count.
        const select = `select * from orders order by id /* e2e ${vp} */`;
        await page.locator('[data-testid="sql-text"]').fill(select);
        const run = page.locator('[data-testid="sql-run"]');
        // Nothing floats over the run button: its centre is the button itself.
        const box = (await run.boundingBox())!;
        expect(
          await page.evaluate(
            ([x, y]) => document.elementFromPoint(x!, y!)?.closest('[data-testid="sql-run"]') !== null,
            [box.x + box.width / 2, box.y + box.height / 2],
          ),
        ).toBe(true);
        expect(box.height).toBeGreaterThanOrEqual(44);
        await run.click();
        await page.locator('[data-testid="sql-table"] tbody tr').first().waitFor();
        expect(await page.locator('[data-testid="sql-table"] thead th').nth(1).textContent()).toBe('id');
        const rows = await page.locator('[data-testid="sql-table"] tbody tr').count();
        expect(rows).toBeGreaterThanOrEqual(3);
        expect(await page.locator('[data-testid="sql-meta"]').textContent()).toContain(`返回 ${rows} 行`);
        await screenshot(page, `sql-console-${vp}-select`);

        // A write as the read-only user: the platform's refusal in the page, not a table.
        await page.locator('[data-testid="sql-readonly"]').check();
        await page.locator('[data-testid="sql-text"]').fill(`create table e2e_${vp}_${Date.now().toString(36)} (id int)`);
        await run.click();
        await expect.poll(() => page.locator('[data-testid="sql-error"]').textContent()).toContain(errorsText.refusals.db_instance.read_only);
        expect(await page.locator('[data-testid="sql-table"]').count()).toBe(0);

        // The history, newest first; a tap puts the select back in the editor.
        const items = page.locator('[data-testid="sql-history-item"]');
        await expect.poll(async () => (await items.first().textContent()) ?? '').toContain(`create table e2e_${vp}_`);
        expect(await items.nth(1).locator('code').textContent()).toBe(select);
        await items.nth(1).click();
        expect(await page.locator('[data-testid="sql-text"]').inputValue()).toBe(select);
        await screenshot(page, `sql-console-${vp}-history`);

        if (vp === 'phone') expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
        await page.locator('[data-testid="sql-back"]').click();
        await page.waitForURL(detailUrl);
        expect(errors).toEqual([]);
      } catch (err) {
        await screenshot(page, `sql-console-${vp}-failed`).catch(() => undefined);
        throw err;
      } finally {
        await page.context().close();
      }
    });

    it('buys a MySQL instance, adds an account, queries it and backs it up', async () => {
      const page = await newPage(browser, vp);
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(err.message));
      const name = `e2e${vp}${Date.now().toString(36)}`;
      try {
        await signIn(page, baseURL, 'tenant_admin');
        // Buy: the defaults (MySQL, its newest version, the smallest flavor, 100 GB data, 50 GB archive), a name.
        await page.goto(`${baseURL}/databaseAdd`);
        await page.locator('[data-testid="buy-step-placement"]').waitFor();
        await expect.poll(() => page.locator('[data-testid="field-az_id"] .adm-selector-item-active').count(), { timeout: 15_000 }).toBe(1);
        await page.locator('[data-testid="buy-next"]').click();
        await page.locator('[data-testid="buy-step-config"]').waitFor();
        await page.locator('[data-testid="buy-next"]').click();
        await page.locator('[data-testid="buy-step-confirm"]').waitFor();
        await page.locator('input[name="name"]').fill(name);
        await page.locator('[data-testid="buy-submit"]').click();
        await page.waitForURL(/\/databaseDetail\/outline\/[0-9a-f]{32}$/);
        const detailUrl = page.url();
        await expect.poll(() => page.locator('header [data-testid="status-badge"]').first().getAttribute('data-status'), { timeout: 30_000 }).toBe('running');
        await screenshot(page, `db-journey-${vp}-detail`);

        // An account with read-only privilege, listed with its privilege.
        await page.locator('[data-testid="accounts-link"]').click();
        await page.locator('[data-testid="account-add"]').click();
        await page.locator('[data-testid="account-name"] input, input[data-testid="account-name"]').first().fill('report_ro');
        await page.locator('[data-testid="account-password"] input, input[data-testid="account-password"]').first().fill('Report2026x');
        await page.locator('[data-testid="account-confirm"] input, input[data-testid="account-confirm"]').first().fill('Report2026x');
        await page.locator('[data-testid="account-submit"]').click();
        const account = page.locator(':is([data-testid="account-card"], tr):visible', { hasText: 'report_ro' }).first();
        await account.waitFor({ timeout: 20_000 });
        await screenshot(page, `db-journey-${vp}-accounts`);

        // A query in the console of the new instance.
        await page.goto(detailUrl);
        await page.locator('[data-testid="sql-console-link"]').click();
        await page.locator('[data-page="dmsLogin"] [data-testid="sql-console"]').waitFor();
        await page.locator('[data-testid="sql-text"]').fill(`select 6 * 7 as answer`);
        await page.locator('[data-testid="sql-run"]').click();
        await expect.poll(() => page.locator('[data-testid="sql-table"] tbody tr').first().textContent(), { timeout: 20_000 }).toContain('42');

        // A backup started now, and its record.
        await page.goto(detailUrl);
        await page.locator('[data-testid="backup-link"]').first().click();
        await page.locator('[data-testid="db-backups"]').waitFor();
        await page.locator('[data-testid="backup-start"]').first().click();
        await page.locator('[data-testid="backup-tab-records"]').click();
        const record = page.locator('[data-testid="backup-row"]:visible, [data-testid="backup-tr"]:visible').first();
        await record.waitFor({ timeout: 20_000 });
        await expect.poll(() => record.textContent(), { timeout: 30_000 }).toMatch(/成功/);
        await screenshot(page, `db-journey-${vp}-backup`);
        if (vp === 'phone') expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
        expect(errors).toEqual([]);
      } catch (err) {
        await screenshot(page, `db-journey-${vp}-failed`).catch(() => undefined);
        throw err;
      } finally {
        await page.context().close();
      }
    });
  });
}
