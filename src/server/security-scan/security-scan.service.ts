// Security scanning (issue 31) as module functions over their deps: a project's scan strategies
// (their hosts checked in the caller's scope), a scan started from one as a job the scheduler takes
// through 排队中 → 扫描中 → 已完成 (runDue; reads never write), findings scored from their CVSS v3.1
// vectors, and repairs (fixed / ignored / reopened, each with a note) that the next scan confirms.
// Another tenant's or project's strategy, scan, finding or host is 404.
import { badRequest, conflict, notFound, AppError, type Language } from '../../domain/errors.ts';
import { isId, newId } from '../../domain/ids.ts';
import { cveById } from '../../domain/security-scan/catalogue.ts';
import { cvssScores, parseCvss, severityOf, type Severity } from '../../domain/security-scan/cvss.ts';
import {
  ACTIVE_SCAN_STATES,
  REPAIR_FROM,
  nextRunAt,
  repairSchema,
  repairTarget,
  strategySchema,
  type Finding,
  type FindingDetail,
  type ScanCycle,
  type ScanStrategy,
  type ScanSummary,
  type SeverityCounts,
  type StrategyInput,
  type VulnState,
} from '../../domain/security-scan/security-scan.ts';
import type { Scope } from '../platform/auth/scope.ts';
import { parse } from '../platform/http/errors.plugin.ts';
import { runList } from '../platform/lib/list.ts';
import { FINDING_LIST, SCAN_LIST, type FindingRow, type ScanRow, type SecurityScanRepository, type StrategyRow } from './security-scan.repository.ts';
import { finishScan } from './security-scan.scanner.ts';

export interface SecurityScanDeps {
  repo: SecurityScanRepository;
  /** the simulated scanner's time per scan (CLOUD_SIM_DELAY_MS) */
  delayMs: number;
  now: () => Date;
}

const R = 'security';
export const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);
const isoNow = (d: Date | string) => new Date(d).toISOString();

/** A CVE's score, rating and sub-scores, from its vector (computed once per CVE). */
const scoreCache = new Map<string, { score: number; severity: Severity; impact: number; exploitability: number }>();
export function scoreOf(cveId: string) {
  let s = scoreCache.get(cveId);
  if (!s) {
    const v = parseCvss(cveById(cveId)?.vector ?? '');
    const r = v ? cvssScores(v) : { base: 0, impact: 0, exploitability: 0 };
    s = { score: r.base, severity: severityOf(r.base), impact: r.impact, exploitability: r.exploitability };
    scoreCache.set(cveId, s);
  }
  return s;
}

export const zeroCounts = (): SeverityCounts => ({ critical: 0, high: 0, medium: 0, low: 0 });
export function countBySeverity(severities: Iterable<string>): SeverityCounts {
  const c = zeroCounts();
  for (const s of severities) if (s in c) c[s as keyof SeverityCounts] += 1;
  return c;
}

// ── Strategies ──

async function strategyIn(deps: SecurityScanDeps, scope: Scope, id: string): Promise<StrategyRow> {
  const row = isId(id) ? await deps.repo.strategy(scope, id) : undefined;
  if (!row) throw notFound();
  return row;
}

async function strategiesOut(deps: SecurityScanDeps, rows: StrategyRow[]): Promise<ScanStrategy[]> {
  const names = await deps.repo.hostNames([...new Set(rows.flatMap((r) => r.host_ids as string[]))]);
  const last = new Map((await deps.repo.lastScans(rows.map((r) => r.id))).map((s) => [s.strategy_id, s]));
  return rows.map((r) => {
    const l = last.get(r.id);
    return {
      id: r.id,
      name: r.name,
      description: r.description,
      scan_type: r.scan_type as ScanStrategy['scan_type'],
      host_scope: r.host_scope as ScanStrategy['host_scope'],
      hosts: (r.host_ids as string[]).map((h) => ({ id: h, name: names.get(h) ?? '' })),
      baseline_items: r.baseline_items as ScanStrategy['baseline_items'],
      cycle: r.cycle as ScanCycle,
      next_run_at: iso(r.next_run_at),
      last_scan: l ? { id: l.id, status: l.status as ScanSummary['status'], finished_at: iso(l.finished_at) } : null,
      created_at: isoNow(r.created_at),
    };
  });
}

export async function listStrategies(deps: SecurityScanDeps, scope: Scope) {
  const data = await strategiesOut(deps, await deps.repo.strategies(scope));
  return { count: data.length, data };
}

export async function getStrategy(deps: SecurityScanDeps, scope: Scope, id: string): Promise<ScanStrategy> {
  return (await strategiesOut(deps, [await strategyIn(deps, scope, id)]))[0]!;
}

/** The strategy's hosts are the project's own (a host of another project reads as unknown). */
async function checkedInput(deps: SecurityScanDeps, scope: { tenantId: string; projectId: string }, body: unknown): Promise<StrategyInput> {
  const input = parse(strategySchema, body);
  if (input.host_scope === 'all') input.host_ids = [];
  if (input.scan_type === 'vuln') input.baseline_items = [];
  const found = await deps.repo.hosts(scope, input.host_ids);
  if (found.length !== input.host_ids.length) throw badRequest(`${R}.host_unknown`);
  return input;
}

function projectOf(scope: Scope): string {
  if (!scope.projectId) throw new AppError(400, 'scope_required');
  return scope.projectId;
}

export async function createStrategy(deps: SecurityScanDeps, scope: Scope, body: unknown): Promise<ScanStrategy> {
  const projectId = projectOf(scope);
  const input = await checkedInput(deps, { tenantId: scope.tenantId, projectId }, body);
  const now = deps.now();
  const id = newId();
  const inserted = await deps.repo.insertStrategy({
    id,
    tenant_id: scope.tenantId,
    project_id: projectId,
    name: input.name,
    description: input.description,
    scan_type: input.scan_type,
    host_scope: input.host_scope,
    host_ids: JSON.stringify(input.host_ids),
    baseline_items: JSON.stringify(input.baseline_items),
    cycle: input.cycle,
    next_run_at: nextRunAt(input.cycle, now),
    created_by: scope.user.id,
    created_at: now,
    updated_at: now,
  });
  if (!inserted) throw conflict(`${R}.strategy_name_taken`, { name: input.name });
  return getStrategy(deps, scope, id);
}

export async function updateStrategy(deps: SecurityScanDeps, scope: Scope, id: string, body: unknown): Promise<ScanStrategy> {
  const row = await strategyIn(deps, scope, id);
  const input = await checkedInput(deps, { tenantId: row.tenant_id, projectId: row.project_id }, body);
  if (await deps.repo.nameTaken(row.project_id, input.name, row.id)) throw conflict(`${R}.strategy_name_taken`, { name: input.name });
  const now = deps.now();
  await deps.repo.updateStrategy(scope, row.id, {
    name: input.name,
    description: input.description,
    scan_type: input.scan_type,
    host_scope: input.host_scope,
    host_ids: JSON.stringify(input.host_ids),
    baseline_items: JSON.stringify(input.baseline_items),
    cycle: input.cycle,
    next_run_at: input.cycle === row.cycle ? row.next_run_at : nextRunAt(input.cycle, now),
    updated_at: now,
  });
  return getStrategy(deps, scope, id);
}

export async function deleteStrategy(deps: SecurityScanDeps, scope: Scope, id: string): Promise<void> {
  const row = await strategyIn(deps, scope, id);
  if (!(await deps.repo.deleteStrategy(scope, row.id, ACTIVE_SCAN_STATES))) throw conflict(`${R}.strategy_busy`, { name: row.name });
}

// ── Scans ──

export function scanOut(r: ScanRow): ScanSummary {
  const s = (r.summary ?? null) as { scanned_hosts: number; vulns: SeverityCounts; baseline_failed: number } | null;
  return {
    id: r.id,
    strategy_id: r.strategy_id,
    strategy_name: r.strategy_name,
    scan_type: r.scan_type as ScanSummary['scan_type'],
    trigger: r.trigger as ScanSummary['trigger'],
    status: r.status as ScanSummary['status'],
    host_count: (r.host_ids as string[]).length,
    scanned_hosts: s?.scanned_hosts ?? 0,
    vulns: s?.vulns ?? zeroCounts(),
    baseline_failed: s?.baseline_failed ?? 0,
    created_at: isoNow(r.created_at),
    started_at: iso(r.started_at),
    finished_at: iso(r.finished_at),
  };
}

/** The scan's row: hosts resolved now (the strategy's, or every live host of its project). */
async function newScan(deps: SecurityScanDeps, s: StrategyRow, trigger: 'manual' | 'scheduled', userId: string | null, now: Date) {
  const scope = { tenantId: s.tenant_id, projectId: s.project_id };
  const hosts = await deps.repo.hosts(scope, s.host_scope === 'all' ? undefined : (s.host_ids as string[]));
  return {
    id: newId(),
    tenant_id: s.tenant_id,
    project_id: s.project_id,
    strategy_id: s.id,
    strategy_name: s.name,
    scan_type: s.scan_type,
    trigger,
    host_ids: JSON.stringify(hosts.map((h) => h.id)),
    baseline_items: JSON.stringify(s.baseline_items),
    status: 'queued',
    summary: null,
    due_at: now,
    created_by: userId,
    created_at: now,
    started_at: null,
    finished_at: null,
  };
}

/** POST …/strategies/:id/scans: a scan of the strategy's hosts, queued for the scheduler. */
export async function startScan(deps: SecurityScanDeps, scope: Scope, strategyId: string): Promise<ScanSummary> {
  const s = await strategyIn(deps, scope, strategyId);
  const row = await newScan(deps, s, 'manual', scope.user.id, deps.now());
  if (row.host_ids === '[]') throw conflict(`${R}.no_hosts`);
  if (!(await deps.repo.insertScan(row, ACTIVE_SCAN_STATES))) throw conflict(`${R}.scan_running`, { name: s.name });
  return scanOut((await deps.repo.scan(scope, row.id))!);
}

export async function listScans(deps: SecurityScanDeps, scope: Scope, query: unknown) {
  const page = await runList(deps.repo.scanListQuery(scope), (qb) => qb.selectAll(), query, SCAN_LIST);
  return { ...page, data: (page.data as ScanRow[]).map(scanOut) };
}

export async function scanIn(deps: SecurityScanDeps, scope: Scope, id: string): Promise<ScanRow> {
  const row = isId(id) ? await deps.repo.scan(scope, id) : undefined;
  if (!row) throw notFound();
  return row;
}

// ── Findings ──

export function findingOut(f: FindingRow, lang: Language): Finding {
  const e = cveById(f.cve_id);
  return {
    id: f.id,
    cve_id: f.cve_id,
    title: e?.title[lang] ?? f.cve_id,
    component: e?.component ?? '',
    fixed_version: e?.fixed_version ?? '',
    vector: e?.vector ?? '',
    score: f.score_tenths / 10,
    severity: f.severity as Severity,
    host_id: f.host_id,
    host_name: f.host_name,
    status: f.status as VulnState,
    first_found_at: isoNow(f.first_found_at),
    last_seen_at: isoNow(f.last_seen_at),
    updated_at: isoNow(f.updated_at),
  };
}

export async function listFindings(deps: SecurityScanDeps, scope: Scope, query: unknown, lang: Language) {
  const page = await runList(deps.repo.findingListQuery(scope), (qb) => qb.selectAll(), query, FINDING_LIST);
  return { ...page, data: (page.data as FindingRow[]).map((f) => findingOut(f, lang)) };
}

async function findingIn(deps: SecurityScanDeps, scope: Scope, id: string): Promise<FindingRow> {
  const row = isId(id) ? await deps.repo.finding(scope, id) : undefined;
  if (!row) throw notFound();
  return row;
}

export async function getFinding(deps: SecurityScanDeps, scope: Scope, id: string, lang: Language): Promise<FindingDetail> {
  const f = await findingIn(deps, scope, id);
  const records = await deps.repo.records([f.id]);
  const s = scoreOf(f.cve_id);
  return {
    ...findingOut(f, lang),
    published: cveById(f.cve_id)?.published ?? '',
    impact: s.impact,
    exploitability: s.exploitability,
    records: records.map((r) => ({ action: r.action as FindingDetail['records'][number]['action'], note: r.note, user_name: r.user_name, at: isoNow(r.at) })),
  };
}

/** POST …/vulns/:id/repairs: fixed or ignored from 待修复, reopened from either, always with a note. */
export async function repairFinding(deps: SecurityScanDeps, scope: Scope, id: string, body: unknown, lang: Language): Promise<FindingDetail> {
  const f = await findingIn(deps, scope, id);
  const input = parse(repairSchema, body);
  const from = REPAIR_FROM[input.action];
  const moved = await deps.repo.repair(f.id, from, repairTarget(input.action), {
    action: input.action,
    note: input.note,
    user_id: scope.user.id,
    user_name: scope.user.nickname,
    at: deps.now(),
  });
  if (!moved) throw conflict(`${R}.repair_${input.action}`);
  return getFinding(deps, scope, f.id, lang);
}

// ── The scheduler's pass (runs on every tick; nothing here runs on a read) ──

export async function runDue(deps: SecurityScanDeps, now = deps.now()): Promise<number> {
  const periodic = await deps.repo.startDueStrategies(
    now,
    (s, hostIds) => scheduledRow(s, hostIds, now),
    (s) => nextRunAt(s.cycle as ScanCycle, now),
    ACTIVE_SCAN_STATES,
  );
  const moved = await deps.repo.advanceScans(now, deps.delayMs, (scan, hosts, known, patched) => finishScan(scan, hosts, known, patched, scoreOf));
  return periodic + moved;
}

/** A periodic run scans the strategy's live hosts (every live host of the project for an "all hosts" one). */
function scheduledRow(s: StrategyRow, hostIds: string[], now: Date) {
  return {
    id: newId(),
    tenant_id: s.tenant_id,
    project_id: s.project_id,
    strategy_id: s.id,
    strategy_name: s.name,
    scan_type: s.scan_type,
    trigger: 'scheduled',
    host_ids: JSON.stringify(hostIds),
    baseline_items: JSON.stringify(s.baseline_items),
    status: 'queued',
    summary: null,
    due_at: now,
    created_by: null,
    created_at: now,
    started_at: null,
    finished_at: null,
  };
}
