// All SQL of disaster recovery, CDP protection and data-lake ingestion on Yunshu's own database
// (migration 0032, ADR 0060). Every read and write carries the tenant; the service reaches the
// instances only through the caller's scope. In-between states end when their due time has passed:
// the conditional update lets one process (of several) move a task on.
import { sql, type ColumnType, type Insertable, type Kysely, type Selectable } from 'kysely';
import { newId } from '../../domain/ids.ts';
import type { Db } from '../platform/db/database.ts';
import type { Timestamp as Time, NullableTime, JsonText as Json } from '../platform/db/tables.ts';
import type { ListSpec } from '../platform/lib/list.ts';

export interface DrTasksTable {
  id: string;
  tenant_id: string;
  project_id: string | null;
  name: string;
  engine: string;
  source_id: string;
  standby_id: string;
  threads: number;
  status: string;
  due_at: NullableTime;
  switchovers: ColumnType<number, number | undefined, number>;
  switched_at: NullableTime;
  created_at: Time;
  updated_at: Time;
}
export interface CdpTasksTable {
  id: string;
  tenant_id: string;
  resource_id: string;
  name: string;
  retention_days: number;
  space_gb: number;
  data_bytes: ColumnType<string | number, number, number>;
  status: string;
  due_at: NullableTime;
  created_at: Time;
}
export interface LakeTasksTable {
  id: string;
  tenant_id: string;
  resource_id: string;
  name: string;
  topic: string;
  src_id: string;
  threads: number;
  batch_limit: number;
  objects: Json;
  status: string;
  due_at: NullableTime;
  created_at: Time;
}
interface Tables {
  dr_tasks: DrTasksTable;
  cdp_tasks: CdpTasksTable;
  lake_tasks: LakeTasksTable;
  resources: { id: string; name: string };
}
export type DrRow = Selectable<DrTasksTable> & { source_name: string; standby_name: string };
export type CdpRow = Selectable<CdpTasksTable>;
export type LakeRow = Selectable<LakeTasksTable>;
type Table = 'dr_tasks' | 'cdp_tasks' | 'lake_tasks';

export const DR_LIST: ListSpec = {
  sortable: { created_at: 'dr_tasks.created_at', name: 'dr_tasks.name' },
  filters: { status: 'dr_tasks.status', engine: 'dr_tasks.engine' },
  search: { param: 'name', columns: ['dr_tasks.name'] },
  defaultOrder: '-created_at',
  idColumn: 'dr_tasks.id',
};
export const DR_COLUMNS = [
  'dr_tasks.id',
  'dr_tasks.name',
  'dr_tasks.engine',
  'dr_tasks.source_id',
  'dr_tasks.standby_id',
  'dr_tasks.threads',
  'dr_tasks.status',
  'dr_tasks.switchovers',
  'dr_tasks.switched_at',
  'dr_tasks.created_at',
  'dr_tasks.updated_at',
  'src.name as source_name',
  'sby.name as standby_name',
] as const;

export function dataProtectRepository(base: Db) {
  // these tables are this slice's own: typed here, not in the platform's table map
  const db = base as unknown as Kysely<Tables>;
  /** moves every due in-between task on (initializing → syncing), for the scheduler: reads never write */
  const advanceDue = async (now: Date): Promise<number> => {
    let moved = 0;
    for (const table of ['dr_tasks', 'cdp_tasks', 'lake_tasks'] as const) {
      const r = await db
        .updateTable(table)
        .set({ status: 'syncing', due_at: null } as never)
        .where('status', '=', 'initializing')
        .where('due_at', '<=', now)
        .executeTakeFirst();
      moved += Number(r.numUpdatedRows);
    }
    return moved;
  };
  return {
    advanceDue,
    /** DR tasks of the tenant (and project when the scope has one), with their instances' names */
    drQuery(tenantId: string, projectId: string | null, resourceId?: string) {
      let q = db
        .selectFrom('dr_tasks')
        .innerJoin('resources as src', 'src.id', 'dr_tasks.source_id')
        .innerJoin('resources as sby', 'sby.id', 'dr_tasks.standby_id')
        .where('dr_tasks.tenant_id', '=', tenantId);
      if (projectId) q = q.where('dr_tasks.project_id', '=', projectId);
      if (resourceId) q = q.where((eb) => eb.or([eb('dr_tasks.source_id', '=', resourceId), eb('dr_tasks.standby_id', '=', resourceId)]));
      return q;
    },
    async drTask(tenantId: string, projectId: string | null, id: string): Promise<DrRow | undefined> {
      return (await this.drQuery(tenantId, projectId)
        .select([...DR_COLUMNS, 'dr_tasks.tenant_id', 'dr_tasks.project_id', 'dr_tasks.due_at'])
        .where('dr_tasks.id', '=', id)
        .executeTakeFirst()) as DrRow | undefined;
    },
    /** a task of the tenant in one of `states` with the resource at either end (ADR 0074: one replication per NAS) */
    async drTaskUsing(tenantId: string, resourceId: string, states: readonly string[]): Promise<{ id: string; name: string } | undefined> {
      return db
        .selectFrom('dr_tasks')
        .select(['id', 'name'])
        .where('tenant_id', '=', tenantId)
        .where('status', 'in', [...states])
        .where((eb) => eb.or([eb('source_id', '=', resourceId), eb('standby_id', '=', resourceId)]))
        .executeTakeFirst();
    },
    async drNameTaken(tenantId: string, name: string): Promise<boolean> {
      return !!(await db.selectFrom('dr_tasks').select('id').where('tenant_id', '=', tenantId).where('name', '=', name).executeTakeFirst());
    },
    async insertDr(row: Omit<Insertable<DrTasksTable>, 'id' | 'switchovers' | 'switched_at' | 'created_at' | 'updated_at'>, now: Date): Promise<string> {
      const id = newId();
      await db
        .insertInto('dr_tasks')
        .values({ ...row, id, created_at: now, updated_at: now })
        .execute();
      return id;
    },
    /** the switchover: standby becomes source; only a syncing task switches (one writer wins) */
    async switchover(tenantId: string, id: string, now: Date): Promise<boolean> {
      const r = await db
        .updateTable('dr_tasks')
        .set({
          source_id: sql`standby_id`,
          standby_id: sql`source_id`,
          switchovers: sql`switchovers + 1`,
          switched_at: now,
          updated_at: now,
        } as never)
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .where('status', '=', 'syncing')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    async setStatus(table: Table, tenantId: string, id: string, from: readonly string[], to: string, now: Date): Promise<boolean> {
      const set = table === 'dr_tasks' ? { status: to, due_at: null, updated_at: now } : { status: to, due_at: null };
      const r = await db
        .updateTable(table)
        .set(set as never)
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .where('status', 'in', [...from])
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    async remove(table: Table, tenantId: string, id: string, busy: readonly string[]): Promise<boolean> {
      const r = await db
        .deleteFrom(table)
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .where('status', 'not in', [...busy])
        .executeTakeFirst();
      return Number(r.numDeletedRows) === 1;
    },
    async cdpTasks(tenantId: string, resourceId: string): Promise<CdpRow[]> {
      return db
        .selectFrom('cdp_tasks')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('resource_id', '=', resourceId)
        .orderBy('created_at', 'desc')
        .execute();
    },
    async insertCdp(row: Omit<Insertable<CdpTasksTable>, 'id' | 'created_at'>, now: Date): Promise<string> {
      const id = newId();
      await db
        .insertInto('cdp_tasks')
        .values({ ...row, id, created_at: now })
        .execute();
      return id;
    },
    async lakeTasks(tenantId: string, resourceId: string): Promise<LakeRow[]> {
      return db
        .selectFrom('lake_tasks')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('resource_id', '=', resourceId)
        .orderBy('created_at', 'desc')
        .execute();
    },
    async lakeNameTaken(resourceId: string, name: string): Promise<boolean> {
      return !!(await db.selectFrom('lake_tasks').select('id').where('resource_id', '=', resourceId).where('name', '=', name).executeTakeFirst());
    },
    async insertLake(row: Omit<Insertable<LakeTasksTable>, 'id' | 'created_at'>, now: Date): Promise<string> {
      const id = newId();
      await db
        .insertInto('lake_tasks')
        .values({ ...row, id, created_at: now })
        .execute();
      return id;
    },
  };
}
export type DataProtectRepository = ReturnType<typeof dataProtectRepository>;
