// All SQL of security scanning (migration 0041): strategies, scans and their per-host results,
// findings and their repair records, all narrowed to the caller's tenant and (when named) project;
// the project's hosts come from the engine's `resources` table through its scoped query, never
// unscoped. The scheduler's passes claim due strategies and scans FOR UPDATE SKIP LOCKED, so several
// server processes share them and each step is taken once; a GET never writes.
import { sql, type Insertable, type Selectable } from 'kysely';
import { newId } from '../../domain/ids.ts';
import type { Db } from '../platform/db/database.ts';
import type { ListSpec } from '../platform/lib/list.ts';
import type { JsonText as Json, NullableJsonText, NullableTime, Timestamp } from '../platform/db/tables.ts';
import { scopedResources, type ResourceScope } from '../platform/db/resource-rows.ts';

export interface ScanStrategiesTable {
  id: string;
  tenant_id: string;
  project_id: string;
  name: string;
  description: string;
  scan_type: string;
  host_scope: string;
  host_ids: Json;
  baseline_items: Json;
  cycle: string;
  next_run_at: NullableTime;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface SecurityScansTable {
  id: string;
  tenant_id: string;
  project_id: string;
  strategy_id: string | null;
  strategy_name: string;
  scan_type: string;
  trigger: string;
  host_ids: Json;
  baseline_items: Json;
  status: string;
  summary: NullableJsonText;
  due_at: NullableTime;
  created_by: string | null;
  created_at: Timestamp;
  started_at: NullableTime;
  finished_at: NullableTime;
}
export interface ScanHostResultsTable {
  scan_id: string;
  host_id: string;
  host_name: string;
  reachable: boolean;
  cve_ids: Json;
  baseline: Json;
  finished_at: Timestamp;
}
export interface SecurityFindingsTable {
  id: string;
  tenant_id: string;
  project_id: string;
  host_id: string;
  host_name: string;
  cve_id: string;
  score_tenths: number;
  severity: string;
  status: string;
  last_scan_id: string | null;
  first_found_at: Timestamp;
  last_seen_at: Timestamp;
  updated_at: Timestamp;
}
export interface FindingRecordsTable {
  id: string;
  finding_id: string;
  action: string;
  note: string;
  user_id: string | null;
  user_name: string | null;
  at: Timestamp;
}

declare module '../platform/db/tables.ts' {
  interface Database {
    scan_strategies: ScanStrategiesTable;
    security_scans: SecurityScansTable;
    scan_host_results: ScanHostResultsTable;
    security_findings: SecurityFindingsTable;
    finding_records: FindingRecordsTable;
  }
}

export type StrategyRow = Selectable<ScanStrategiesTable>;
export type ScanRow = Selectable<SecurityScansTable>;
export type HostResultRow = Selectable<ScanHostResultsTable>;
export type FindingRow = Selectable<SecurityFindingsTable>;
export type RecordRow = Selectable<FindingRecordsTable>;
export interface HostRow {
  id: string;
  name: string;
  status: string;
  image: string;
}
/** What a finished scan writes: the service computes it from the hosts and the findings it knew. */
export interface ScanOutcome {
  status: 'completed' | 'failed';
  summary: unknown;
  hosts: Omit<Insertable<ScanHostResultsTable>, 'scan_id' | 'finished_at'>[];
  inserts: Omit<Insertable<SecurityFindingsTable>, 'id' | 'tenant_id' | 'project_id' | 'last_scan_id' | 'first_found_at' | 'last_seen_at' | 'updated_at'>[];
  seen: { id: string; status: string; host_name: string; record: string | null }[];
  unseen: { id: string; status: string; record: string }[];
}

export const SCAN_LIST: ListSpec = {
  sortable: { created_at: 'security_scans.created_at' },
  filters: { status: 'security_scans.status', strategy_id: 'security_scans.strategy_id' },
  defaultOrder: '-created_at',
  idColumn: 'security_scans.id',
};
export const FINDING_LIST: ListSpec = {
  sortable: { score: 'security_findings.score_tenths', last_seen_at: 'security_findings.last_seen_at', first_found_at: 'security_findings.first_found_at' },
  filters: {
    severity: 'security_findings.severity',
    status: 'security_findings.status',
    host_id: 'security_findings.host_id',
    cve_id: 'security_findings.cve_id',
  },
  defaultOrder: '-score',
  idColumn: 'security_findings.id',
  search: { param: 'q', columns: ['security_findings.cve_id', 'security_findings.host_name'] },
};

type Scoped = ResourceScope;
const hostCols = () => [sql<string>`coalesce(resources.spec->>'image', '')`.as('image')] as const;

const strategiesOf = (db: Db, s: Scoped) => {
  let q = db.selectFrom('scan_strategies').where('scan_strategies.tenant_id', '=', s.tenantId);
  if (s.projectId) q = q.where('scan_strategies.project_id', '=', s.projectId);
  return q;
};
const scansOf = (db: Db, s: Scoped) => {
  let q = db.selectFrom('security_scans').where('security_scans.tenant_id', '=', s.tenantId);
  if (s.projectId) q = q.where('security_scans.project_id', '=', s.projectId);
  return q;
};
const findingsOf = (db: Db, s: Scoped) => {
  let q = db.selectFrom('security_findings').where('security_findings.tenant_id', '=', s.tenantId);
  if (s.projectId) q = q.where('security_findings.project_id', '=', s.projectId);
  return q;
};

function strategyQueries(db: Db) {
  const strategies = (s: Scoped) => strategiesOf(db, s);
  return {
    /** The scope's live hosts (the engine's instances not in the recycle bin), or those of `ids`. */
    hosts(s: Scoped, ids?: readonly string[]): Promise<HostRow[]> {
      if (ids && !ids.length) return Promise.resolve([]);
      let q = scopedResources(db, s, 'instance').where('resources.status', 'not in', ['deleted', 'deleting']);
      if (ids) q = q.where('resources.id', 'in', [...ids]);
      return q
        .select(['resources.id', 'resources.name', 'resources.status', ...hostCols()])
        .orderBy('resources.name')
        .execute();
    },
    strategies(s: Scoped): Promise<StrategyRow[]> {
      return strategies(s).selectAll().orderBy('created_at', 'desc').limit(200).execute();
    },
    strategy(s: Scoped, id: string) {
      return strategies(s).selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** false when the project already has a strategy of that name (nothing written). */
    async insertStrategy(row: Insertable<ScanStrategiesTable>): Promise<boolean> {
      const r = await db
        .insertInto('scan_strategies')
        .values(row)
        .onConflict((oc) => oc.columns(['project_id', 'name']).doNothing())
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    async nameTaken(projectId: string, name: string, exceptId: string): Promise<boolean> {
      const r = await db
        .selectFrom('scan_strategies')
        .select('id')
        .where('project_id', '=', projectId)
        .where('name', '=', name)
        .where('id', '!=', exceptId)
        .executeTakeFirst();
      return Boolean(r);
    },
    async updateStrategy(s: Scoped, id: string, set: Partial<Insertable<ScanStrategiesTable>>) {
      let q = db.updateTable('scan_strategies').set(set).where('id', '=', id).where('tenant_id', '=', s.tenantId);
      if (s.projectId) q = q.where('project_id', '=', s.projectId);
      await q.execute();
    },
    /** Deletes the strategy unless one of its scans is queued or running; false then. */
    async deleteStrategy(s: Scoped, id: string, active: readonly string[]): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const busy = await trx
          .selectFrom('security_scans')
          .select('id')
          .where('strategy_id', '=', id)
          .where('status', 'in', [...active])
          .forUpdate()
          .executeTakeFirst();
        if (busy) return false;
        let q = trx.deleteFrom('scan_strategies').where('id', '=', id).where('tenant_id', '=', s.tenantId);
        if (s.projectId) q = q.where('project_id', '=', s.projectId);
        await q.execute();
        return true;
      });
    },
    async activeScanOf(strategyId: string, active: readonly string[]) {
      return db
        .selectFrom('security_scans')
        .select('id')
        .where('strategy_id', '=', strategyId)
        .where('status', 'in', [...active])
        .executeTakeFirst();
    },
    lastScans(strategyIds: readonly string[]) {
      if (!strategyIds.length) return Promise.resolve([]);
      return db
        .selectFrom('security_scans')
        .select(['id', 'strategy_id', 'status', 'finished_at'])
        .distinctOn('strategy_id')
        .where('strategy_id', 'in', [...strategyIds])
        .orderBy('strategy_id')
        .orderBy('created_at', 'desc')
        .execute();
    },
  };
}

function scanQueries(db: Db) {
  const scans = (s: Scoped) => scansOf(db, s);
  return {
    hostNames(ids: readonly string[]): Promise<Map<string, string>> {
      if (!ids.length) return Promise.resolve(new Map());
      return db
        .selectFrom('resources')
        .select(['id', 'name'])
        .where('id', 'in', [...ids])
        .execute()
        .then((rows) => new Map(rows.map((r) => [r.id, r.name])));
    },
    /** The scan unless the strategy has one queued or running (false then: nothing written). */
    async insertScan(row: Insertable<SecurityScansTable>, active: readonly string[]): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        if (row.strategy_id) {
          await trx.selectFrom('scan_strategies').select('id').where('id', '=', row.strategy_id).forUpdate().execute();
          const busy = await trx
            .selectFrom('security_scans')
            .select('id')
            .where('strategy_id', '=', row.strategy_id)
            .where('status', 'in', [...active])
            .executeTakeFirst();
          if (busy) return false;
        }
        await trx.insertInto('security_scans').values(row).execute();
        return true;
      });
    },
    scanListQuery(s: Scoped) {
      return scans(s);
    },
    scan(s: Scoped, id: string) {
      return scans(s).selectAll().where('id', '=', id).executeTakeFirst();
    },
    recentScans(s: Scoped, limit: number): Promise<ScanRow[]> {
      return scans(s).selectAll().orderBy('created_at', 'desc').limit(limit).execute();
    },
    scanCounts(s: Scoped) {
      return scans(s)
        .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
        .groupBy('status')
        .execute();
    },
    hostResults(scanId: string): Promise<HostResultRow[]> {
      return db.selectFrom('scan_host_results').selectAll().where('scan_id', '=', scanId).orderBy('host_name').execute();
    },
    /** Each host's latest reachable result in the scope (and the latest one that checked a baseline). */
    async latestResults(s: Scoped, hostIds?: readonly string[]) {
      const base = () => {
        let q = db
          .selectFrom('scan_host_results as r')
          .innerJoin('security_scans as s', 's.id', 'r.scan_id')
          .selectAll('r')
          .distinctOn('r.host_id')
          .where('s.tenant_id', '=', s.tenantId)
          .where('r.reachable', '=', true);
        if (s.projectId) q = q.where('s.project_id', '=', s.projectId);
        if (hostIds) q = q.where('r.host_id', 'in', hostIds.length ? [...hostIds] : ['']);
        return q.orderBy('r.host_id').orderBy('r.finished_at', 'desc');
      };
      const [last, baseline] = await Promise.all([
        base().execute(),
        base()
          .where(sql<boolean>`jsonb_array_length(r.baseline) > 0`)
          .execute(),
      ]);
      return { last, baseline };
    },
  };
}

function findingQueries(db: Db) {
  const findings = (s: Scoped) => findingsOf(db, s);
  return {
    findingListQuery(s: Scoped) {
      return findings(s);
    },
    findingsOf(s: Scoped, where: { hostId?: string; status?: readonly string[] } = {}): Promise<FindingRow[]> {
      let q = findings(s).selectAll();
      if (where.hostId) q = q.where('host_id', '=', where.hostId);
      if (where.status) q = q.where('status', 'in', [...where.status]);
      return q.orderBy('score_tenths', 'desc').orderBy('cve_id').limit(1000).execute();
    },
    finding(s: Scoped, id: string) {
      return findings(s).selectAll().where('id', '=', id).executeTakeFirst();
    },
    records(findingIds: readonly string[]): Promise<RecordRow[]> {
      if (!findingIds.length) return Promise.resolve([]);
      return db
        .selectFrom('finding_records')
        .selectAll()
        .where('finding_id', 'in', [...findingIds])
        .orderBy('at', 'desc')
        .execute();
    },
    /** The repair: the state moves only from one of `from` (false otherwise: nothing written), with its record. */
    async repair(id: string, from: readonly string[], to: string, rec: Omit<Insertable<FindingRecordsTable>, 'id' | 'finding_id'>): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const r = await trx
          .updateTable('security_findings')
          .set({ status: to, updated_at: rec.at })
          .where('id', '=', id)
          .where('status', 'in', [...from])
          .executeTakeFirst();
        if (!Number(r.numUpdatedRows)) return false;
        await trx
          .insertInto('finding_records')
          .values({ ...rec, id: newId(), finding_id: id })
          .execute();
        return true;
      });
    },
    /** The tenant's findings with their first 'fixed' claim (operational data: repair times). */
    repairTimes(s: Scoped) {
      let q = db
        .selectFrom('security_findings as f')
        .leftJoin('finding_records as r', (j) => j.onRef('r.finding_id', '=', 'f.id').on('r.action', '=', 'fixed'))
        .select(['f.id', 'f.cve_id', 'f.status', 'f.first_found_at', (eb) => eb.fn.min('r.at').as('fixed_at')])
        .where('f.tenant_id', '=', s.tenantId)
        .groupBy(['f.id', 'f.cve_id', 'f.status', 'f.first_found_at']);
      if (s.projectId) q = q.where('f.project_id', '=', s.projectId);
      return q.execute();
    },
  };
}

function schedulerPasses(db: Db) {
  return {
    // ── The scheduler's passes ──

    /** Periodic strategies whose time has come: a scan for each (unless one is active), the next time set. */
    async startDueStrategies(
      now: Date,
      make: (s: StrategyRow, hostIds: string[]) => Insertable<SecurityScansTable>,
      next: (s: StrategyRow) => Date | null,
      active: readonly string[],
    ) {
      if (!(await db.selectFrom('scan_strategies').select('id').where('next_run_at', '<=', now).limit(1).executeTakeFirst())) return 0;
      return db.transaction().execute(async (trx) => {
        const due = await trx.selectFrom('scan_strategies').selectAll().where('next_run_at', '<=', now).limit(20).forUpdate().skipLocked().execute();
        for (const s of due) {
          const busy = await trx
            .selectFrom('security_scans')
            .select('id')
            .where('strategy_id', '=', s.id)
            .where('status', 'in', [...active])
            .executeTakeFirst();
          const scope = { tenantId: s.tenant_id, projectId: s.project_id };
          let hosts = scopedResources(trx, scope, 'instance').select('resources.id').where('resources.status', 'not in', ['deleted', 'deleting']);
          if (s.host_scope !== 'all') hosts = hosts.where('resources.id', 'in', [...(s.host_ids as string[]), '']);
          const ids = (await hosts.execute()).map((h) => h.id);
          if (!busy && ids.length) await trx.insertInto('security_scans').values(make(s, ids)).execute();
          await trx
            .updateTable('scan_strategies')
            .set({ next_run_at: next(s) })
            .where('id', '=', s.id)
            .execute();
        }
        return due.length;
      });
    },

    /**
     * Moves due scans one step: a queued one starts (due again after the simulated delay), a running
     * one finishes with what `finish` computes from its hosts and the findings already known.
     */
    async advanceScans(now: Date, delayMs: number, finish: (scan: ScanRow, hosts: HostRow[], known: FindingRow[], patched: FindingRow[]) => ScanOutcome) {
      if (!(await db.selectFrom('security_scans').select('id').where('due_at', '<=', now).limit(1).executeTakeFirst())) return 0;
      return db.transaction().execute(async (trx) => {
        const due = await trx
          .selectFrom('security_scans')
          .selectAll()
          .where('due_at', '<=', now)
          .orderBy('due_at')
          .limit(10)
          .forUpdate()
          .skipLocked()
          .execute();
        for (const scan of due) {
          if (scan.status === 'queued') {
            await trx
              .updateTable('security_scans')
              .set({ status: 'running', started_at: now, due_at: new Date(now.getTime() + delayMs) })
              .where('id', '=', scan.id)
              .execute();
            continue;
          }
          const ids = scan.host_ids as string[];
          const scope = { tenantId: scan.tenant_id, projectId: scan.project_id };
          const hosts = ids.length
            ? await scopedResources(trx, scope, 'instance')
                .where('resources.id', 'in', ids)
                .select(['resources.id', 'resources.name', 'resources.status', ...hostCols()])
                .execute()
            : [];
          const known = ids.length
            ? await trx.selectFrom('security_findings').selectAll().where('tenant_id', '=', scan.tenant_id).where('host_id', 'in', ids).execute()
            : [];
          const out = finish(
            scan,
            hosts,
            known,
            known.filter((f) => f.status === 'fixed' || f.status === 'verified'),
          );
          await writeOutcome(trx, scan, out, now);
        }
        return due.length;
      });
    },
  };
}

export function securityScanRepository(db: Db) {
  return { ...strategyQueries(db), ...scanQueries(db), ...findingQueries(db), ...schedulerPasses(db) };
}

async function writeOutcome(trx: Db, scan: ScanRow, out: ScanOutcome, now: Date) {
  if (out.hosts.length)
    await trx
      .insertInto('scan_host_results')
      .values(out.hosts.map((h) => ({ ...h, scan_id: scan.id, finished_at: now })))
      .execute();
  const base = { tenant_id: scan.tenant_id, project_id: scan.project_id, last_scan_id: scan.id, first_found_at: now, last_seen_at: now, updated_at: now };
  const records: Insertable<FindingRecordsTable>[] = [];
  for (const f of out.inserts) {
    const id = newId();
    await trx
      .insertInto('security_findings')
      .values({ ...f, ...base, id })
      .execute();
    records.push({ id: newId(), finding_id: id, action: 'found', note: '', user_id: null, user_name: null, at: now });
  }
  for (const f of out.seen) {
    await trx
      .updateTable('security_findings')
      .set({ status: f.status, host_name: f.host_name, last_scan_id: scan.id, last_seen_at: now, updated_at: now })
      .where('id', '=', f.id)
      .execute();
    if (f.record) records.push({ id: newId(), finding_id: f.id, action: f.record, note: '', user_id: null, user_name: null, at: now });
  }
  for (const f of out.unseen) {
    await trx.updateTable('security_findings').set({ status: f.status, last_scan_id: scan.id, updated_at: now }).where('id', '=', f.id).execute();
    records.push({ id: newId(), finding_id: f.id, action: f.record, note: '', user_id: null, user_name: null, at: now });
  }
  if (records.length) await trx.insertInto('finding_records').values(records).execute();
  await trx
    .updateTable('security_scans')
    .set({ status: out.status, summary: JSON.stringify(out.summary), due_at: null, finished_at: now })
    .where('id', '=', scan.id)
    .execute();
}

export type SecurityScanRepository = ReturnType<typeof securityScanRepository>;
