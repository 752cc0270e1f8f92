// The access API (issue 15, ADR 0021): users, user groups, policies, policy templates and grants
// (empower), plus the role catalogue and the caller's own permissions. Each route declares what
// the access guard checks (`config.permission`) and its operation-log name (`config.oplog`).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../../domain/errors.ts';
import { PLATFORM_ROLES, ROLES, ROLE_PERMISSIONS, roleLevel, ALL_PERMISSIONS } from '../../domain/roles.ts';
import { POLICY_TEMPLATES } from '../../domain/access/access.ts';
import { requireUser } from '../platform/auth/auth-user.ts';
import type { Db } from '../platform/db/database.ts';
import { accessService, type AccessCaller } from './access.service.ts';
import { guardScope, requestPermissions } from './guard.ts';
import { accessOf, canSeeProject, canSeeTenant, type TenancyRepository } from '../platform/auth/tenancy.repository.ts';
import { isId } from '../../domain/ids.ts';

const idOf = (req: FastifyRequest) => (req.params as { id: string }).id;

/** A tenant or project named in the headers that the caller may not see answers 404 (like resolveScope). */
async function checkHeaders(req: FastifyRequest) {
  const user = requireUser(req);
  const header = (name: string) => {
    const v = req.headers[name];
    return typeof v === 'string' && v.trim() ? v.trim() : null;
  };
  const tenantId = header('x-tenant-id');
  const projectId = header('x-project-id');
  const access = accessOf(user);
  if (tenantId && (!isId(tenantId) || !canSeeTenant(access, tenantId))) throw notFound();
  if (projectId && (!tenantId || !isId(projectId) || !canSeeProject(access, tenantId, projectId))) throw notFound();
  // the project must be one of that tenant's (a whole-tenant role sees every project id of its tenant only)
  if (projectId && (await tenancyOf(req).projectById(projectId))?.tenant_id !== tenantId) throw notFound();
  return user;
}

const TENANCY = new WeakMap<object, TenancyRepository>();
let lastTenancy: TenancyRepository | null = null;
const tenancyOf = (req: FastifyRequest) => (TENANCY.get(req.server) ?? lastTenancy)!;

export async function callerOf(req: FastifyRequest): Promise<AccessCaller> {
  const user = await checkHeaders(req);
  return { userId: user.id, perms: requestPermissions(req, user), tenantId: guardScope(req, user).tenantId };
}

/** What these routes use; the composition root (app.ts) hands it in. */
export interface AccessRoutesDeps {
  db: Db;
  tenancy: TenancyRepository;
}

export async function accessRoutes(app: FastifyInstance, ctx: AccessRoutesDeps) {
  const svc = accessService(ctx.db);
  TENANCY.set(app, ctx.tenancy);
  lastTenancy = ctx.tenancy;
  const q = (req: FastifyRequest) => req.query as Record<string, unknown>;

  // The role catalogue (labels live in the web's access texts) and the caller's permissions here.
  app.get('/api/v1/access/roles', { config: { permission: 'self' } }, async (req) => {
    await checkHeaders(req);
    return {
      count: ROLES.length,
      data: ROLES.map((role) => ({ role, level: roleLevel(role), platform: PLATFORM_ROLES.includes(role), permissions: ROLE_PERMISSIONS[role] })),
      permissions: ALL_PERMISSIONS,
    };
  });
  app.get('/api/v1/access/me', { config: { permission: 'self' } }, async (req) => {
    // exactly what the guard checks this request's routes against (the web's useCan reads it)
    const user = await checkHeaders(req);
    return { permissions: [...requestPermissions(req, user)].sort() };
  });

  // users
  app.get('/api/v1/cloud/users', { config: { permission: 'read:user' } }, async (req) => svc.listUsers(await callerOf(req), q(req)));
  app.get('/api/v1/cloud/users/:id', { config: { permission: 'read:user' } }, async (req) => svc.detail(await callerOf(req), idOf(req)));
  app.post('/api/v1/cloud/users', { config: { permission: 'manage:user', oplog: 'user_create' } }, async (req, reply) =>
    reply.status(201).send(await svc.createUser(await callerOf(req), req.body)),
  );
  app.patch('/api/v1/cloud/users/:id', { config: { permission: 'manage:user', oplog: 'user_update' } }, async (req) =>
    svc.updateUser(await callerOf(req), idOf(req), req.body),
  );
  app.post('/api/v1/cloud/users/:id/lock', { config: { permission: ['manage:user', 'lock:user'], oplog: 'user_lock' } }, async (req) =>
    svc.setLocked(await callerOf(req), idOf(req), true),
  );
  app.post('/api/v1/cloud/users/:id/unlock', { config: { permission: ['manage:user', 'lock:user'], oplog: 'user_unlock' } }, async (req) =>
    svc.setLocked(await callerOf(req), idOf(req), false),
  );
  app.post('/api/v1/cloud/users/:id/reset-password', { config: { permission: 'manage:user', oplog: 'user_reset_password' } }, async (req) =>
    svc.resetPassword(await callerOf(req), idOf(req)),
  );
  app.put('/api/v1/cloud/users/:id/memberships', { config: { permission: 'manage:user', oplog: 'user_memberships' } }, async (req) =>
    svc.replaceMemberships(await callerOf(req), idOf(req), req.body),
  );

  // user groups
  app.get('/api/v1/cloud/user-groups', { config: { permission: 'read:user_group' } }, async (req) => svc.listGroups(await callerOf(req), q(req)));
  app.get('/api/v1/cloud/user-groups/:id', { config: { permission: 'read:user_group' } }, async (req) => svc.group(await callerOf(req), idOf(req)));
  app.post('/api/v1/cloud/user-groups', { config: { permission: 'manage:user_group', oplog: 'group_create' } }, async (req, reply) =>
    reply.status(201).send(await svc.createGroup(await callerOf(req), req.body)),
  );
  app.patch('/api/v1/cloud/user-groups/:id', { config: { permission: 'manage:user_group', oplog: 'group_update' } }, async (req) =>
    svc.updateGroup(await callerOf(req), idOf(req), req.body),
  );
  app.delete('/api/v1/cloud/user-groups/:id', { config: { permission: 'manage:user_group', oplog: 'group_delete', stepUp: true } }, async (req) =>
    svc.deleteGroup(await callerOf(req), idOf(req)),
  );
  app.put('/api/v1/cloud/user-groups/:id/members', { config: { permission: 'manage:user_group', oplog: 'group_members' } }, async (req) =>
    svc.setGroupMembers(await callerOf(req), idOf(req), req.body),
  );
  app.put('/api/v1/cloud/user-groups/:id/roles', { config: { permission: 'manage:user_group', oplog: 'group_roles' } }, async (req) =>
    svc.setGroupRoles(await callerOf(req), idOf(req), req.body),
  );

  // policies, templates, grants
  app.get('/api/v1/cloud/policies', { config: { permission: 'read:policy' } }, async (req) => svc.listPolicies(await callerOf(req), q(req)));
  app.get('/api/v1/cloud/policies/:id', { config: { permission: 'read:policy' } }, async (req) => svc.policy(await callerOf(req), idOf(req)));
  app.post('/api/v1/cloud/policies', { config: { permission: 'manage:policy', oplog: 'policy_create' } }, async (req, reply) =>
    reply.status(201).send(await svc.createPolicy(await callerOf(req), req.body)),
  );
  app.patch('/api/v1/cloud/policies/:id', { config: { permission: 'manage:policy', oplog: 'policy_update' } }, async (req) =>
    svc.updatePolicy(await callerOf(req), idOf(req), req.body),
  );
  app.delete('/api/v1/cloud/policies/:id', { config: { permission: 'manage:policy', oplog: 'policy_delete', stepUp: true } }, async (req) =>
    svc.deletePolicy(await callerOf(req), idOf(req)),
  );
  app.get('/api/v1/cloud/action-templates', { config: { permission: 'read:policy' } }, async (req) => {
    await checkHeaders(req);
    return { count: POLICY_TEMPLATES.length, data: POLICY_TEMPLATES };
  });
  app.get('/api/v1/cloud/action-templates/:id', { config: { permission: 'read:policy' } }, async (req) => {
    await checkHeaders(req);
    const tpl = POLICY_TEMPLATES.find((t) => t.code === idOf(req));
    if (!tpl) throw notFound();
    return tpl;
  });
  app.get('/api/v1/cloud/authorizations', { config: { permission: 'read:policy' } }, async (req) => svc.listGrants(await callerOf(req)));
  app.post('/api/v1/cloud/authorizations', { config: { permission: 'manage:policy', oplog: 'policy_grant' } }, async (req, reply) =>
    reply.status(201).send(await svc.grant(await callerOf(req), req.body)),
  );
  app.delete('/api/v1/cloud/authorizations/:id', { config: { permission: 'manage:policy', oplog: 'policy_revoke' } }, async (req) =>
    svc.revoke(await callerOf(req), idOf(req)),
  );
}
