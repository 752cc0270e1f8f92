// All SQL of the service catalogue (migration 0040): a tenant's entries, their parents and
// children, the names of owners and projects they name, and the status changes the approval
// effects make inside the approval's transaction.
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db, Exec } from '../platform/db/database.ts';
import type { ListSpec } from '../platform/lib/list.ts';
import type { NullableTime, Timestamp } from '../platform/db/tables.ts';

export interface ServiceCatalogueTable {
  id: string;
  tenant_id: string;
  category: string;
  level: number;
  parent_id: string | null;
  name: string;
  description: string;
  /** JSON array of user ids (jsonb: written as JSON text, read parsed) */
  owner_ids: unknown;
  status: string;
  /** a level-3 entry's terms (jsonb) */
  service: unknown;
  orderable: boolean;
  project_ids: unknown;
  approval_id: string | null;
  published_at: NullableTime;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

declare module '../platform/db/tables.ts' {
  interface Database {
    service_catalogue_entries: ServiceCatalogueTable;
  }
}

export type EntryRow = Selectable<ServiceCatalogueTable>;
const T = 'service_catalogue_entries';

export const ENTRY_LIST: ListSpec = {
  sortable: { name: `${T}.name`, updated_at: `${T}.updated_at`, level: `${T}.level` },
  filters: { category: `${T}.category`, level: `${T}.level`, status: `${T}.status`, parent_id: `${T}.parent_id` },
  booleanFilters: { orderable: `${T}.orderable` },
  search: { param: 'name', columns: [`${T}.name`] },
  defaultOrder: 'level,name',
  idColumn: `${T}.id`,
};

export function catalogueRepository(db: Db) {
  return {
    listQuery(tenantId: string) {
      return db.selectFrom(T).where(`${T}.tenant_id`, '=', tenantId);
    },
    entry(tenantId: string, id: string, trx: Exec = db) {
      return trx.selectFrom(T).selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
    },
    /** The entry locked for a status change (an approval effect or an edit racing a publish). */
    entryForUpdate(trx: Exec, tenantId: string, id: string) {
      return trx.selectFrom(T).selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).forUpdate().executeTakeFirst();
    },
    /** Every entry of the tenant's ancestors' lines: names for the paths, cheap (a catalogue is small). */
    names(tenantId: string, ids: readonly string[]) {
      if (!ids.length) return Promise.resolve([] as { id: string; name: string; parent_id: string | null }[]);
      return db.selectFrom(T).select(['id', 'name', 'parent_id']).where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
    },
    async childCounts(ids: readonly string[]): Promise<Map<string, number>> {
      if (!ids.length) return new Map();
      const rows = await db
        .selectFrom(T)
        .select(['parent_id', (eb) => eb.fn.countAll<string>().as('n')])
        .where('parent_id', 'in', ids)
        .groupBy('parent_id')
        .execute();
      return new Map(rows.map((r) => [r.parent_id!, Number(r.n)]));
    },
    /** Children of `parentId`, counted inside the writer's transaction (the parent row is locked first). */
    async countChildren(trx: Exec, parentId: string): Promise<number> {
      const row = await trx
        .selectFrom(T)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('parent_id', '=', parentId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    nameTaken(trx: Exec, e: { tenantId: string; category: string; parentId: string | null; name: string; exceptId?: string }) {
      let q = trx
        .selectFrom(T)
        .select('id')
        .where('tenant_id', '=', e.tenantId)
        .where('category', '=', e.category)
        .where(sql`coalesce(parent_id, '')`, '=', e.parentId ?? '')
        .where('name', '=', e.name);
      if (e.exceptId) q = q.where('id', '<>', e.exceptId);
      return q.executeTakeFirst().then(Boolean);
    },
    insert(trx: Exec, row: Insertable<ServiceCatalogueTable>) {
      return trx.insertInto(T).values(row).execute();
    },
    update(trx: Exec, id: string, set: Updateable<ServiceCatalogueTable>) {
      return trx.updateTable(T).set(set).where('id', '=', id).execute();
    },
    remove(trx: Exec, id: string) {
      return trx.deleteFrom(T).where('id', '=', id).execute();
    },
    transaction<R>(fn: (trx: Db) => Promise<R>): Promise<R> {
      return db.transaction().execute(fn);
    },
    /** Users who belong to the tenant (directly or through one of its projects), by id: owners must. */
    async tenantUsers(tenantId: string, ids: readonly string[]) {
      if (!ids.length) return [] as { id: string; nickname: string }[];
      return db
        .selectFrom('users')
        .innerJoin('memberships', 'memberships.user_id', 'users.id')
        .select(['users.id', 'users.nickname'])
        .distinct()
        .where('memberships.tenant_id', '=', tenantId)
        .where('users.id', 'in', ids)
        .execute();
    },
    /** Everyone the owner picker offers: the tenant's users. */
    tenantMembers(tenantId: string) {
      return db
        .selectFrom('users')
        .innerJoin('memberships', 'memberships.user_id', 'users.id')
        .select(['users.id', 'users.nickname'])
        .distinct()
        .where('memberships.tenant_id', '=', tenantId)
        .orderBy('users.nickname')
        .limit(500)
        .execute();
    },
    tenantProjects(tenantId: string, ids?: readonly string[]) {
      // Projects by their Chinese name (the English one only where none is set), as the scope picker shows them.
      let q = db
        .selectFrom('projects')
        .select(['id', sql<string>`coalesce(nullif(name_zh, ''), name)`.as('name')])
        .where('tenant_id', '=', tenantId);
      if (ids) {
        if (!ids.length) return Promise.resolve([] as { id: string; name: string }[]);
        q = q.where('id', 'in', ids);
      }
      return q.orderBy('name_zh').limit(1000).execute();
    },
  };
}

export type CatalogueRepository = ReturnType<typeof catalogueRepository>;
