// Who is calling: the X-Auth-Token header resolves to a user and their memberships.
// Routes that need a user call `requireUser`; the scope helper then checks tenant/project.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized, AppError } from '../../domain/errors.ts';
import { isPlatformRole, type Role } from '../../domain/roles.ts';
import type { Membership, PolicyGrant, UsersRepository } from '../repositories/users.repository.ts';
import { checkedBody, type RequestSigner } from '../keys/signing.ts';

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
    /** set when the request was signed with an AccessKey (keys/signing.ts) instead of a session */
    accessKey: { id: string; tenantId: string; bodySha256: string } | null;
  }
}

export function registerAuth(app: FastifyInstance, users: UsersRepository, signer?: RequestSigner) {
  app.decorateRequest('user', null);
  app.decorateRequest('authToken', null);
  app.decorateRequest('accessKey', null);
  // onRequest, not preHandler: the rate limit (a route-level onRequest hook, which runs after this
  // app-level one) keys signed-in calls by user, so it needs to know the user first.
  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/api/')) return;
    // One path for both kinds of caller: a request signed with an AccessKey becomes the key's
    // bound user (its roles in the key's tenant) here, and goes through the same pipeline. A signed
    // request is always verified, session token or not (ADR 0043): a bad signature is refused, and
    // a good one acts as the key, never as a token riding along.
    if (signer && signer.isSigned(req.headers.authorization)) {
      const signed = await signer.verify(req, `${req.method} ${req.routeOptions.url ?? req.url.split('?')[0]}`);
      req.accessKey = { id: signed.keyId, tenantId: signed.tenantId, bodySha256: signed.declaredBodySha256 };
      req.user = authUserOf(signed.user);
      return;
    }
    const raw = req.headers['x-auth-token'];
    const token = typeof raw === 'string' ? raw.trim() : '';
    if (!token || token.length > 256) return;
    const user = await users.sessionUser(token);
    if (!user || user.locked) return;
    req.authToken = token;
    req.user = authUserOf(user);
  });
  // The signature covered the body's declared hash; the bytes received must match it.
  if (signer)
    app.addHook('preParsing', async (req, _reply, payload) => {
      if (!req.accessKey) return payload;
      return checkedBody(payload, req.accessKey.bodySha256, app.initialConfig.bodyLimit ?? 1024 * 1024);
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
