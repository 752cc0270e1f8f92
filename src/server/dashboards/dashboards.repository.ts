// All SQL of the dashboards (migration 0042): a user's panels in a tenant (read, and changed under
// a row lock so two tabs arranging at once do not lose a change), and the aggregates the panels,
// capacity views and reports draw — sums over the `resources` table of the caller's scope only (the
// tenant, and the project when the scope names one), never another tenant's rows. Resources in the
// recycle bin (status deleted) hold no capacity and are not counted.
import { sql, type ColumnType, type RawBuilder } from 'kysely';
import type { Panel, ReportGroup } from '../../domain/dashboards.ts';
import type { Db } from '../platform/db/database.ts';
import type { Timestamp } from '../platform/db/tables.ts';

export interface DashboardLayoutsTable {
  user_id: string;
  tenant_id: string;
  panels: ColumnType<Panel[], string, string>;
  updated_at: Timestamp;
}

declare module '../platform/db/tables.ts' {
  interface Database {
    dashboard_layouts: DashboardLayoutsTable;
  }
}

/** Where the figures come from: the tenant, narrowed to one project when the scope names it. */
export interface AggScope {
  tenantId: string;
  projectId: string | null;
}

/** One group's sums: every metric of domain/dashboards.ts METRICS, as numbers. */
export interface AggRow {
  group_key: string;
  group_label: string;
  vendor: string;
  resource_count: number;
  instance_count: number;
  compute_count: number;
  cores_used: number;
  memory_used: number;
  storage_used: number;
  volume_count: number;
  db_count: number;
  db_cores: number;
  db_memory: number;
  db_storage: number;
  cache_count: number;
  cache_memory: number;
  eip_count: number;
}

/** A number field of the spec, 0 when absent or not a number. */
const num = (field: string) => sql<number>`coalesce(case when jsonb_typeof(r.spec->${field}) = 'number' then (r.spec->>${field})::numeric end, 0)`;
const inKinds = (kinds: readonly string[]) => sql`r.kind in (${sql.join(kinds.map((k) => sql.lit(k)))})`;

const COMPUTE = ['instance', 'phyhost'];
const DB = ['db_instance', 'doc_instance'];

/** The sums of every metric, as SQL select items (aliases are AggRow's). */
const SUMS = sql`
  count(*) as resource_count,
  count(*) filter (where r.kind = 'instance') as instance_count,
  count(*) filter (where ${inKinds(COMPUTE)}) as compute_count,
  coalesce(sum(${num('cpu')}) filter (where ${inKinds(COMPUTE)}), 0) as cores_used,
  coalesce(sum(${num('memory')}) filter (where ${inKinds(COMPUTE)}), 0) as memory_used,
  coalesce(sum(${num('system_disk_size')}) filter (where r.kind = 'instance'), 0)
    + coalesce(sum(${num('size')}) filter (where r.kind = 'volume'), 0) as storage_used,
  count(*) filter (where r.kind = 'volume') as volume_count,
  count(*) filter (where ${inKinds(DB)}) as db_count,
  coalesce(sum(${num('cpu')}) filter (where ${inKinds(DB)}), 0) as db_cores,
  coalesce(sum(${num('memory')}) filter (where ${inKinds(DB)}), 0) as db_memory,
  coalesce(sum(${num('data_disk')}) filter (where r.kind = 'db_instance'), 0)
    + coalesce(sum(${num('storage')}) filter (where r.kind = 'doc_instance'), 0) as db_storage,
  count(*) filter (where r.kind = 'cache_instance') as cache_count,
  coalesce(sum(${num('memory')}) filter (where r.kind = 'cache_instance'), 0) as cache_memory,
  count(*) filter (where r.kind = 'eip') as eip_count`;

const NUMERIC: readonly (keyof AggRow)[] = [
  'resource_count',
  'instance_count',
  'compute_count',
  'cores_used',
  'memory_used',
  'storage_used',
  'volume_count',
  'db_count',
  'db_cores',
  'db_memory',
  'db_storage',
  'cache_count',
  'cache_memory',
  'eip_count',
];

const scopeWhere = (s: AggScope, vendor?: string) =>
  sql`r.tenant_id = ${s.tenantId} and r.status <> 'deleted'${s.projectId ? sql` and r.project_id = ${s.projectId}` : sql``}${vendor ? sql` and r.vendor = ${vendor}` : sql``}`;

/** The grouping of each report and capacity view: its key, its label and the vendor it belongs to. */
const GROUPS: Record<ReportGroup | 'place', { select: RawBuilder<unknown>; join: RawBuilder<unknown>; by: RawBuilder<unknown> }> = {
  vendor: { select: sql`r.vendor as group_key, r.vendor as group_label, r.vendor as vendor`, join: sql``, by: sql`r.vendor` },
  region: {
    select: sql`coalesce(r.region_id, '') as group_key, coalesce(g.name, '') as group_label, r.vendor as vendor`,
    join: sql`left join regions g on g.id = r.region_id`,
    by: sql`r.vendor, r.region_id, g.name`,
  },
  place: {
    select: sql`coalesce(r.region_id, '') as group_key, coalesce(g.name, '') as group_label, r.vendor as vendor`,
    join: sql`left join regions g on g.id = r.region_id`,
    by: sql`r.vendor, r.region_id, g.name`,
  },
  project: {
    select: sql`r.project_id as group_key, coalesce(p.name, '') as group_label, '' as vendor`,
    join: sql`left join projects p on p.id = r.project_id`,
    by: sql`r.project_id, p.name`,
  },
};

const toRow = (raw: Record<string, unknown>): AggRow => {
  const out = { ...raw } as Record<string, unknown>;
  for (const k of NUMERIC) out[k] = Number(raw[k] ?? 0);
  return out as unknown as AggRow;
};

export function dashboardsRepository(db: Db) {
  return {
    async layout(userId: string, tenantId: string): Promise<{ panels: Panel[]; updated_at: Date } | undefined> {
      return db
        .selectFrom('dashboard_layouts')
        .select(['panels', 'updated_at'])
        .where('user_id', '=', userId)
        .where('tenant_id', '=', tenantId)
        .executeTakeFirst();
    },
    /**
     * Changes the user's panels under the row's lock: `change` gets the stored panels (or `initial`
     * when none are stored) and answers the new ones, or throws to refuse (nothing is written).
     */
    async changeLayout(
      userId: string,
      tenantId: string,
      initial: Panel[],
      change: (panels: Panel[]) => Panel[],
    ): Promise<{ panels: Panel[]; updated_at: Date }> {
      return db.transaction().execute(async (trx) => {
        await trx
          .insertInto('dashboard_layouts')
          .values({ user_id: userId, tenant_id: tenantId, panels: JSON.stringify(initial), updated_at: new Date(0) })
          .onConflict((oc) => oc.columns(['user_id', 'tenant_id']).doNothing())
          .execute();
        const row = await trx
          .selectFrom('dashboard_layouts')
          .select('panels')
          .where('user_id', '=', userId)
          .where('tenant_id', '=', tenantId)
          .forUpdate()
          .executeTakeFirstOrThrow();
        const panels = change(row.panels);
        const updated_at = new Date();
        await trx
          .updateTable('dashboard_layouts')
          .set({ panels: JSON.stringify(panels), updated_at })
          .where('user_id', '=', userId)
          .where('tenant_id', '=', tenantId)
          .execute();
        return { panels, updated_at };
      });
    },
    /** Every metric summed per group (vendor, region, project, or the vendor's region for capacity). */
    async aggregate(s: AggScope, group: ReportGroup | 'place', vendor?: string): Promise<AggRow[]> {
      const g = GROUPS[group];
      const { rows } = await sql<Record<string, unknown>>`
        select ${g.select}, ${SUMS}
        from resources r ${g.join}
        where ${scopeWhere(s, vendor)}
        group by ${g.by}
        order by resource_count desc, group_key`.execute(db);
      return rows.map(toRow);
    },
    /** How many resources of each kind the scope has. */
    async kindCounts(s: AggScope, vendor?: string): Promise<Record<string, number>> {
      const { rows } = await sql<{
        kind: string;
        n: string;
      }>`select r.kind, count(*) as n from resources r where ${scopeWhere(s, vendor)} group by r.kind`.execute(db);
      return Object.fromEntries(rows.map((r) => [r.kind, Number(r.n)]));
    },
    /** Resources created before `from`, and those created on each China-time day since. */
    async createdPerDay(s: AggScope, from: Date, vendor?: string): Promise<{ before: number; days: { day: string; n: number }[] }> {
      const before = await sql<{ n: string }>`select count(*) as n from resources r where ${scopeWhere(s, vendor)} and r.created_at < ${from}`.execute(db);
      const { rows } = await sql<{ day: string; n: string }>`
        select to_char(r.created_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day, count(*) as n
        from resources r where ${scopeWhere(s, vendor)} and r.created_at >= ${from}
        group by 1 order by 1`.execute(db);
      return { before: Number(before.rows[0]?.n ?? 0), days: rows.map((r) => ({ day: r.day, n: Number(r.n) })) };
    },
    /** The scope's GTM instances: counts by status, pools and policies summed, and the newest ones. */
    async gtm(s: AggScope, limit: number) {
      const { rows: stats } = await sql<{ status: string; n: string; pools: string; policies: string; alarm_on: string }>`
        select r.status, count(*) as n, coalesce(sum(${num('pool_count')}), 0) as pools, coalesce(sum(${num('policy_count')}), 0) as policies,
          count(*) filter (where r.spec->>'alarm_enabled' = 'true') as alarm_on
        from resources r where ${scopeWhere(s)} and r.kind = 'gtm_instance' group by r.status`.execute(db);
      const { rows: latest } = await sql<{
        id: string;
        name: string;
        status: string;
        vendor: string;
        cname: string | null;
        pool_count: string;
        policy_count: string;
      }>`
        select r.id, r.name, r.status, r.vendor, r.spec->>'cname' as cname, ${num('pool_count')} as pool_count, ${num('policy_count')} as policy_count
        from resources r where ${scopeWhere(s)} and r.kind = 'gtm_instance' order by r.created_at desc, r.id limit ${limit}`.execute(db);
      return { stats, latest };
    },
  };
}

export type DashboardsRepository = ReturnType<typeof dashboardsRepository>;
