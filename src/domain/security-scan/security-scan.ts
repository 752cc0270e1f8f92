// Host vulnerability scanning and baseline checks (issue 31; seed 001 §1 "host vulnerability scan
// and baseline check", "host vulnerability scan and repair records"). A scan strategy names hosts of
// a project, what to check (vulnerabilities, baseline or both) and how often; each run is a scan job
// the server's scheduler takes through 排队中 → 扫描中 → 已完成. The simulated scanner finds, per host,
// catalogue vulnerabilities of its platform and baseline results, fixed by the host's id, so every
// process and every rescan agree; a vulnerability marked fixed is patched on the simulated host and
// the next scan confirms it. Shared by the server and the forms.
import { z } from 'zod';
import { BASELINE_ITEMS, BASELINE_PLATFORM, CVE_CATALOGUE, type BaselineItem, type CveEntry, type Platform } from './catalogue.ts';
import type { Severity } from './cvss.ts';

export const SECURITY_URL = '/api/v1/security';

export const SCAN_TYPES = ['vuln', 'baseline', 'full'] as const;
export type ScanType = (typeof SCAN_TYPES)[number];
export const SCAN_CYCLES = ['manual', 'daily', 'weekly'] as const;
export type ScanCycle = (typeof SCAN_CYCLES)[number];
export const SCAN_STATES = ['queued', 'running', 'completed', 'failed'] as const;
export type ScanState = (typeof SCAN_STATES)[number];
export const ACTIVE_SCAN_STATES: readonly ScanState[] = ['queued', 'running'];
export const VULN_STATES = ['open', 'fixed', 'verified', 'ignored'] as const;
export type VulnState = (typeof VULN_STATES)[number];
export const REPAIR_ACTIONS = ['fixed', 'ignored', 'reopen'] as const;
export type RepairAction = (typeof REPAIR_ACTIONS)[number];
/** What a rescan or the scanner itself writes in a finding's repair record. */
export type RecordAction = RepairAction | 'found' | 'verified' | 'refound';
export type BaselineResult = 'pass' | 'fail' | 'not_applicable';
export const MAX_STRATEGY_HOSTS = 50;

/** The states a repair action may be taken from (a verified fix is final; reopening undoes a claim). */
export const REPAIR_FROM: Readonly<Record<RepairAction, readonly VulnState[]>> = {
  fixed: ['open'],
  ignored: ['open'],
  reopen: ['fixed', 'ignored'],
};
export const repairTarget = (a: RepairAction): VulnState => (a === 'reopen' ? 'open' : a);

const id = z.string().regex(/^[0-9a-f]{32}$/);

export const strategySchema = z
  .object({
    name: z.string().trim().min(1).max(32),
    description: z.string().trim().max(200).optional().default(''),
    scan_type: z.enum(SCAN_TYPES),
    host_scope: z.enum(['all', 'selected']),
    host_ids: z.array(id).max(MAX_STRATEGY_HOSTS).optional().default([]),
    baseline_items: z.array(z.enum(BASELINE_ITEMS)).max(BASELINE_ITEMS.length).optional().default([]),
    cycle: z.enum(SCAN_CYCLES),
  })
  .strict()
  .superRefine((s, ctx) => {
    if (s.host_scope === 'selected' && s.host_ids.length === 0) ctx.addIssue({ code: 'custom', path: ['host_ids'], message: 'scan_hosts_required' });
    if (new Set(s.host_ids).size !== s.host_ids.length) ctx.addIssue({ code: 'custom', path: ['host_ids'], message: 'scan_hosts_twice' });
    if (s.scan_type !== 'vuln' && s.baseline_items.length === 0) ctx.addIssue({ code: 'custom', path: ['baseline_items'], message: 'scan_items_required' });
  });
export type StrategyInput = z.infer<typeof strategySchema>;

export const repairSchema = z.object({ action: z.enum(REPAIR_ACTIONS), note: z.string().trim().min(1).max(200) }).strict();
export type RepairInput = z.infer<typeof repairSchema>;

// ── The simulated scanner (pure: the same host gives the same answer in every process) ──

/** FNV-1a: a small stable hash of a text. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

export const platformOf = (image: unknown): Platform => (String(image ?? '').startsWith('windows') ? 'windows' : 'linux');

/** The catalogue's vulnerabilities present on a host: about a third of its platform's, minus the patched ones. */
export function vulnsOnHost(hostId: string, platform: Platform, patched: ReadonlySet<string>): CveEntry[] {
  return CVE_CATALOGUE.filter((e) => e.platform === platform && hash(`${hostId}|${e.id}`) % 100 < 34 && !patched.has(e.id));
}

/** A host's baseline: each asked item passes, fails, or does not apply to its platform. */
export function baselineOnHost(hostId: string, platform: Platform, items: readonly BaselineItem[]): { item: BaselineItem; result: BaselineResult }[] {
  return items.map((item) => {
    const only = BASELINE_PLATFORM[item];
    if (only && only !== platform) return { item, result: 'not_applicable' };
    return { item, result: hash(`${hostId}#${item}`) % 100 < 62 ? 'pass' : 'fail' };
  });
}

/** What a rescan makes of a finding it already knew: a claimed fix not found again is verified. */
export function afterRescan(state: VulnState, found: boolean): { state: VulnState; record: RecordAction | null } {
  if (found && (state === 'fixed' || state === 'verified')) return { state: 'open', record: 'refound' };
  if (!found && state === 'fixed') return { state: 'verified', record: 'verified' };
  return { state, record: null };
}

const SHANGHAI_MS = 8 * 3600_000;
/** The next 02:00 China time of a periodic strategy: tomorrow's (daily) or next Monday's (weekly); null if manual. */
export function nextRunAt(cycle: ScanCycle, from: Date): Date | null {
  if (cycle === 'manual') return null;
  const local = new Date(from.getTime() + SHANGHAI_MS);
  const at = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), 2) - SHANGHAI_MS;
  let days = 1;
  if (cycle === 'weekly') days = (8 - local.getUTCDay()) % 7 || 7;
  return new Date(at + days * 86_400_000);
}

// ── What the API answers ──

export interface SeverityCounts {
  critical: number;
  high: number;
  medium: number;
  low: number;
}

export interface ScanStrategy {
  id: string;
  name: string;
  description: string;
  scan_type: ScanType;
  host_scope: 'all' | 'selected';
  hosts: { id: string; name: string }[];
  baseline_items: BaselineItem[];
  cycle: ScanCycle;
  next_run_at: string | null;
  last_scan: { id: string; status: ScanState; finished_at: string | null } | null;
  created_at: string;
}

export interface ScanSummary {
  id: string;
  strategy_id: string | null;
  strategy_name: string;
  scan_type: ScanType;
  trigger: 'manual' | 'scheduled';
  status: ScanState;
  host_count: number;
  scanned_hosts: number;
  vulns: SeverityCounts;
  baseline_failed: number;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

export interface ScanHostResult {
  host_id: string;
  host_name: string;
  reachable: boolean;
  vulns: SeverityCounts;
  baseline_passed: number;
  baseline_failed: number;
}

export interface Finding {
  id: string;
  cve_id: string;
  title: string;
  component: string;
  fixed_version: string;
  vector: string;
  score: number;
  severity: Severity;
  host_id: string;
  host_name: string;
  status: VulnState;
  first_found_at: string;
  last_seen_at: string;
  updated_at: string;
}

export interface RepairRecord {
  action: RecordAction;
  note: string;
  user_name: string | null;
  at: string;
}

export interface FindingDetail extends Finding {
  published: string;
  impact: number;
  exploitability: number;
  records: RepairRecord[];
}

export interface BaselineRow {
  host_id: string;
  host_name: string;
  item: BaselineItem;
  result: BaselineResult;
}

export interface ScanDetail extends ScanSummary {
  hosts: ScanHostResult[];
  findings: { host_id: string; host_name: string; cve_id: string; title: string; score: number; severity: Severity }[];
  baseline: BaselineRow[];
}

export interface SecurityHost {
  id: string;
  name: string;
  status: string;
  platform: Platform;
  image: string;
  open: SeverityCounts;
  baseline_failed: number;
  last_scanned_at: string | null;
}

export interface SecurityHostDetail extends SecurityHost {
  findings: Finding[];
  baseline: { item: BaselineItem; result: BaselineResult }[];
}

export interface SecurityOverview {
  open: SeverityCounts;
  hosts: { total: number; at_risk: number; scanned: number };
  states: Record<VulnState, number>;
  baseline: { passed: number; failed: number };
  top: Finding[];
  recent: ScanSummary[];
}

export interface OperationalData {
  months: { month: string; found: number; fixed: number }[];
  repair_rate: number;
  mean_repair_hours: number | null;
  by_component: { component: string; open: number }[];
  scans: { total: number; completed: number; failed: number };
}
