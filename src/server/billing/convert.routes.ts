// Charging conversion (convertPurchase, seed 001 §4): pay-as-you-go → yearly/monthly, effective
// 00:00 Asia/Shanghai on the 1st of next month; no way back during the contract except early
// termination, which returns the resource to pay-as-you-go at once. Both run through the engine
// (runAction with a spec change: lock, state check, kind hooks, status event); the meter hears the
// event, cuts the interval at the effective instant and writes the order.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { conflict, notFound } from '../../domain/errors.ts';
import { kindOf } from '../../domain/kinds/registry.ts';
import { SAME, type ActionDef } from '../../domain/kinds/kind.ts';
import { can } from '../../domain/roles.ts';
import { yearlyAllowed } from '../../domain/pricing.ts';
import { ownItems } from '../../domain/billing/billing.ts';
import {
  AUTO_RENEW_BUSINESS_TYPES,
  CONVERTIBLE_KINDS,
  CONVERTIBLE_STATUSES,
  contractEnd,
  convertSchema,
  nextMonthStart,
  renewSchema,
  renewedUntil,
  terminateSchema,
} from '../../domain/billing/orders.ts';
import { requirePermission } from '../plugins/auth.plugin.ts';
import { resolveScope, type Scope } from '../plugins/scope.ts';
import type { AppContext } from '../context.ts';

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

/**
 * What the access guard checks (ADR 0021), as the handler does: reading needs `read:order`; converting
 * and terminating `create:order` (every role holding it also holds `read:order` and `update:resource`,
 * which the handler checks too).
 */
const READ = { config: { permission: 'read:order' } } as const;
const WRITE = { config: { permission: 'create:order' } } as const;

export async function convertRoutes(app: FastifyInstance, ctx: AppContext) {
  const engine = app.engine;

  async function scopeOf(req: FastifyRequest, write: boolean) {
    const scope = await resolveScope(req, ctx.tenancy);
    requirePermission(can(scope.roles, 'read', 'order') && (!write || (can(scope.roles, 'create', 'order') && can(scope.roles, 'update', 'resource'))));
    return scope;
  }
  const autoRenew = async (tenantId: string) => {
    const t = await ctx.db.selectFrom('tenants').select('business_type').where('id', '=', tenantId).executeTakeFirst();
    return AUTO_RENEW_BUSINESS_TYPES.includes(t?.business_type ?? '');
  };
  async function resourceOf(scope: Scope, id: string) {
    let q = ctx.db
      .selectFrom('resources')
      .select(['id', 'kind', 'name', 'vendor', 'status', 'spec', 'project_id', 'tenant_id', 'created_at'])
      .where('id', '=', id)
      .where('tenant_id', '=', scope.tenantId)
      .where('kind', 'in', CONVERTIBLE_KINDS as string[]);
    if (scope.projectId) q = q.where('project_id', '=', scope.projectId);
    const row = await q.executeTakeFirst();
    if (!row) throw notFound();
    return { ...row, spec: specOf(row.spec) };
  }
  /** A yearly contract's end: the stored one, or (bought yearly) its start plus the purchased months. */
  const contractUntilOf = (spec: Spec, createdAt: Date | string | undefined) => {
    if (typeof spec.contract_until === 'string') return new Date(spec.contract_until);
    const start = typeof spec.charging_since === 'string' ? new Date(spec.charging_since) : createdAt ? new Date(createdAt) : null;
    return start ? renewedUntil(start, Number(spec.duration ?? 1)) : null;
  };
  const present = (
    r: { id: string; kind: string; name: string; vendor: string; status: string; project_id: string; spec: Spec; created_at?: Date | string },
    now: Date,
  ) => {
    const since = typeof r.spec.charging_since === 'string' ? r.spec.charging_since : null;
    return {
      id: r.id,
      kind: r.kind,
      name: r.name,
      vendor: r.vendor,
      status: r.status,
      project_id: r.project_id,
      charging_code: r.spec.charging_code === 'year' ? 'year' : 'quantity',
      duration: r.spec.charging_code === 'year' ? Number(r.spec.duration ?? 1) : null,
      charging_since: since,
      contract_until: r.spec.charging_code === 'year' ? (contractUntilOf(r.spec, r.created_at)?.toISOString() ?? null) : null,
      pending: since !== null && new Date(since) > now,
      yearly_allowed: yearlyAllowed(r.vendor),
    };
  };

  // The resources a caller may convert or terminate, with when a conversion would take effect.
  app.get('/api/v1/cloud/orders/convertible', READ, async (req) => {
    const scope = await scopeOf(req, false);
    let q = ctx.db
      .selectFrom('resources')
      .select(['id', 'kind', 'name', 'vendor', 'status', 'spec', 'project_id', 'created_at'])
      .where('tenant_id', '=', scope.tenantId)
      .where('kind', 'in', CONVERTIBLE_KINDS as string[])
      .where('status', 'in', CONVERTIBLE_STATUSES as string[]);
    if (scope.projectId) q = q.where('project_id', '=', scope.projectId);
    const rows = await q.orderBy('created_at', 'desc').orderBy('id').limit(500).execute();
    const now = new Date();
    return {
      effective_at: nextMonthStart(now).toISOString(),
      auto_renew: await autoRenew(scope.tenantId),
      count: rows.length,
      data: rows.map((r) => present({ ...r, spec: specOf(r.spec) }, now)),
    };
  });

  // The yearly price the conversion would charge (the pricing module, the resource's own items).
  app.get('/api/v1/cloud/orders/convert/price', READ, async (req) => {
    const scope = await scopeOf(req, false);
    const body = convertSchema.parse(req.query ?? {});
    const row = await resourceOf(scope, body.resource_id);
    const def = kindOf(row.kind)!;
    if (!yearlyAllowed(row.vendor)) throw conflict('orders.yearly_unavailable');
    const items = ownItems(def.productCode!, row.spec, def.priceQuantityKey, row.vendor);
    return engine.pricing.price({ tenantId: scope.tenantId, items, charging_code: 'year', duration: body.duration, count: 1 });
  });

  app.post('/api/v1/cloud/orders/convert', WRITE, async (req) => {
    const scope = await scopeOf(req, true);
    const body = convertSchema.parse(req.body ?? {});
    const row = await resourceOf(scope, body.resource_id);
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
    const r = await engine.resources.runAction(scope, kindOf(row.kind)!, CONVERT_ACTION, row.id, params);
    // The meter hears the engine's event too; metering now (idempotent) puts the order in this answer.
    await ctx.meter.settled();
    await ctx.meter.reconcile(row.id, now);
    return { resource: present({ ...row, spec: specOf(r.spec) }, now), effective_at: params.charging_since, auto_renew: await autoRenew(scope.tenantId) };
  });

  // Early termination: back to pay-as-you-go at once (only once the contract has started).
  app.post('/api/v1/cloud/orders/terminate', WRITE, async (req) => {
    const scope = await scopeOf(req, true);
    const body = terminateSchema.parse(req.body ?? {});
    const row = await resourceOf(scope, body.resource_id);
    if (row.spec.charging_code !== 'year') throw conflict('orders.not_yearly');
    const now = new Date();
    if (typeof row.spec.charging_since === 'string' && new Date(row.spec.charging_since) > now) throw conflict('orders.not_started');
    const params = { charging_code: 'quantity', duration: undefined, charging_since: now.toISOString(), contract_until: undefined };
    const r = await engine.resources.runAction(scope, kindOf(row.kind)!, CONVERT_ACTION, row.id, params);
    // The meter hears the engine's event too; metering now (idempotent) puts the order in this answer.
    await ctx.meter.settled();
    await ctx.meter.reconcile(row.id, now);
    return { resource: present({ ...row, spec: specOf(r.spec) }, now) };
  });

  // ── Renewal: a yearly/monthly resource's contract extended by a period, priced by the pricing module ──

  /** What renewing `row` for `months` would do: the current end, the new one and the period's price. */
  async function renewalOf(scope: Scope, row: Awaited<ReturnType<typeof resourceOf>>, months: number) {
    if (row.spec.charging_code !== 'year') throw conflict('orders.renew_not_yearly');
    if (!(CONVERTIBLE_STATUSES as string[]).includes(row.status)) throw conflict('orders.renew_state');
    const def = kindOf(row.kind)!;
    // A resource bought yearly has no stored end: its period runs from when it started being charged.
    // A contract already over is renewed from now: a period is never charged into a month gone by.
    const now = new Date();
    const end = contractUntilOf(row.spec, row.created_at)!;
    const until = end > now ? end : now;
    const items = ownItems(def.productCode!, row.spec, def.priceQuantityKey, row.vendor);
    const price = await engine.pricing.price({ tenantId: scope.tenantId, items, charging_code: 'year', duration: months, count: 1 });
    return { def, from: until, until: renewedUntil(until, months), price };
  }

  // The renewal's price and the contract end it would give (the screen's preview).
  app.get('/api/v1/cloud/orders/renew/price', READ, async (req) => {
    const scope = await scopeOf(req, false);
    const body = renewSchema.parse(req.query ?? {});
    const r = await renewalOf(scope, await resourceOf(scope, body.resource_id), body.duration);
    return { ...r.price, contract_from: r.from.toISOString(), contract_until: r.until.toISOString() };
  });

  app.post('/api/v1/cloud/orders/renew', WRITE, async (req) => {
    const scope = await scopeOf(req, true);
    const body = renewSchema.parse(req.body ?? {});
    const row = await resourceOf(scope, body.resource_id);
    const r = await renewalOf(scope, row, body.duration);
    const now = new Date();
    const params = { contract_until: r.until.toISOString(), renew_from: r.from.toISOString(), renew_duration: body.duration };
    const done = await engine.resources.runAction(scope, r.def, RENEW_ACTION, row.id, params);
    // The meter hears the engine's event too; metering now (idempotent) puts the order in this answer.
    await ctx.meter.settled();
    await ctx.meter.reconcile(row.id, now);
    const order = await ctx.db
      .selectFrom('orders')
      .select(['id', 'sum_price'])
      .where('resource_id', '=', row.id)
      .where('order_type', '=', 'renew')
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    return { resource: present({ ...row, spec: specOf(done.spec) }, now), order_id: order?.id ?? null, sum_price: r.price.sum_price };
  });
}
