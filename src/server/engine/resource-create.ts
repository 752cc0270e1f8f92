// The engine's create pipeline: the create schema, placement, price and sealed secrets (prepare),
// then parents, quotas and the kind's hooks and the rows (insert), waiting for an approval where the
// project's process covers purchases. Shared by POST /api/{collection} and purchases asked at the approvals API.
import { publish as publishApprovalEvents } from '../approvals/approval-events.ts';
import { AppError, conflict, notFound } from '../../domain/errors.ts';
import { newId } from '../../domain/ids.ts';
import { APPROVING, kindEntity, placementParent, type KindDefinition } from '../../domain/kinds/kind.ts';
import { HOURS_PER_MONTH } from '../../domain/approvals/approval-summary.ts';
import { type RequestType, isRuleRequest } from '../../domain/approvals/approval-status.ts';
import { measureOf, measuredLimitsOf } from '../../domain/approvals/quota-keys.ts';
import { firewallRequestSchema } from '../../domain/kinds/firewall-policy/firewall-policy.schema.ts';
import { dnatRequestSchema, snatRequestSchema } from '../../domain/kinds/nat-rules/nat-rules.schema.ts';
import { kindOf } from '../../domain/kinds/registry.ts';
import { createSchemaOf } from './kinds/kind-schemas.ts';
import { type PriceResult, priceItemsFor, yearlyAllowed } from '../../domain/pricing.ts';
import { requirePermission } from '../platform/auth/auth-user.ts';
import { scopeCan, type Scope } from '../platform/auth/scope.ts';
import type { ResourceScope } from './resources.repository.ts';
import { type Exec, type ResourceRow, countActive, insertJob, insertLinks, insertResources, lockById, lockScoped, placementOf } from './engine.repository.ts';
import { activeSpecs, quotaOf } from '../platform/quotas/quotas.repository.ts';
import type { ResourceEvent } from '../platform/events/bus.ts';
import { invalid, runBeforeCreate } from './kind-hooks.ts';
import { findApprovalProcess, runAfterCommit, submitRequest } from '../approvals/approval.service.ts';
import { splitSecrets } from '../platform/lib/secret-box.ts';
import { checkPublicQuotas } from '../platform/quotas/quotas.ts';
import { type ApprovalOutbox, type EngineDeps, type PreparedCreate, type WaitingFor, event, present } from './resource-engine-deps.ts';

/** The rule kinds an approval request creates or changes (the request type is the kind). */
export const RULE_REQUEST_SCHEMAS = { firewall_policy: firewallRequestSchema, snat_rule: snatRequestSchema, dnat_rule: dnatRequestSchema } as const;

export type RuleKind = keyof typeof RULE_REQUEST_SCHEMAS;

/** Resources a project may hold per kind unless project_quotas says otherwise. */
export const DEFAULT_QUOTA = 200;

/** The placement the body names: zone in region of vendor ('own'), the vendor alone ('vendor'); null when a parent gives it. */
export async function bodyPlacement(ex: Exec, def: KindDefinition, input: Record<string, unknown>) {
  if (def.placement === 'own') return ownPlacement(ex, input);
  if (def.placement === 'vendor') return { vendor: String(input.vendor), region_id: null, az_id: null };
  return null;
}

/** The placement a kind that places itself names (zone in region, region of vendor). */
export async function ownPlacement(ex: Exec, input: Record<string, unknown>) {
  const p = await placementOf(ex, String(input.az_id));
  if (!p || !p.enabled) throw invalid('az_id', 'invalid_value');
  if (p.region_id !== input.region_id) throw invalid('az_id', 'az_not_in_region');
  if (p.vendor !== input.vendor) throw invalid('region_id', 'region_not_of_vendor');
  return { vendor: p.vendor, region_id: p.region_id, az_id: p.az_id };
}

/** The spec a create body leaves once the columns are taken out. */
export function specOf(def: KindDefinition, input: Record<string, unknown>): Record<string, unknown> {
  const spec: Record<string, unknown> = {};
  const columns = new Set(['name', 'vendor', 'region_id', 'az_id', 'charging_code', 'duration', ...(def.secret ?? [])]);
  for (const [k, v] of Object.entries(input)) if (!columns.has(k) && v !== undefined) spec[k] = v;
  return spec;
}

/**
 * The checks and the rows of a create, inside `trx`: parents it links to (locked, in a status
 * that allows it), placement, the project's quota, the kind's hook. The caller inserts.
 */
export async function checkCreate(
  trx: Exec,
  scope: ResourceScope & { projectId: string },
  def: KindDefinition,
  id: string,
  input: Record<string, unknown>,
  spec: Record<string, unknown>,
  own: { vendor: string; region_id: string | null; az_id: string | null } | null,
) {
  const parents: Record<string, ResourceRow> = {};
  for (const link of def.createLinks ?? []) {
    const target = await lockScoped(trx, scope, String(input[link.param]), link.kind);
    if (!target) throw notFound();
    if (link.allowedFrom && !link.allowedFrom.includes(target.status)) throw conflict(link.refusalKey ?? 'refusals.generic.add');
    parents[link.param] = target;
  }
  let placement = own;
  const from = placementParent(def);
  if (from) {
    const parent = parents[from.from] ?? (await lockScoped(trx, scope, String(input[from.from]), from.kind));
    if (!parent) throw notFound();
    placement = { vendor: parent.vendor, region_id: parent.region_id, az_id: parent.az_id };
  }
  const extras = await runBeforeCreate(def.kind, {
    trx,
    id,
    input,
    spec,
    placement: placement!,
    tenantId: scope.tenantId,
    projectId: scope.projectId,
    parents,
  });
  const items = [{ kind: def.kind, spec }, ...extras.map((e) => ({ kind: e.resource.kind, spec: e.resource.spec }))];
  await checkQuotas(trx, scope.projectId, items);
  await checkPublicQuotas(trx, scope.tenantId, scope.projectId, placement?.vendor, items);
  const links = [
    ...(def.createLinks ?? []).map((l) => ({ tenant_id: scope.tenantId, from_id: id, to_id: String(input[l.param]), relation: l.relation })),
    ...extras.filter((e) => e.link).map((e) => ({ tenant_id: scope.tenantId, from_id: e.resource.id, to_id: e.link!.to_id, relation: e.link!.relation })),
  ];
  return { placement: placement!, extras, links };
}

/**
 * Refuses a create beyond the project's limits (quota-keys.ts): the count of each kind and what
 * its summed quotas measure. What comes with the resource (a host's data disks are volumes)
 * counts against the quotas of its own kind: all of it fits, or nothing is created.
 */
export async function checkQuotas(trx: Exec, projectId: string, items: { kind: string; spec: Record<string, unknown> }[]) {
  const byKind = new Map<string, Record<string, unknown>[]>();
  for (const it of items) byKind.set(it.kind, [...(byKind.get(it.kind) ?? []), it.spec]);
  for (const [kind, specs] of byKind) {
    const quota = (await quotaOf(trx, projectId, kind)) ?? DEFAULT_QUOTA;
    if ((await countActive(trx, projectId, kind)) + specs.length > quota) throw conflict('quota_insufficient');
    const limits = measuredLimitsOf(kind);
    if (!limits.length) continue;
    const live = await activeSpecs(trx, projectId, kind);
    for (const m of limits) {
      const max = await quotaOf(trx, projectId, kind, m.measure);
      if (max === null) continue;
      const sum = (list: Record<string, unknown>[]) => list.reduce((n, sp) => n + measureOf(kind, m.measure, sp), 0);
      if (sum(live) + sum(specs) > max) throw conflict('quota_insufficient');
    }
  }
}

/**
 * The first half of the engine's create pipeline, shared by POST /api/{collection} and purchases
 * asked at POST /api/v1/approvals: the kind's create schema, the zone, the price (read through
 * `ex`, which is the approval's transaction there). Secret fields leave the spec and are sealed.
 */
export async function prepareCreate(deps: EngineDeps, ex: Exec, tenantId: string, def: KindDefinition, body: unknown): Promise<PreparedCreate> {
  const input = createSchemaOf(def).parse(body ?? {}) as Record<string, unknown>;
  const spec = specOf(def, input);
  const { secrets } = splitSecrets(def.secret, input);
  const placement = await bodyPlacement(ex, def, input);
  let price: PriceResult | null = null;
  if (def.priced) {
    const code = (input.charging_code as 'year' | 'quantity' | undefined) ?? 'quantity';
    if (placement && code === 'year' && !yearlyAllowed(placement.vendor)) throw invalid('charging_code', 'ctyun_no_year');
    const duration = code === 'year' ? Number(input.duration ?? 1) : undefined;
    Object.assign(spec, { charging_code: code, ...(duration ? { duration } : {}), billing: 'active' });
    price = await deps.pricing.price(
      { tenantId, items: priceItemsFor(def.productCode, spec, def.priceQuantityKey, placement?.vendor), charging_code: code, duration, count: 1 },
      ex,
    );
    spec.price_fen = price.sum_price;
  }
  return { def, id: newId(), input, spec, secrets: secrets ? deps.secrets.seal(secrets) : null, placement, price };
}

/**
 * The second half, inside `trx`: parents, placement, quota and the kind's hooks (checkCreate),
 * then the rows. `waits`: the resource and what comes with it wait in 审批中, reserved but not
 * provisioned and not billed; otherwise the cloud accepts the create and its jobs are queued.
 */
export async function insertCreate(
  deps: EngineDeps,
  trx: Exec,
  scope: ResourceScope & { projectId: string },
  p: PreparedCreate,
  waits: boolean,
  events: ResourceEvent[],
) {
  const { def, id, input, spec } = p;
  const checked = await checkCreate(trx, scope, def, id, input, spec, p.placement);
  const accepted = waits ? null : deps.provider.create({ id, kind: def.kind, vendor: checked.placement.vendor });
  const extras = checked.extras;
  if (waits) {
    for (const e of extras) {
      const { billing, ...rest } = e.resource.spec;
      e.resource.spec = { ...rest, provision: { target: e.target, billing: billing ?? null } };
      e.resource.status = APPROVING;
    }
    delete spec.billing;
  }
  const resource = {
    id,
    kind: def.kind,
    tenant_id: scope.tenantId,
    project_id: scope.projectId,
    ...checked.placement,
    name: String(input.name),
    status: waits ? APPROVING : def.create.inBetween,
    spec,
    secrets: p.secrets,
  };
  await insertResources(trx, [resource, ...extras.map((e) => e.resource)]);
  await insertLinks(trx, checked.links);
  if (accepted) {
    await insertJob(trx, {
      resource_id: id,
      tenant_id: scope.tenantId,
      kind: def.kind,
      action: 'create',
      from_status: def.create.inBetween,
      target_status: def.create.finalFor?.(spec) ?? def.create.final,
      fail_status: def.create.failStatus ?? 'error',
      delayMs: accepted.delayMs,
    });
    for (const e of extras) {
      await insertJob(trx, {
        resource_id: e.resource.id,
        tenant_id: scope.tenantId,
        kind: e.resource.kind,
        action: 'create',
        from_status: e.resource.status,
        target_status: e.target,
        fail_status: kindOf(e.resource.kind)!.create.failStatus ?? 'error',
        delayMs: accepted.delayMs,
      });
    }
  }
  for (const e of extras) events.push(event({ ...e.resource, locked: false }, e.resource.status));
  events.push(event({ ...resource, locked: false }, resource.status));
  return resource;
}

/** What a purchase request records: the checked spec (no secrets), its price and estimate. */
export function purchasePayload(p: PreparedCreate, resource: { name: string; vendor: string; region_id: string | null; az_id: string | null }) {
  const { def, spec, price } = p;
  const code = String(spec.charging_code ?? 'quantity');
  const { approval_request_id: _request, ...kept } = spec;
  return {
    kind: def.kind,
    product_code: def.productCode,
    name: resource.name,
    vendor: resource.vendor,
    region_id: resource.region_id,
    az_id: resource.az_id,
    spec: kept,
    charging: code,
    months: Number(spec.duration ?? 1),
    units: def.priceQuantityKey ? Number(spec[def.priceQuantityKey] ?? 1) : 1,
    ...(price ? { price_fen: price.sum_price, estimated_cost_fen: code === 'year' ? price.sum_price : price.sum_price * HOURS_PER_MONTH } : {}),
  };
}

export async function create(deps: EngineDeps, scope: Scope, def: KindDefinition, body: unknown) {
  requirePermission(scopeCan(scope, 'create', kindEntity(def)));
  if (!scope.projectId) throw new AppError(400, 'scope_required');
  const projectId = scope.projectId;
  const prepared = await prepareCreate(deps, deps.db, scope.tenantId, def, body);
  const { input, spec } = prepared;
  const events: ResourceEvent[] = [];
  const outbox: ApprovalOutbox = { events: [], after: [] };
  let waiting: WaitingFor | null = null;
  const row = await deps.db.transaction().execute(async (trx) => {
    // In a project whose approval process covers purchases (for a rule kind: that rule's request
    // type) the resource (and what comes with it) waits in 审批中 until the request is decided.
    const requestType: RequestType = isRuleRequest(def.kind as RequestType) ? (def.kind as RequestType) : 'resource_purchase';
    const waits = !!deps.approvals && !!(await findApprovalProcess(trx, scope.tenantId, projectId, requestType));
    const resource = await insertCreate(deps, trx, { tenantId: scope.tenantId, projectId }, prepared, waits, events);
    if (waits) {
      const reason =
        typeof input.reason === 'string' && input.reason
          ? input.reason
          : typeof input.description === 'string' && input.description
            ? input.description
            : undefined;
      waiting = await submitRequest(trx, {
        user: scope.user,
        tenantId: scope.tenantId,
        projectId,
        type: requestType,
        now: new Date(),
        effects: deps.approvals!.effects,
        ...outbox,
        payload:
          requestType !== 'resource_purchase'
            ? // A rule: the request is the create body the resource was made from (its approver sees the rule).
              {
                ...RULE_REQUEST_SCHEMAS[def.kind as RuleKind].parse({ ...input, reason: reason ?? '-' }),
                resource_id: prepared.id,
                ...(spec.eip_address ? { eip: spec.eip_address } : {}),
              }
            : { resource_id: prepared.id, ...purchasePayload(prepared, resource), ...(reason ? { reason } : {}) },
      });
    }
    return (await lockById(trx, prepared.id))!;
  });
  await deps.bus.publish(events);
  await afterApproval(deps, outbox);
  return { ...present(row), price: prepared.price, approval: waiting as WaitingFor | null };
}

/** Publishes what a submitted approval request left (new-approval events, messages). */
export async function afterApproval(deps: EngineDeps, outbox: ApprovalOutbox) {
  publishApprovalEvents(deps.approvals?.bus, deps.db, outbox.events);
  await runAfterCommit(outbox.after).catch((err) => deps.log.warn({ err }, 'approval follow-up failed'));
}
