// The engine's side of the approvals port (src/server/approvals/engine-port.ts): what the purchase,
// expansion and rule effects ask of the engine, inside the approval's transaction. Events go into
// `events`; the effect publishes them after commit. A refusal by the cloud or a check that no longer
// holds answers false (下发失败).
import { z } from 'zod';
import { AppError, notFound } from '../../domain/errors.ts';
import { newId } from '../../domain/ids.ts';
import { APPROVING, type ActionDef, EXPANSION_APPROVING, type KindDefinition, REMOVED, isInBetween } from '../../domain/kinds/kind.ts';
import { HOURS_PER_MONTH } from '../../domain/approvals/approval-summary.ts';
import type { ResourcePurchaseSpec } from '../../domain/approvals/approval.schema.ts';
import { type RequestType, isRuleRequest } from '../../domain/approvals/approval-status.ts';
import { RULE_LIST_KEYS, RULE_PORT_KEYS, formatPorts, parsePorts, ruleView, splitList } from '../../domain/approvals/network-rules.ts';
import { kindOf } from '../../domain/kinds/registry.ts';
import { createSchemaOf, paramsOf } from './kinds/kind-schemas.ts';
import { priceItemsFor, upgradePriceOf } from '../../domain/pricing.ts';
import {
  type Exec,
  type ResourceRow,
  deleteResource,
  incomingIds,
  insertJob,
  insertLinks,
  insertResources,
  lockById,
  lockScoped,
  resourcesByIds,
  updateResource,
} from './engine.repository.ts';
import type { ResourceEvent } from '../platform/events/bus.ts';
import { beforeRemove, checkRuleChange, invalid } from './kind-hooks.ts';
import { unitPrices } from './pricing.repository.ts';
import { type EngineDeps, event } from './resource-engine-deps.ts';
import { checkCreate, insertCreate, bodyPlacement, prepareCreate, purchasePayload, specOf } from './resource-create.ts';
import { changesOf, checkAction, startAction } from './resource-actions.ts';

/** Keys of a rule request that are not the rule's spec, or that a change keeps from the rule. */
const NOT_SPEC = new Set(['rule_id', 'resource_id', 'reason_for', 'name', 'vendor', 'region_id', 'az_id', 'nat_gateway_id', 'eip_id', 'eip']);

/** The spec a change request leaves on its rule once issued (stored like the kind's hook stores it). */
export function changedSpec(spec: Record<string, unknown>, payload: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...spec };
  delete out.approval_request_id;
  for (const [k, v] of Object.entries(payload)) {
    if (NOT_SPEC.has(k) || v === undefined || (v === null && !(k in spec))) continue;
    if (RULE_PORT_KEYS.includes(k)) {
      const p = parsePorts(v);
      out[k] = p.ok ? formatPorts(p.ports) : v;
    } else if (RULE_LIST_KEYS.includes(k)) out[k] = splitList(v);
    else out[k] = v;
  }
  return out;
}

/** Where a create body's key sits in a resource_purchase payload. */
export function purchasePath(path: PropertyKey[]): PropertyKey[] {
  const [head, ...rest] = path;
  if (head === 'name' || head === 'vendor' || head === 'region_id' || head === 'az_id') return ['payload', head, ...rest];
  if (head === 'charging_code') return ['payload', 'charging', ...rest];
  if (head === 'duration') return ['payload', 'months', ...rest];
  return ['payload', 'spec', ...path];
}

/** Runs the engine's create for a purchase request: its validation errors name the payload's fields. */
export async function underPurchasePayload<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (!(err instanceof z.ZodError)) throw err;
    throw new z.ZodError(err.issues.map((i) => ({ ...i, path: purchasePath(i.path) })));
  }
}

/** The data disks and public IP bought with a resource, waiting with it. */
export async function waitingExtras(trx: Exec, row: ResourceRow) {
  return (await resourcesByIds(trx, await incomingIds(trx, row.id), true)).filter((r) => r.status === APPROVING && r.spec.provision);
}

/** The kind's expansion action a request means: named by the engine, or the one that sets these spec keys. */
export function expansionAction(def: KindDefinition, payload: { action?: unknown; spec?: Record<string, unknown> }): ActionDef | undefined {
  if (typeof payload.action === 'string') return def.actions.find((a) => a.id === payload.action && a.approval);
  const keys = Object.keys(payload.spec ?? {});
  return def.actions.find((a) => a.approval && keys.length > 0 && keys.every((k) => k in changesOf(a, Object.fromEntries(keys.map((x) => [x, true])))));
}

export type ExpansionPayload = { resource_id: string; action?: string; params?: Record<string, unknown>; spec: Record<string, unknown> };

export const withoutRequest = (spec: Record<string, unknown>) => {
  const out = { ...spec };
  delete out.approval_request_id;
  return out;
};

/** What the expansion adds for a month (pay as you go) or the months bought (yearly), read inside `trx`. */
export async function expansionCostFen(trx: Exec, row: ResourceRow, def: KindDefinition, changes: Record<string, unknown>): Promise<number> {
  const code: 'year' | 'quantity' = (row.spec.charging_code ?? row.spec.charging) === 'year' ? 'year' : 'quantity';
  const before = priceItemsFor(def.kind, row.spec, def.priceQuantityKey, row.vendor);
  const after = priceItemsFor(def.kind, { ...row.spec, ...changes }, def.priceQuantityKey, row.vendor);
  const units = (await unitPrices(trx, row.tenant_id, [...new Set([...before, ...after].map((i) => i.product_code))])).map((r) => ({
    product_code: r.product_code,
    charging_code: r.code as 'year' | 'quantity',
    unit_price_fen: Number(r.unit_price_fen),
    measurement_display: r.measurement_display,
    package_name: r.name,
  }));
  const ask = (items: typeof before) => ({
    items,
    units,
    charging_code: code,
    count: 1,
    ...(code === 'year' ? { duration: Number(row.spec.duration ?? 1) } : { hours: HOURS_PER_MONTH }),
  });
  try {
    return upgradePriceOf(ask(before), ask(after)).sum_price;
  } catch (err) {
    if (err instanceof RangeError) return 0;
    throw err;
  }
}

/** Publishes the resource events an effect caused (after its transaction committed). */
export function publish(deps: EngineDeps, events: ResourceEvent[]) {
  return deps.bus.publish(events);
}

/** A purchase made at POST /api/{collection}: its request takes the waiting resource. */
export async function adoptPurchase(deps: EngineDeps, trx: Exec, c: { tenantId: string; projectId: string; resourceId: string; requestId: string }) {
  const row = await lockById(trx, c.resourceId);
  if (!row || row.tenant_id !== c.tenantId || row.project_id !== c.projectId || row.status !== APPROVING || row.spec.approval_request_id) throw notFound();
  await updateResource(trx, row.id, { spec: { ...row.spec, approval_request_id: c.requestId } });
  return row;
}

/**
 * A purchase asked at POST /api/v1/approvals: the payload is made the create body of its kind and
 * goes through the engine's own pipeline (schema, zone, price, quota, hooks), then waits in 审批中.
 * Refusals name the payload's field. The request keeps the checked spec and the engine's price.
 */
export async function insertPurchase(
  deps: EngineDeps,
  trx: Exec,
  c: { tenantId: string; projectId: string; requestId: string; payload: Record<string, unknown> },
  events: ResourceEvent[],
) {
  const p = c.payload as ResourcePurchaseSpec;
  const def = kindOf(p.kind);
  if (!def || isRuleRequest(def.kind as RequestType)) throw invalid('payload.kind', 'invalid_value');
  const body = {
    ...p.spec,
    name: p.name,
    vendor: p.vendor,
    region_id: p.region_id,
    az_id: p.az_id,
    charging_code: p.charging,
    ...(p.charging === 'year' ? { duration: p.months } : {}),
  };
  return underPurchasePayload(async () => {
    const prepared = await prepareCreate(deps, trx, c.tenantId, def, body);
    prepared.spec.approval_request_id = c.requestId;
    const resource = await insertCreate(deps, trx, { tenantId: c.tenantId, projectId: c.projectId }, prepared, true, events);
    Object.assign(c.payload, purchasePayload(prepared, resource));
    return { id: resource.id, resourceName: resource.name, estimatedCostFen: Number(c.payload.estimated_cost_fen ?? 0) };
  });
}

/** Approved: the resource (and what came with it) is created through the cloud like any other. */
export async function provision(deps: EngineDeps, trx: Exec, resourceId: string, events: ResourceEvent[]): Promise<boolean> {
  const row = await lockById(trx, resourceId);
  const def = row && kindOf(row.kind);
  if (!row || !def || row.status !== APPROVING) return false;
  let delayMs: number;
  try {
    delayMs = deps.provider.create(row).delayMs;
  } catch (err) {
    if (err instanceof AppError) return false;
    throw err;
  }
  const spec = { ...row.spec, ...(def.priced ? { billing: 'active' } : {}) };
  await updateResource(trx, row.id, { status: def.create.inBetween, spec });
  await insertJob(trx, {
    resource_id: row.id,
    tenant_id: row.tenant_id,
    kind: row.kind,
    action: 'create',
    from_status: def.create.inBetween,
    target_status: def.create.finalFor?.(spec) ?? def.create.final,
    fail_status: def.create.failStatus ?? 'error',
    delayMs,
  });
  events.push(event(row, def.create.inBetween));
  for (const x of await waitingExtras(trx, row)) {
    const xdef = kindOf(x.kind);
    const { target, billing } = x.spec.provision as { target?: string; billing?: string | null };
    const { provision: _done, ...kept } = x.spec;
    const xspec: Record<string, unknown> = { ...kept, ...(billing ? { billing } : {}) };
    const from = xdef?.create.inBetween ?? 'creating';
    await updateResource(trx, x.id, { status: from, spec: xspec });
    await insertJob(trx, {
      resource_id: x.id,
      tenant_id: x.tenant_id,
      kind: x.kind,
      action: 'create',
      from_status: from,
      target_status: target ?? xdef?.create.final ?? 'available',
      fail_status: xdef?.create.failStatus ?? 'error',
      delayMs,
    });
    events.push(event(x, from));
  }
  return true;
}

/** Rejected: a purchase that never was — the resource, what came with it and its address go. */
export async function discard(deps: EngineDeps, trx: Exec, resourceId: string, events: ResourceEvent[]): Promise<void> {
  const row = await lockById(trx, resourceId);
  if (!row || row.status !== APPROVING) return;
  for (const x of await waitingExtras(trx, row)) {
    await deleteResource(trx, x.id);
    events.push(event(x, REMOVED));
  }
  events.push(...(await beforeRemove(trx, row)).map((t) => event(t, t.status)));
  await deleteResource(trx, row.id);
  events.push(event(row, REMOVED));
}

/**
 * An expansion asked (at the engine or at POST /api/v1/approvals): checked like the action,
 * then the resource waits in 扩容审批中. Answers what the approver sees beside the request.
 */
export async function prepareExpansion(
  deps: EngineDeps,
  trx: Exec,
  c: { tenantId: string; projectId: string; requestId: string; payload: Record<string, unknown> },
  events: ResourceEvent[],
) {
  const p = c.payload as ExpansionPayload;
  const scope = { tenantId: c.tenantId, projectId: c.projectId };
  const row = await lockScoped(trx, scope, p.resource_id);
  if (!row) throw new AppError(404, 'approval_resource_not_found');
  const def = kindOf(row.kind);
  if (row.status === APPROVING || row.status === EXPANSION_APPROVING || (def && isInBetween(def, row.status)))
    throw new AppError(409, 'approval_resource_busy');
  const action = def && expansionAction(def, p);
  if (!def || !action) throw invalid('payload.spec', 'invalid_value');
  const before: Record<string, unknown> = {};
  let unchanged = true;
  for (const [key, value] of Object.entries(p.spec)) {
    const current = row.spec[key] ?? null;
    before[key] = current;
    if (current !== value) unchanged = false;
    if (typeof current === 'number' && typeof value === 'number' && value < current) throw new AppError(400, 'expansion_shrink', { field: key });
  }
  if (unchanged) throw new AppError(400, 'expansion_unchanged');
  const params = (paramsOf(def, action.id)?.parse(p.params ?? p.spec) ?? {}) as Record<string, unknown>;
  await checkAction(trx, scope, def, action, row, params);
  await updateResource(trx, row.id, { status: EXPANSION_APPROVING, spec: { ...row.spec, approval_request_id: c.requestId } });
  events.push(event(row, EXPANSION_APPROVING));
  return {
    targetId: row.id,
    resourceName: row.name,
    before: { status: row.status, spec: before },
    estimatedCostFen: await expansionCostFen(trx, row, def, changesOf(action, params)),
  };
}

/** Approved: the resource goes back to the status it had and the action runs through the cloud. */
export async function expand(
  deps: EngineDeps,
  trx: Exec,
  req: { target_id: string | null; tenant_id: string; project_id: string; payload: Record<string, unknown>; before: Record<string, unknown> | null },
  events: ResourceEvent[],
): Promise<boolean> {
  const row = req.target_id ? await lockById(trx, req.target_id) : undefined;
  const def = row && kindOf(row.kind);
  const action = def && expansionAction(def, req.payload as ExpansionPayload);
  if (!row || !def || !action || row.tenant_id !== req.tenant_id) return false;
  const p = req.payload as ExpansionPayload;
  const previous = row.status === EXPANSION_APPROVING ? String(req.before?.status ?? def.create.final) : row.status;
  const current: ResourceRow = { ...row, status: previous, spec: withoutRequest(row.spec) };
  try {
    const params = (paramsOf(def, action.id)?.parse(p.params ?? p.spec) ?? {}) as Record<string, unknown>;
    await checkAction(trx, { tenantId: row.tenant_id, projectId: row.project_id }, def, action, current, params);
    await startAction(deps, trx, def, action, current, params, {}, events);
    return true;
  } catch (err) {
    if (!(err instanceof AppError) && !(err instanceof z.ZodError)) throw err;
    // The resource changed while the request waited (or the cloud refused): it stays as it was.
    await updateResource(trx, row.id, { status: previous, spec: current.spec });
    events.push(event(row, previous));
    return false;
  }
}

/**
 * A firewall_policy / snat_rule / dnat_rule request (payload checked by the kind's request
 * schema). Made at the engine (resource_id): the waiting rule is adopted. A new rule: checked and
 * inserted like the engine's create (gateway available, EIP on it, quota, hook), waiting in 审批中.
 * A change (rule_id): the rule waits in 审批中 with its current spec kept for the approver.
 */
export async function submitRule(
  deps: EngineDeps,
  trx: Exec,
  c: { tenantId: string; projectId: string; requestId: string; type: string; payload: Record<string, unknown> },
  events: ResourceEvent[],
) {
  const def = kindOf(c.type)!;
  const scope = { tenantId: c.tenantId, projectId: c.projectId };
  if (typeof c.payload.resource_id === 'string') {
    const row = await lockById(trx, c.payload.resource_id);
    if (
      !row ||
      row.tenant_id !== c.tenantId ||
      row.project_id !== c.projectId ||
      row.kind !== def.kind ||
      row.status !== APPROVING ||
      row.spec.approval_request_id
    )
      throw notFound();
    await updateResource(trx, row.id, { spec: { ...row.spec, approval_request_id: c.requestId } });
    return { targetId: row.id, resourceName: row.name, before: null };
  }
  if (typeof c.payload.rule_id === 'string') {
    const row = await lockScoped(trx, scope, c.payload.rule_id, def.kind);
    if (!row) throw new AppError(404, 'approval_rule_not_found');
    if (row.status === APPROVING || isInBetween(def, row.status)) throw new AppError(409, 'approval_rule_busy');
    // The rule as it would be: still a valid body of its kind (the gateway and EIP stay).
    const would = {
      ...row.spec,
      ...c.payload,
      name: row.name,
      vendor: row.vendor,
      region_id: row.region_id,
      az_id: row.az_id,
      nat_gateway_id: row.spec.nat_gateway_id,
      eip_id: row.spec.eip_id,
    };
    createSchemaOf(def).parse(would);
    await checkRuleChange(trx, row, would);
    await updateResource(trx, row.id, { status: APPROVING, spec: { ...row.spec, approval_request_id: c.requestId } });
    events.push(event(row, APPROVING));
    if (row.spec.eip_address) c.payload.eip = row.spec.eip_address;
    return { targetId: row.id, resourceName: row.name, before: { status: row.status, spec: { name: row.name, ...ruleView(row.spec) } } };
  }
  const body: Record<string, unknown> = { ...c.payload };
  delete body.rule_id;
  const input = createSchemaOf(def).parse(body) as Record<string, unknown>;
  const id = newId();
  const spec: Record<string, unknown> = { ...specOf(def, input), approval_request_id: c.requestId };
  const own = await bodyPlacement(trx, def, input);
  const checked = await checkCreate(trx, scope, def, id, input, spec, own);
  const resource = {
    id,
    kind: def.kind,
    tenant_id: c.tenantId,
    project_id: c.projectId,
    ...checked.placement,
    name: String(input.name),
    status: APPROVING,
    spec,
  };
  await insertResources(trx, [resource, ...checked.extras.map((e) => e.resource)]);
  await insertLinks(trx, checked.links);
  events.push(event({ ...resource, locked: false }, APPROVING));
  // The approver reads the rule's address, not the EIP's id.
  if (spec.eip_address) c.payload.eip = spec.eip_address;
  return { targetId: id, resourceName: resource.name, before: null };
}

/** Approved: the rule is issued now (`issued`), or waits in 下发中 until its effective time (`issuing`). */
export async function approveRule(
  deps: EngineDeps,
  trx: Exec,
  req: { target_id: string | null; tenant_id: string; payload: Record<string, unknown>; before: Record<string, unknown> | null },
  status: 'issued' | 'issuing',
  now: Date,
  events: ResourceEvent[],
): Promise<boolean> {
  const row = req.target_id ? await lockById(trx, req.target_id) : undefined;
  if (!row || row.tenant_id !== req.tenant_id || row.status !== APPROVING) return false;
  if (status === 'issuing') {
    await updateResource(trx, row.id, { status: 'issuing' });
    events.push(event(row, 'issuing'));
    return true;
  }
  await issueRule(deps, trx, req, now, events);
  return true;
}

/** The effective time has come (or was now): the rule takes the requested spec and is 已下发. */
export async function issueRule(
  deps: EngineDeps,
  trx: Exec,
  req: { target_id: string | null; tenant_id: string; payload: Record<string, unknown>; before: Record<string, unknown> | null },
  now: Date,
  events: ResourceEvent[],
): Promise<void> {
  const row = req.target_id ? await lockById(trx, req.target_id) : undefined;
  if (!row || row.tenant_id !== req.tenant_id || (row.status !== APPROVING && row.status !== 'issuing')) return;
  const spec = req.before ? changedSpec(row.spec, req.payload) : withoutRequest(row.spec);
  const final = kindOf(row.kind)?.create.final ?? 'issued';
  await updateResource(trx, row.id, { status: final, spec: { ...spec, issued_at: now.toISOString() } });
  events.push(event(row, final));
}

/** Rejected: a new rule goes (what it counted on its gateway too); a change gets its status back. */
export async function rejectRule(
  deps: EngineDeps,
  trx: Exec,
  req: { target_id: string | null; tenant_id: string; before: Record<string, unknown> | null },
  events: ResourceEvent[],
): Promise<void> {
  const row = req.target_id ? await lockById(trx, req.target_id) : undefined;
  if (!row || row.tenant_id !== req.tenant_id || row.status !== APPROVING) return;
  if (req.before) {
    const previous = String(req.before.status ?? kindOf(row.kind)?.create.final ?? 'issued');
    await updateResource(trx, row.id, { status: previous, spec: withoutRequest(row.spec) });
    events.push(event(row, previous));
    return;
  }
  events.push(...(await beforeRemove(trx, row)).map((t) => event(t, t.status)));
  await deleteResource(trx, row.id);
  events.push(event(row, REMOVED));
}

/** Rejected (扩容驳回): the resource keeps its size and gets its status back. */
export async function restore(
  deps: EngineDeps,
  trx: Exec,
  req: { target_id: string | null; before: Record<string, unknown> | null },
  events: ResourceEvent[],
): Promise<void> {
  const row = req.target_id ? await lockById(trx, req.target_id) : undefined;
  if (!row || row.status !== EXPANSION_APPROVING) return;
  const def = kindOf(row.kind);
  const previous = String(req.before?.status ?? def?.create.final ?? 'available');
  await updateResource(trx, row.id, { status: previous, spec: withoutRequest(row.spec) });
  events.push(event(row, previous));
}
