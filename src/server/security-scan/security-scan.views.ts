// What the security pages read (issue 31): a scan's per-host results, the scope's hosts with their
// open findings and last baseline, one host's detail, the overview, the baseline matrix and the
// operational figures. Read-only module functions: nothing here writes.
import { notFound, type Language } from '../../domain/errors.ts';
import { isId } from '../../domain/ids.ts';
import { BASELINE_ITEMS, cveById, type BaselineItem } from '../../domain/security-scan/catalogue.ts';
import {
  platformOf,
  type BaselineResult,
  type BaselineRow,
  type OperationalData,
  type ScanDetail,
  type SecurityHost,
  type SecurityHostDetail,
  type SecurityOverview,
  type VulnState,
} from '../../domain/security-scan/security-scan.ts';
import type { Scope } from '../platform/auth/scope.ts';
import type { HostResultRow, HostRow } from './security-scan.repository.ts';
import { countBySeverity, findingOut, iso, scanIn, scanOut, scoreOf, type SecurityScanDeps } from './security-scan.service.ts';

type Baseline = { item: BaselineItem; result: BaselineResult }[];

export async function getScan(deps: SecurityScanDeps, scope: Scope, id: string, lang: Language): Promise<ScanDetail> {
  const scan = await scanIn(deps, scope, id);
  const rows = await deps.repo.hostResults(scan.id);
  const names = rows.some((r) => !r.host_name) ? await deps.repo.hostNames(rows.map((r) => r.host_id)) : new Map<string, string>();
  const name = (r: HostResultRow) => r.host_name || names.get(r.host_id) || '';
  return {
    ...scanOut(scan),
    hosts: rows.map((r) => {
      const b = r.baseline as Baseline;
      return {
        host_id: r.host_id,
        host_name: name(r),
        reachable: r.reachable,
        vulns: countBySeverity((r.cve_ids as string[]).map((c) => scoreOf(c).severity)),
        baseline_passed: b.filter((x) => x.result === 'pass').length,
        baseline_failed: b.filter((x) => x.result === 'fail').length,
      };
    }),
    findings: rows
      .flatMap((r) =>
        (r.cve_ids as string[]).map((cve) => ({
          host_id: r.host_id,
          host_name: name(r),
          cve_id: cve,
          title: cveById(cve)?.title[lang] ?? cve,
          ...scoreOf(cve),
        })),
      )
      .map(({ host_id, host_name, cve_id, title, score, severity }) => ({ host_id, host_name, cve_id, title, score, severity }))
      .sort((a, b) => b.score - a.score || a.cve_id.localeCompare(b.cve_id)),
    baseline: rows.flatMap((r) => (r.baseline as Baseline).map((b) => ({ host_id: r.host_id, host_name: name(r), ...b }))),
  };
}

function hostOut(h: HostRow, open: string[], last: HostResultRow | undefined, baseline: HostResultRow | undefined): SecurityHost {
  return {
    id: h.id,
    name: h.name,
    status: h.status,
    platform: platformOf(h.image),
    image: h.image,
    open: countBySeverity(open),
    baseline_failed: baseline ? (baseline.baseline as Baseline).filter((b) => b.result === 'fail').length : 0,
    last_scanned_at: iso(last?.finished_at ?? null),
  };
}

async function hostsWithState(deps: SecurityScanDeps, scope: Scope, ids?: string[]) {
  const hosts = await deps.repo.hosts(scope, ids);
  const [open, latest] = await Promise.all([
    deps.repo.findingsOf(scope, { status: ['open'] }),
    deps.repo.latestResults(
      scope,
      hosts.map((h) => h.id),
    ),
  ]);
  const last = new Map(latest.last.map((r) => [r.host_id, r]));
  const base = new Map(latest.baseline.map((r) => [r.host_id, r]));
  return { hosts, open, last, base };
}

export async function listHosts(deps: SecurityScanDeps, scope: Scope) {
  const { hosts, open, last, base } = await hostsWithState(deps, scope);
  const data = hosts.map((h) =>
    hostOut(
      h,
      open.filter((f) => f.host_id === h.id).map((f) => f.severity),
      last.get(h.id),
      base.get(h.id),
    ),
  );
  return { count: data.length, data };
}

export async function getHost(deps: SecurityScanDeps, scope: Scope, id: string, lang: Language): Promise<SecurityHostDetail> {
  if (!isId(id)) throw notFound();
  const { hosts, open, last, base } = await hostsWithState(deps, scope, [id]);
  const h = hosts[0];
  if (!h) throw notFound();
  const findings = await deps.repo.findingsOf(scope, { hostId: h.id });
  return {
    ...hostOut(
      h,
      open.filter((f) => f.host_id === h.id).map((f) => f.severity),
      last.get(h.id),
      base.get(h.id),
    ),
    findings: findings.map((f) => findingOut(f, lang)),
    baseline: (base.get(h.id)?.baseline as Baseline | undefined) ?? [],
  };
}

export async function baselineMatrix(
  deps: SecurityScanDeps,
  scope: Scope,
): Promise<{ items: BaselineItem[]; data: BaselineRow[]; checked_at: Record<string, string> }> {
  const hosts = await deps.repo.hosts(scope);
  const latest = await deps.repo.latestResults(
    scope,
    hosts.map((h) => h.id),
  );
  const names = new Map(hosts.map((h) => [h.id, h.name]));
  const data = latest.baseline.flatMap((r) =>
    (r.baseline as Baseline).map((b) => ({ host_id: r.host_id, host_name: names.get(r.host_id) ?? r.host_name, ...b })),
  );
  const checked_at = Object.fromEntries(latest.baseline.map((r) => [r.host_id, new Date(r.finished_at).toISOString()]));
  return { items: [...BASELINE_ITEMS], data, checked_at };
}

export async function overview(deps: SecurityScanDeps, scope: Scope, lang: Language): Promise<SecurityOverview> {
  const [hosts, all, recent, latest] = await Promise.all([
    deps.repo.hosts(scope),
    deps.repo.findingsOf(scope),
    deps.repo.recentScans(scope, 5),
    deps.repo.latestResults(scope),
  ]);
  const open = all.filter((f) => f.status === 'open');
  const live = new Set(hosts.map((h) => h.id));
  const states: Record<VulnState, number> = { open: 0, fixed: 0, verified: 0, ignored: 0 };
  for (const f of all) states[f.status as VulnState] += 1;
  const baseline = latest.baseline.filter((r) => live.has(r.host_id)).flatMap((r) => r.baseline as Baseline);
  return {
    open: countBySeverity(open.map((f) => f.severity)),
    hosts: {
      total: hosts.length,
      at_risk: new Set(open.filter((f) => live.has(f.host_id)).map((f) => f.host_id)).size,
      scanned: latest.last.filter((r) => live.has(r.host_id)).length,
    },
    states,
    baseline: { passed: baseline.filter((b) => b.result === 'pass').length, failed: baseline.filter((b) => b.result === 'fail').length },
    top: open.slice(0, 5).map((f) => findingOut(f, lang)),
    recent: recent.map(scanOut),
  };
}

const monthOf = (d: Date | string) => new Date(new Date(d).getTime() + 8 * 3600_000).toISOString().slice(0, 7);

/** Operational figures: found and fixed per month (China time, last six), the repair rate and time, open by component. */
export async function operational(deps: SecurityScanDeps, scope: Scope): Promise<OperationalData> {
  const [rows, counts] = await Promise.all([deps.repo.repairTimes(scope), deps.repo.scanCounts(scope)]);
  const now = deps.now();
  const months: OperationalData['months'] = [];
  for (let i = 5; i >= 0; i--) {
    const d = new Date(Date.UTC(new Date(now.getTime() + 8 * 3600_000).getUTCFullYear(), new Date(now.getTime() + 8 * 3600_000).getUTCMonth() - i, 15));
    months.push({ month: d.toISOString().slice(0, 7), found: 0, fixed: 0 });
  }
  const byMonth = new Map(months.map((m) => [m.month, m]));
  const hours: number[] = [];
  for (const r of rows) {
    const found = byMonth.get(monthOf(r.first_found_at));
    if (found) found.found += 1;
    if (r.fixed_at) {
      const fixed = byMonth.get(monthOf(r.fixed_at as Date));
      if (fixed) fixed.fixed += 1;
      hours.push((new Date(r.fixed_at as Date).getTime() - new Date(r.first_found_at).getTime()) / 3600_000);
    }
  }
  const counted = rows.filter((r) => r.status !== 'ignored');
  const repaired = counted.filter((r) => r.status === 'fixed' || r.status === 'verified').length;
  const components = new Map<string, number>();
  for (const r of rows)
    if (r.status === 'open') components.set(cveById(r.cve_id)?.component ?? '', (components.get(cveById(r.cve_id)?.component ?? '') ?? 0) + 1);
  const n = (s: string) => Number(counts.find((c) => c.status === s)?.n ?? 0);
  return {
    months,
    repair_rate: counted.length ? Math.round((repaired / counted.length) * 1000) / 10 : 0,
    mean_repair_hours: hours.length ? Math.round((hours.reduce((a, b) => a + b, 0) / hours.length) * 10) / 10 : null,
    by_component: [...components]
      .map(([component, open]) => ({ component, open }))
      .sort((a, b) => b.open - a.open)
      .slice(0, 8),
    scans: { total: counts.reduce((a, c) => a + Number(c.n), 0), completed: n('completed'), failed: n('failed') },
  };
}
