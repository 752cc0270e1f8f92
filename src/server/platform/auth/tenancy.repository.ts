// Tenants, projects and what a user may see of them. Every answer here is already narrowed to
// the caller's memberships; callers never filter by hand.
import type { Db } from '../db/database.ts';
import type { AuthUser } from './auth-user.ts';
import type { Role } from '../../../domain/roles.ts';
import type { AccessCache } from './access-cache.ts';

export interface Access {
  /** all tenants (platform role) */
  allTenants: boolean;
  /** tenants the user administers as a whole (all projects) */
  wholeTenants: Set<string>;
  /** single projects, by tenant */
  projects: Map<string, Set<string>>;
}

/** The Access of each frozen AuthUser (one per cached session: auth-user.ts); the guard and the scope ask for it on every request. */
const ofFrozen = new WeakMap<AuthUser, Access>();

/** What `user` may see. Shared for a frozen user: read it, never change it. */
export function accessOf(user: AuthUser): Access {
  if (!Object.isFrozen(user)) return accessOfUser(user);
  let access = ofFrozen.get(user);
  if (!access) ofFrozen.set(user, (access = accessOfUser(user)));
  return access;
}

function accessOfUser(user: AuthUser): Access {
  const access: Access = { allTenants: user.platformRoles.length > 0, wholeTenants: new Set(), projects: new Map() };
  for (const m of user.memberships) {
    if (!m.tenant_id) continue;
    if (!m.project_id) access.wholeTenants.add(m.tenant_id);
    else {
      const set = access.projects.get(m.tenant_id) ?? new Set<string>();
      set.add(m.project_id);
      access.projects.set(m.tenant_id, set);
    }
  }
  return access;
}

export function canSeeTenant(access: Access, tenantId: string) {
  return access.allTenants || access.wholeTenants.has(tenantId) || access.projects.has(tenantId);
}
export function canSeeProject(access: Access, tenantId: string, projectId: string) {
  return access.allTenants || access.wholeTenants.has(tenantId) || (access.projects.get(tenantId)?.has(projectId) ?? false);
}

/** The roles a user holds inside (tenant, project): platform + tenant-wide + that project's. */
export function rolesIn(user: AuthUser, tenantId: string, projectId: string | null): Role[] {
  const roles = new Set<Role>(user.platformRoles);
  for (const m of user.memberships) {
    if (m.tenant_id !== tenantId) continue;
    if (!m.project_id || m.project_id === projectId) roles.add(m.role);
  }
  return [...roles];
}

export function tenancyRepository(db: Db, cache?: AccessCache) {
  const tenantRow = (id: string) => db.selectFrom('tenants').selectAll().where('id', '=', id).executeTakeFirst();
  const projectRow = (id: string) => db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst();
  return {
    /** A tenant by id (from the access cache when it is live; the row is shared: do not change it). */
    tenantById(id: string) {
      return cache ? cache.get('tenant', id, () => tenantRow(id).then((r) => r && Object.freeze(r))) : tenantRow(id);
    },
    /** A project by id (from the access cache when it is live; the row is shared: do not change it). */
    projectById(id: string) {
      return cache ? cache.get('project', id, () => projectRow(id).then((r) => r && Object.freeze(r))) : projectRow(id);
    },
    /** Base query of tenants the access allows (for the list helper). */
    tenantsQuery(access: Access) {
      let qb = db.selectFrom('tenants');
      if (!access.allTenants) {
        const ids = [...access.wholeTenants, ...access.projects.keys()];
        qb = qb.where('tenants.id', 'in', ids.length ? ids : ['']);
      }
      return qb;
    },
    /** Base query of projects the access allows. */
    projectsQuery(access: Access) {
      let qb = db.selectFrom('projects').innerJoin('tenants', 'tenants.id', 'projects.tenant_id');
      if (!access.allTenants) {
        const whole = [...access.wholeTenants];
        const single = [...access.projects.values()].flatMap((s) => [...s]);
        qb = qb.where((eb) => eb.or([eb('projects.tenant_id', 'in', whole.length ? whole : ['']), eb('projects.id', 'in', single.length ? single : [''])]));
      }
      return qb;
    },
  };
}
export type TenancyRepository = ReturnType<typeof tenancyRepository>;
