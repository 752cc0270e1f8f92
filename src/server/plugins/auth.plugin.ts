// Who is calling: the X-Auth-Token header resolves to a user and their memberships.
// Routes that need a user call `requireUser`; the scope helper then checks tenant/project.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized, AppError } from '../../domain/errors.ts';
import { isPlatformRole, type Role } from '../../domain/roles.ts';
import type { Membership, PolicyGrant, UsersRepository } from '../repositories/users.repository.ts';

export interface AuthUser {
  id: string;
  account: string;
  nickname: string;
  memberships: readonly Membership[];
  /** Platform-wide roles (super/ops administrator). */
  platformRoles: Role[];
  /** Policies granted to the user or their groups (the access guard adds their permissions). */
  grants?: readonly PolicyGrant[];
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    authToken: string | null;
  }
}

export function registerAuth(app: FastifyInstance, users: UsersRepository) {
  app.decorateRequest('user', null);
  app.decorateRequest('authToken', null);
  // onRequest, not preHandler: the rate limit (a route-level onRequest hook, which runs after this
  // app-level one) keys signed-in calls by user, so it needs to know the user first.
  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/api/')) return;
    const raw = req.headers['x-auth-token'];
    const token = typeof raw === 'string' ? raw.trim() : '';
    if (!token || token.length > 256) return;
    const user = await users.sessionUser(token);
    if (!user || user.locked) return;
    req.authToken = token;
    req.user = authUserOf(user);
  });
}

/** The request's user made from a session's user row and memberships. */
export function authUserOf(user: {
  id: string;
  account: string;
  nickname: string;
  memberships: readonly Membership[];
  grants?: readonly PolicyGrant[];
}): AuthUser {
  const { memberships } = user;
  return {
    id: user.id,
    account: user.account,
    nickname: user.nickname,
    memberships,
    platformRoles: memberships.filter((m) => m.tenant_id === null && isPlatformRole(m.role)).map((m) => m.role),
    grants: user.grants ?? [],
  };
}

export function requireUser(req: FastifyRequest): AuthUser {
  if (!req.user) throw unauthorized();
  return req.user;
}

/** Throws 403 unless `check` holds (one guard for every permission test). */
export function requirePermission(check: boolean, key = 'no_permission'): void {
  if (!check) throw new AppError(403, key);
}
