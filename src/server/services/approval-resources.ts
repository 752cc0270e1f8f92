// The resource engine's approval effects: resource_purchase and resource_expansion, registered
// with `registerApprovalEffect` so every purchase or expansion that needs approval — made at
// POST /api/{collection}, a disk expand or a host resize, or asked at POST /api/v1/approvals —
// goes one way. The engine of the app (attached to its approvals bus by createEngine) does the
// work inside the approval's transaction; its status events are published after the commit.
import { registerApprovalEffect, type EffectEnv } from '../approvals/approval-effects.ts';
import type { ResourceEvent } from '../events/bus.ts';
import type { ResourceApprovalPort } from './resource.service.ts';

/** The key the engine is attached under (attachToApprovals). */
export const RESOURCE_ENGINE = 'resource-engine';

function engineOf(env: EffectEnv): { port: ResourceApprovalPort; events: ResourceEvent[] } {
  const port = env.attached<ResourceApprovalPort>(RESOURCE_ENGINE);
  if (!port) throw new Error('no resource engine is attached to this app\'s approvals');
  const events: ResourceEvent[] = [];
  env.afterCommit(() => port.publish(events));
  return { port, events };
}

registerApprovalEffect('resource_purchase', {
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

registerApprovalEffect('resource_expansion', {
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
