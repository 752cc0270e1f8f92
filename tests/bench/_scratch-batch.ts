import { startServer } from '../e2e/server.ts';
import { apiAs, OWN_TYPES } from '../e2e/approvals-helpers.ts';
import { randomUUID } from 'node:crypto';
const server = await startServer();
const base = server.baseURL;
try {
  const approver = await apiAs(base, 'approver');
  const admin = await apiAs(base, 'tenant_admin');
  const territories = (await admin.call('GET', '/api/v1/auth/territories?enabled=true&__limit=1000')).body.data as any[];
  const hd = territories.find((x) => x.tenant_name === '华东制造集团')!;
  const supply = hd.projects.find((p: any) => p.project_name === 'supply-chain')!;
  const N = Number(process.env.N ?? 100);
  for (let i = 0; i < N; i++) {
    const r = await fetch(`${base}/api/v1/approvals`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-auth-token': admin.token, 'x-tenant-id': hd.tenant_id, 'x-project-id': supply.project_id }, body: JSON.stringify({ type: 'quota_change', payload: { quota_key: 'snapshots', value: 200 + i, reason: 'x' } }) });
    if (r.status !== 201) throw new Error(String(r.status));
  }
  const items = (await approver.call('GET', '/api/v1/approvals?scope=mine&status=pending&__limit=1000')).body.data.filter((i: any) => OWN_TYPES.has(i.type) && i.can_decide).slice(0, N);
  const requests = items.map((i: any) => ({ url: `/api/v1/approvals/${i.id}/approve`, key: randomUUID(), tenant_id: i.tenant_id ?? hd.tenant_id, project_id: i.project_id, body: { level: i.current_level } }));
  const t0 = performance.now();
  const r = await fetch(`${base}/api/v1/approvals/decision-batch`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-auth-token': approver.token }, body: JSON.stringify({ requests }) });
  const body: any = await r.json();
  const ms = performance.now() - t0;
  const statuses: Record<number, number> = {};
  for (const x of body.results ?? []) statuses[x.status] = (statuses[x.status] ?? 0) + 1;
  console.log('batch', N, 'status', r.status, JSON.stringify(statuses), ms.toFixed(0), 'ms', JSON.stringify(body.results?.find((x: any) => x.status !== 200)?.body ?? null).slice(0, 300));
} finally {
  await server.stop();
}
