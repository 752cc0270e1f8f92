// What the approval routes share: the caller and the optional header scope, the id parameter,
// `Prefer: return=minimal`, and the 409 body carrying a request's current state.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound, type Language } from '../../domain/errors.ts';
import { isId } from '../../domain/ids.ts';
import { errorBody } from '../platform/http/errors.plugin.ts';
import { requireUser, type AuthUser } from '../platform/auth/auth-user.ts';
import { resolveScope } from '../platform/auth/scope.ts';
import { t } from '../platform/lib/i18n.ts';
import type { TenancyRepository } from '../platform/auth/tenancy.repository.ts';
import { ApprovalConflict, type CurrentState } from './approval-state.ts';

function shanghaiTime(lang: Language, d: Date | string | null): string {
  if (!d) return '';
  return new Intl.DateTimeFormat(lang, {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(new Date(d));
}

/** 409 body: the seed's {title, description} plus the request's current state for offline clients. */
export function conflictBody(lang: Language, key: string, current: CurrentState) {
  const decider = current.decided_by?.nickname ?? '';
  const useKey = key === 'approval_already_decided' && !current.decided_by ? 'approval_not_open' : key;
  return {
    ...errorBody(lang, 409, useKey, {
      decider,
      time: shanghaiTime(lang, current.decided_at),
      status: t(lang, `approvals:status.${current.status}`),
      level: current.current_level,
    }),
    code: useKey,
    current,
  };
}

export async function withConflict<T>(reply: FastifyReply, lang: Language, fn: () => Promise<T>) {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof ApprovalConflict) return reply.status(409).send(conflictBody(lang, err.key, err.current));
    throw err;
  }
}

/**
 * Routes that work across the caller's tenants still honour X-Tenant-Id / X-Project-Id when
 * sent: a scope the caller may not see answers 404 like everywhere else. Answers the tenant.
 */
export async function headerScope(ctx: { tenancy: TenancyRepository }, req: FastifyRequest): Promise<{ user: AuthUser; tenantId: string | null }> {
  const user = requireUser(req);
  if (!req.headers['x-tenant-id']) return { user, tenantId: null };
  const scope = await resolveScope(req, ctx.tenancy);
  return { user, tenantId: scope.tenantId };
}

/**
 * `Prefer: return=minimal` (RFC 7240): a decision answers `{id, status, current_level}` instead of
 * the whole detail (seven queries fewer). The decision batch asks it for every item: the outbox
 * keeps only a success's status (issue 10). Conflicts and errors answer in full either way.
 */
export function wantsMinimal(req: FastifyRequest, reply: FastifyReply): boolean {
  if (!/(^|[\s,;])return=minimal\b/i.test(String(req.headers.prefer ?? ''))) return false;
  reply.header('preference-applied', 'return=minimal');
  return true;
}

export function idParam(params: unknown): string {
  const { id } = params as { id: string };
  if (!isId(id)) throw notFound();
  return id;
}

export const now = () => new Date();
