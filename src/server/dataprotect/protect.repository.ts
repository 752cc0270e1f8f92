// All SQL of DR templates and associations, host protection tasks and DR comparison tasks
// (migration 0035, ADR 0062). Every read and write carries the tenant. Host tasks move on the
// simulated cloud's delay with conditional updates run by the scheduler (ADR 0064), never on read.
import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import { newId } from '../../domain/ids.ts';
import type { Db } from '../platform/db/database.ts';
import type { Timestamp as Time, NullableTime, JsonText as Json } from '../platform/db/tables.ts';

export interface DrTemplatesTable {
  id: string;
  tenant_id: string;
  name: string;
  engine: string;
  sync_mode: string;
  frequency_min: number;
  retention_days: number;
  placement: string;
  threads: number;
  description: string;
  created_at: Time;
  updated_at: Time;
}
export interface DrTemplateLinksTable {
  id: string;
  tenant_id: string;
  template_id: string;
  dr_task_id: string;
  created_at: Time;
}
export interface HostTasksTable {
  id: string;
  tenant_id: string;
  project_id: string | null;
  type: string;
  name: string;
  source_id: string;
  source_path: string | null;
  targets: Json;
  sync_items: Json;
  excluded_items: Json;
  compression: string | null;
  encryption: string | null;
  key_sealed: string | null;
  overwrite: boolean;
  create_dir: boolean;
  status: string;
  due_at: NullableTime;
  created_at: Time;
  updated_at: Time;
}
export interface DrCompareTable {
  id: string;
  tenant_id: string;
  dr_task_id: string;
  name: string;
  status: string;
  tables: Json;
  created_at: Time;
}
interface Tables {
  dr_templates: DrTemplatesTable;
  dr_template_links: DrTemplateLinksTable;
  host_tasks: HostTasksTable;
  dr_compare_tasks: DrCompareTable;
  dr_tasks: { id: string; tenant_id: string; name: string; status: string; source_id: string; standby_id: string };
  cdp_tasks: {
    id: string;
    tenant_id: string;
    resource_id: string;
    name: string;
    retention_days: number;
    space_gb: number;
    data_bytes: string | number;
    status: string;
    created_at: Date;
  };
  resources: { id: string; name: string; status: string; tenant_id: string; project_id: string | null };
}
export type TemplateRow = Selectable<DrTemplatesTable> & { associations: number | string };
export type HostTaskRow = Selectable<HostTasksTable> & { source_name: string };
export type CompareRow = Selectable<DrCompareTable> & { dr_task_name: string; source_name: string; standby_name: string };

/** Templates and their links to DR tasks. */
function templateQueries(db: Kysely<Tables>) {
  const templates = (tenantId: string) =>
    db
      .selectFrom('dr_templates')
      .selectAll('dr_templates')
      .select((eb) =>
        eb
          .selectFrom('dr_template_links')
          .select(eb.fn.countAll().as('n'))
          .whereRef('dr_template_links.template_id', '=', 'dr_templates.id')
          .as('associations'),
      )
      .where('dr_templates.tenant_id', '=', tenantId);
  return {
    async templates(tenantId: string, engine?: string): Promise<TemplateRow[]> {
      let q = templates(tenantId);
      if (engine) q = q.where('dr_templates.engine', '=', engine);
      return (await q.orderBy('dr_templates.created_at', 'desc').execute()) as TemplateRow[];
    },
    async template(tenantId: string, id: string): Promise<TemplateRow | undefined> {
      return (await templates(tenantId).where('dr_templates.id', '=', id).executeTakeFirst()) as TemplateRow | undefined;
    },
    async templateNameTaken(tenantId: string, name: string, exceptId?: string): Promise<boolean> {
      let q = db.selectFrom('dr_templates').select('id').where('tenant_id', '=', tenantId).where('name', '=', name);
      if (exceptId) q = q.where('id', '<>', exceptId);
      return !!(await q.executeTakeFirst());
    },
    async insertTemplate(row: Omit<Insertable<DrTemplatesTable>, 'id' | 'created_at' | 'updated_at'>, now: Date): Promise<string> {
      const id = newId();
      await db
        .insertInto('dr_templates')
        .values({ ...row, id, created_at: now, updated_at: now })
        .execute();
      return id;
    },
    async updateTemplate(tenantId: string, id: string, set: Updateable<DrTemplatesTable>, now: Date): Promise<void> {
      await db
        .updateTable('dr_templates')
        .set({ ...set, updated_at: now })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .execute();
    },
    /** deletes the template only while no association names it (one statement: no race with an association) */
    async removeUnusedTemplate(tenantId: string, id: string): Promise<boolean> {
      const r = await db
        .deleteFrom('dr_templates')
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .where((eb) => eb.not(eb.exists(eb.selectFrom('dr_template_links').select('id').whereRef('dr_template_links.template_id', '=', 'dr_templates.id'))))
        .executeTakeFirst();
      return Number(r.numDeletedRows) === 1;
    },
    async links(tenantId: string, templateId?: string) {
      let q = db
        .selectFrom('dr_template_links as l')
        .innerJoin('dr_templates as t', 't.id', 'l.template_id')
        .innerJoin('dr_tasks as d', 'd.id', 'l.dr_task_id')
        .innerJoin('resources as src', 'src.id', 'd.source_id')
        .innerJoin('resources as sby', 'sby.id', 'd.standby_id')
        .select([
          'l.id',
          'l.template_id',
          'l.created_at',
          't.name as template_name',
          't.engine',
          'd.id as task_id',
          'd.name as task_name',
          'd.status as task_status',
          'src.name as source_name',
          'sby.name as standby_name',
        ])
        .where('l.tenant_id', '=', tenantId);
      if (templateId) q = q.where('l.template_id', '=', templateId);
      return q.orderBy('l.created_at', 'desc').execute();
    },
    async insertLink(tenantId: string, templateId: string, taskId: string, now: Date): Promise<string> {
      const id = newId();
      await db.insertInto('dr_template_links').values({ id, tenant_id: tenantId, template_id: templateId, dr_task_id: taskId, created_at: now }).execute();
      return id;
    },
    async removeLink(tenantId: string, id: string): Promise<boolean> {
      const r = await db.deleteFrom('dr_template_links').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return Number(r.numDeletedRows) === 1;
    },
  };
}

/** Host protection tasks, the protected instances and comparisons. */
function taskQueries(db: Kysely<Tables>) {
  const hostTasks = (tenantId: string) =>
    db
      .selectFrom('host_tasks')
      .innerJoin('resources as src', 'src.id', 'host_tasks.source_id')
      .selectAll('host_tasks')
      .select('src.name as source_name')
      .where('host_tasks.tenant_id', '=', tenantId);
  const compares = (tenantId: string) =>
    db
      .selectFrom('dr_compare_tasks as c')
      .innerJoin('dr_tasks as d', 'd.id', 'c.dr_task_id')
      .innerJoin('resources as src', 'src.id', 'd.source_id')
      .innerJoin('resources as sby', 'sby.id', 'd.standby_id')
      .selectAll('c')
      .select(['d.name as dr_task_name', 'src.name as source_name', 'sby.name as standby_name'])
      .where('c.tenant_id', '=', tenantId);
  return {
    /**
     * Every tenant's due host tasks, one step (the scheduler's worker, ADR 0064; reads never write):
     * not started → running after one delay; running → succeeded (both ends running) or failed after
     * another. Answers how many tasks moved.
     */
    async advanceHostTasks(now: Date, delayMs: number): Promise<number> {
      const next = new Date(now.getTime() + delayMs);
      const started = await db
        .updateTable('host_tasks')
        .set({ status: 'running', due_at: next, updated_at: now })
        .where('status', '=', 'not_started')
        .where('due_at', '<=', now)
        .executeTakeFirst();
      const ends = sql<boolean>`(select bool_and(r.status = 'running') from resources r
        where r.id = host_tasks.source_id
           or r.id in (select t->>'host_id' from jsonb_array_elements(host_tasks.targets) t))`;
      const ended = await db
        .updateTable('host_tasks')
        .set({ status: sql`case when coalesce(${ends}, false) then 'succeeded' else 'failed' end`, due_at: null, updated_at: now } as never)
        .where('status', '=', 'running')
        .where('due_at', '<=', now)
        .executeTakeFirst();
      return Number(started.numUpdatedRows) + Number(ended.numUpdatedRows);
    },
    async hostTasks(tenantId: string, projectId: string | null, types: readonly string[]): Promise<HostTaskRow[]> {
      let q = hostTasks(tenantId).where('host_tasks.type', 'in', [...types]);
      if (projectId) q = q.where('host_tasks.project_id', '=', projectId);
      return (await q.orderBy('host_tasks.created_at', 'desc').limit(200).execute()) as HostTaskRow[];
    },
    async hostTask(tenantId: string, projectId: string | null, id: string): Promise<HostTaskRow | undefined> {
      let q = hostTasks(tenantId).where('host_tasks.id', '=', id);
      if (projectId) q = q.where('host_tasks.project_id', '=', projectId);
      return (await q.executeTakeFirst()) as HostTaskRow | undefined;
    },
    async hostNameTaken(tenantId: string, type: string, name: string): Promise<boolean> {
      return !!(await db
        .selectFrom('host_tasks')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('type', '=', type)
        .where('name', '=', name)
        .executeTakeFirst());
    },
    async hostNames(ids: readonly string[]): Promise<Map<string, string>> {
      if (!ids.length) return new Map();
      const rows = await db
        .selectFrom('resources')
        .select(['id', 'name'])
        .where('id', 'in', [...ids])
        .execute();
      return new Map(rows.map((r) => [r.id, r.name]));
    },
    async insertHostTask(row: Omit<Insertable<HostTasksTable>, 'id' | 'created_at' | 'updated_at'>, now: Date): Promise<string> {
      const id = newId();
      await db
        .insertInto('host_tasks')
        .values({ ...row, id, created_at: now, updated_at: now })
        .execute();
      return id;
    },
    async removeHostTask(tenantId: string, id: string, busy: readonly string[]): Promise<boolean> {
      const r = await db
        .deleteFrom('host_tasks')
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .where('status', 'not in', [...busy])
        .executeTakeFirst();
      return Number(r.numDeletedRows) === 1;
    },

    /** CDP tasks of every instance of the tenant (the dataProtect page's instance tab) */
    async cdpAcross(tenantId: string, projectId: string | null) {
      let q = db
        .selectFrom('cdp_tasks as c')
        .innerJoin('resources as r', 'r.id', 'c.resource_id')
        .select(['c.id', 'c.name', 'c.resource_id', 'c.retention_days', 'c.space_gb', 'c.data_bytes', 'c.status', 'c.created_at', 'r.name as instance_name'])
        .where('c.tenant_id', '=', tenantId);
      if (projectId) q = q.where('r.project_id', '=', projectId);
      return q.orderBy('c.created_at', 'desc').limit(200).execute();
    },

    async compares(tenantId: string, drTaskId?: string): Promise<CompareRow[]> {
      let q = compares(tenantId);
      if (drTaskId) q = q.where('c.dr_task_id', '=', drTaskId);
      return (await q.orderBy('c.created_at', 'desc').limit(200).execute()) as CompareRow[];
    },
    async compare(tenantId: string, id: string): Promise<CompareRow | undefined> {
      return (await compares(tenantId).where('c.id', '=', id).executeTakeFirst()) as CompareRow | undefined;
    },
    async insertCompare(row: Omit<Insertable<DrCompareTable>, 'id' | 'created_at'>, now: Date): Promise<string> {
      const id = newId();
      await db
        .insertInto('dr_compare_tasks')
        .values({ ...row, id, created_at: now })
        .execute();
      return id;
    },
    async removeCompare(tenantId: string, id: string): Promise<boolean> {
      const r = await db.deleteFrom('dr_compare_tasks').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return Number(r.numDeletedRows) === 1;
    },
  };
}

export function protectRepository(base: Db) {
  // this slice's own tables, typed here (as dataprotect.repository.ts does)
  const db = base as unknown as Kysely<Tables>;
  return { ...templateQueries(db), ...taskQueries(db) };
}
export type ProtectRepository = ReturnType<typeof protectRepository>;
