// Charging conversion (convertPurchase, seed 001 §4): pay-as-you-go → yearly/monthly, effective
// 00:00 Asia/Shanghai on the 1st of next month; no way back during the contract except early
// termination, which returns the resource to pay-as-you-go at once. Both run through the engine
// (runAction with a spec change: lock, state check, kind hooks, status event); the meter hears the
// event, cuts the interval at the effective instant and writes the order. Renewal extends a
// yearly/monthly contract by a period, priced by the pricing module.
import { conflict, notFound } from '../../domain/errors.ts';
import { kindOf } from '../../domain/kinds/registry.ts';
import { SAME, type ActionDef } from '../../domain/kinds/kind.ts';
import { yearlyAllowed } from '../../domain/pricing.ts';
import { ownItems } from '../../domain/billing/billing.ts';
import { industryRequirements } from '../../domain/tenant-industry.ts';
import { CONVERTIBLE_STATUSES, contractEnd, nextMonthStart, renewedUntil } from '../../domain/billing/orders.ts';
import type { Scope } from '../platform/auth/scope.ts';
import type { Db } from '../platform/db/database.ts';
import type { Engine } from '../engine/engine.ts';
import type { MeterService } from './meter.service.ts';
import * as repo from './order.repository.ts';

export interface ConvertDeps {
  db: Db;
  engine: Pick<Engine, 'pricing' | 'resources'>;
  meter: MeterService;
}

const CHARGING_KEYS = ['charging_code', 'duration', 'charging_since', 'contract_until'] as const;

/** The engine action a conversion runs (not on the kinds' menus: only these routes start it). */
const CONVERT_ACTION: ActionDef = {
  id: 'convert_charging',
  allowedFrom: CONVERTIBLE_STATUSES,
  inBetween: null,
  final: SAME,
  refusalKey: 'orders.convert_state',
  effects: [{ type: 'set_spec', keys: CHARGING_KEYS }],
  permission: 'update',
};

/**
 * The engine action a renewal runs: the contract end moves by the period; `renew_from` (the old end,
 * where the new period starts) and `renew_duration` tell the meter which period to charge and order.
 */
const RENEW_ACTION: ActionDef = {
  id: 'renew_contract',
  allowedFrom: CONVERTIBLE_STATUSES,
  inBetween: null,
  final: SAME,
  refusalKey: 'orders.renew_state',
  effects: [{ type: 'set_spec', keys: ['contract_until', 'renew_from', 'renew_duration'] }],
  permission: 'update',
};

type Spec = Record<string, unknown>;
const specOf = (s: unknown): Spec => (typeof s === 'string' ? JSON.parse(s) : (s ?? {})) as Spec;

type Presentable = { id: string; kind: string; name: string; vendor: string; status: string; project_id: string; spec: Spec; created_at?: Date | string };
type Convertible = Presentable & { tenant_id: string };

export async function autoRenew(deps: ConvertDeps, tenantId: string) {
  return industryRequirements(await repo.businessTypeOf(deps.db, tenantId)).contractAutoRenew;
}

/** A convertible resource of the scope (404 otherwise), its spec parsed. */
export async function resourceOf(deps: ConvertDeps, scope: Scope, id: string): Promise<Convertible> {
  const row = await repo.convertibleResource(deps.db, scope, id);
  if (!row) throw notFound();
  return { ...row, spec: specOf(row.spec) };
}

/** A yearly contract's end: the stored one, or (bought yearly) its start plus the purchased months. */
function contractUntilOf(spec: Spec, createdAt: Date | string | undefined) {
  if (typeof spec.contract_until === 'string') return new Date(spec.contract_until);
  const start = typeof spec.charging_since === 'string' ? new Date(spec.charging_since) : createdAt ? new Date(createdAt) : null;
  return start ? renewedUntil(start, Number(spec.duration ?? 1)) : null;
}

export function present(r: Presentable, now: Date) {
  const since = typeof r.spec.charging_since === 'string' ? r.spec.charging_since : null;
  const yearly = r.spec.charging_code === 'year';
  return {
    id: r.id,
    kind: r.kind,
    name: r.name,
    vendor: r.vendor,
    status: r.status,
    project_id: r.project_id,
    charging_code: yearly ? 'year' : 'quantity',
    duration: yearly ? Number(r.spec.duration ?? 1) : null,
    charging_since: since,
    contract_until: yearly ? (contractUntilOf(r.spec, r.created_at)?.toISOString() ?? null) : null,
    pending: since !== null && new Date(since) > now,
    yearly_allowed: yearlyAllowed(r.vendor),
  };
}

/** The resources a caller may convert or terminate, with when a conversion would take effect. */
export async function convertible(deps: ConvertDeps, scope: Scope) {
  const rows = await repo.convertibleResources(deps.db, scope);
  const now = new Date();
  return {
    effective_at: nextMonthStart(now).toISOString(),
    auto_renew: await autoRenew(deps, scope.tenantId),
    count: rows.length,
    data: rows.map((r) => present({ ...r, spec: specOf(r.spec) }, now)),
  };
}

/** The yearly price the conversion would charge (the pricing module, the resource's own items). */
export async function convertPrice(deps: ConvertDeps, scope: Scope, body: { resource_id: string; duration: number }) {
  const row = await resourceOf(deps, scope, body.resource_id);
  const def = kindOf(row.kind)!;
  if (!yearlyAllowed(row.vendor)) throw conflict('orders.yearly_unavailable');
  const items = ownItems(def.productCode, row.spec, def.priceQuantityKey, row.vendor);
  return deps.engine.pricing.price({ tenantId: scope.tenantId, items, charging_code: 'year', duration: body.duration, count: 1 });
}

/** Runs the engine's action with the spec change, then meters it now so the order is in the answer. */
async function runAndMeter(deps: ConvertDeps, scope: Scope, row: Convertible, action: ActionDef, params: Record<string, unknown>, now: Date) {
  const r = await deps.engine.resources.runAction(scope, kindOf(row.kind)!, action, row.id, params);
  // The meter hears the engine's event too; metering now (idempotent) puts the order in this answer.
  await deps.meter.settled();
  await deps.meter.reconcile(row.id, now);
  return present({ ...row, spec: specOf(r.spec) }, now);
}

export async function convert(deps: ConvertDeps, scope: Scope, body: { resource_id: string; duration: number }) {
  const row = await resourceOf(deps, scope, body.resource_id);
  if (row.spec.charging_code === 'year') throw conflict('orders.already_yearly');
  if (!yearlyAllowed(row.vendor)) throw conflict('orders.yearly_unavailable');
  const now = new Date();
  const since = nextMonthStart(now);
  const params = {
    charging_code: 'year',
    duration: body.duration,
    charging_since: since.toISOString(),
    contract_until: contractEnd(since, body.duration).toISOString(),
  };
  const resource = await runAndMeter(deps, scope, row, CONVERT_ACTION, params, now);
  return { resource, effective_at: params.charging_since, auto_renew: await autoRenew(deps, scope.tenantId) };
}

/** Early termination: back to pay-as-you-go at once (only once the contract has started). */
export async function terminate(deps: ConvertDeps, scope: Scope, body: { resource_id: string }) {
  const row = await resourceOf(deps, scope, body.resource_id);
  if (row.spec.charging_code !== 'year') throw conflict('orders.not_yearly');
  const now = new Date();
  if (typeof row.spec.charging_since === 'string' && new Date(row.spec.charging_since) > now) throw conflict('orders.not_started');
  const params = { charging_code: 'quantity', duration: undefined, charging_since: now.toISOString(), contract_until: undefined };
  return { resource: await runAndMeter(deps, scope, row, CONVERT_ACTION, params, now) };
}

/** What renewing `row` for `months` would do: the current end, the new one and the period's price. */
async function renewalOf(deps: ConvertDeps, scope: Scope, row: Convertible, months: number) {
  if (row.spec.charging_code !== 'year') throw conflict('orders.renew_not_yearly');
  if (!(CONVERTIBLE_STATUSES as string[]).includes(row.status)) throw conflict('orders.renew_state');
  const def = kindOf(row.kind)!;
  // A resource bought yearly has no stored end: its period runs from when it started being charged.
  // A contract already over is renewed from now: a period is never charged into a month gone by.
  const now = new Date();
  const end = contractUntilOf(row.spec, row.created_at)!;
  const until = end > now ? end : now;
  const items = ownItems(def.productCode, row.spec, def.priceQuantityKey, row.vendor);
  const price = await deps.engine.pricing.price({ tenantId: scope.tenantId, items, charging_code: 'year', duration: months, count: 1 });
  return { def, from: until, until: renewedUntil(until, months), price };
}

/** The renewal's price and the contract end it would give (the screen's preview). */
export async function renewPrice(deps: ConvertDeps, scope: Scope, body: { resource_id: string; duration: number }) {
  const r = await renewalOf(deps, scope, await resourceOf(deps, scope, body.resource_id), body.duration);
  return { ...r.price, contract_from: r.from.toISOString(), contract_until: r.until.toISOString() };
}

export async function renew(deps: ConvertDeps, scope: Scope, body: { resource_id: string; duration: number }) {
  const row = await resourceOf(deps, scope, body.resource_id);
  const r = await renewalOf(deps, scope, row, body.duration);
  const now = new Date();
  const params = { contract_until: r.until.toISOString(), renew_from: r.from.toISOString(), renew_duration: body.duration };
  const resource = await runAndMeter(deps, scope, row, RENEW_ACTION, params, now);
  const order = await repo.latestRenewOrder(deps.db, row.id);
  return { resource, order_id: order?.id ?? null, sum_price: r.price.sum_price };
}
