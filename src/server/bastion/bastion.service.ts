// Bastion-host permissions (issue 15, ADR 0030): which user may upload files to, or download files
// from, which host of the tenant through the bastion. A tenant's administrators set them per user
// for one or many hosts at once; an empty selection for a host deletes the row (the revocation).
// Grantees are the tenant's bastion-host users (the `bastion_user` role, held directly or through
// one of the tenant's user groups); hosts are the tenant's cloud hosts. Anything of another tenant
// is a 404, as a missing id is.
import { sql } from 'kysely';
import { BASTION_HOST_KINDS, revokes, setBastionPermissionsSchema } from '../../domain/bastion.ts';
import { AppError, notFound } from '../../domain/errors.ts';
import { newId } from '../../domain/ids.ts';
import type { Db } from '../db/database.ts';
import { runList } from '../lib/list.ts';
import type { Scope } from '../plugins/scope.ts';

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);
const ipOf = (spec: unknown) => {
  const ip = (spec as { private_ip?: unknown } | null)?.private_ip;
  return typeof ip === 'string' ? ip : null;
};
/** Users the sheet and the cards list (a tenant has tens of bastion users, not thousands). */
const MAX_USERS = 500;
const MAX_HOSTS = 1000;

interface GrantRow {
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
const grantView = (r: GrantRow) => ({
  id: r.id,
  user: { id: r.user_id, account: r.account, nickname: r.nickname ?? r.account },
  host: { id: r.host_id, name: r.host_name, ip: ipOf(r.host_spec), status: r.host_status, project_name: r.project_name },
  upload: r.can_upload,
  download: r.can_download,
  granted_by: r.granted_by_nickname,
  updated_at: iso(r.updated_at),
});
export type BastionGrant = ReturnType<typeof grantView>;

export function bastionService(db: Db) {
  const grants = (tenantId: string) =>
    db
      .selectFrom('bastion_permissions as bp')
      .innerJoin('resources as h', 'h.id', 'bp.host_id')
      .innerJoin('users as u', 'u.id', 'bp.user_id')
      .leftJoin('projects as p', 'p.id', 'h.project_id')
      .leftJoin('users as g', 'g.id', 'bp.granted_by')
      .where('bp.tenant_id', '=', tenantId);
  const grantColumns = [
    'bp.id',
    'bp.user_id',
    'bp.host_id',
    'bp.can_upload',
    'bp.can_download',
    'bp.updated_at',
    'h.name as host_name',
    'h.spec as host_spec',
    'h.status as host_status',
    sql<string | null>`coalesce(nullif(p.name_zh, ''), p.name)`.as('project_name'),
    'u.account',
    'u.nickname',
    'g.nickname as granted_by_nickname',
  ] as const;

  /** Ids of the tenant's bastion-host users: the role held in the tenant directly or through a tenant group. */
  const bastionUsers = (tenantId: string) =>
    db
      .selectFrom('memberships')
      .select('memberships.user_id')
      .where('memberships.tenant_id', '=', tenantId)
      .where('memberships.role', '=', 'bastion_user')
      .union(
        db
          .selectFrom('user_group_members as gm')
          .innerJoin('user_groups as ug', 'ug.id', 'gm.group_id')
          .innerJoin('user_group_roles as gr', 'gr.group_id', 'ug.id')
          .select('gm.user_id')
          .where('ug.tenant_id', '=', tenantId)
          .where('gr.role', '=', 'bastion_user'),
      );
  /** Whether the user belongs to the tenant at all (any membership there, direct or through a tenant group). */
  const inTenant = async (tenantId: string, userId: string) => {
    const direct = await db.selectFrom('memberships').select('id').where('user_id', '=', userId).where('tenant_id', '=', tenantId).limit(1).executeTakeFirst();
    if (direct) return true;
    const viaGroup = await db
      .selectFrom('user_group_members as gm')
      .innerJoin('user_groups as ug', 'ug.id', 'gm.group_id')
      .select('gm.user_id')
      .where('gm.user_id', '=', userId)
      .where('ug.tenant_id', '=', tenantId)
      .limit(1)
      .executeTakeFirst();
    return Boolean(viaGroup);
  };
  const userGrants = async (tenantId: string, userId: string) =>
    (await grants(tenantId).select(grantColumns).where('bp.user_id', '=', userId).orderBy('h.name').orderBy('bp.id').execute()).map((r) =>
      grantView(r as GrantRow),
    );

  return {
    /** Every grant of the tenant, filtered by user_id / host_id, paged like every list. */
    list(scope: Scope, query: unknown) {
      return runList(
        grants(scope.tenantId),
        (qb) => (qb as ReturnType<typeof grants>).select(grantColumns),
        query,
        {
          sortable: { updated_at: 'bp.updated_at', host_name: 'h.name' },
          filters: { user_id: 'bp.user_id', host_id: 'bp.host_id' },
          booleanFilters: { upload: 'bp.can_upload', download: 'bp.can_download' },
          defaultOrder: '-updated_at',
          idColumn: 'bp.id',
        },
        (r) => grantView(r as GrantRow),
      );
    },

    /** The tenant's bastion-host users, each with the hosts they may reach (the screen's cards and rows). */
    async users(scope: Scope) {
      const users = await db
        .selectFrom('users')
        .select(['users.id', 'users.account', 'users.nickname'])
        .where('users.id', 'in', bastionUsers(scope.tenantId))
        .orderBy('users.account')
        .limit(MAX_USERS)
        .execute();
      const rows = users.length
        ? await grants(scope.tenantId)
            .select(grantColumns)
            .where(
              'bp.user_id',
              'in',
              users.map((u) => u.id),
            )
            .orderBy('h.name')
            .orderBy('bp.id')
            .execute()
        : [];
      const byUser = new Map<string, BastionGrant[]>();
      for (const r of rows) {
        const g = grantView(r as GrantRow);
        byUser.set(g.user.id, [...(byUser.get(g.user.id) ?? []), g]);
      }
      return { data: users.map((u) => ({ id: u.id, account: u.account, nickname: u.nickname ?? u.account, grants: byUser.get(u.id) ?? [] })) };
    },

    /** The tenant's hosts a grant can name: name, IP and project (never the id alone). */
    async hosts(scope: Scope) {
      const rows = await db
        .selectFrom('resources as h')
        .leftJoin('projects as p', 'p.id', 'h.project_id')
        .select(['h.id', 'h.name', 'h.spec', 'h.status', sql<string | null>`coalesce(nullif(p.name_zh, ''), p.name)`.as('project_name')])
        .where('h.tenant_id', '=', scope.tenantId)
        .where('h.kind', 'in', [...BASTION_HOST_KINDS])
        .orderBy('h.name')
        .orderBy('h.id')
        .limit(MAX_HOSTS)
        .execute();
      return { data: rows.map((r) => ({ id: r.id, name: r.name, ip: ipOf(r.spec), status: r.status, project_name: r.project_name })) };
    },

    /**
     * Sets what the user may do on each host named: a selection with a right upserts the row, an
     * empty one deletes it (revokes). Hosts not named keep their rows. All or nothing.
     */
    async set(scope: Scope, userId: string, body: unknown) {
      const input = setBastionPermissionsSchema.parse(body ?? {});
      if (!(await inTenant(scope.tenantId, userId))) throw notFound();
      const holder = await db.selectFrom('users').select('id').where('id', '=', userId).where('id', 'in', bastionUsers(scope.tenantId)).executeTakeFirst();
      // A grant to someone who cannot open the bastion would do nothing; revoking stays possible
      // (a user who lost the role keeps no stale rights).
      if (!holder && input.hosts.some((h) => !revokes(h))) throw new AppError(400, 'bastion.not_bastion_user');
      const ids = input.hosts.map((h) => h.host_id);
      const found = await db
        .selectFrom('resources')
        .select('id')
        .where('tenant_id', '=', scope.tenantId)
        .where('kind', 'in', [...BASTION_HOST_KINDS])
        .where('id', 'in', ids)
        .execute();
      if (found.length !== new Set(ids).size) throw notFound();
      const now = new Date();
      let granted = 0;
      let revoked = 0;
      await db.transaction().execute(async (trx) => {
        for (const h of input.hosts) {
          if (revokes(h)) {
            const r = await trx.deleteFrom('bastion_permissions').where('user_id', '=', userId).where('host_id', '=', h.host_id).executeTakeFirst();
            revoked += Number(r.numDeletedRows);
            continue;
          }
          await trx
            .insertInto('bastion_permissions')
            .values({
              id: newId(),
              tenant_id: scope.tenantId,
              user_id: userId,
              host_id: h.host_id,
              can_upload: h.upload,
              can_download: h.download,
              granted_by: scope.user.id,
              created_at: now,
              updated_at: now,
            })
            .onConflict((oc) =>
              oc.columns(['user_id', 'host_id']).doUpdateSet({ can_upload: h.upload, can_download: h.download, granted_by: scope.user.id, updated_at: now }),
            )
            .execute();
          granted += 1;
        }
      });
      return { data: await userGrants(scope.tenantId, userId), granted, revoked };
    },

    /** The hosts the caller may reach through the bastion in this tenant, with what they may do there. */
    async mine(scope: Scope) {
      return { data: await userGrants(scope.tenantId, scope.user.id) };
    },
  };
}
export type BastionService = ReturnType<typeof bastionService>;
