// The time to replay 100 approval decisions queued offline (issue 5 "Done when"): the real server
// with its own throwaway database (demo data, more pending requests created through the API when
// the seed has too few), Chromium at 375×740 signed in as `approver`; 100 approvals tapped in the
// inbox while offline, then the network comes back and the clock runs until all 100 outbox entries
// were delivered. The server is then asked how many of those requests it saw decided.
import { ensureBuild } from '../../scripts/start.ts';
import { startServer, type StartedServer } from '../e2e/server.ts';
import { launchBrowser, newPage, signIn } from '../e2e/browser.ts';
import { OWN_TYPES, afterFirstScreen, apiAs, card, outboxStates } from '../e2e/approvals-helpers.ts';
import type { BenchResult, BenchSection } from './run.ts';

const COUNT = Number(process.env.BENCH_REPLAY_COUNT ?? 100);

export function approvalReplaySections(): BenchSection[] {
  return [{ name: 'approvals-replay', title: `Approvals — replay of ${COUNT} decisions queued offline (Chromium, PGlite)`, run: runReplay }];
}

async function runReplay(): Promise<BenchResult> {
  ensureBuild();
  let server: StartedServer | undefined;
  const browser = await launchBrowser();
  try {
    server = await startServer();
    const baseURL = server.baseURL;
    const approver = await apiAs(baseURL, 'approver');
    const admin = await apiAs(baseURL, 'tenant_admin');

    // Enough pending requests of the types whose effect the approvals module owns (rules, quotas).
    const pending = async () =>
      (
        await approver.call<{ data: { type: string; can_decide: boolean }[] }>('GET', '/api/v1/approvals?scope=mine&status=pending&__limit=1000')
      ).body.data.filter((i) => OWN_TYPES.has(i.type) && i.can_decide).length;
    const before = await pending();
    if (before < COUNT) {
      const territories = (await admin.call('GET', '/api/v1/auth/territories?enabled=true&__limit=1000')).body.data as {
        tenant_id: string;
        tenant_name: string;
        projects: { project_id: string; project_name: string }[];
      }[];
      const hd = territories.find((x) => x.tenant_name === '华东制造集团')!;
      const supply = hd.projects.find((p) => p.project_name === 'supply-chain')!;
      for (let i = 0; i < COUNT - before; i++) {
        const r = await fetch(`${baseURL}/api/v1/approvals`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-auth-token': admin.token, 'x-tenant-id': hd.tenant_id, 'x-project-id': supply.project_id },
          body: JSON.stringify({ type: 'quota_change', payload: { quota_key: 'snapshots', value: 200 + i, reason: '压测：离线审批重放' } }),
        });
        if (r.status !== 201) throw new Error(`creating a request: ${r.status} ${await r.text()}`);
      }
    }
    const available = await pending();
    const decidedCount = async () => (await approver.call<{ count: number }>('GET', '/api/v1/approvals?scope=mine&status=decided&__limit=1')).body.count;
    const decidedBefore = await decidedCount();
    if (available < COUNT) throw new Error(`only ${available} pending requests to decide`);

    const page = await newPage(browser, 'phone');
    await signIn(page, baseURL, 'approver');
    await page.goto(`${baseURL}/selfApprovalManage`);
    const cards = page.locator('[data-page="selfApprovalManage"] [data-testid="approval-card"]');
    await cards.first().waitFor();
    await afterFirstScreen(page);
    // Load every page of the inbox while online (infinite scroll), as an approver would scroll.
    const own = [...OWN_TYPES]
      .map(
        (t) =>
          `[data-testid="approval-card"][data-type="${t}"]:not([data-sync]) [data-testid="card-approve"], [data-testid="approval-card"][data-type="${t}"][data-sync=""] [data-testid="card-approve"]`,
      )
      .join(', ');
    for (let round = 0; round < 20 && (await page.locator(own).count()) < COUNT; round++) {
      const n = await cards.count();
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page
        .waitForFunction((prev) => document.querySelectorAll('[data-testid="approval-card"]').length > prev, n, { timeout: 5000 })
        .catch(() => undefined);
    }
    if ((await page.locator(own).count()) < COUNT) throw new Error(`the inbox shows only ${await page.locator(own).count()} decidable cards`);

    await page.context().setOffline(true);
    await page.waitForFunction(() => !navigator.onLine);
    const tapStart = Date.now();
    for (let i = 0; i < COUNT; i++) {
      const id = await page.locator(own).first().locator('xpath=ancestor::*[@data-testid="approval-card"]').getAttribute('data-id');
      // The card read, not whatever `own` matches by the time of the click (the list moves as
      // decisions settle).
      await card(page, id!).locator('[data-testid="card-approve"]').click();
      // The decision waits behind its undo bar; tapping the next card sends it at once, as an
      // approver working down the list does (the last one goes when its bar runs out).
      await page.locator(`[data-testid="undo-bar"][data-id="${id}"]`).waitFor();
    }
    await page.locator('[data-testid="undo-bar"]').waitFor({ state: 'hidden', timeout: 10_000 });
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="approval-card"][data-sync="pending"]').length >= n, COUNT, { timeout: 30_000 });
    const tapMs = Date.now() - tapStart;
    const queued = (await outboxStates(page)).filter((e) => e.state === 'pending').length;
    if (queued !== COUNT) throw new Error(`expected ${COUNT} queued decisions, found ${queued}`);

    const t0 = Date.now();
    await page.context().setOffline(false);
    let sent = 0;
    let other = 0;
    while (Date.now() - t0 < 120_000) {
      const states = await outboxStates(page);
      sent = states.filter((e) => e.state === 'sent').length;
      other = states.filter((e) => e.state !== 'sent' && e.state !== 'pending' && e.state !== 'sending').length;
      if (sent + other >= COUNT) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    const replayMs = Date.now() - t0;
    if (sent !== COUNT) throw new Error(`replay ended with ${sent} sent and ${other} not delivered after ${replayMs} ms`);
    const decidedAfter = await decidedCount();

    return {
      rows: [
        { metric: 'decisions queued offline', value: String(COUNT) },
        { metric: 'tapping them in the inbox (offline)', value: `${(tapMs / 1000).toFixed(1)} s` },
        {
          metric: 'replay after reconnect, all sent',
          value: `${replayMs} ms`,
          note: `goal ≤ 2 s: ${replayMs <= 2000 ? 'met' : 'NOT met'} (${(replayMs / COUNT).toFixed(1)} ms per decision, in order, consecutive decisions in batches of up to 100)`,
        },
        { metric: 'requests this approver decided (server, before → after)', value: `${decidedBefore} → ${decidedAfter}` },
      ],
    };
  } finally {
    await browser.close();
    await server?.stop();
  }
}
