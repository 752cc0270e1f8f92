// Frozen once landed: add a new migration instead of editing this one.
// Approvals act on the resource engine's store (issue 5): firewall policies and SNAT/DNAT rules
// asked for through approvals are resources of their kinds, and an approved quota change sets the
// limit the engine enforces. project_quotas gains what a limit measures (a kind's count, or the
// cores, memory or gigabytes summed over it) and the time it was set; the approvals' own tables go.
// Quota values already approved are carried over; rules kept in the dropped tables are not (they
// had no gateway or placement to become resources with) — see docs/decisions/0007-rules-in-engine.md.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table project_quotas add column measure text not null default 'count'`.execute(db);
  await sql`alter table project_quotas add column updated_at timestamptz not null default now()`.execute(db);
  await sql`alter table project_quotas drop constraint project_quotas_pk`.execute(db);
  await sql`alter table project_quotas add constraint project_quotas_pk primary key (project_id, kind, measure)`.execute(db);
  await sql`insert into project_quotas (project_id, kind, measure, max_count, updated_at)
    select project_id, m.kind, m.measure, value, updated_at from project_quota_values
    join (values ('instances', 'instance', 'count'), ('vcpus', 'instance', 'cpu'), ('memory_gb', 'instance', 'memory'),
                 ('volume_gb', 'volume', 'size'), ('eips', 'eip', 'count'), ('snapshots', 'snapshot', 'count')) as m(quota_key, kind, measure)
      on m.quota_key = project_quota_values.quota_key
    on conflict (project_id, kind, measure) do update set max_count = excluded.max_count, updated_at = excluded.updated_at`.execute(db);
  await db.schema.dropTable('project_quota_values').execute();
  await db.schema.dropTable('nat_rules').execute();
  await db.schema.dropTable('firewall_policies').execute();
}
