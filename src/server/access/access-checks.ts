// What every access service checks first (issue 15, ADR 0021): the caller's tenant, and whether a
// user, group or policy is one the caller may see. What a caller may not see answers 404.
import { AppError, notFound } from '../../domain/errors.ts';
import { hasPermission, type Permission } from '../../domain/roles.ts';
import type { Db } from '../platform/db/database.ts';
import { groupRow, policyRow, userRow } from './access.repository.ts';

export interface AccessCaller {
  userId: string;
  perms: ReadonlySet<Permission>;
  /** the tenant of the request's scope the caller may see (null: none named) */
  tenantId: string | null;
}

export const anyOf = (c: AccessCaller, action: string, entity: string) => hasPermission(c.perms, action, entity, 'any');

/** The tenant a tenant-level caller works in (400 when none is selected); null for platform callers. */
export function tenantOf(c: AccessCaller, entity: string): string | null {
  if (anyOf(c, 'read', entity) || anyOf(c, 'manage', entity)) return null;
  if (!c.tenantId) throw new AppError(400, 'scope_required');
  return c.tenantId;
}

export async function visibleUser(db: Db, c: AccessCaller, id: string, entity = 'user') {
  const row = await userRow(db, id, tenantOf(c, entity));
  if (!row) throw notFound();
  return row;
}

export async function visibleGroup(db: Db, c: AccessCaller, id: string) {
  const row = await groupRow(db, id, tenantOf(c, 'user_group'));
  if (!row) throw notFound();
  return row;
}

export async function visiblePolicy(db: Db, c: AccessCaller, id: string) {
  const row = await policyRow(db, id, tenantOf(c, 'policy'));
  if (!row) throw notFound();
  return row;
}

export const uniqueViolation = (err: unknown) => /unique|duplicate/i.test(String((err as Error)?.message));

/** A platform caller's list filter: a tenant id, null for the platform's own, undefined for all. */
export function listFilter(q: Record<string, unknown>): string | null | undefined {
  if (q.level === 'platform') return null;
  return typeof q.tenant_id === 'string' && q.tenant_id ? q.tenant_id : undefined;
}

/** The name a list is searched by (trimmed), or undefined. */
export const searchedName = (q: Record<string, unknown>) => (typeof q.name === 'string' && q.name.trim() ? q.name.trim() : undefined);
