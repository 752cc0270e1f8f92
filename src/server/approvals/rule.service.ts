// Read side of the firewall policies and SNAT/DNAT rules that approvals create and issue.
import type { Db } from '../db/database.ts';
import { runList, type ListSpec } from '../lib/list.ts';

const spec = (table: 'firewall_policies' | 'nat_rules'): ListSpec => ({
  sortable: { created_at: `${table}.created_at`, updated_at: `${table}.updated_at`, effective_at: `${table}.effective_at` },
  filters: { status: `${table}.status`, id: `${table}.id`, request_id: `${table}.request_id`, ...(table === 'nat_rules' ? { kind: 'nat_rules.kind', nat_gateway_id: 'nat_rules.nat_gateway_id' } : {}) },
  defaultOrder: '-created_at',
  idColumn: `${table}.id`,
});

export function ruleService(db: Db) {
  return {
    firewallPolicies(scope: { tenantId: string; projectId: string | null }, query: unknown) {
      let base = db.selectFrom('firewall_policies').where('firewall_policies.tenant_id', '=', scope.tenantId);
      if (scope.projectId) base = base.where('firewall_policies.project_id', '=', scope.projectId);
      return runList(base, (qb) => qb.selectAll('firewall_policies'), query, spec('firewall_policies'));
    },
    natRules(scope: { tenantId: string; projectId: string | null }, query: unknown) {
      let base = db.selectFrom('nat_rules').where('nat_rules.tenant_id', '=', scope.tenantId);
      if (scope.projectId) base = base.where('nat_rules.project_id', '=', scope.projectId);
      return runList(base, (qb) => qb.selectAll('nat_rules'), query, spec('nat_rules'));
    },
    async quotas(scope: { tenantId: string; projectId: string }) {
      const rows = await db.selectFrom('project_quota_values').select(['quota_key', 'value', 'updated_at'])
        .where('tenant_id', '=', scope.tenantId).where('project_id', '=', scope.projectId).orderBy('quota_key').execute();
      return { count: rows.length, data: rows };
    },
  };
}
