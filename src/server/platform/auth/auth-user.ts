// Who is calling, as every slice sees it (the platform floor, ADR 0048): the request's user with
// their memberships and policy grants, and the one 403 guard. Slices import these from here, never
// from the auth plugin that fills them in.
import type { FastifyRequest } from 'fastify';
import { unauthorized, AppError } from '../../../domain/errors.ts';
import { isPlatformRole, type Role } from '../../../domain/roles.ts';
import type { Membership, PolicyGrant } from './users.repository.ts';

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

type UserRow = { id: string; account: string; nickname: string; memberships: readonly Membership[]; grants?: readonly PolicyGrant[] };

/** The AuthUser of each frozen session user (the access cache's, shared by every request of the session). */
const ofCached = new WeakMap<UserRow, AuthUser>();

/**
 * The request's user made from a session's user row and memberships. A frozen row (the access
 * cache's) gets one frozen AuthUser for as long as it is cached, so what is derived from it once
 * (accessOf) is not derived again on each request (ADR 0050); an invalidation replaces the row.
 */
export function authUserOf(user: UserRow): AuthUser {
  if (!Object.isFrozen(user)) return build(user);
  let made = ofCached.get(user);
  if (!made) ofCached.set(user, (made = Object.freeze(build(user))));
  return made;
}

function build(user: UserRow): AuthUser {
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

/** A caller proven by a request signature (an AccessKey) instead of a session. */
export interface SignedCaller {
  keyId: string;
  tenantId: string;
  declaredBodySha256: string;
  user: { id: string; account: string; nickname: string; memberships: readonly Membership[] };
}

/**
 * The port through which the keys slice verifies signed requests for the auth plugin
 * (keys/signing.ts implements it; the composition root plugs it in).
 */
export interface RequestSigner {
  isSigned(authorization: unknown): boolean;
  verify(
    req: { method: string; url: string; ip?: string; headers: Record<string, string | string[] | undefined> },
    action: string,
    now?: Date,
  ): Promise<SignedCaller>;
}
