// The approval effects of every request type: resource_purchase, resource_expansion, the rule
// requests and quota changes, so every purchase or expansion that needs approval — made at
// POST /api/{collection}, a disk expand or a host resize, or asked at POST /api/v1/approvals —
// goes one way. The app's engine does the work through its port (engine-port.ts) inside the
// approval's transaction; its status events are published after the commit.
import { AppError } from '../../domain/errors.ts';
import type { QuotaChangeSpec } from '../../domain/approvals/approval.schema.ts';
import { isFinanceTenant, ruleEffectiveAt } from '../../domain/approvals/effective-time.ts';
import { QUOTA_LIMITS } from '../../domain/approvals/quota-keys.ts';
import type { ApprovalEffect, ApprovalEffects, EffectEnv } from './approval-effects.ts';
import { quotaOf, setQuota } from '../platform/quotas/quotas.repository.ts';
import type { ResourceEvent } from '../platform/events/bus.ts';
import type { ResourceEnginePort } from './engine-port.ts';
import { tenantBusinessType } from './approval.repository.ts';

/** The effects of every request type, acting on the engine through `engine`. */
export function resourceApprovalEffects(engine: ResourceEnginePort): ApprovalEffects {
  /** The port and the events this effect collects, published once the transaction has committed. */
  const engineOf = (env: EffectEnv): { port: ResourceEnginePort; events: ResourceEvent[] } => {
    const events: ResourceEvent[] = [];
    env.afterCommit(() => engine.publish(events));
    return { port: engine, events };
  };
  return {
    resource_purchase: purchaseEffect(engineOf),
    resource_expansion: expansionEffect(engineOf),
    firewall_policy: ruleEffect('firewall_policy', engineOf),
    snat_rule: ruleEffect('snat_rule', engineOf),
    dnat_rule: ruleEffect('dnat_rule', engineOf),
    quota_change: QUOTA_CHANGE,
  };
}

type EngineOf = (env: EffectEnv) => { port: ResourceEnginePort; events: ResourceEvent[] };

const purchaseEffect = (engineOf: EngineOf): ApprovalEffect => ({
  async submit(c) {
    const { port, events } = engineOf(c.env);
    if (typeof c.payload.resource_id === 'string') {
      // Bought at the engine: the resource already waits in 审批中 (the API's schema strips this key).
      const row = await port.adoptPurchase(c.trx, { tenantId: c.tenantId, projectId: c.projectId, resourceId: c.payload.resource_id, requestId: c.requestId });
      return { targetId: row.id, resourceName: row.name, before: null, estimatedCostFen: Number(c.payload.estimated_cost_fen ?? 0) };
    }
    const r = await port.insertPurchase(c.trx, { tenantId: c.tenantId, projectId: c.projectId, requestId: c.requestId, payload: c.payload }, events);
    return { targetId: r.id, resourceName: r.resourceName, before: null, estimatedCostFen: r.estimatedCostFen };
  },
  async approve(c) {
    const { port, events } = engineOf(c.env);
    const ok = c.request.target_id ? await port.provision(c.trx, c.request.target_id, events) : false;
    return { status: ok ? 'approved' : 'dispatch_failed' };
  },
  async reject(c) {
    const { port, events } = engineOf(c.env);
    if (c.request.target_id) await port.discard(c.trx, c.request.target_id, events);
  },
});

const expansionEffect = (engineOf: EngineOf): ApprovalEffect => ({
  async submit(c) {
    const { port, events } = engineOf(c.env);
    return port.prepareExpansion(c.trx, { tenantId: c.tenantId, projectId: c.projectId, requestId: c.requestId, payload: c.payload }, events);
  },
  async approve(c) {
    const { port, events } = engineOf(c.env);
    return { status: (await port.expand(c.trx, c.request, events)) ? 'approved' : 'dispatch_failed' };
  },
  async reject(c) {
    const { port, events } = engineOf(c.env);
    await port.restore(c.trx, c.request, events);
  },
});

// ── firewall policies and SNAT/DNAT rules: resources of their kinds ────────────────────────────
// Submitted: the rule waits in 审批中 (no actions). Approved: issued at once, or 下发中 until its
// effective time (22:00 for NAT, 18:00 for the finance tenant's production), when the approvals'
// issueDue tick issues it. Rejected: a new rule is removed, a change gets its rule back as it was.
function ruleEffect(type: 'firewall_policy' | 'snat_rule' | 'dnat_rule', engineOf: EngineOf): ApprovalEffect {
  return {
    async submit(c) {
      const { port, events } = engineOf(c.env);
      return port.submitRule(c.trx, { tenantId: c.tenantId, projectId: c.projectId, requestId: c.requestId, type, payload: c.payload }, events);
    },
    async approve(c) {
      const { port, events } = engineOf(c.env);
      // A decision read the tenant's business type with the request; the issuing tick did not.
      const businessType = c.request.business_type ?? (await tenantBusinessType(c.trx, c.request.tenant_id));
      const effectiveAt = ruleEffectiveAt({
        type,
        requestedAt: new Date(c.request.created_at),
        approvedAt: c.now,
        financeProduction: c.request.production && isFinanceTenant(businessType),
      });
      const now = effectiveAt.getTime() <= c.now.getTime();
      const ok = await port.approveRule(c.trx, c.request, now ? 'issued' : 'issuing', c.now, events);
      if (!ok) return { status: 'dispatch_failed' };
      return { status: now ? 'approved' : 'issuing', effectiveAt };
    },
    async reject(c) {
      const { port, events } = engineOf(c.env);
      await port.rejectRule(c.trx, c.request, events);
    },
    async issue(c) {
      const { port, events } = engineOf(c.env);
      await port.issueRule(c.trx, c.request, c.now, events);
    },
  };
}

// ── quotas: the limits the engine enforces (src/domain/approvals/quota-keys.ts) ───────────────

const QUOTA_CHANGE: ApprovalEffect = {
  async submit(c) {
    const p = c.payload as QuotaChangeSpec;
    const limit = QUOTA_LIMITS[p.quota_key];
    const current = await quotaOf(c.trx, c.projectId, limit.kind, limit.measure);
    if (current === p.value) throw new AppError(400, 'quota_unchanged');
    return { targetId: c.projectId, before: { quota_key: p.quota_key, value: current } };
  },
  async approve(c) {
    const p = c.request.payload as QuotaChangeSpec;
    const limit = QUOTA_LIMITS[p.quota_key];
    await setQuota(c.trx, c.request.project_id, limit.kind, p.value, limit.measure);
    return { status: 'approved' };
  },
  async reject() {
    /* the limit stays */
  },
};
