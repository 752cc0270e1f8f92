// The server's share of the offline replay (issue 10), without a browser: the real app in-process
// on PGlite (a throwaway data directory) with the demo data, 100 pending quota requests, and one `decision-batch` of 100
// approvals from `approver` — the request the outbox sends after reconnect. Prints the time, the
// statements PGlite ran per decision and whether every item landed (run twice: a cold and a warm
// batch, the second over fresh requests).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/server/app.ts';
import { openDatabase } from '../../src/server/platform/db/database.ts';
import { DEMO_PASSWORD } from '../../src/server/seed/demo.seed.ts';
import type { BenchResult, BenchSection } from './run.ts';

const COUNT = Number(process.env.BENCH_REPLAY_COUNT ?? 100);

export function approvalBatchSections(): BenchSection[] {
  return [{ name: 'approvals-batch', title: `Approvals — one decision batch of ${COUNT} in-process (PGlite, no browser)`, run: runBatch }];
}

async function runBatch(): Promise<BenchResult> {
  // On disk, as the server runs (a commit writes its WAL to a file).
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yunshu-bench-batch-'));
  const handle = await openDatabase({ dataDir });
  const pglite = handle.pglite!;
  const app = await buildApp({ handle, seed: true, logger: false, serveStatic: false, config: { rateLimitPerMinute: 1_000_000, cloudSimDelayMs: 0 } });
  try {
    const login = async (account: string) => {
      const res = await app.inject({ method: 'POST', url: '/api/v1/login', payload: { account, password: DEMO_PASSWORD } });
      const token = res.json().token as string;
      const terr = await app.inject({ method: 'GET', url: '/api/v1/auth/territories?enabled=true&__limit=1000', headers: { 'x-auth-token': token } });
      return { token, territories: terr.json().data as { tenant_id: string; tenant_name: string; projects: { project_id: string; project_name: string }[] }[] };
    };
    const admin = await login('tenant_admin');
    const approver = await login('approver');
    const hd = admin.territories.find((x) => x.tenant_name === '华东制造集团')!;
    const supply = hd.projects.find((p) => p.project_name === 'supply-chain')!;
    const rows: BenchResult['rows'] = [];
    for (const [n, round] of ['cold', 'warm'].entries()) {
      const ids: string[] = [];
      for (let i = 0; i < COUNT; i++) {
        const r = await app.inject({
          method: 'POST',
          url: '/api/v1/approvals',
          headers: { 'x-auth-token': admin.token, 'x-tenant-id': hd.tenant_id, 'x-project-id': supply.project_id },
          payload: { type: 'quota_change', payload: { quota_key: 'snapshots', value: 200 + n * 1000 + i, reason: '压测：离线审批重放' } },
        });
        if (r.statusCode !== 201) throw new Error(`creating a request: ${r.statusCode} ${r.body}`);
        ids.push(r.json().id as string);
      }
      const requests = ids.map((id) => ({
        url: `/api/v1/approvals/${id}/approve`,
        key: `bench-${id}`,
        tenant_id: hd.tenant_id,
        project_id: supply.project_id,
        body: {},
      }));
      const before = pglite.statements;
      const t0 = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/approvals/decision-batch',
        headers: { 'x-auth-token': approver.token },
        payload: { requests },
      });
      const ms = performance.now() - t0;
      const ran = pglite.statements - before;
      const results = res.json().results as { status: number }[];
      const ok = results.filter((r) => r.status === 200).length;
      rows.push({
        metric: `batch of ${COUNT} approvals (${round})`,
        value: `${ms.toFixed(0)} ms`,
        note: `${(ms / COUNT).toFixed(1)} ms and ${(ran / COUNT).toFixed(1)} statements per decision; ${ok}/${COUNT} answered 200`,
      });
    }
    return { rows };
  } finally {
    await app.close();
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
