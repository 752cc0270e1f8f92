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
import type { Request } from 'playwright-core';

const COUNT = Number(process.env.BENCH_REPLAY_COUNT ?? 100);
const PROFILE = process.env.BENCH_REPLAY_PROFILE === '1';

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

/** The page's CPU over the replay: self time per function and per script (BENCH_REPLAY_PROFILE=1). */
function printProfile(profile: CpuProfile): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const byFn = new Map<string, number>();
  const byScript = new Map<string, number>();
  for (const [id, ms] of self) {
    const f = byId.get(id)!.callFrame;
    const script = f.url ? f.url.replace(/^.*\//, '') : `(${f.functionName || 'native'})`;
    const fn = `${f.functionName || '(anonymous)'} ${script}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
    byFn.set(fn, (byFn.get(fn) ?? 0) + ms);
    byScript.set(script, (byScript.get(script) ?? 0) + ms);
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `  ${v.toFixed(1).padStart(8)} ms  ${k}`)
      .join('\n');
  console.log(`[bench] page CPU over the replay, by script:\n${top(byScript, 12)}\n[bench] by function:\n${top(byFn, 25)}`);
}

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

    // Where the replay's time goes: every request the page makes from the reconnect on (the batch,
    // and whatever competes with it for the server's one PGlite connection), when the page heard
    // it was online, and with BENCH_REPLAY_PROFILE=1 a CPU profile of the page over the replay.
    const requests: { url: string; method: string; start: number; end?: number; status?: number }[] = [];
    const onRequest = (r: Request) => {
      requests.push({ url: new URL(r.url()).pathname + new URL(r.url()).search, method: r.method(), start: Date.now() });
    };
    const onFinished = async (r: Request) => {
      const row = requests.find((x) => x.url === new URL(r.url()).pathname + new URL(r.url()).search && x.end === undefined);
      if (!row) return;
      const timing = r.timing();
      row.start = timing.startTime > 0 ? timing.startTime : row.start;
      row.end = timing.responseEnd >= 0 ? timing.startTime + timing.responseEnd : Date.now();
      // The page may close before a late answer is read (the run is over): keep the row without a status.
      row.status = await r.response().then(
        (res) => res?.status(),
        () => undefined,
      );
    };
    page.on('request', onRequest);
    page.on('requestfinished', (r) => void onFinished(r));
    await page.evaluate(() => {
      window.addEventListener('online', () => ((window as unknown as { __onlineAt: number }).__onlineAt = Date.now()), { once: true });
    });
    const cdp = PROFILE ? await page.context().newCDPSession(page) : null;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
      await cdp.send('Profiler.start');
    }

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
    if (cdp) {
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
      printProfile(profile);
    }
    const onlineAt = await page.evaluate(() => (window as unknown as { __onlineAt?: number }).__onlineAt ?? 0);
    // The outbox's own marks (outbox.ts): batch sent, answered, its outcomes written.
    const marks = (
      await page.evaluate(() =>
        performance
          .getEntriesByType('mark')
          .filter((m) => m.name.startsWith('yunshu:outbox-'))
          .map((m) => ({ name: m.name.replace('yunshu:outbox-', ''), at: performance.timeOrigin + m.startTime })),
      )
    ).filter((m) => m.at >= t0);
    page.off('request', onRequest);
    if (sent !== COUNT) throw new Error(`replay ended with ${sent} sent and ${other} not delivered after ${replayMs} ms`);
    const batches = requests.filter((r) => r.url.startsWith('/api/v1/approvals/decision-batch'));
    const others = requests.filter((r) => !batches.includes(r) && r.start - t0 < replayMs);
    const at = (ms: number | undefined) => (ms === undefined ? '…' : `${Math.round(ms - t0)}`);
    const breakdown = [
      `online event +${onlineAt ? onlineAt - t0 : '?'} ms`,
      ...marks.map((m) => `${m.name} +${Math.round(m.at - t0)} ms`),
      ...batches.map(
        (b) => `batch request ${Math.round(b.start - t0)}→${b.end ? Math.round(b.end - t0) : '…'} ms (${b.end ? Math.round(b.end - b.start) : '?'} ms)`,
      ),
      `all sent seen +${replayMs} ms`,
    ].join(', ');
    const competing = others.map((r) => `${r.method} ${r.url.replace(/\?.*$/, '')} ${at(r.start)}→${at(r.end)}`).join('; ');
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
        { metric: 'replay timeline (from the reconnect)', value: `${batches.length} batch(es)`, note: breakdown },
        { metric: 'other requests during the replay', value: String(others.length), note: competing },
        { metric: 'requests this approver decided (server, before → after)', value: `${decidedBefore} → ${decidedAfter}` },
      ],
    };
  } finally {
    await browser.close();
    await server?.stop();
  }
}
