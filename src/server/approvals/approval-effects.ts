// What a request does to the rest of the system, per request type: at submission (create what
// waits for approval), on approval (provision, issue, apply) and on rejection. Rules and quotas are
// here; the resource engine registers `resource_purchase` / `resource_expansion` itself with
// `registerApprovalEffect` (src/server/services/approval-resources.ts), so a purchase or an
// expansion has one path whether it starts at POST /api/{collection} or POST /api/v1/approvals.
import type { EventEmitter } from 'node:events';
import { sql } from 'kysely';
import { AppError } from '../../domain/errors.ts';
import { newId } from '../../domain/ids.ts';
import type { RequestType } from '../../domain/approvals/approval-status.ts';
import { ruleStatusAfterApproval } from '../../domain/approvals/approval-status.ts';
import { isFinanceTenant, ruleEffectiveAt } from '../../domain/approvals/effective-time.ts';
import { ANY, type PortList } from '../../domain/approvals/network-rules.ts';
import type { FirewallPolicySpec, NatRuleSpec, QuotaChangeSpec } from '../../domain/approvals/approval.schema.ts';
import type { Db } from '../db/database.ts';

/**
 * What an effect may use besides the transaction: services another module attached to this app's
 * approvals (the resource engine attaches its provisioner), and work to run once the transaction
 * has committed (publishing the resource events the effect caused).
 */
export interface EffectEnv {
  attached<T>(key: string): T | undefined;
  afterCommit(fn: () => Promise<void>): void;
}

// One app is one approvals bus (ctx.approvalEvents); what is attached to it belongs to that app,
// so two apps in one process (tests) never use each other's engine.
const attachments = new WeakMap<EventEmitter, Map<string, unknown>>();

/** Makes `value` available to the effects of the app whose approvals bus is `bus`. */
export function attachToApprovals(bus: EventEmitter, key: string, value: unknown): void {
  let map = attachments.get(bus);
  if (!map) attachments.set(bus, (map = new Map()));
  map.set(key, value);
}

/** An env for one submission or decision; `after` collects the post-commit work. */
export function effectEnv(bus: EventEmitter | undefined, after: (() => Promise<void>)[]): EffectEnv {
  return {
    attached: <T,>(key: string) => (bus ? attachments.get(bus)?.get(key) as T | undefined : undefined),
    afterCommit: (fn) => { after.push(fn); },
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
    id: string; type: string; tenant_id: string; project_id: string; payload: Record<string, unknown>;
    before: Record<string, unknown> | null; target_id: string | null; production: boolean; created_at: Date;
    requester_id: string;
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

const registry = new Map<RequestType, ApprovalEffect>();

/** Replaces the effect of a request type (the resource engine's hook). */
export function registerApprovalEffect(type: RequestType, effect: ApprovalEffect): void {
  registry.set(type, effect);
}

export function approvalEffect(type: RequestType): ApprovalEffect {
  const effect = registry.get(type);
  if (!effect) throw new Error(`no approval effect for ${type}`);
  return effect;
}

// ── resources ────────────────────────────────────────────────────────────────────────────────
// resource_purchase and resource_expansion are the resource engine's: it registers them from
// src/server/services/approval-resources.ts (creating, provisioning and resizing go through its
// kinds, jobs and simulator). The unit price lookup below is shared with it.

/** The unit price (fen) of a product's charging package for a tenant, or the public one. */
export async function unitPriceFen(trx: Db, tenantId: string, productCode: string, charging: string): Promise<number> {
  const row = await trx.selectFrom('charging_pkgs').select('unit_price_fen')
    .where('product_code', '=', productCode).where('code', '=', charging).where('enabled', '=', true)
    .where((eb) => eb.or([eb('tenant_id', '=', tenantId), eb('tenant_id', 'is', null)]))
    .orderBy(sql`tenant_id is null`).limit(1).executeTakeFirst();
  return Number(row?.unit_price_fen ?? 0);
}

// ── firewall policies and NAT rules ──────────────────────────────────────────────────────────

function portsOverlap(a: PortList, b: PortList): boolean {
  if (a === ANY || b === ANY) return true;
  const set = new Set(a);
  return b.some((p) => set.has(p));
}

function ruleEffect(table: 'firewall_policies' | 'nat_rules', natKind: 'snat' | 'dnat' | null): ApprovalEffect {
  const specOf = (payload: Record<string, unknown>) => {
    const { rule_id: _ruleId, ...spec } = payload;
    return spec;
  };
  return {
    async submit(c) {
      const p = c.payload as FirewallPolicySpec | NatRuleSpec;
      if (natKind === 'dnat') {
        // Same EIP with the same port is not allowed (seed 001 §5).
        const dnat = p as NatRuleSpec;
        const others = await c.trx.selectFrom('nat_rules').select(['id', 'spec'])
          .where('tenant_id', '=', c.tenantId).where('kind', '=', 'dnat').where('status', '!=', 'rejected')
          .where(sql<boolean>`spec->>'eip' = ${dnat.eip}`).execute();
        const clash = others.find((o) => o.id !== dnat.rule_id && portsOverlap((o.spec as NatRuleSpec).eip_ports, dnat.eip_ports)
          && ((o.spec as NatRuleSpec).protocol === dnat.protocol || dnat.protocol === 'any' || (o.spec as NatRuleSpec).protocol === 'any'));
        if (clash) throw new AppError(409, 'nat_rule_duplicate');
      }
      if (p.rule_id) {
        let qb = c.trx.selectFrom(table).select(['id', 'status', 'spec'])
          .where('id', '=', p.rule_id).where('tenant_id', '=', c.tenantId).where('project_id', '=', c.projectId);
        if (natKind) qb = qb.where(sql.ref('kind'), '=', natKind);
        const rule = await qb.forUpdate().executeTakeFirst();
        if (!rule) throw new AppError(404, 'approval_rule_not_found');
        if (rule.status === 'approving') throw new AppError(409, 'approval_rule_busy');
        await c.trx.updateTable(table).set({ status: 'approving', request_id: c.requestId, updated_at: c.now }).where('id', '=', rule.id).execute();
        return { targetId: rule.id, before: { status: rule.status, spec: rule.spec } };
      }
      const id = newId();
      const values = {
        id, tenant_id: c.tenantId, project_id: c.projectId, request_id: c.requestId, status: 'approving',
        spec: JSON.stringify(specOf(p)), effective_at: null, issued_at: null, created_by: c.requesterId, created_at: c.now, updated_at: c.now,
      };
      if (natKind) await c.trx.insertInto('nat_rules').values({ ...values, kind: natKind, nat_gateway_id: (p as NatRuleSpec).nat_gateway_id }).execute();
      else await c.trx.insertInto('firewall_policies').values(values).execute();
      return { targetId: id, before: null };
    },
    async approve(c) {
      const tenant = await c.trx.selectFrom('tenants').select('business_type').where('id', '=', c.request.tenant_id).executeTakeFirstOrThrow();
      const effectiveAt = ruleEffectiveAt({
        type: c.request.type as RequestType, requestedAt: new Date(c.request.created_at), approvedAt: c.now,
        financeProduction: c.request.production && isFinanceTenant(tenant.business_type),
      });
      const status = ruleStatusAfterApproval(effectiveAt, c.now);
      if (!c.request.target_id) return { status: 'dispatch_failed' };
      const res = await c.trx.updateTable(table).set({
        status, effective_at: effectiveAt, updated_at: c.now,
        ...(status === 'issued' ? { spec: JSON.stringify(specOf(c.request.payload)), issued_at: c.now } : {}),
      }).where('id', '=', c.request.target_id).executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) return { status: 'dispatch_failed' };
      return { status: status === 'issued' ? 'approved' : 'issuing', effectiveAt };
    },
    async reject(c) {
      if (!c.request.target_id) return;
      // A change goes back to what it was; a new rule is rejected.
      const previous = c.request.before?.status as string | undefined;
      await c.trx.updateTable(table).set({ status: previous ?? 'rejected', updated_at: c.now }).where('id', '=', c.request.target_id).execute();
    },
    async issue(c) {
      if (!c.request.target_id) return;
      await c.trx.updateTable(table).set({ status: 'issued', spec: JSON.stringify(specOf(c.request.payload)), issued_at: c.now, updated_at: c.now })
        .where('id', '=', c.request.target_id).execute();
    },
  };
}

// ── quotas ───────────────────────────────────────────────────────────────────────────────────

const quotaChange: ApprovalEffect = {
  async submit(c) {
    const p = c.payload as QuotaChangeSpec;
    const row = await c.trx.selectFrom('project_quota_values').select('value')
      .where('project_id', '=', c.projectId).where('quota_key', '=', p.quota_key).executeTakeFirst();
    if (row && row.value === p.value) throw new AppError(400, 'quota_unchanged');
    return { targetId: c.projectId, before: { quota_key: p.quota_key, value: row?.value ?? null } };
  },
  async approve(c) {
    const p = c.request.payload as QuotaChangeSpec;
    await c.trx.insertInto('project_quota_values')
      .values({ tenant_id: c.request.tenant_id, project_id: c.request.project_id, quota_key: p.quota_key, value: p.value, updated_at: c.now })
      .onConflict((oc) => oc.columns(['project_id', 'quota_key']).doUpdateSet({ value: p.value, updated_at: c.now }))
      .execute();
    return { status: 'approved' };
  },
  async reject() { /* the quota stays */ },
};

registerApprovalEffect('firewall_policy', ruleEffect('firewall_policies', null));
registerApprovalEffect('snat_rule', ruleEffect('nat_rules', 'snat'));
registerApprovalEffect('dnat_rule', ruleEffect('nat_rules', 'dnat'));
registerApprovalEffect('quota_change', quotaChange);
