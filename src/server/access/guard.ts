// The access guard (issue 15, ADR 0021): one hook, after authentication, checks what every API
// route declares (its `config.permission`, else route-permissions.ts) before the handler runs:
// `public` passes, `self` needs a session (401), a permission needs a session and the permission
// in the request's scope (403 `no_permission`, marked `x-denied-by: guard`). The scope is the
// X-Tenant-Id / X-Project-Id the caller may see; without one (or with one the caller may not see:
// the route answers 404 later) it is everything the caller holds anywhere. Permissions come from
// the roles held there (directly or through user groups) and the policies granted to the caller.
// Routes may still check row-level things themselves (requirePermission).
// Then the step-up (ADR 0029): a route that declares `config.stepUp` (destructive actions) also
// needs a live step-up proof of the caller in `X-Step-Up-Token`, else 403 `keys.step_up_required`
// marked `x-step-up-required: 1` (not `x-denied-by`: the caller holds the permission) — before the
// idempotency store, the operation log and the handler, so a refused call changes and spends nothing.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, notFound, unauthorized } from '../../domain/errors.ts';
import { isId } from '../../domain/ids.ts';
import { STEP_UP_HEADER, STEP_UP_REQUIRED_KEY, stepUpApplies, type StepUpRule } from '../../domain/step-up.ts';
import { hasPermission, parsePermission, type Permission, type Role } from '../../domain/roles.ts';
import type { AuthUser } from '../platform/auth/auth-user.ts';
import { grantApplies, permissionsWith } from '../platform/auth/permissions.ts';

export { grantApplies, permissionsWith };
import { accessOf, canSeeProject, canSeeTenant, rolesIn } from '../platform/auth/tenancy.repository.ts';
import { ROUTE_PERMISSIONS, type RoutePermission } from './route-permissions.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** a fresh step-up proof before the handler (ADR 0029): `true`, or only for these body `action`s */
    stepUp?: StepUpRule;
  }
}

/** Who checks step-up proofs (keys/passkey.service.ts `hasProof`), and whether destructive routes ask for one. */
export interface StepUpCheck {
  enabled: boolean;
  hasProof(userId: string, token: string | undefined): Promise<boolean>;
}

/** What the route registered as `method url` declares (its own config first), or undefined. */
export function declaredPermission(method: string, url: string, config: { permission?: RoutePermission } | undefined): RoutePermission | undefined {
  return config?.permission ?? ROUTE_PERMISSIONS[`${method} ${url}`];
}

/** The roles the user holds in a tenant: platform roles, the tenant's own and those of any of its projects. */
function rolesAnywhereIn(user: AuthUser, tenantId: string): Role[] {
  return [...new Set(user.memberships.filter((m) => m.tenant_id === null || m.tenant_id === tenantId).map((m) => m.role))];
}

/** Every role the user holds anywhere (platform, tenant and project roles; group roles included). */
export function allRolesOf(user: AuthUser): Role[] {
  return [...new Set(user.memberships.map((m) => m.role))];
}

/** The user's permissions in (tenant, project): that scope's roles and applicable policies; without a tenant, everything they hold. */
export function permissionsIn(user: AuthUser, tenantId: string | null, projectId: string | null): ReadonlySet<Permission> {
  // A cached (frozen) user's answer per scope is kept with it: the access cache makes a new user
  // object whenever a role, membership or policy changes (ADR 0015), so nothing here goes stale.
  const memo = Object.isFrozen(user) ? (permissionMemo.get(user) ?? new Map<string, ReadonlySet<Permission>>()) : null;
  const key = `${tenantId ?? ''}|${projectId ?? ''}`;
  const known = memo?.get(key);
  if (known) return known;
  // A tenant without a project: what the caller holds anywhere in it (a project member asking tenant-wide
  // gets the route's own answer — 400 name a project, or its projects' rows — not the guard's 403).
  const roles = !tenantId ? allRolesOf(user) : projectId ? rolesIn(user, tenantId, projectId) : rolesAnywhereIn(user, tenantId);
  const perms = permissionsWith(user, roles, tenantId, projectId);
  if (memo) {
    if (memo.size >= 64) memo.clear();
    memo.set(key, perms);
    permissionMemo.set(user, memo);
  }
  return perms;
}
const permissionMemo = new WeakMap<AuthUser, Map<string, ReadonlySet<Permission>>>();

function header(req: FastifyRequest, name: string): string | null {
  const v = req.headers[name];
  return typeof v === 'string' && v.trim() ? v.trim() : null;
}

/** The request's scope as far as the caller may see it (else null: the route answers 404 itself). */
export function guardScope(req: FastifyRequest, user: AuthUser): { tenantId: string | null; projectId: string | null } {
  const tenantId = header(req, 'x-tenant-id');
  const projectId = header(req, 'x-project-id');
  const access = accessOf(user);
  if (!tenantId || !isId(tenantId) || !canSeeTenant(access, tenantId)) return { tenantId: null, projectId: null };
  // A project the caller may not see is the route's 404 to give (like a foreign tenant), not the guard's 403.
  if (projectId && !(isId(projectId) && canSeeProject(access, tenantId, projectId))) return { tenantId: null, projectId: null };
  return { tenantId, projectId };
}

/** Whether the request names a tenant or project the caller may not see: that is a 404, as a foreign id is (resolveScope). */
export function hiddenScope(req: FastifyRequest, user: AuthUser): boolean {
  const tenantId = header(req, 'x-tenant-id');
  const projectId = header(req, 'x-project-id');
  const access = accessOf(user);
  if (tenantId && !(isId(tenantId) && canSeeTenant(access, tenantId))) return true;
  return Boolean(tenantId && projectId && !(isId(projectId) && canSeeProject(access, tenantId, projectId)));
}

/** The caller's permissions in the request's scope (routes that check policies call this). */
export function requestPermissions(req: FastifyRequest, user: AuthUser): ReadonlySet<Permission> {
  const { tenantId, projectId } = guardScope(req, user);
  return permissionsIn(user, tenantId, projectId);
}

/** Whether `perms` satisfy a declared permission (`read:user`, `read:user:any`, or any of a list). */
export function satisfies(perms: ReadonlySet<string>, declared: Exclude<RoutePermission, 'public' | 'self'>): boolean {
  const list = typeof declared === 'string' ? [declared] : declared;
  return list.some((p) => {
    const parsed = parsePermission(p);
    return parsed !== null && hasPermission(perms, parsed.action, parsed.entity, parsed.access);
  });
}

const DECLARED = new WeakMap<FastifyInstance, Map<string, RoutePermission | undefined>>();
const STEP_UP = new WeakMap<FastifyInstance, Map<string, StepUpRule>>();

/** `METHOD url` → the step-up each route of the app declares (tests and the ADR's list read it). */
export function stepUpRoutes(app: FastifyInstance): ReadonlyMap<string, StepUpRule> {
  return STEP_UP.get(app) ?? new Map();
}

/** `METHOD url` → what each route of the app declares (undefined: nothing; tests read it). */
export function declaredRoutes(app: FastifyInstance): ReadonlyMap<string, RoutePermission | undefined> {
  return DECLARED.get(app) ?? new Map();
}

export function registerAccessGuard(app: FastifyInstance, stepUp?: StepUpCheck) {
  const declared = new Map<string, RoutePermission | undefined>();
  const stepUps = new Map<string, StepUpRule>();
  DECLARED.set(app, declared);
  STEP_UP.set(app, stepUps);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD' && route.url.startsWith('/api')) {
        declared.set(`${method} ${route.url}`, declaredPermission(method, route.url, route.config));
        if (route.config?.stepUp) stepUps.set(`${method} ${route.url}`, route.config.stepUp);
      }
  });
  // preValidation: after authentication (onRequest) and body parsing, before the idempotency
  // store and the operation log (preHandler) and the handler.
  app.addHook('preValidation', async (req, reply) => {
    if (!req.url.startsWith('/api/')) return;
    const url = req.routeOptions.url;
    if (!url?.startsWith('/api')) return; // not-found handler, or the app's page fallback (it answers /api paths with a JSON 404)
    const declared = declaredPermission(req.method === 'HEAD' ? 'GET' : req.method, url, req.routeOptions.config);
    // A route that declares nothing is refused (tests/api/access-guard.test.ts fails first).
    if (declared === 'public') return;
    if (!req.user) throw unauthorized();
    if (declared !== 'self') {
      if (hiddenScope(req, req.user)) throw notFound();
      if (declared === undefined || !satisfies(requestPermissions(req, req.user), declared)) {
        reply.header('x-denied-by', 'guard');
        throw new AppError(403, 'no_permission');
      }
    }
    if (stepUp?.enabled && stepUpApplies(req.routeOptions.config.stepUp, req.body)) {
      const token = req.headers[STEP_UP_HEADER];
      // The error handler marks this refusal with STEP_UP_REQUIRED_HEADER (as it does the approvals').
      if (!(await stepUp.hasProof(req.user.id, typeof token === 'string' ? token : undefined))) throw new AppError(403, STEP_UP_REQUIRED_KEY);
    }
  });
}
