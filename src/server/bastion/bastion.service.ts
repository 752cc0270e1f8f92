// Bastion-host permissions (issue 15, ADR 0030): which user may upload files to, or download files
// from, which host of the tenant through the bastion. A tenant's administrators set them per user
// for one or many hosts at once; an empty selection for a host deletes the row (the revocation).
// Grantees are the tenant's bastion-host users (the `bastion_user` role, held directly or through
// one of the tenant's user groups); hosts are the tenant's cloud hosts. Anything of another tenant
// is a 404, as a missing id is. The SQL is in bastion.repository.ts.
import { revokes, setBastionPermissionsSchema } from '../../domain/bastion.ts';
import { AppError, notFound } from '../../domain/errors.ts';
import type { Db } from '../platform/db/database.ts';
import type { Scope } from '../platform/auth/scope.ts';
import {
  type GrantRow,
  bastionUsers,
  deleteGrant,
  grantsOfUsers,
  inTenant,
  isBastionUser,
  listGrants,
  tenantHostIds,
  tenantHosts,
  upsertGrant,
} from './bastion.repository.ts';

export interface BastionDeps {
  db: Db;
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);
const ipOf = (spec: unknown) => {
  const ip = (spec as { private_ip?: unknown } | null)?.private_ip;
  return typeof ip === 'string' ? ip : null;
};
/** Users the sheet and the cards list (a tenant has tens of bastion users, not thousands). */
const MAX_USERS = 500;
const MAX_HOSTS = 1000;

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

const userGrants = async (deps: BastionDeps, tenantId: string, userId: string) => (await grantsOfUsers(deps.db, tenantId, [userId])).map(grantView);

/** Every grant of the tenant, filtered by user_id / host_id, paged like every list. */
export function list(deps: BastionDeps, scope: Scope, query: unknown) {
  return listGrants(deps.db, scope.tenantId, query, grantView);
}

/** The tenant's bastion-host users, each with the hosts they may reach (the screen's cards and rows). */
export async function users(deps: BastionDeps, scope: Scope) {
  const found = await bastionUsers(deps.db, scope.tenantId, MAX_USERS);
  const rows = await grantsOfUsers(
    deps.db,
    scope.tenantId,
    found.map((u) => u.id),
  );
  const byUser = new Map<string, BastionGrant[]>();
  for (const r of rows) {
    const g = grantView(r);
    byUser.set(g.user.id, [...(byUser.get(g.user.id) ?? []), g]);
  }
  return { data: found.map((u) => ({ id: u.id, account: u.account, nickname: u.nickname ?? u.account, grants: byUser.get(u.id) ?? [] })) };
}

/** The tenant's hosts a grant can name: name, IP and project (never the id alone). */
export async function hosts(deps: BastionDeps, scope: Scope) {
  const rows = await tenantHosts(deps.db, scope.tenantId, MAX_HOSTS);
  return { data: rows.map((r) => ({ id: r.id, name: r.name, ip: ipOf(r.spec), status: r.status, project_name: r.project_name })) };
}

/**
 * Sets what the user may do on each host named: a selection with a right upserts the row, an
 * empty one deletes it (revokes). Hosts not named keep their rows. All or nothing.
 */
export async function set(deps: BastionDeps, scope: Scope, userId: string, body: unknown) {
  const input = setBastionPermissionsSchema.parse(body ?? {});
  if (!(await inTenant(deps.db, scope.tenantId, userId))) throw notFound();
  const holder = await isBastionUser(deps.db, scope.tenantId, userId);
  // A grant to someone who cannot open the bastion would do nothing; revoking stays possible
  // (a user who lost the role keeps no stale rights).
  if (!holder && input.hosts.some((h) => !revokes(h))) throw new AppError(400, 'bastion.not_bastion_user');
  const ids = input.hosts.map((h) => h.host_id);
  const found = await tenantHostIds(deps.db, scope.tenantId, ids);
  if (found.length !== new Set(ids).size) throw notFound();
  const now = new Date();
  let granted = 0;
  let revoked = 0;
  await deps.db.transaction().execute(async (trx) => {
    for (const h of input.hosts) {
      if (revokes(h)) {
        revoked += await deleteGrant(trx, userId, h.host_id);
        continue;
      }
      await upsertGrant(trx, { tenantId: scope.tenantId, userId, hostId: h.host_id, upload: h.upload, download: h.download, grantedBy: scope.user.id, now });
      granted += 1;
    }
  });
  return { data: await userGrants(deps, scope.tenantId, userId), granted, revoked };
}

/** The hosts the caller may reach through the bastion in this tenant, with what they may do there. */
export async function mine(deps: BastionDeps, scope: Scope) {
  return { data: await userGrants(deps, scope.tenantId, scope.user.id) };
}

/** Binds a function of the slice to its dependencies. */
const bound =
  <A extends unknown[], R>(deps: BastionDeps, fn: (d: BastionDeps, ...args: A) => R) =>
  (...args: A) =>
    fn(deps, ...args);

export function bastionService(db: Db) {
  const deps: BastionDeps = { db };
  return {
    list: bound(deps, list),
    users: bound(deps, users),
    hosts: bound(deps, hosts),
    set: bound(deps, set),
    mine: bound(deps, mine),
  };
}
export type BastionService = ReturnType<typeof bastionService>;
