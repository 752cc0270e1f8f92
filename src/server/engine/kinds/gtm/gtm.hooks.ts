// Server half of GTM (domain/kinds/gtm): pool names and policy lines are unique in their instance,
// a policy's pools are enabled pools of the same instance (never one pool twice), a pool in use by
// a policy is not deleted, the instance counts its pools and policies, and every change of the
// instance, its pools or its policies is written to the instance's operation log (gtmLog) in the
// change's own transaction.
import { gtmInstanceKind, gtmPolicyKind, gtmPoolKind } from '../../../../domain/kinds/gtm/gtm.kind.ts';
import { defineHooks, invalid, type ActionContext, type AfterActionContext, type CreateContext } from '../hooks.ts';
import { conflict, notFound } from '../../../../domain/errors.ts';
import { insertGtmLog, deleteGtmLogs } from '../../gtm-logs.repository.ts';
import type { ResourceScope } from '../../resources.repository.ts';
import { lockScoped, resourcesByIds, siblingsBySpec, updateResource, type Exec, type ResourceRow } from '../../engine.repository.ts';

const GLOBAL_KEYS = ['ttl', 'alarm_enabled', 'health_protocol', 'health_port', 'health_interval'] as const;

async function bump(trx: Exec, id: unknown, key: string, delta: number) {
  const [row] = await resourcesByIds(trx, id ? [String(id)] : [], true);
  if (row) await updateResource(trx, row.id, { spec: { ...row.spec, [key]: Math.max(0, Number(row.spec[key] ?? 0) + delta) } });
}

const log = (
  trx: Exec,
  row: { tenant_id: string; kind: string; name: string; id: string; spec: Record<string, unknown> },
  operation: string,
  detail: Record<string, unknown> = {},
) =>
  insertGtmLog(trx, {
    tenant_id: row.tenant_id,
    gtm_id: row.kind === 'gtm_instance' ? row.id : String(row.spec.gtm_id),
    operation,
    target_kind: row.kind,
    target_name: row.name,
    detail,
  });

const addressText = (v: unknown) => (Array.isArray(v) ? (v as { ip: string; weight: number }[]).map((a) => `${a.ip}(${a.weight})`).join(', ') : '');

/** A pool a policy names: in scope (404), of the policy's instance and enabled (400 on the field). */
async function checkPool(trx: Exec, scope: ResourceScope, gtmId: string, field: string, id: unknown): Promise<ResourceRow | null> {
  if (!id) return null;
  const pool = await lockScoped(trx, scope, String(id), 'gtm_pool');
  if (!pool) throw notFound();
  if (String(pool.spec.gtm_id) !== gtmId) throw invalid(field, 'gtm_pool_not_in_instance');
  if (pool.status !== 'enabled') throw invalid(field, 'gtm_pool_disabled');
  return pool;
}

async function policyPools(trx: Exec, scope: ResourceScope, gtmId: string, v: Record<string, unknown>) {
  const primary = await checkPool(trx, scope, gtmId, 'primary_pool_id', v.primary_pool_id);
  const backup = await checkPool(trx, scope, gtmId, 'backup_pool_id', v.backup_pool_id);
  return { primary_pool: primary?.name, backup_pool: backup?.name ?? null, failover: v.failover };
}

// GTM instances, address pools and access policies: one server half per kind; a pool or policy
// removed leaves the log a line and its instance one fewer.
export const gtmHooks = [
  defineHooks(gtmInstanceKind, {
    async beforeCreate(c: CreateContext) {
      Object.assign(c.spec, {
        cname: `gtm-${c.id.slice(0, 12)}.gtm.yunshu-dns.cn`,
        alarm_enabled: true,
        health_protocol: 'tcp',
        health_port: 80,
        health_interval: 60,
        pool_count: 0,
        policy_count: 0,
      });
      await log(c.trx, { tenant_id: c.tenantId, kind: 'gtm_instance', id: c.id, name: String(c.input.name), spec: c.spec }, 'create', { ttl: c.spec.ttl });
    },
    afterAction: {
      async set_global(c: AfterActionContext) {
        await log(c.trx, c.row, 'set_global', Object.fromEntries(GLOBAL_KEYS.map((k) => [k, c.row.spec[k] ?? null])));
        return [];
      },
      async disable(c: AfterActionContext) {
        await log(c.trx, c.row, 'disable');
        return [];
      },
      async enable(c: AfterActionContext) {
        await log(c.trx, c.row, 'enable');
        return [];
      },
    },
    /** An instance takes its log with it. */
    async beforeRemove(trx: Exec, row: ResourceRow) {
      await deleteGtmLogs(trx, row.id);
    },
  }),
  defineHooks(gtmPoolKind, {
    async beforeCreate(c: CreateContext) {
      const gtm = c.parents.gtm_id!;
      const others = await siblingsBySpec(c.trx, c.tenantId, 'gtm_pool', 'gtm_id', gtm.id);
      if (others.some((o) => o.name === String(c.input.name))) throw invalid('name', 'gtm_pool_name_taken');
      await bump(c.trx, gtm.id, 'pool_count', 1);
      await log(c.trx, { tenant_id: c.tenantId, kind: 'gtm_pool', id: c.id, name: String(c.input.name), spec: { gtm_id: gtm.id } }, 'create', {
        addresses: addressText(c.input.addresses),
        health_check: c.input.health_check,
      });
    },
    beforeAction: {
      async delete(c: ActionContext) {
        const policies = await siblingsBySpec(c.trx, c.row.tenant_id, 'gtm_policy', 'gtm_id', String(c.row.spec.gtm_id));
        if (policies.some((p) => p.spec.primary_pool_id === c.row.id || p.spec.backup_pool_id === c.row.id)) throw conflict('refusals.gtm_pool.in_use');
      },
      async disable(c: ActionContext) {
        const policies = await siblingsBySpec(c.trx, c.row.tenant_id, 'gtm_policy', 'gtm_id', String(c.row.spec.gtm_id));
        if (policies.some((p) => p.status === 'enabled' && p.spec.primary_pool_id === c.row.id)) throw conflict('refusals.gtm_pool.primary_in_use');
      },
    },
    afterAction: {
      async modify(c: AfterActionContext) {
        await log(c.trx, c.row, 'modify', { addresses: addressText(c.row.spec.addresses), health_check: c.row.spec.health_check });
        return [];
      },
      async enable(c: AfterActionContext) {
        await log(c.trx, c.row, 'enable');
        return [];
      },
      async disable(c: AfterActionContext) {
        await log(c.trx, c.row, 'disable');
        return [];
      },
    },
    async beforeRemove(trx: Exec, row: ResourceRow) {
      await bump(trx, row.spec.gtm_id, 'pool_count', -1);
      await log(trx, row, 'delete');
    },
  }),
  defineHooks(gtmPolicyKind, {
    async beforeCreate(c: CreateContext) {
      const gtm = c.parents.gtm_id!;
      const others = await siblingsBySpec(c.trx, c.tenantId, 'gtm_policy', 'gtm_id', gtm.id);
      if (others.some((o) => o.spec.line === c.input.line)) throw invalid('line', 'gtm_line_taken');
      const detail = await policyPools(c.trx, { tenantId: c.tenantId, projectId: c.projectId }, gtm.id, c.input);
      Object.assign(c.spec, { primary_pool_name: detail.primary_pool, ...(detail.backup_pool ? { backup_pool_name: detail.backup_pool } : {}) });
      await bump(c.trx, gtm.id, 'policy_count', 1);
      await log(c.trx, { tenant_id: c.tenantId, kind: 'gtm_policy', id: c.id, name: String(c.input.line), spec: { gtm_id: gtm.id } }, 'create', {
        line: c.input.line,
        ...detail,
      });
    },
    beforeAction: {
      async modify(c: ActionContext) {
        const d = await policyPools(c.trx, c.scope, String(c.row.spec.gtm_id), c.params);
        Object.assign(c.params, { primary_pool_name: d.primary_pool, backup_pool_name: d.backup_pool ?? undefined });
      },
    },
    afterAction: {
      async modify(c: AfterActionContext) {
        const ids = [c.row.spec.primary_pool_id, c.row.spec.backup_pool_id].filter(Boolean).map(String);
        const pools = new Map((await resourcesByIds(c.trx, ids)).map((p) => [p.id, p.name]));
        await log(c.trx, c.row, 'modify', {
          primary_pool: pools.get(String(c.row.spec.primary_pool_id)),
          backup_pool: pools.get(String(c.row.spec.backup_pool_id)) ?? null,
          failover: c.row.spec.failover,
        });
        return [];
      },
      async enable(c: AfterActionContext) {
        await log(c.trx, c.row, 'enable');
        return [];
      },
      async disable(c: AfterActionContext) {
        await log(c.trx, c.row, 'disable');
        return [];
      },
    },
    async beforeRemove(trx: Exec, row: ResourceRow) {
      await bump(trx, row.spec.gtm_id, 'policy_count', -1);
      await log(trx, row, 'delete');
    },
  }),
];
