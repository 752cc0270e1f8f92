// SQL of the bastion-host permissions (issue 15, ADR 0030). Every function takes the executor first
// (the app's Kysely or an open transaction) and a tenant id: nothing here reads across tenants.
import { sql, type Kysely } from 'kysely';
import { BASTION_HOST_KINDS } from '../../domain/bastion.ts';
import type { Database } from '../platform/db/tables.ts';
import { newId } from '../../domain/ids.ts';
import { runList } from '../platform/lib/list.ts';

export type Exec = Kysely<Database>;

export interface GrantRow {
  id: string;
  user_id: string;
  host_id: string;
  can_upload: boolean;
  can_download: boolean;
  updated_at: Date | string;
  host_name: string;
  host_spec: unknown;
  host_status: string;
  project_name: string | null;
  account: string;
  nickname: string | null;
  granted_by_nickname: string | null;
}

export interface GrantValues {
  tenantId: string;
  userId: string;
  hostId: string;
  upload: boolean;
  download: boolean;
  grantedBy: string;
  now: Date;
}

const projectName = sql<string | null>`coalesce(nullif(p.name_zh, ''), p.name)`.as('project_name');

const grants = (ex: Exec, tenantId: string) =>
  ex
    .selectFrom('bastion_permissions as bp')
    .innerJoin('resources as h', 'h.id', 'bp.host_id')
    .innerJoin('users as u', 'u.id', 'bp.user_id')
    .leftJoin('projects as p', 'p.id', 'h.project_id')
    .leftJoin('users as g', 'g.id', 'bp.granted_by')
    .where('bp.tenant_id', '=', tenantId);

const GRANT_COLUMNS = [
  'bp.id',
  'bp.user_id',
  'bp.host_id',
  'bp.can_upload',
  'bp.can_download',
  'bp.updated_at',
  'h.name as host_name',
  'h.spec as host_spec',
  'h.status as host_status',
  projectName,
  'u.account',
  'u.nickname',
  'g.nickname as granted_by_nickname',
] as const;

/** Ids of the tenant's bastion-host users: the role held in the tenant directly or through a tenant group. */
const bastionUserIds = (ex: Exec, tenantId: string) =>
  ex
    .selectFrom('memberships')
    .select('memberships.user_id')
    .where('memberships.tenant_id', '=', tenantId)
    .where('memberships.role', '=', 'bastion_user')
    .union(
      ex
        .selectFrom('user_group_members as gm')
        .innerJoin('user_groups as ug', 'ug.id', 'gm.group_id')
        .innerJoin('user_group_roles as gr', 'gr.group_id', 'ug.id')
        .select('gm.user_id')
        .where('ug.tenant_id', '=', tenantId)
        .where('gr.role', '=', 'bastion_user'),
    );

/** One page of the tenant's grants, filtered by user_id / host_id and the rights (lib/list.ts). */
export async function listGrants<T>(ex: Exec, tenantId: string, query: unknown, map: (r: GrantRow) => T) {
  return runList(
    grants(ex, tenantId),
    (qb) => (qb as ReturnType<typeof grants>).select(GRANT_COLUMNS),
    query,
    {
      sortable: { updated_at: 'bp.updated_at', host_name: 'h.name' },
      filters: { user_id: 'bp.user_id', host_id: 'bp.host_id' },
      booleanFilters: { upload: 'bp.can_upload', download: 'bp.can_download' },
      defaultOrder: '-updated_at',
      idColumn: 'bp.id',
    },
    (r) => map(r as GrantRow),
  );
}

/** The grants of the named users in the tenant, by host name. */
export async function grantsOfUsers(ex: Exec, tenantId: string, userIds: string[]): Promise<GrantRow[]> {
  if (!userIds.length) return [];
  return (await grants(ex, tenantId).select(GRANT_COLUMNS).where('bp.user_id', 'in', userIds).orderBy('h.name').orderBy('bp.id').execute()) as GrantRow[];
}

/** The tenant's bastion-host users by account, at most `limit`. */
export async function bastionUsers(ex: Exec, tenantId: string, limit: number) {
  return ex
    .selectFrom('users')
    .select(['users.id', 'users.account', 'users.nickname'])
    .where('users.id', 'in', bastionUserIds(ex, tenantId))
    .orderBy('users.account')
    .limit(limit)
    .execute();
}

export async function isBastionUser(ex: Exec, tenantId: string, userId: string): Promise<boolean> {
  const row = await ex.selectFrom('users').select('id').where('id', '=', userId).where('id', 'in', bastionUserIds(ex, tenantId)).executeTakeFirst();
  return Boolean(row);
}

/** Whether the user belongs to the tenant at all (any membership there, direct or through a tenant group). */
export async function inTenant(ex: Exec, tenantId: string, userId: string): Promise<boolean> {
  const direct = await ex.selectFrom('memberships').select('id').where('user_id', '=', userId).where('tenant_id', '=', tenantId).limit(1).executeTakeFirst();
  if (direct) return true;
  const viaGroup = await ex
    .selectFrom('user_group_members as gm')
    .innerJoin('user_groups as ug', 'ug.id', 'gm.group_id')
    .select('gm.user_id')
    .where('gm.user_id', '=', userId)
    .where('ug.tenant_id', '=', tenantId)
    .limit(1)
    .executeTakeFirst();
  return Boolean(viaGroup);
}

/** The tenant's hosts a grant can name, by name, at most `limit`. */
export async function tenantHosts(ex: Exec, tenantId: string, limit: number) {
  return ex
    .selectFrom('resources as h')
    .leftJoin('projects as p', 'p.id', 'h.project_id')
    .select(['h.id', 'h.name', 'h.spec', 'h.status', projectName])
    .where('h.tenant_id', '=', tenantId)
    .where('h.kind', 'in', [...BASTION_HOST_KINDS])
    .orderBy('h.name')
    .orderBy('h.id')
    .limit(limit)
    .execute();
}

/** Which of the ids are the tenant's hosts. */
export async function tenantHostIds(ex: Exec, tenantId: string, ids: string[]) {
  return ex
    .selectFrom('resources')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('kind', 'in', [...BASTION_HOST_KINDS])
    .where('id', 'in', ids)
    .execute();
}

/** Deletes the user's row for the host; answers how many rows went (0 or 1). */
export async function deleteGrant(ex: Exec, userId: string, hostId: string): Promise<number> {
  const r = await ex.deleteFrom('bastion_permissions').where('user_id', '=', userId).where('host_id', '=', hostId).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Inserts the user's row for the host, or updates the rights of the one there. */
export async function upsertGrant(ex: Exec, g: GrantValues) {
  await ex
    .insertInto('bastion_permissions')
    .values({
      id: newId(),
      tenant_id: g.tenantId,
      user_id: g.userId,
      host_id: g.hostId,
      can_upload: g.upload,
      can_download: g.download,
      granted_by: g.grantedBy,
      created_at: g.now,
      updated_at: g.now,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'host_id']).doUpdateSet({ can_upload: g.upload, can_download: g.download, granted_by: g.grantedBy, updated_at: g.now }),
    )
    .execute();
}
