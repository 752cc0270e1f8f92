// Read side of what approvals change, now kept by the resource engine: firewall policies and
// SNAT/DNAT rules are resources of their kinds (also listed at /api/firewall-policies,
// /api/snat-rules, /api/dnat-rules), quota limits are project_quotas.
import { z } from 'zod';
import type { Db } from '../platform/db/database.ts';
import { splitMulti } from '../../domain/list-query.ts';
import { quotaKeyOf } from '../../domain/approvals/quota-keys.ts';
import { RESOURCE_REQUEST_TYPES, isRuleRequest, type RequestType } from '../../domain/approvals/approval-status.ts';
import { FINANCE_PRODUCTION_HOUR, NAT_ISSUE_HOUR, isFinanceTenant } from '../../domain/approvals/effective-time.ts';
import { findApprovalProcess, tenantBusinessType } from './approval.repository.ts';
import { quotasOf } from '../platform/quotas/quotas.repository.ts';
import { ruleView } from '../../domain/approvals/network-rules.ts';
import { listRules } from './rule.repository.ts';

type Scope = { tenantId: string; projectId: string | null };

/** `types`: comma-joined request types of the engine's requests (all of them when left out; invoice approvals are the tenant's GOA process, not a project's). */
const requirementQuerySchema = z
  .object({
    types: z
      .string()
      .max(200)
      .optional()
      .transform((v, ctx) => {
        const list = splitMulti(v);
        if (list.some((x) => !(RESOURCE_REQUEST_TYPES as readonly string[]).includes(x))) {
          ctx.addIssue({ code: 'custom', message: 'invalid_value' });
          return z.NEVER;
        }
        return (list.length ? list : [...RESOURCE_REQUEST_TYPES]) as RequestType[];
      }),
  })
  .loose();
const NAT_KINDS: Record<string, string> = { snat: 'snat_rule', dnat: 'dnat_rule' };

function rules(db: Db, scope: Scope, kinds: string[], query: Record<string, unknown>) {
  const filter = { kinds, natGatewayIds: splitMulti(query.nat_gateway_id), requestIds: splitMulti(query.request_id) };
  return listRules(db, scope, filter, query, (r) => ({ ...r, spec: ruleView((r as { spec: Record<string, unknown> }).spec) }));
}

export function firewallPolicies(db: Db, scope: Scope, query: unknown) {
  return rules(db, scope, ['firewall_policy'], (query ?? {}) as Record<string, unknown>);
}

export function natRules(db: Db, scope: Scope, query: unknown) {
  const q = (query ?? {}) as Record<string, unknown>;
  const kinds = splitMulti(q.kind)
    .map((k) => NAT_KINDS[k] ?? k)
    .filter((k) => k === 'snat_rule' || k === 'dnat_rule');
  return rules(db, scope, kinds.length ? kinds : ['snat_rule', 'dnat_rule'], q);
}

/**
 * Whether a request of each type waits for approval in the project (its process covers the
 * type) and, for a rule, the hour it is issued once approved: 18:00 in the finance tenant's
 * production, 22:00 for SNAT/DNAT elsewhere, null when at once.
 */
export async function requirements(db: Db, scope: { tenantId: string; projectId: string }, query: unknown) {
  const { types } = requirementQuerySchema.parse(query ?? {});
  const businessType = await tenantBusinessType(db, scope.tenantId);
  const data = [];
  for (const type of types ?? RESOURCE_REQUEST_TYPES) {
    const process = await findApprovalProcess(db, scope.tenantId, scope.projectId, type);
    const financeProduction = !!process?.production && isFinanceTenant(businessType);
    const issueHour =
      !process || !isRuleRequest(type)
        ? null
        : financeProduction
          ? FINANCE_PRODUCTION_HOUR
          : type === 'snat_rule' || type === 'dnat_rule'
            ? NAT_ISSUE_HOUR
            : null;
    data.push({ type, needs_approval: !!process, issue_hour: issueHour });
  }
  return { count: data.length, data };
}

export async function quotas(db: Db, scope: { tenantId: string; projectId: string }) {
  const rows = await quotasOf(db, scope.tenantId, scope.projectId);
  const data = rows.map((r) => ({
    quota_key: quotaKeyOf(r.kind, r.measure),
    kind: r.kind,
    measure: r.measure,
    value: r.max_count,
    updated_at: r.updated_at,
  }));
  return { count: data.length, data };
}

/** The functions above bound to the app's database (composition.ts; routes call `ctx.rules.…`). */
export function ruleService(db: Db) {
  return {
    firewallPolicies: firewallPolicies.bind(null, db),
    natRules: natRules.bind(null, db),
    requirements: requirements.bind(null, db),
    quotas: quotas.bind(null, db),
  };
}
