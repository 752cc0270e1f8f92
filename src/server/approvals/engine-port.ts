// The port through which approvals reach the resource engine (ADR 0009). Approvals depend on this
// interface only; the engine implements it (services/resource-approval-port.ts) and the
// composition root hands the implementation to resourceApprovalEffects. The engine calls the
// approvals module directly (submitRequest, findApprovalProcess): the dependency goes one way.
import type { Exec } from '../platform/db/database.ts';
import type { ResourceRow } from '../platform/db/resource-rows.ts';
import type { ResourceEvent } from '../platform/events/bus.ts';

type Scope = { tenantId: string; projectId: string; requestId: string };
type Req = { target_id: string | null; tenant_id: string; project_id: string; payload: Record<string, unknown>; before: Record<string, unknown> | null };

export interface ResourceEnginePort {
  /** publishes the events an effect collected, after its transaction committed */
  publish(events: ResourceEvent[]): Promise<void>;
  /** a purchase made at POST /api/{collection}: its request takes the waiting resource */
  adoptPurchase(trx: Exec, c: { tenantId: string; projectId: string; resourceId: string; requestId: string }): Promise<ResourceRow>;
  /** a purchase asked at the approvals API: through the engine's create pipeline, waiting in 审批中 */
  insertPurchase(
    trx: Exec,
    c: Scope & { payload: Record<string, unknown> },
    events: ResourceEvent[],
  ): Promise<{ id: string; resourceName: string; estimatedCostFen: number }>;
  provision(trx: Exec, resourceId: string, events: ResourceEvent[]): Promise<boolean>;
  discard(trx: Exec, resourceId: string, events: ResourceEvent[]): Promise<void>;
  prepareExpansion(
    trx: Exec,
    c: Scope & { payload: Record<string, unknown> },
    events: ResourceEvent[],
  ): Promise<{ targetId: string; resourceName: string; before: Record<string, unknown>; estimatedCostFen: number }>;
  expand(trx: Exec, req: Req, events: ResourceEvent[]): Promise<boolean>;
  restore(trx: Exec, req: Pick<Req, 'target_id' | 'before'>, events: ResourceEvent[]): Promise<void>;
  submitRule(
    trx: Exec,
    c: Scope & { type: string; payload: Record<string, unknown> },
    events: ResourceEvent[],
  ): Promise<{ targetId: string; resourceName: string; before: Record<string, unknown> | null }>;
  approveRule(trx: Exec, req: Omit<Req, 'project_id'>, status: 'issued' | 'issuing', now: Date, events: ResourceEvent[]): Promise<boolean>;
  issueRule(trx: Exec, req: Omit<Req, 'project_id'>, now: Date, events: ResourceEvent[]): Promise<void>;
  rejectRule(trx: Exec, req: Pick<Req, 'target_id' | 'tenant_id' | 'before'>, events: ResourceEvent[]): Promise<void>;
}
