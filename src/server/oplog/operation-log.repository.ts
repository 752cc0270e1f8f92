// The operation log's rows: the lines the pipeline writes, the things they name, and the scoped reads.
import type { Insertable } from 'kysely';
import type { Db } from '../platform/db/database.ts';
import type { Database } from '../platform/db/tables.ts';

/** Where a reader may look (null: everywhere). */
export interface LineScope {
  tenantId: string | null;
  projectId: string | null;
}

export const LINE_COLUMNS = [
  'operation_logs.id',
  'operation_logs.user_id',
  'operation_logs.account',
  'operation_logs.nickname',
  'operation_logs.tenant_id',
  'operation_logs.project_id',
  'operation_logs.action',
  'operation_logs.resource_type',
  'operation_logs.resource_id',
  'operation_logs.resource_name',
  'operation_logs.ip',
  'operation_logs.success',
  'operation_logs.error_title',
  'operation_logs.created_at',
] as const;

export async function resourceSubject(db: Db, id: string) {
  return db.selectFrom('resources').select(['kind', 'name', 'tenant_id', 'project_id']).where('id', '=', id).executeTakeFirst();
}
export async function approvalSubject(db: Db, id: string) {
  return db.selectFrom('approval_requests').select(['title', 'type', 'payload', 'tenant_id', 'project_id']).where('id', '=', id).executeTakeFirst();
}
export async function channelSubject(db: Db, id: string) {
  return db.selectFrom('notify_channels').select(['name', 'tenant_id', 'project_id']).where('id', '=', id).executeTakeFirst();
}
export async function tenantOfProject(db: Db, projectId: string): Promise<string | undefined> {
  const p = await db.selectFrom('projects').select('tenant_id').where('id', '=', projectId).executeTakeFirst();
  return p?.tenant_id;
}

export async function insertLine(db: Db, line: Insertable<Database['operation_logs']>): Promise<void> {
  await db.insertInto('operation_logs').values(line).execute();
}
export async function insertLines(db: Db, lines: Insertable<Database['operation_logs']>[]): Promise<void> {
  await db.insertInto('operation_logs').values(lines).execute();
}

const likeOf = (text: string) => `%${text.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The lines a scope sees, within a time range and matching a user's account or nickname. */
export function linesQuery(db: Db, view: LineScope, q: { from?: string; to?: string; user?: string }) {
  let qb = db.selectFrom('operation_logs');
  if (view.tenantId) qb = qb.where('operation_logs.tenant_id', '=', view.tenantId);
  if (view.projectId) qb = qb.where('operation_logs.project_id', '=', view.projectId);
  if (q.from) qb = qb.where('operation_logs.created_at', '>=', new Date(q.from));
  if (q.to) qb = qb.where('operation_logs.created_at', '<=', new Date(q.to));
  if (q.user?.trim()) {
    const like = likeOf(q.user);
    qb = qb.where((eb) => eb.or([eb('operation_logs.account', 'ilike', like), eb('operation_logs.nickname', 'ilike', like)]));
  }
  return qb;
}

/** The export's lines: also by action and resource (name or id), newest first, up to `limit`. */
export async function exportLines(
  db: Db,
  view: LineScope,
  q: { from?: string; to?: string; user?: string },
  filters: { action?: string; resource?: string },
  limit: number,
) {
  let qb = linesQuery(db, view, q);
  if (filters.action) qb = qb.where('operation_logs.action', '=', filters.action);
  if (filters.resource?.trim()) {
    const like = likeOf(filters.resource);
    qb = qb.where((eb) => eb.or([eb('operation_logs.resource_name', 'ilike', like), eb('operation_logs.resource_id', 'ilike', like)]));
  }
  return qb
    .select([...LINE_COLUMNS])
    .orderBy('operation_logs.created_at', 'desc')
    .orderBy('operation_logs.id', 'desc')
    .limit(limit)
    .execute();
}

/** The action codes logged where a scope sees. */
export async function loggedActions(db: Db, view: LineScope): Promise<string[]> {
  let qb = db.selectFrom('operation_logs').select('action').distinct();
  if (view.tenantId) qb = qb.where('tenant_id', '=', view.tenantId);
  if (view.projectId) qb = qb.where('project_id', '=', view.projectId);
  return (await qb.execute()).map((r) => r.action);
}
