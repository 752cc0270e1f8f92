// Step-up before a destructive or costly decision (ADR 0023, 0029): the request must carry a live
// proof of its user. The keys slice keeps the proofs (passkey.service.ts) and plugs in through
// this port, so any slice can ask for one without importing keys.
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../domain/errors.ts';
import { STEP_UP_HEADER, STEP_UP_REQUIRED_KEY } from '../../../domain/step-up.ts';
import { requireUser } from './auth-user.ts';

/** What the keys slice answers about step-up proofs. */
export interface StepUpProofs {
  hasProof(userId: string, token: string | undefined): Promise<boolean>;
  /**
   * whether deciding these approval requests needs a proof first (one costs at least the threshold);
   * only requests of `tenantIds` count (null: every tenant), so another tenant's request tells nothing
   */
  approvalsNeedStepUp(ids: string[], tenantIds: readonly string[] | null): Promise<boolean>;
}

/** Throws 403 `keys.step_up_required` unless the request carries a live step-up proof of its user. */
export async function requireStepUp(req: FastifyRequest, ctx: { passkeys: StepUpProofs }): Promise<void> {
  const user = requireUser(req);
  const raw = req.headers[STEP_UP_HEADER];
  if (!(await ctx.passkeys.hasProof(user.id, typeof raw === 'string' ? raw : undefined))) throw new AppError(403, STEP_UP_REQUIRED_KEY);
}

/**
 * Approving these requests needs a step-up first when any of them, within the user's tenants, costs at
 * least the threshold (a request of another tenant is refused item by item, 404, and asks for nothing).
 */
export async function requireStepUpForApprovals(req: FastifyRequest, ctx: { passkeys: StepUpProofs }, ids: string[]): Promise<void> {
  if (!ids.length) return;
  const user = requireUser(req);
  const everyTenant = user.platformRoles.length > 0 || user.memberships.some((m) => m.tenant_id === null);
  const tenants = everyTenant ? null : [...new Set(user.memberships.map((m) => m.tenant_id!))];
  if (await ctx.passkeys.approvalsNeedStepUp(ids, tenants)) await requireStepUp(req, ctx);
}
