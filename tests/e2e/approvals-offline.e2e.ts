// Approvals on a phone (375×740, Chromium): decisions taken offline show as 待同步 at once, land
// exactly once when the network returns (checked through the API), and a request decided
// meanwhile by another approver shows as a conflict with the server's state and decider. Plus the
// plain online path: approve and reject from the inbox, the cards move to 已审批.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, signIn } from './browser.ts';
import { OWN_TYPES, afterFirstScreen, apiAs, card, outboxStates, pendingPage, shot, type Api, type Item } from './approvals-helpers.ts';

let browser: Browser;
const baseURL = inject('baseURL');
let approverApi: Api;
let adminApi: Api;

beforeAll(async () => {
  browser = await launchBrowser();
  approverApi = await apiAs(baseURL, 'approver');
  adminApi = await apiAs(baseURL, 'tenant_admin');
});
afterAll(async () => {
  await browser?.close();
});

async function openInbox(page: Page): Promise<void> {
  await signIn(page, baseURL, 'approver');
  await page.goto(`${baseURL}/selfApprovalManage`);
  await page.locator('[data-page="selfApprovalManage"] [data-testid="approval-card"]').first().waitFor();
  await afterFirstScreen(page);
}

/** The decisions recorded on a request: [action, actor account, comment]. */
async function decisions(id: string): Promise<[string, string, string | null][]> {
  const r = await approverApi.call('GET', `/api/v1/approvals/${id}`);
  expect(r.status).toBe(200);
  return (r.body.history as { action: string; actor: { account: string } | null; comment: string | null }[])
    .filter((h) => h.action === 'approved' || h.action === 'rejected')
    .map((h) => [h.action, h.actor?.account ?? '', h.comment]);
}

async function rejectThroughSheet(page: Page, id: string, reason: string): Promise<void> {
  await card(page, id).locator('[data-testid="card-reject"]').click();
  const sheet = page.locator('[data-testid="reject-sheet"]');
  await sheet.waitFor();
  // The reason is required: confirming without one is refused on the spot.
  await sheet.locator('[data-testid="reject-confirm"]').click();
  await sheet.locator('[data-testid="reject-error"]').waitFor();
  await sheet.locator('textarea:not([readonly])').fill(reason);
  await sheet.locator('[data-testid="reject-confirm"]').click();
  await sheet.waitFor({ state: 'hidden' });
}

/** Swipes a card to the left and taps its 通过 action. */
async function swipeApprove(page: Page, id: string): Promise<void> {
  const box = (await card(page, id).boundingBox())!;
  const y = box.y + 30;
  await page.mouse.move(box.x + box.width - 20, y);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(box.x + box.width - 20 - i * 25, y);
  await page.mouse.up();
  const action = page
    .locator('.adm-swipe-action')
    .filter({ has: card(page, id) })
    .locator('.adm-swipe-action-actions-right .adm-button')
    .last();
  await action.waitFor();
  await action.click();
}

describe('approvals offline, exactly once', () => {
  it('queues two approvals and a rejection offline, lands them once, and shows a decision taken meanwhile as a conflict', async () => {
    const page = await newPage(browser, 'phone');
    const context = page.context();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    try {
      // Cards the approver decides alone (last level), and one tenant_admin may decide too.
      const inbox = (await pendingPage(approverApi)).filter((i) => OWN_TYPES.has(i.type));
      const theirs = new Set((await pendingPage(adminApi, 1000)).filter((i) => i.can_decide).map((i) => i.id));
      const finals = inbox.filter((i) => i.current_level === i.level_count && !theirs.has(i.id));
      const contested = inbox.find((i) => theirs.has(i.id) && i.current_level < i.level_count);
      expect(finals.length).toBeGreaterThanOrEqual(3);
      expect(contested).toBeTruthy();
      const [a, b, c] = finals as [Item, Item, Item];
      const d = contested!;

      await openInbox(page);
      for (const it of [a, b, c, d]) await card(page, it.id).waitFor();
      await shot(page, 'approvals-inbox-phone');

      await context.setOffline(true);
      await page.waitForFunction(() => !navigator.onLine);

      // Every DOM state React commits is seen by a MutationObserver: a card approved a moment ago
      // (its undo bar was shown) must never be back with no state and live buttons while its
      // decision goes from the bar to the outbox (issue 10: the next tap landed on it).
      await page.evaluate(() => {
        const decided = new Set<string>();
        const back: string[] = [];
        (window as unknown as { undecidedAgain: string[] }).undecidedAgain = back;
        const check = () => {
          const bar = document.querySelector('[data-testid="undo-bar"]')?.getAttribute('data-id');
          if (bar) decided.add(bar);
          for (const id of decided) {
            const el = document.querySelector(`[data-testid="approval-card"][data-id="${id}"]`);
            if (el && el.getAttribute('data-sync') === '' && el.querySelector('[data-testid="card-approve"]')) back.push(id);
          }
        };
        new MutationObserver(check).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-sync', 'data-id'] });
      });
      const undoBar = (id: string) => page.locator(`[data-testid="undo-bar"][data-id="${id}"]`);
      await card(page, a.id).locator('[data-testid="card-approve"]').click();
      await undoBar(a.id).waitFor();
      await swipeApprove(page, b.id);
      await undoBar(b.id).waitFor();
      // The approval the next one sent on shows as queued at once.
      await expect(card(page, a.id).getAttribute('data-sync')).resolves.toBe('pending');
      const reason = '离线驳回：请补充业务说明与费用测算（E2E）';
      await rejectThroughSheet(page, c.id, reason);
      await card(page, d.id).locator('[data-testid="card-approve"]').click();
      await undoBar(d.id).waitFor();
      await expect(card(page, b.id).getAttribute('data-sync')).resolves.toBe('pending');

      for (const it of [a, b, c, d]) {
        await expect.poll(() => card(page, it.id).getAttribute('data-sync'), { timeout: 10_000 }).toBe('pending');
        await expect(card(page, it.id).locator('[data-testid="card-sync"]').textContent()).resolves.toContain('待同步');
      }
      expect(await page.evaluate(() => (window as unknown as { undecidedAgain: string[] }).undecidedAgain)).toEqual([]);
      await page.locator('[data-testid="offline-notice"]').waitFor();
      // The inbox says its data is the last sync, and how old it is.
      await expect(page.locator('[data-testid="inbox-offline-age"]').textContent()).resolves.toMatch(/^离线数据，更新于/);
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await shot(page, 'approvals-offline-queued', card(page, c.id));

      // Meanwhile another approver decides the fourth request.
      const theirReason = '预算已冻结，本季度暂停新增（另一位审批人）';
      const other = await adminApi.call('POST', `/api/v1/approvals/${d.id}/reject`, { reason: theirReason });
      expect(other.status).toBe(200);

      // The four queued decisions go back together, in one batch request (issue 10).
      const batches: number[] = [];
      page.on('request', (r) => {
        if (r.url().endsWith('/api/v1/approvals/decision-batch')) batches.push((r.postDataJSON() as { requests: unknown[] }).requests.length);
      });
      await context.setOffline(false);
      // Delivered: the three cards leave the pending list; the fourth stays as a conflict.
      for (const it of [a, b, c]) await card(page, it.id).waitFor({ state: 'detached', timeout: 30_000 });
      await expect.poll(() => card(page, d.id).getAttribute('data-sync'), { timeout: 30_000 }).toBe('conflict');
      const conflict = card(page, d.id).locator('[data-testid="card-conflict"]');
      await expect(conflict.locator('[data-testid="server-decider"]').textContent()).resolves.toContain('华东制造 管理员 李娜');
      await expect(conflict.textContent()).resolves.toContain('已驳回');
      await shot(page, 'approvals-conflict', card(page, d.id));

      // Exactly once, through the API: one decision each, by the approver; the reason stored.
      expect(await decisions(a.id)).toEqual([['approved', 'approver', null]]);
      expect(await decisions(b.id)).toEqual([['approved', 'approver', null]]);
      expect(await decisions(c.id)).toEqual([['rejected', 'approver', reason]]);
      expect(await decisions(d.id)).toEqual([['rejected', 'tenant_admin', theirReason]]);
      for (const it of [a, b]) expect((await approverApi.call('GET', `/api/v1/approvals/${it.id}`)).body.decided_by.account).toBe('approver');
      const rejected = (await approverApi.call('GET', `/api/v1/approvals/${c.id}`)).body;
      expect(rejected.reject_reason).toBe(reason);
      expect(rejected.decided_by.account).toBe('approver');
      const states = (await outboxStates(page)).filter((e) => e.ref?.startsWith('approval:'));
      expect(states.map((e) => e.state).sort()).toEqual(['conflict', 'sent', 'sent', 'sent']);
      expect(batches).toEqual([4]);

      // The outbox screen lists the conflict with the server's state.
      await page.locator('[data-testid="outbox-link"]').click();
      const entry = page.locator('[data-page="outbox"] [data-testid="outbox-entry"][data-state="conflict"]');
      await entry.waitFor();
      await expect(entry.locator('[data-testid="server-decider"]').textContent()).resolves.toContain('华东制造 管理员 李娜');
      await shot(page, 'approvals-outbox-conflict');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('approves and rejects online; the cards move to 已审批', async () => {
    const page = await newPage(browser, 'phone');
    try {
      const inbox = (await pendingPage(approverApi)).filter((i) => i.current_level === i.level_count && OWN_TYPES.has(i.type));
      const [a, b] = inbox as [Item, Item];
      await openInbox(page);
      await card(page, a.id).locator('[data-testid="card-approve"]').click();
      const reason = '在线驳回：规格超出项目配额（E2E）';
      await rejectThroughSheet(page, b.id, reason);
      for (const it of [a, b]) await card(page, it.id).waitFor({ state: 'detached', timeout: 20_000 });

      await page.locator('.adm-tabs-tab', { hasText: '已审批' }).click();
      await card(page, a.id).waitFor();
      // Approved rules wait for their issuing window (下发中); resources are approved at once.
      expect(['approved', 'issuing']).toContain(await card(page, a.id).getAttribute('data-status'));
      await expect(card(page, b.id).getAttribute('data-status')).resolves.toBe('rejected');
      await shot(page, 'approvals-decided-phone');
      expect(await decisions(b.id)).toEqual([['rejected', 'approver', reason]]);

      // The detail shows the history with who decided and the reason.
      await card(page, b.id).locator('[data-testid="card-open"]').click();
      const history = page.locator('[data-page="selfApprovalDetail"] [data-testid="approval-history"]');
      await history.waitFor();
      await expect(history.textContent()).resolves.toContain(reason);
      await shot(page, 'approvals-detail-phone', history);
    } finally {
      await page.context().close();
    }
  });
});
