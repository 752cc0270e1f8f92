// The resource engine: list, get, create, act, batch, update and the scheduler's job runner,
// all derived from the kind definitions. Every call takes the caller's scope; every write runs in
// one transaction and publishes its status changes after commit.
import { sql } from 'kysely';
import { z } from 'zod';
import { AppError, conflict, notFound } from '../../domain/errors.ts';
import { isId, newId } from '../../domain/ids.ts';
import { can } from '../../domain/roles.ts';
import { splitMulti } from '../../domain/list-query.ts';
import {
  APPROVING, EXPANSION_APPROVING, REMOVED, SAME, actionOf, availableActions, isInBetween, readOnlyRefusal, stateRefusal, type ActionDef, type Effect, type Guard, type KindDefinition,
} from '../../domain/kinds/kind.ts';
import { HOURS_PER_MONTH } from '../../domain/approvals/approval-summary.ts';
import type { ResourcePurchaseSpec } from '../../domain/approvals/approval.schema.ts';
import { isRuleRequest, type RequestType } from '../../domain/approvals/approval-status.ts';
import { measuredLimitsOf, measureOf } from '../../domain/approvals/quota-keys.ts';
import { formatPorts, parsePorts, splitList } from '../../domain/approvals/network-rules.ts';
import { firewallRequestSchema } from '../../domain/kinds/firewall-policy.kind.ts';
import { dnatRequestSchema, snatRequestSchema } from '../../domain/kinds/nat-rules.kind.ts';
import { kindOf } from '../../domain/kinds/registry.ts';
import { descriptionRule, nameRule } from '../../domain/kinds/rules.ts';
import { priceItemsFor, upgradePriceOf, yearlyAllowed, type PriceResult } from '../../domain/pricing.ts';
import { requirePermission } from '../plugins/auth.plugin.ts';
import type { Scope } from '../plugins/scope.ts';
import { runList } from '../lib/list.ts';
import type { Db } from '../db/database.ts';
import { RESOURCE_COLUMNS, RESOURCE_LIST, type ResourceScope } from '../repositories/resources.repository.ts';
import {
  activeSpecs, claimDueJobs, countActive, deleteLink, deleteLinks, deleteResource, finishJob, incomingIds, insertJob, insertLinks, insertResources, linkedIds, lockById, lockScoped,
  placementOf, quotaOf, relationsOf, resourcesByIds, updateResource, type Exec, type JobRow, type ResourceRow,
} from '../repositories/engine.repository.ts';
import type { CloudProvider } from '../cloud/provider.ts';
import type { EventBus, ResourceEvent } from '../events/bus.ts';
import { beforeRemove, checkRuleChange, invalid, runAfterAction, runBeforeAction, runBeforeCreate } from './kind-hooks.ts';
import { findApprovalProcess, runAfterCommit, submitRequest } from '../approvals/approval.service.ts';
import { publish as publishApprovalEvents, type PendingEvent } from '../approvals/approval-events.ts';
import { unitPrices } from '../repositories/pricing.repository.ts';
import type { PricingService } from './pricing.service.ts';
import { splitSecrets, type SecretBox } from '../lib/secret-box.ts';

/** The rule kinds an approval request creates or changes (the request type is the kind). */
const RULE_REQUEST_SCHEMAS = { firewall_policy: firewallRequestSchema, snat_rule: snatRequestSchema, dnat_rule: dnatRequestSchema } as const;
type RuleKind = keyof typeof RULE_REQUEST_SCHEMAS;

/** Keys of a rule request that are not the rule's spec, or that a change keeps from the rule. */
const NOT_SPEC = new Set(['rule_id', 'resource_id', 'reason_for', 'name', 'vendor', 'region_id', 'az_id', 'nat_gateway_id', 'eip_id', 'eip']);
const PORT_KEYS = ['target_ports', 'internal_ports', 'eip_ports'];
const LIST_KEYS = ['source_ips', 'target_ips'];

/** A rule's spec as the approver compares it: lists as arrays, ports as numbers or 'any'. */
export function ruleView(spec: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(spec)) {
    if (k === 'approval_request_id' || k === 'issued_at') continue;
    if (k === 'eip_address') out.eip = v;
    else if (PORT_KEYS.includes(k)) { const p = parsePorts(v); out[k] = p.ok ? p.ports : v; } else if (LIST_KEYS.includes(k)) out[k] = splitList(v);
    else out[k] = v;
  }
  return out;
}

/** The spec a change request leaves on its rule once issued (stored like the kind's hook stores it). */
function changedSpec(spec: Record<string, unknown>, payload: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...spec };
  delete out.approval_request_id;
  for (const [k, v] of Object.entries(payload)) {
    if (NOT_SPEC.has(k) || v === undefined || v === null && !(k in spec)) continue;
    if (PORT_KEYS.includes(k)) { const p = parsePorts(v); out[k] = p.ok ? formatPorts(p.ports) : v; } else if (LIST_KEYS.includes(k)) out[k] = splitList(v);
    else out[k] = v;
  }
  return out;
}

/** Resources a project may hold per kind unless project_quotas says otherwise. */
export const DEFAULT_QUOTA = 200;

const LIST_SPEC = {
  ...RESOURCE_LIST,
  sortable: { ...RESOURCE_LIST.sortable, vendor: 'resources.vendor' },
  filters: { ...RESOURCE_LIST.filters, tenant_id: 'resources.tenant_id' },
};

export const actionBodySchema = z.object({ action: z.string().min(1).max(40) }).loose();
export const batchBodySchema = z.object({ action: z.string().min(1).max(40), ids: z.array(z.string()).min(1).max(100) }).loose();
const updateSchema = z.object({ name: nameRule().optional(), description: descriptionRule });

export interface PresentedResource {
  id: string; kind: string; name: string; status: string; locked: boolean; vendor: string; region_id: string | null; az_id: string | null;
  tenant_id: string; project_id: string; spec: Record<string, unknown>; created_at: Date; updated_at: Date;
  in_between: boolean; available_actions: string[];
}

export function present(row: ResourceRow): PresentedResource {
  const def = kindOf(row.kind);
  const spec = typeof row.spec === 'string' ? JSON.parse(row.spec) as Record<string, unknown> : { ...row.spec };
  const derived = def?.derive ? { ...spec, ...def.derive(spec) } : spec;
  return {
    id: row.id, kind: row.kind, name: row.name, status: row.status, locked: row.locked, vendor: row.vendor, region_id: row.region_id, az_id: row.az_id,
    tenant_id: row.tenant_id, project_id: row.project_id, spec: derived, created_at: row.created_at, updated_at: row.updated_at,
    in_between: def ? isInBetween(def, row.status) : false,
    available_actions: def ? availableActions(def, row).map((a) => a.id) : [],
  };
}

const event = (row: Pick<ResourceRow, 'id' | 'kind' | 'tenant_id' | 'project_id' | 'locked'>, status: string, locked = row.locked): ResourceEvent => {
  const about = { tenant_id: row.tenant_id, project_id: row.project_id, id: row.id, kind: row.kind };
  const at = new Date().toISOString();
  return status === REMOVED ? { type: 'resource.removed', ...about, at } : { type: 'resource.status', ...about, status, locked, at };
};

export interface ResourceServiceDeps {
  db: Db;
  provider: CloudProvider;
  bus: EventBus;
  pricing: PricingService;
  /** seals the kinds' secret fields (never stored or answered in clear) */
  secrets: SecretBox;
  log: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
  /**
   * The app's event bus (ctx.events). With it, buying in a project whose process covers
   * resource_purchase, or expanding where it covers resource_expansion, waits for the approval.
   */
  approvalBus?: EventBus;
}

/** The approval request a purchase or an expansion is waiting for. */
export interface WaitingFor { id: string; status: string }

/** What a waiting purchase or expansion leaves to do once the transaction has committed. */
interface ApprovalOutbox { events: PendingEvent[]; after: (() => Promise<void>)[] }

/** A create body checked and priced, ready for insertCreate. */
interface PreparedCreate {
  def: KindDefinition; id: string; input: Record<string, unknown>; spec: Record<string, unknown>;
  /** the kind's secret fields, sealed */
  secrets: string | null;
  placement: { vendor: string; region_id: string | null; az_id: string | null } | null;
  price: PriceResult | null;
}

/** Where a create body's key sits in a resource_purchase payload. */
function purchasePath(path: PropertyKey[]): PropertyKey[] {
  const [head, ...rest] = path;
  if (head === 'name' || head === 'vendor' || head === 'region_id' || head === 'az_id') return ['payload', head, ...rest];
  if (head === 'charging_code') return ['payload', 'charging', ...rest];
  if (head === 'duration') return ['payload', 'months', ...rest];
  return ['payload', 'spec', ...path];
}

/** Runs the engine's create for a purchase request: its validation errors name the payload's fields. */
async function underPurchasePayload<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (!(err instanceof z.ZodError)) throw err;
    throw new z.ZodError(err.issues.map((i) => ({ ...i, path: purchasePath(i.path) })));
  }
}

export function resourceService(deps: ResourceServiceDeps) {
  const { db, provider, bus } = deps;

  function scopedBase(scope: ResourceScope, def: KindDefinition, query: Record<string, unknown>, recycleBin = false) {
    let qb = db.selectFrom('resources').where('resources.tenant_id', '=', scope.tenantId).where('resources.kind', '=', def.kind);
    if (scope.projectId) qb = qb.where('resources.project_id', '=', scope.projectId);
    if (recycleBin) qb = qb.where('resources.status', '=', 'deleted');
    else if (def.recycle && query.status === undefined) qb = qb.where('resources.status', '!=', 'deleted');
    for (const f of def.filters) {
      if (f.source !== 'spec') continue;
      const values = splitMulti(query[f.param]);
      if (values.length) qb = qb.where(sql<string>`resources.spec->>${f.key}`, 'in', values);
    }
    return qb;
  }

  /** The name search of a kind that also matches addresses (KindDefinition.search); the query without `name`. */
  function searched<Q extends ReturnType<typeof scopedBase>>(qb: Q, def: KindDefinition, query: Record<string, unknown>): [Q, Record<string, unknown>] {
    const term = query.name;
    if (!def.search || typeof term !== 'string' || !term.trim()) return [qb, query];
    const like = `%${term.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const { spec, boundEip } = def.search;
    const narrowed = qb.where((eb) => eb.or([
      eb(sql.ref('resources.name'), 'ilike', like),
      eb(sql.ref('resources.id'), 'ilike', like),
      ...spec.map((k) => eb(sql<string>`resources.spec->>${k}`, 'ilike', like)),
      ...(boundEip ? [eb.exists(db.selectFrom('links').innerJoin('resources as bound', 'bound.id', 'links.from_id').select('links.id')
        .where('links.to_id', '=', sql.ref<string>('resources.id')).where('links.relation', '=', 'bound_to').where(sql<string>`bound.spec->>'address'`, 'ilike', like))] : []),
    ])) as Q;
    const { name: _name, ...rest } = query;
    return [narrowed, rest];
  }

  async function list(scope: Scope, def: KindDefinition, query: Record<string, unknown>, recycleBin = false) {
    requirePermission(can(scope.roles, 'read', 'resource'));
    const [qb, rest] = searched(scopedBase(scope, def, query, recycleBin), def, query);
    return runList(qb, (qb) => qb.select([...RESOURCE_COLUMNS]), rest, LIST_SPEC, (r) => present(r as ResourceRow));
  }

  /** Rows for an export: same filters as the list, up to `limit` rows. */
  async function exportRows(scope: ResourceScope, def: KindDefinition, query: Record<string, unknown>, limit: number) {
    const [qb, rest] = searched(scopedBase(scope, def, query), def, query);
    const page = await runList(qb, (q) => q.select([...RESOURCE_COLUMNS]), { ...rest, __limit: Math.min(limit, 1000), __cursor: '' }, LIST_SPEC, (r) => present(r as ResourceRow));
    const rows = [...page.data];
    let cursor = 'next_cursor' in page ? page.next_cursor : null;
    while (cursor && rows.length < limit) {
      const next = await runList(scopedBase(scope, def, query), (qb) => qb.select([...RESOURCE_COLUMNS]), { ...query, __limit: Math.min(limit - rows.length, 1000), __cursor: cursor }, LIST_SPEC, (r) => present(r as ResourceRow));
      rows.push(...next.data);
      cursor = 'next_cursor' in next ? next.next_cursor : null;
    }
    return rows;
  }

  async function findOr404(scope: ResourceScope, def: KindDefinition | null, id: string): Promise<ResourceRow> {
    if (!isId(id)) throw notFound();
    let qb = db.selectFrom('resources').select([...RESOURCE_COLUMNS]).where('resources.id', '=', id).where('resources.tenant_id', '=', scope.tenantId);
    if (scope.projectId) qb = qb.where('resources.project_id', '=', scope.projectId);
    if (def) qb = qb.where('resources.kind', '=', def.kind);
    const row = await qb.executeTakeFirst();
    if (!row) throw notFound();
    return row as ResourceRow;
  }

  async function get(scope: Scope, def: KindDefinition, id: string) {
    requirePermission(can(scope.roles, 'read', 'resource'));
    const row = await findOr404(scope, def, id);
    const relations = await relationsOf(db, row.id);
    return { ...present(row), relations };
  }

  /** The placement a kind that places itself names (zone in region, region of vendor). */
  async function ownPlacement(ex: Exec, input: Record<string, unknown>) {
    const p = await placementOf(ex, String(input.az_id));
    if (!p || !p.enabled) throw invalid('az_id', 'invalid_value');
    if (p.region_id !== input.region_id) throw invalid('az_id', 'az_not_in_region');
    if (p.vendor !== input.vendor) throw invalid('region_id', 'region_not_of_vendor');
    return { vendor: p.vendor, region_id: p.region_id, az_id: p.az_id };
  }

  /** The spec a create body leaves once the columns are taken out. */
  function specOf(def: KindDefinition, input: Record<string, unknown>): Record<string, unknown> {
    const spec: Record<string, unknown> = {};
    const columns = new Set(['name', 'vendor', 'region_id', 'az_id', 'charging_code', 'duration', ...(def.secret ?? [])]);
    for (const [k, v] of Object.entries(input)) if (!columns.has(k) && v !== undefined) spec[k] = v;
    return spec;
  }

  /**
   * The checks and the rows of a create, inside `trx`: parents it links to (locked, in a status
   * that allows it), placement, the project's quota, the kind's hook. The caller inserts.
   */
  async function checkCreate(trx: Exec, scope: ResourceScope & { projectId: string }, def: KindDefinition, id: string, input: Record<string, unknown>, spec: Record<string, unknown>,
    own: { vendor: string; region_id: string | null; az_id: string | null } | null) {
    const parents: Record<string, ResourceRow> = {};
    for (const link of def.createLinks ?? []) {
      const target = await lockScoped(trx, scope, String(input[link.param]), link.kind);
      if (!target) throw notFound();
      if (link.allowedFrom && !link.allowedFrom.includes(target.status)) throw conflict(link.refusalKey ?? 'refusals.generic.add');
      parents[link.param] = target;
    }
    let placement = own;
    if (def.placement !== 'own') {
      const parent = parents[def.placement.from] ?? (await lockScoped(trx, scope, String(input[def.placement.from]), def.placement.kind));
      if (!parent) throw notFound();
      placement = { vendor: parent.vendor, region_id: parent.region_id, az_id: parent.az_id };
    }
    const extras = await runBeforeCreate(def.kind, { trx, id, input, spec, placement: placement!, tenantId: scope.tenantId, projectId: scope.projectId, parents });
    await checkQuotas(trx, scope.projectId, [{ kind: def.kind, spec }, ...extras.map((e) => ({ kind: e.resource.kind, spec: e.resource.spec }))]);
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
  async function checkQuotas(trx: Exec, projectId: string, items: { kind: string; spec: Record<string, unknown> }[]) {
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
  async function prepareCreate(ex: Exec, tenantId: string, def: KindDefinition, body: unknown): Promise<PreparedCreate> {
    const input = def.createSchema.parse(body ?? {}) as Record<string, unknown>;
    const spec = specOf(def, input);
    const { secrets } = splitSecrets(def.secret, input);
    const placement = def.placement === 'own' ? await ownPlacement(ex, input) : null;
    let price: PriceResult | null = null;
    if (def.priced) {
      const code = (input.charging_code as 'year' | 'quantity' | undefined) ?? 'quantity';
      if (placement && code === 'year' && !yearlyAllowed(placement.vendor)) throw invalid('charging_code', 'ctyun_no_year');
      const duration = code === 'year' ? Number(input.duration ?? 1) : undefined;
      Object.assign(spec, { charging_code: code, ...(duration ? { duration } : {}), billing: 'active' });
      price = await deps.pricing.price({ tenantId, items: priceItemsFor(def.productCode, spec, def.priceQuantityKey, placement?.vendor), charging_code: code, duration, count: 1 }, ex);
      spec.price_fen = price.sum_price;
    }
    return { def, id: newId(), input, spec, secrets: secrets ? deps.secrets.seal(secrets) : null, placement, price };
  }

  /**
   * The second half, inside `trx`: parents, placement, quota and the kind's hooks (checkCreate),
   * then the rows. `waits`: the resource and what comes with it wait in 审批中, reserved but not
   * provisioned and not billed; otherwise the cloud accepts the create and its jobs are queued.
   */
  async function insertCreate(trx: Exec, scope: ResourceScope & { projectId: string }, p: PreparedCreate, waits: boolean, events: ResourceEvent[]) {
    const { def, id, input, spec } = p;
    const checked = await checkCreate(trx, scope, def, id, input, spec, p.placement);
    const accepted = waits ? null : provider.create({ id, kind: def.kind, vendor: checked.placement.vendor });
    const extras = checked.extras;
    if (waits) {
      for (const e of extras) {
        const { billing, ...rest } = e.resource.spec;
        e.resource.spec = { ...rest, provision: { target: e.target, billing: billing ?? null } };
        e.resource.status = APPROVING;
      }
      delete spec.billing;
    }
    const resource = { id, kind: def.kind, tenant_id: scope.tenantId, project_id: scope.projectId, ...checked.placement, name: String(input.name),
      status: waits ? APPROVING : def.create.inBetween, spec, secrets: p.secrets };
    await insertResources(trx, [resource, ...extras.map((e) => e.resource)]);
    await insertLinks(trx, checked.links);
    if (accepted) {
      await insertJob(trx, { resource_id: id, tenant_id: scope.tenantId, kind: def.kind, action: 'create', from_status: def.create.inBetween,
        target_status: def.create.finalFor?.(spec) ?? def.create.final, fail_status: def.create.failStatus ?? 'error', delayMs: accepted.delayMs });
      for (const e of extras) {
        await insertJob(trx, { resource_id: e.resource.id, tenant_id: scope.tenantId, kind: e.resource.kind, action: 'create', from_status: e.resource.status,
          target_status: e.target, fail_status: kindOf(e.resource.kind)!.create.failStatus ?? 'error', delayMs: accepted.delayMs });
      }
    }
    for (const e of extras) events.push(event({ ...e.resource, locked: false }, e.resource.status));
    events.push(event({ ...resource, locked: false }, resource.status));
    return resource;
  }

  /** What a purchase request records: the checked spec (no secrets), its price and estimate. */
  function purchasePayload(p: PreparedCreate, resource: { name: string; vendor: string; region_id: string | null; az_id: string | null }) {
    const { def, spec, price } = p;
    const code = String(spec.charging_code ?? 'quantity');
    const { approval_request_id: _request, ...kept } = spec;
    return {
      kind: def.kind, product_code: def.productCode, name: resource.name, vendor: resource.vendor, region_id: resource.region_id, az_id: resource.az_id,
      spec: kept, charging: code, months: Number(spec.duration ?? 1), units: def.priceQuantityKey ? Number(spec[def.priceQuantityKey] ?? 1) : 1,
      ...(price ? { price_fen: price.sum_price, estimated_cost_fen: code === 'year' ? price.sum_price : price.sum_price * HOURS_PER_MONTH } : {}),
    };
  }

  async function create(scope: Scope, def: KindDefinition, body: unknown) {
    requirePermission(can(scope.roles, 'create', 'resource'));
    if (!scope.projectId) throw new AppError(400, 'scope_required');
    const projectId = scope.projectId;
    const prepared = await prepareCreate(db, scope.tenantId, def, body);
    const { input, spec } = prepared;
    const events: ResourceEvent[] = [];
    const outbox: ApprovalOutbox = { events: [], after: [] };
    let waiting: WaitingFor | null = null;
    const row = await db.transaction().execute(async (trx) => {
      // In a project whose approval process covers purchases (for a rule kind: that rule's request
      // type) the resource (and what comes with it) waits in 审批中 until the request is decided.
      const requestType: RequestType = isRuleRequest(def.kind as RequestType) ? def.kind as RequestType : 'resource_purchase';
      const waits = !!deps.approvalBus && !!(await findApprovalProcess(trx, scope.tenantId, projectId, requestType));
      const resource = await insertCreate(trx, { tenantId: scope.tenantId, projectId }, prepared, waits, events);
      if (waits) {
        const reason = typeof input.reason === 'string' && input.reason ? input.reason : typeof input.description === 'string' && input.description ? input.description : undefined;
        waiting = await submitRequest(trx, {
          user: scope.user, tenantId: scope.tenantId, projectId, type: requestType, now: new Date(), bus: deps.approvalBus, ...outbox,
          payload: requestType !== 'resource_purchase'
            // A rule: the request is the create body the resource was made from (its approver sees the rule).
            ? { ...RULE_REQUEST_SCHEMAS[def.kind as RuleKind].parse({ ...input, reason: reason ?? '-' }), resource_id: prepared.id, ...(spec.eip_address ? { eip: spec.eip_address } : {}) }
            : { resource_id: prepared.id, ...purchasePayload(prepared, resource), ...(reason ? { reason } : {}) },
        });
      }
      return (await lockById(trx, prepared.id))!;
    });
    await bus.publish(events);
    await afterApproval(outbox);
    return { ...present(row), price: prepared.price, approval: waiting as WaitingFor | null };
  }

  /** Refuses (「可用数量不足」) when the project cannot take one more resource per listed kind. */
  /** Publishes what a submitted approval request left (new-approval events, messages). */
  async function afterApproval(outbox: ApprovalOutbox) {
    publishApprovalEvents(deps.approvalBus, deps.db, outbox.events);
    await runAfterCommit(outbox.after).catch((err) => deps.log.warn({ err }, 'approval follow-up failed'));
  }

  async function checkGuard(trx: Exec, scope: ResourceScope, row: ResourceRow, guard: Guard, params: Record<string, unknown>) {
    switch (guard.type) {
      case 'unlocked': if (row.locked) throw conflict(guard.refusalKey); return;
      case 'locked': if (!row.locked) throw conflict(guard.refusalKey); return;
      case 'private_cloud': if (['ali', 'tencent', 'ctyun', 'hwyun'].includes(row.vendor)) throw conflict(guard.refusalKey); return;
      case 'no_links': if ((await linkedIds(trx, row.id, guard.relation, guard.direction)).length) throw conflict(guard.refusalKey); return;
      case 'min_increase': {
        const current = Number(row.spec[guard.specKey] ?? 0);
        if (Number(params[guard.param]) < current + guard.min) throw invalid(guard.param, 'min_increase');
        return;
      }
      case 'target': {
        const target = await lockScoped(trx, scope, String(params[guard.param]), guard.kind);
        if (!target) throw notFound();
        if (guard.ofThis && !(await linkedIds(trx, target.id, guard.ofThis.relation, 'out')).includes(row.id)) throw notFound();
        if (!guard.allowedFrom.includes(target.status) || (guard.sameAz && target.az_id !== row.az_id)) throw conflict(guard.refusalKey);
        return;
      }
    }
  }

  /** Applies an action's effects; answers the row's new locked flag and spec. */
  async function applyEffects(trx: Exec, row: ResourceRow, effects: readonly Effect[], params: Record<string, unknown>, events: ResourceEvent[]) {
    let locked = row.locked;
    const spec = { ...row.spec };
    for (const e of effects) {
      switch (e.type) {
        case 'set_locked': locked = e.value; break;
        case 'set_spec':
          for (const k of e.keys) { if (params[k] === undefined) delete spec[k]; else spec[k] = params[k]; }
          break;
        case 'billing': spec.billing = e.value; break;
        case 'link': await insertLinks(trx, [{ tenant_id: row.tenant_id, from_id: row.id, to_id: String(params[e.param]), relation: e.relation }]); break;
        case 'unlink': await deleteLinks(trx, row.id, e.relation, e.direction); break;
        case 'unlink_param': await deleteLink(trx, row.id, String(params[e.param]), e.relation); break;
        case 'cascade': {
          const others = await resourcesByIds(trx, await linkedIds(trx, row.id, e.relation, e.direction), true);
          for (const o of others) {
            if (e.onlyFrom && !e.onlyFrom.includes(o.status)) continue;
            if (e.status === REMOVED) {
              events.push(...(await beforeRemove(trx, o)).map((t) => event(t, t.status)));
              await deleteResource(trx, o.id);
            } else {
              const oSpec = { ...o.spec, ...(o.spec.billing ? { billing: e.status === 'deleted' ? 'suspended' : 'active' } : {}) };
              await updateResource(trx, o.id, { status: e.status, spec: oSpec });
            }
            events.push(event(o, e.status));
          }
          break;
        }
        case 'create_child': {
          const childDef = kindOf(e.kind)!;
          const childId = newId();
          const child = { id: childId, kind: e.kind, tenant_id: row.tenant_id, project_id: row.project_id, vendor: row.vendor, region_id: row.region_id, az_id: row.az_id,
            name: String(params[e.nameParam]), status: e.status, spec: { volume_id: row.id, size: row.spec.size ?? null } };
          await insertResources(trx, [child]);
          await insertLinks(trx, [{ tenant_id: row.tenant_id, from_id: childId, to_id: row.id, relation: e.relation }]);
          const accepted = provider.create(child);
          await insertJob(trx, { resource_id: childId, tenant_id: row.tenant_id, kind: e.kind, action: 'create', from_status: e.status,
            target_status: childDef.create.final, fail_status: 'error', delayMs: accepted.delayMs });
          events.push(event({ ...child, locked: false }, e.status));
          break;
        }
      }
    }
    return { locked, spec };
  }

  async function act(scope: Scope, def: KindDefinition, id: string, body: unknown, extra: { delayedDays?: number } = {}) {
    // An id outside the scope answers 404 before the body is looked at (a probe learns nothing).
    await findOr404(scope, def, id);
    const { action: actionId, ...rest } = actionBodySchema.parse(body ?? {});
    const action = actionOf(def, actionId);
    if (!action) throw invalid('action', 'invalid_value');
    requirePermission(can(scope.roles, action.permission, 'resource'));
    const params = (action.params ? action.params.parse(rest) : {}) as Record<string, unknown>;
    return runAction(scope, def, action, id, params, extra);
  }

  /** The checks of an action on a locked row: read-only rows, the status, the guards, the kind's hooks. */
  async function checkAction(trx: Exec, scope: ResourceScope, def: KindDefinition, action: ActionDef, current: ResourceRow, params: Record<string, unknown>) {
    const readOnly = readOnlyRefusal(def, current.spec);
    if (readOnly) throw conflict(readOnly);
    const refusal = stateRefusal(action, current.status);
    if (refusal) throw conflict(refusal);
    for (const g of action.guards ?? []) await checkGuard(trx, scope, current, g, params);
    await checkGrowthQuotas(trx, current, changesOf(action, params));
    await runBeforeAction(def.kind, action.id, { trx, scope, row: current, params });
  }

  /**
   * Refuses an expansion (a disk grown, a host resized) that the project's summed limits cannot
   * take: what the resource would measure with `changes`, less what it measures now, on top of the
   * project's live sum. Runs wherever the action is checked: at once, when an expansion request is
   * submitted, and again when it is approved.
   */
  async function checkGrowthQuotas(trx: Exec, row: ResourceRow, changes: Record<string, unknown>) {
    const limits = measuredLimitsOf(row.kind);
    if (!limits.length || !Object.keys(changes).length) return;
    const next = { ...row.spec, ...changes };
    let used: Record<string, unknown>[] | null = null;
    for (const m of limits) {
      const growth = measureOf(row.kind, m.measure, next) - measureOf(row.kind, m.measure, row.spec);
      if (!(growth > 0)) continue;
      const max = await quotaOf(trx, row.project_id, row.kind, m.measure);
      if (max === null) continue;
      used ??= await activeSpecs(trx, row.project_id, row.kind);
      if (used.reduce((n, sp) => n + measureOf(row.kind, m.measure, sp), 0) + growth > max) throw conflict('quota_insufficient');
    }
  }

  /** Hands a checked action to the cloud: done at once, or the in-between status and a job. */
  async function startAction(trx: Exec, def: KindDefinition, action: ActionDef, current: ResourceRow, params: Record<string, unknown>, extra: { delayedDays?: number }, events: ResourceEvent[]) {
    const accepted = action.final === REMOVED || action.id === 'delete' ? provider.delete(current) : provider.act(current, action.id, params);
    if (action.inBetween === null) {
      const { locked, spec } = await applyEffects(trx, current, action.effects ?? [], params, events);
      const status = action.final === SAME ? current.status : action.final;
      await updateResource(trx, current.id, { status, locked, spec });
      events.push(event(current, status, locked));
      events.push(...(await runAfterAction(def.kind, action.id, { trx, row: { ...current, status, locked, spec }, params })).map((t) => event(t, t.status)));
    } else {
      const spec = { ...current.spec };
      if (action.id === 'delete' && def.recycle) {
        const days = extra.delayedDays ?? 60;
        Object.assign(spec, { recycled_at: new Date().toISOString(), recycle_until: new Date(Date.now() + days * 86_400_000).toISOString(), delayed_days: days });
      }
      await updateResource(trx, current.id, { status: action.inBetween, spec });
      // A secret parameter (rebuild's new password) is sealed onto the resource, never queued in clear.
      const { clear, secrets } = splitSecrets(def.secret, params);
      if (secrets) await sealSecrets(trx, current.id, secrets);
      await insertJob(trx, { resource_id: current.id, tenant_id: current.tenant_id, kind: def.kind, action: action.id, from_status: current.status,
        target_status: action.final === SAME ? current.status : action.final, fail_status: action.failStatus ?? 'error', params: clear, delayMs: accepted.delayMs });
      events.push(event(current, action.inBetween));
    }
  }

  /** Merges `secrets` into the resource's sealed secret fields. */
  async function sealSecrets(trx: Exec, id: string, secrets: Record<string, unknown>) {
    const row = await trx.selectFrom('resources').select('secrets').where('id', '=', id).executeTakeFirst();
    const before = row?.secrets ? deps.secrets.open(row.secrets) : {};
    await trx.updateTable('resources').set({ secrets: deps.secrets.seal({ ...before, ...secrets }) }).where('id', '=', id).execute();
  }

  /** The spec values an action changes (its set_spec keys given in params): the expansion asked for. */
  const changesOf = (action: ActionDef, params: Record<string, unknown>) => Object.fromEntries((action.effects ?? [])
    .flatMap((e) => (e.type === 'set_spec' ? e.keys : [])).filter((k) => params[k] !== undefined).map((k) => [k, params[k]]));

  async function runAction(scope: ResourceScope | Scope, def: KindDefinition, action: ActionDef, id: string, params: Record<string, unknown>, extra: { delayedDays?: number } = {}) {
    if (!isId(id)) throw notFound();
    const events: ResourceEvent[] = [];
    const outbox: ApprovalOutbox = { events: [], after: [] };
    let waiting: WaitingFor | null = null;
    const user = 'user' in scope ? scope.user : null;
    const row = await db.transaction().execute(async (trx) => {
      const current = await lockScoped(trx, scope, id, def.kind);
      if (!current) throw notFound();
      await checkAction(trx, scope, def, action, current, params);
      // An expansion in a project whose process covers it waits for the approval (扩容审批中);
      // the resource_expansion effect moves the row and runs this action when approved.
      if (action.approval && user && deps.approvalBus && (action.approval.needed?.(current.spec, params) ?? true)
        && await findApprovalProcess(trx, current.tenant_id, current.project_id, action.approval.type)) {
        waiting = await submitRequest(trx, {
          user, tenantId: current.tenant_id, projectId: current.project_id, type: action.approval.type, now: new Date(), bus: deps.approvalBus, ...outbox,
          payload: { resource_id: current.id, action: action.id, params: splitSecrets(def.secret, params).clear, spec: changesOf(action, params) },
        });
        return (await lockById(trx, current.id))!;
      }
      await startAction(trx, def, action, current, params, extra, events);
      return (await lockById(trx, current.id))!;
    });
    await bus.publish(events);
    await afterApproval(outbox);
    return { ...present(row), approval: waiting as WaitingFor | null };
  }

  async function batch(scope: Scope, def: KindDefinition, body: unknown, lang: (key: string) => string) {
    const { action: actionId, ids, ...rest } = batchBodySchema.parse(body ?? {});
    const action = actionOf(def, actionId);
    if (!action || !action.batch) throw invalid('action', 'invalid_value');
    // An SMS-verified delete goes through POST /api/{collection}/batch-delete, which spends one code
    // for the set (routes/sms.routes.ts); here it would run without any code.
    if (action.sms) throw invalid('sms_code', 'sms_code_first');
    requirePermission(can(scope.roles, action.permission, 'resource'));
    const params = (action.params ? action.params.parse(rest) : {}) as Record<string, unknown>;
    const data = [];
    for (const id of ids) {
      try {
        const r = await runAction(scope, def, action, id, params);
        data.push({ id, ok: true, status: r.status, locked: r.locked });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        data.push({ id, ok: false, code: err.status, description: lang(err.key) });
      }
    }
    return { action: action.id, data };
  }

  async function update(scope: Scope, def: KindDefinition, id: string, body: unknown) {
    requirePermission(can(scope.roles, 'update', 'resource'));
    await findOr404(scope, def, id);
    const input = updateSchema.parse(body ?? {});
    const events: ResourceEvent[] = [];
    const row = await db.transaction().execute(async (trx) => {
      if (!isId(id)) throw notFound();
      const current = await lockScoped(trx, scope, id, def.kind);
      if (!current) throw notFound();
      const readOnly = readOnlyRefusal(def, current.spec);
      if (readOnly) throw conflict(readOnly);
      // A resource waiting for its request keeps what the approver sees (its name too).
      if (current.status === APPROVING || current.status === EXPANSION_APPROVING) throw conflict('resource_awaiting_approval');
      if (isInBetween(def, current.status) || current.status === 'deleted') throw conflict('refusals.generic.edit');
      const spec = { ...current.spec, ...(input.description !== undefined ? { description: input.description } : {}) };
      await updateResource(trx, current.id, { spec, ...(input.name !== undefined ? { name: input.name } : {}) });
      events.push(event(current, current.status));
      return (await lockById(trx, current.id))!;
    });
    await bus.publish(events);
    return present(row);
  }

  /** Ends one job: the final status and effects, or the failure status with its reason. */
  async function completeJob(trx: Exec, job: JobRow, outcome: { ok: boolean; reason?: string }, events: ResourceEvent[]) {
    const row = await lockById(trx, job.resource_id);
    if (!row) return;
    const def = kindOf(row.kind);
    if (!outcome.ok || !def) {
      await updateResource(trx, row.id, { status: job.fail_status, spec: { ...row.spec, error_reason: outcome.reason ?? 'unknown_kind' } });
      events.push(event(row, job.fail_status));
      return;
    }
    const params = typeof job.params === 'string' ? JSON.parse(job.params) as Record<string, unknown> : job.params;
    const action = job.action === 'create' ? null : actionOf(def, job.action);
    const { locked, spec } = action ? await applyEffects(trx, row, action.effects ?? [], params, events) : { locked: row.locked, spec: { ...row.spec } };
    delete spec.error_reason;
    if (job.target_status === REMOVED) {
      events.push(...(await beforeRemove(trx, row)).map((t) => event(t, t.status)));
      await deleteResource(trx, row.id);
      events.push(event(row, REMOVED));
      return;
    }
    await updateResource(trx, row.id, { status: job.target_status, locked, spec });
    events.push(event(row, job.target_status, locked));
    if (action) events.push(...(await runAfterAction(def.kind, action.id, { trx, row: { ...row, status: job.target_status, locked, spec }, params })).map((t) => event(t, t.status)));
  }

  /** Claims and finishes due jobs one transaction each; answers how many ran. */
  async function runDueJobs(max = 50): Promise<number> {
    let n = 0;
    while (n < max) {
      const events: ResourceEvent[] = [];
      let claimed: JobRow | undefined;
      try {
        claimed = await db.transaction().execute(async (trx) => {
          const [job] = await claimDueJobs(trx, 1);
          if (!job) return undefined;
          const outcome = provider.complete(job);
          await completeJob(trx, job, outcome, events);
          await finishJob(trx, job.id, outcome.ok ? 'done' : 'failed', outcome.ok ? null : outcome.reason);
          return job;
        });
      } catch (err) {
        deps.log.error({ err }, 'job failed to apply');
        // Park the first due job that keeps failing so the queue moves on.
        await db.transaction().execute(async (trx) => {
          const [job] = await claimDueJobs(trx, 1);
          if (job) await finishJob(trx, job.id, 'failed', 'apply_error');
        }).catch(() => undefined);
        break;
      }
      if (!claimed) break;
      n++;
      await bus.publish(events);
    }
    return n;
  }


  // ── approvals ─────────────────────────────────────────────────────────────────────────────
  // What the resource_purchase / resource_expansion effects (approval-resources.ts) ask of the
  // engine, inside the approval's transaction. Events go into `events`; the effect publishes them
  // after commit. A refusal by the cloud or a check that no longer holds answers false (下发失败).

  /** The data disks and public IP bought with a resource, waiting with it. */
  async function waitingExtras(trx: Exec, row: ResourceRow) {
    return (await resourcesByIds(trx, await incomingIds(trx, row.id), true)).filter((r) => r.status === APPROVING && r.spec.provision);
  }

  /** The kind's expansion action a request means: named by the engine, or the one that sets these spec keys. */
  function expansionAction(def: KindDefinition, payload: { action?: unknown; spec?: Record<string, unknown> }): ActionDef | undefined {
    if (typeof payload.action === 'string') return def.actions.find((a) => a.id === payload.action && a.approval);
    const keys = Object.keys(payload.spec ?? {});
    return def.actions.find((a) => a.approval && keys.length > 0 && keys.every((k) => k in changesOf(a, Object.fromEntries(keys.map((x) => [x, true])))));
  }

  type ExpansionPayload = { resource_id: string; action?: string; params?: Record<string, unknown>; spec: Record<string, unknown> };

  const withoutRequest = (spec: Record<string, unknown>) => {
    const out = { ...spec };
    delete out.approval_request_id;
    return out;
  };

  /** What the expansion adds for a month (pay as you go) or the months bought (yearly), read inside `trx`. */
  async function expansionCostFen(trx: Exec, row: ResourceRow, def: KindDefinition, changes: Record<string, unknown>): Promise<number> {
    const code: 'year' | 'quantity' = (row.spec.charging_code ?? row.spec.charging) === 'year' ? 'year' : 'quantity';
    const before = priceItemsFor(def.kind, row.spec, def.priceQuantityKey, row.vendor);
    const after = priceItemsFor(def.kind, { ...row.spec, ...changes }, def.priceQuantityKey, row.vendor);
    const units = (await unitPrices(trx, row.tenant_id, [...new Set([...before, ...after].map((i) => i.product_code))])).map((r) => ({
      product_code: r.product_code, charging_code: r.code as 'year' | 'quantity', unit_price_fen: Number(r.unit_price_fen), measurement_display: r.measurement_display, package_name: r.name,
    }));
    const ask = (items: typeof before) => ({ items, units, charging_code: code, count: 1, ...(code === 'year' ? { duration: Number(row.spec.duration ?? 1) } : { hours: HOURS_PER_MONTH }) });
    try {
      return upgradePriceOf(ask(before), ask(after)).sum_price;
    } catch (err) {
      if (err instanceof RangeError) return 0;
      throw err;
    }
  }

  const approvalPort = {
    publish: (events: ResourceEvent[]) => bus.publish(events),

    /** A purchase made at POST /api/{collection}: its request takes the waiting resource. */
    async adoptPurchase(trx: Exec, c: { tenantId: string; projectId: string; resourceId: string; requestId: string }) {
      const row = await lockById(trx, c.resourceId);
      if (!row || row.tenant_id !== c.tenantId || row.project_id !== c.projectId || row.status !== APPROVING || row.spec.approval_request_id) throw notFound();
      await updateResource(trx, row.id, { spec: { ...row.spec, approval_request_id: c.requestId } });
      return row;
    },

    /**
     * A purchase asked at POST /api/v1/approvals: the payload is made the create body of its kind and
     * goes through the engine's own pipeline (schema, zone, price, quota, hooks), then waits in 审批中.
     * Refusals name the payload's field. The request keeps the checked spec and the engine's price.
     */
    async insertPurchase(trx: Exec, c: { tenantId: string; projectId: string; requestId: string; payload: Record<string, unknown> }, events: ResourceEvent[]) {
      const p = c.payload as ResourcePurchaseSpec;
      const def = kindOf(p.kind);
      if (!def || isRuleRequest(def.kind as RequestType)) throw invalid('payload.kind', 'invalid_value');
      const body = { ...p.spec, name: p.name, vendor: p.vendor, region_id: p.region_id, az_id: p.az_id, charging_code: p.charging, ...(p.charging === 'year' ? { duration: p.months } : {}) };
      return underPurchasePayload(async () => {
        const prepared = await prepareCreate(trx, c.tenantId, def, body);
        prepared.spec.approval_request_id = c.requestId;
        const resource = await insertCreate(trx, { tenantId: c.tenantId, projectId: c.projectId }, prepared, true, events);
        Object.assign(c.payload, purchasePayload(prepared, resource));
        return { id: resource.id, resourceName: resource.name, estimatedCostFen: Number(c.payload.estimated_cost_fen ?? 0) };
      });
    },

    /** Approved: the resource (and what came with it) is created through the cloud like any other. */
    async provision(trx: Exec, resourceId: string, events: ResourceEvent[]): Promise<boolean> {
      const row = await lockById(trx, resourceId);
      const def = row && kindOf(row.kind);
      if (!row || !def || row.status !== APPROVING) return false;
      let delayMs: number;
      try {
        delayMs = provider.create(row).delayMs;
      } catch (err) {
        if (err instanceof AppError) return false;
        throw err;
      }
      const spec = { ...row.spec, ...(def.priced ? { billing: 'active' } : {}) };
      await updateResource(trx, row.id, { status: def.create.inBetween, spec });
      await insertJob(trx, { resource_id: row.id, tenant_id: row.tenant_id, kind: row.kind, action: 'create', from_status: def.create.inBetween,
        target_status: def.create.finalFor?.(spec) ?? def.create.final, fail_status: def.create.failStatus ?? 'error', delayMs });
      events.push(event(row, def.create.inBetween));
      for (const x of await waitingExtras(trx, row)) {
        const xdef = kindOf(x.kind);
        const { target, billing } = x.spec.provision as { target?: string; billing?: string | null };
        const { provision: _done, ...kept } = x.spec;
        const xspec: Record<string, unknown> = { ...kept, ...(billing ? { billing } : {}) };
        const from = xdef?.create.inBetween ?? 'creating';
        await updateResource(trx, x.id, { status: from, spec: xspec });
        await insertJob(trx, { resource_id: x.id, tenant_id: x.tenant_id, kind: x.kind, action: 'create', from_status: from,
          target_status: target ?? xdef?.create.final ?? 'available', fail_status: xdef?.create.failStatus ?? 'error', delayMs });
        events.push(event(x, from));
      }
      return true;
    },

    /** Rejected: a purchase that never was — the resource, what came with it and its address go. */
    async discard(trx: Exec, resourceId: string, events: ResourceEvent[]): Promise<void> {
      const row = await lockById(trx, resourceId);
      if (!row || row.status !== APPROVING) return;
      for (const x of await waitingExtras(trx, row)) {
        await deleteResource(trx, x.id);
        events.push(event(x, REMOVED));
      }
      events.push(...(await beforeRemove(trx, row)).map((t) => event(t, t.status)));
      await deleteResource(trx, row.id);
      events.push(event(row, REMOVED));
    },

    /**
     * An expansion asked (at the engine or at POST /api/v1/approvals): checked like the action,
     * then the resource waits in 扩容审批中. Answers what the approver sees beside the request.
     */
    async prepareExpansion(trx: Exec, c: { tenantId: string; projectId: string; requestId: string; payload: Record<string, unknown> }, events: ResourceEvent[]) {
      const p = c.payload as ExpansionPayload;
      const scope = { tenantId: c.tenantId, projectId: c.projectId };
      const row = await lockScoped(trx, scope, p.resource_id);
      if (!row) throw new AppError(404, 'approval_resource_not_found');
      const def = kindOf(row.kind);
      if (row.status === APPROVING || row.status === EXPANSION_APPROVING || (def && isInBetween(def, row.status))) throw new AppError(409, 'approval_resource_busy');
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
      const params = (action.params ? action.params.parse(p.params ?? p.spec) : {}) as Record<string, unknown>;
      await checkAction(trx, scope, def, action, row, params);
      await updateResource(trx, row.id, { status: EXPANSION_APPROVING, spec: { ...row.spec, approval_request_id: c.requestId } });
      events.push(event(row, EXPANSION_APPROVING));
      return { targetId: row.id, resourceName: row.name, before: { status: row.status, spec: before }, estimatedCostFen: await expansionCostFen(trx, row, def, changesOf(action, params)) };
    },

    /** Approved: the resource goes back to the status it had and the action runs through the cloud. */
    async expand(trx: Exec, req: { target_id: string | null; tenant_id: string; project_id: string; payload: Record<string, unknown>; before: Record<string, unknown> | null }, events: ResourceEvent[]): Promise<boolean> {
      const row = req.target_id ? await lockById(trx, req.target_id) : undefined;
      const def = row && kindOf(row.kind);
      const action = def && expansionAction(def, req.payload as ExpansionPayload);
      if (!row || !def || !action || row.tenant_id !== req.tenant_id) return false;
      const p = req.payload as ExpansionPayload;
      const previous = row.status === EXPANSION_APPROVING ? String(req.before?.status ?? def.create.final) : row.status;
      const current: ResourceRow = { ...row, status: previous, spec: withoutRequest(row.spec) };
      try {
        const params = (action.params ? action.params.parse(p.params ?? p.spec) : {}) as Record<string, unknown>;
        await checkAction(trx, { tenantId: row.tenant_id, projectId: row.project_id }, def, action, current, params);
        await startAction(trx, def, action, current, params, {}, events);
        return true;
      } catch (err) {
        if (!(err instanceof AppError) && !(err instanceof z.ZodError)) throw err;
        // The resource changed while the request waited (or the cloud refused): it stays as it was.
        await updateResource(trx, row.id, { status: previous, spec: current.spec });
        events.push(event(row, previous));
        return false;
      }
    },

    /**
     * A firewall_policy / snat_rule / dnat_rule request (payload checked by the kind's request
     * schema). Made at the engine (resource_id): the waiting rule is adopted. A new rule: checked and
     * inserted like the engine's create (gateway available, EIP on it, quota, hook), waiting in 审批中.
     * A change (rule_id): the rule waits in 审批中 with its current spec kept for the approver.
     */
    async submitRule(trx: Exec, c: { tenantId: string; projectId: string; requestId: string; type: string; payload: Record<string, unknown> }, events: ResourceEvent[]) {
      const def = kindOf(c.type)!;
      const scope = { tenantId: c.tenantId, projectId: c.projectId };
      if (typeof c.payload.resource_id === 'string') {
        const row = await lockById(trx, c.payload.resource_id);
        if (!row || row.tenant_id !== c.tenantId || row.project_id !== c.projectId || row.kind !== def.kind || row.status !== APPROVING || row.spec.approval_request_id) throw notFound();
        await updateResource(trx, row.id, { spec: { ...row.spec, approval_request_id: c.requestId } });
        return { targetId: row.id, resourceName: row.name, before: null };
      }
      if (typeof c.payload.rule_id === 'string') {
        const row = await lockScoped(trx, scope, c.payload.rule_id, def.kind);
        if (!row) throw new AppError(404, 'approval_rule_not_found');
        if (row.status === APPROVING || isInBetween(def, row.status)) throw new AppError(409, 'approval_rule_busy');
        // The rule as it would be: still a valid body of its kind (the gateway and EIP stay).
        const would = { ...row.spec, ...c.payload, name: row.name, vendor: row.vendor, region_id: row.region_id, az_id: row.az_id,
          nat_gateway_id: row.spec.nat_gateway_id, eip_id: row.spec.eip_id };
        def.createSchema.parse(would);
        await checkRuleChange(trx, row, would);
        await updateResource(trx, row.id, { status: APPROVING, spec: { ...row.spec, approval_request_id: c.requestId } });
        events.push(event(row, APPROVING));
        if (row.spec.eip_address) c.payload.eip = row.spec.eip_address;
        return { targetId: row.id, resourceName: row.name, before: { status: row.status, spec: { name: row.name, ...ruleView(row.spec) } } };
      }
      const body: Record<string, unknown> = { ...c.payload };
      delete body.rule_id;
      const input = def.createSchema.parse(body) as Record<string, unknown>;
      const id = newId();
      const spec: Record<string, unknown> = { ...specOf(def, input), approval_request_id: c.requestId };
      const own = def.placement === 'own' ? await ownPlacement(trx, input) : null;
      const checked = await checkCreate(trx, scope, def, id, input, spec, own);
      const resource = { id, kind: def.kind, tenant_id: c.tenantId, project_id: c.projectId, ...checked.placement, name: String(input.name), status: APPROVING, spec };
      await insertResources(trx, [resource, ...checked.extras.map((e) => e.resource)]);
      await insertLinks(trx, checked.links);
      events.push(event({ ...resource, locked: false }, APPROVING));
      // The approver reads the rule's address, not the EIP's id.
      if (spec.eip_address) c.payload.eip = spec.eip_address;
      return { targetId: id, resourceName: resource.name, before: null };
    },

    /** Approved: the rule is issued now (`issued`), or waits in 下发中 until its effective time (`issuing`). */
    async approveRule(trx: Exec, req: { target_id: string | null; tenant_id: string; payload: Record<string, unknown>; before: Record<string, unknown> | null }, status: 'issued' | 'issuing', now: Date, events: ResourceEvent[]): Promise<boolean> {
      const row = req.target_id ? await lockById(trx, req.target_id) : undefined;
      if (!row || row.tenant_id !== req.tenant_id || row.status !== APPROVING) return false;
      if (status === 'issuing') {
        await updateResource(trx, row.id, { status: 'issuing' });
        events.push(event(row, 'issuing'));
        return true;
      }
      await approvalPort.issueRule(trx, req, now, events);
      return true;
    },

    /** The effective time has come (or was now): the rule takes the requested spec and is 已下发. */
    async issueRule(trx: Exec, req: { target_id: string | null; tenant_id: string; payload: Record<string, unknown>; before: Record<string, unknown> | null }, now: Date, events: ResourceEvent[]): Promise<void> {
      const row = req.target_id ? await lockById(trx, req.target_id) : undefined;
      if (!row || row.tenant_id !== req.tenant_id || (row.status !== APPROVING && row.status !== 'issuing')) return;
      const spec = req.before ? changedSpec(row.spec, req.payload) : withoutRequest(row.spec);
      const final = kindOf(row.kind)?.create.final ?? 'issued';
      await updateResource(trx, row.id, { status: final, spec: { ...spec, issued_at: now.toISOString() } });
      events.push(event(row, final));
    },

    /** Rejected: a new rule goes (what it counted on its gateway too); a change gets its status back. */
    async rejectRule(trx: Exec, req: { target_id: string | null; tenant_id: string; before: Record<string, unknown> | null }, events: ResourceEvent[]): Promise<void> {
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
    },

    /** Rejected (扩容驳回): the resource keeps its size and gets its status back. */
    async restore(trx: Exec, req: { target_id: string | null; before: Record<string, unknown> | null }, events: ResourceEvent[]): Promise<void> {
      const row = req.target_id ? await lockById(trx, req.target_id) : undefined;
      if (!row || row.status !== EXPANSION_APPROVING) return;
      const def = kindOf(row.kind);
      const previous = String(req.before?.status ?? def?.create.final ?? 'available');
      await updateResource(trx, row.id, { status: previous, spec: withoutRequest(row.spec) });
      events.push(event(row, previous));
    },
  };

  return { list, exportRows, get, create, act, runAction, batch, update, runDueJobs, findOr404, approvalPort };
}
export type ResourceService = ReturnType<typeof resourceService>;
export type ResourceApprovalPort = ResourceService['approvalPort'];
