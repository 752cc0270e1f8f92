// All SQL of resource stacks (migration 0043): a tenant's templates, a project's stacks and the
// row of each node, the statuses of the resources the engine made for them (read only: every
// change to a resource goes through the engine), and the busy stacks the scheduler takes on a
// lease (claimed with SKIP LOCKED, so several server processes share them and none works on a
// stack another holds; the engine's own transactions run outside the claim).
import { sql, type Selectable } from 'kysely';
import type { Db } from '../platform/db/database.ts';
import type { ListSpec } from '../platform/lib/list.ts';
import type { Timestamp, NullableTime } from '../platform/db/tables.ts';
import { STACK_BUSY } from '../../domain/stacks.ts';

export interface StackTemplatesTable {
  id: string;
  tenant_id: string;
  created_by: string | null;
  name: string;
  description: string;
  /** JSON text of {nodes, edges} */
  graph: string;
  builtin: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface StacksTable {
  id: string;
  tenant_id: string;
  project_id: string;
  created_by: string;
  template_id: string | null;
  template_name: string;
  name: string;
  status: string;
  graph: string;
  vendor: string;
  region_id: string;
  az_id: string;
  /** JSON array of the deployer's permissions when they deployed */
  permissions: string;
  secrets: string | null;
  /** JSON of the refusal that stopped the deploy */
  failure: string | null;
  lease_until: NullableTime;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface StackResourcesTable {
  stack_id: string;
  node: string;
  ord: number;
  kind: string;
  name: string;
  state: string;
  resource_id: string | null;
}

declare module '../platform/db/tables.ts' {
  interface Database {
    stack_templates: StackTemplatesTable;
    stacks: StacksTable;
    stack_resources: StackResourcesTable;
  }
}

export type TemplateRow = Selectable<StackTemplatesTable>;
export type StackRow = Selectable<StacksTable>;
export type StackResourceRow = Selectable<StackResourcesTable>;

export const TEMPLATE_LIST: ListSpec = {
  sortable: { updated_at: 'stack_templates.updated_at', name: 'stack_templates.name' },
  filters: { builtin: 'stack_templates.builtin' },
  defaultOrder: '-updated_at',
  idColumn: 'stack_templates.id',
};
export const STACK_LIST: ListSpec = {
  sortable: { created_at: 'stacks.created_at', name: 'stacks.name' },
  filters: { status: 'stacks.status', template_id: 'stacks.template_id' },
  defaultOrder: '-created_at',
  idColumn: 'stacks.id',
};
const LEASE_MS = 30_000;

export function stacksRepository(db: Db) {
  return {
    templateListQuery(tenantId: string) {
      return db.selectFrom('stack_templates').where('stack_templates.tenant_id', '=', tenantId);
    },
    template(tenantId: string, id: string) {
      return db.selectFrom('stack_templates').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
    },
    async insertTemplate(row: TemplateRow) {
      await db.insertInto('stack_templates').values(row).execute();
    },
    async updateTemplate(tenantId: string, id: string, set: Pick<TemplateRow, 'name' | 'description' | 'graph' | 'updated_at'>) {
      const r = await db.updateTable('stack_templates').set(set).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
    async deleteTemplate(tenantId: string, id: string) {
      const r = await db.deleteFrom('stack_templates').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
    stackListQuery(tenantId: string, projectId: string | null) {
      let q = db.selectFrom('stacks').where('stacks.tenant_id', '=', tenantId);
      if (projectId) q = q.where('stacks.project_id', '=', projectId);
      return q;
    },
    stack(tenantId: string, projectId: string | null, id: string) {
      let q = db.selectFrom('stacks').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id);
      if (projectId) q = q.where('project_id', '=', projectId);
      return q.executeTakeFirst();
    },
    async insertStack(row: StackRow, resources: StackResourceRow[]) {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('stacks').values(row).execute();
        await trx.insertInto('stack_resources').values(resources).execute();
      });
    },
    resourcesOf(stackIds: readonly string[]): Promise<StackResourceRow[]> {
      if (!stackIds.length) return Promise.resolve([]);
      return db.selectFrom('stack_resources').selectAll().where('stack_id', 'in', stackIds).orderBy('stack_id').orderBy('ord').execute();
    },
    /** The engine's status of each resource id that still exists. */
    async statusesOf(ids: readonly string[]): Promise<Map<string, string>> {
      if (!ids.length) return new Map();
      const rows = await db.selectFrom('resources').select(['id', 'status']).where('id', 'in', ids).execute();
      return new Map(rows.map((r) => [r.id, r.status]));
    },
    async setStack(id: string, set: Partial<Pick<StackRow, 'status' | 'failure' | 'secrets' | 'lease_until'>>, now: Date) {
      await db
        .updateTable('stacks')
        .set({ ...set, updated_at: now })
        .where('id', '=', id)
        .execute();
    },
    /** Moves a stack from one of `from` to `to` (false when it was in none of them). */
    async moveStack(id: string, from: readonly string[], to: string, now: Date) {
      const r = await db
        .updateTable('stacks')
        .set({ status: to, updated_at: now, lease_until: null })
        .where('id', '=', id)
        .where('status', 'in', from)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
    async deleteStack(id: string) {
      await db.deleteFrom('stacks').where('id', '=', id).execute();
    },
    async setResource(stackId: string, node: string, set: Partial<Pick<StackResourceRow, 'state' | 'resource_id'>>) {
      await db.updateTable('stack_resources').set(set).where('stack_id', '=', stackId).where('node', '=', node).execute();
    },
    /** Takes up to `limit` busy stacks no other process holds, for LEASE_MS; answers them. */
    async claimBusy(now: Date, limit = 5): Promise<StackRow[]> {
      // One cheap read on an idle pass (the scheduler runs every tick).
      if (!(await db.selectFrom('stacks').select('id').where('status', 'in', STACK_BUSY).limit(1).executeTakeFirst())) return [];
      return db.transaction().execute(async (trx) => {
        const due = await trx
          .selectFrom('stacks')
          .select('id')
          .where('status', 'in', STACK_BUSY)
          .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
          .orderBy('updated_at')
          .limit(limit)
          .forUpdate()
          .skipLocked()
          .execute();
        if (!due.length) return [];
        return trx
          .updateTable('stacks')
          .set({ lease_until: new Date(now.getTime() + LEASE_MS) })
          .where(
            'id',
            'in',
            due.map((d) => d.id),
          )
          .returningAll()
          .execute();
      });
    },
    async release(id: string) {
      await db.updateTable('stacks').set({ lease_until: null }).where('id', '=', id).execute();
    },
    /** How many templates a tenant keeps (a tenant keeps at most STACK_LIMITS.templates). */
    async countTemplates(tenantId: string) {
      const r = await db
        .selectFrom('stack_templates')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('tenant_id', '=', tenantId)
        .executeTakeFirst();
      return Number(r?.n ?? 0);
    },
  };
}

export type StacksRepository = ReturnType<typeof stacksRepository>;
