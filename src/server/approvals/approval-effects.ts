// What a request does to the rest of the system, per request type: at submission (create what
// waits for approval), on approval (provision, issue, apply) and on rejection. The effects are one
// object per app (ApprovalEffects, built by resourceApprovalEffects in resource-effects.ts over the
// engine's port), so a purchase, an expansion or a rule has one path whether it starts at
// POST /api/{collection} or POST /api/v1/approvals, and a quota change sets the limit the engine enforces.
import type { RequestType } from '../../domain/approvals/approval-status.ts';
import type { Db } from '../platform/db/database.ts';

/** What an effect may use besides the transaction: work to run once it has committed (publishing the resource events the effect caused). */
export interface EffectEnv {
  afterCommit(fn: () => Promise<void>): void;
}

/** An env for one submission or decision; `after` collects the post-commit work. */
export function effectEnv(after: (() => Promise<void>)[]): EffectEnv {
  return {
    afterCommit: (fn) => {
      after.push(fn);
    },
  };
}

export interface SubmitContext {
  trx: Db;
  now: Date;
  requestId: string;
  type: RequestType;
  tenantId: string;
  projectId: string;
  requesterId: string;
  payload: Record<string, unknown>;
  env: EffectEnv;
}

export interface SubmitResult {
  /** the resource, rule or quota the request is about */
  targetId?: string | null;
  /** the state before the change, shown to the approver beside the payload */
  before?: Record<string, unknown> | null;
  estimatedCostFen?: number;
  /** a better title than the payload alone gives (e.g. the resource's name) */
  resourceName?: string;
}

export interface DecisionContext {
  trx: Db;
  now: Date;
  request: {
    id: string;
    type: string;
    tenant_id: string;
    project_id: string;
    payload: Record<string, unknown>;
    before: Record<string, unknown> | null;
    target_id: string | null;
    production: boolean;
    created_at: Date;
    requester_id: string;
    /** the tenant's business type, when the decision read it with the request */
    business_type?: string;
  };
  env: EffectEnv;
}

export interface ApproveResult {
  /** approved: done; issuing: deferred until effectiveAt; dispatch_failed: could not be applied */
  status: 'approved' | 'issuing' | 'dispatch_failed';
  effectiveAt?: Date | null;
}

export interface ApprovalEffect {
  submit(c: SubmitContext): Promise<SubmitResult>;
  approve(c: DecisionContext): Promise<ApproveResult>;
  reject(c: DecisionContext): Promise<void>;
  /** a deferred effect (status issuing) whose time has come */
  issue?(c: DecisionContext): Promise<void>;
}

/**
 * The effect of every request type, for one app: built in the composition root (the resource
 * engine's effects reach the engine through its port, engine-port.ts) and handed to the approval
 * service. No global registry: two apps in one process never share an engine.
 */
export type ApprovalEffects = Readonly<Partial<Record<RequestType, ApprovalEffect>>>;

export function effectOf(effects: ApprovalEffects, type: RequestType): ApprovalEffect {
  const effect = effects[type];
  if (!effect) throw new Error(`no approval effect for ${type}`);
  return effect;
}

// Resource purchases and expansions, firewall policies, SNAT/DNAT rules and quota changes act on
// the resource engine's store through its port (resource-effects.ts).
