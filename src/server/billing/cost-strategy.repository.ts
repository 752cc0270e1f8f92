// The cost optimisation's SQL: a tenant's strategies and its choice, and what the findings read
// (running hosts, their open intervals and charges, zone and project names). Every function takes
// the executor first.
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/tables.ts';

export type Exec = Kysely<Database>;

export function choiceRow(ex: Exec, tenantId: string) {
  return ex.selectFrom('cost_strategy_choices').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst();
}

export async function upsertChoice(
  ex: Exec,
  tenantId: string,
  values: { strategy_id: string | null; previous_id: string | null; effective_date: string; updated_at: Date },
) {
  await ex
    .insertInto('cost_strategy_choices')
    .values({ tenant_id: tenantId, ...values })
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet(values))
    .execute();
}

export function strategiesOf(ex: Exec, tenantId: string) {
  return ex.selectFrom('cost_strategies').selectAll().where('tenant_id', '=', tenantId).orderBy('created_at').orderBy('id').execute();
}

/** Locks the tenant's row: one strategy writer at a time per tenant. */
export async function lockTenant(ex: Exec, tenantId: string) {
  await ex.selectFrom('tenants').select('id').where('id', '=', tenantId).forUpdate().executeTakeFirst();
}

export async function countStrategies(ex: Exec, tenantId: string) {
  const n = await ex
    .selectFrom('cost_strategies')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  return Number(n.n);
}

export async function insertStrategy(ex: Exec, row: { id: string; tenant_id: string; name: string; rules: string; created_at: Date; updated_at: Date }) {
  await ex.insertInto('cost_strategies').values(row).execute();
}

/** Whether a strategy of the tenant was updated. */
export async function updateStrategy(ex: Exec, tenantId: string, id: string, set: { name: string; rules: string; updated_at: Date }) {
  const r = await ex.updateTable('cost_strategies').set(set).where('id', '=', id).where('tenant_id', '=', tenantId).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function strategyExists(ex: Exec, tenantId: string, id: string) {
  return !!(await ex.selectFrom('cost_strategies').select('id').where('id', '=', id).where('tenant_id', '=', tenantId).executeTakeFirst());
}

export async function deleteStrategy(ex: Exec, id: string) {
  await ex.deleteFrom('cost_strategies').where('id', '=', id).execute();
}

export function strategyRules(ex: Exec, id: string) {
  return ex.selectFrom('cost_strategies').select(['name', 'rules']).where('id', '=', id).executeTakeFirst();
}

/** The scope's running hosts (by name, at most 1000). */
export function runningHosts(ex: Exec, scope: { tenantId: string; projectId: string | null }) {
  let q = ex
    .selectFrom('resources')
    .select(['id', 'name', 'project_id', 'vendor', 'region_id', 'az_id', 'spec'])
    .where('tenant_id', '=', scope.tenantId)
    .where('kind', '=', 'instance')
    .where('status', '=', 'running');
  if (scope.projectId) q = q.where('project_id', '=', scope.projectId);
  return q.orderBy('name').orderBy('id').limit(1000).execute();
}

export async function openSegmentsOf(ex: Exec, ids: string[]) {
  if (!ids.length) return [];
  return ex
    .selectFrom('meter_segments')
    .select(['resource_id', 'charging_code', 'items', 'units'])
    .where('resource_id', 'in', ids)
    .where('ended_at', 'is', null)
    .execute();
}

export async function chargesOf(ex: Exec, ids: string[]) {
  if (!ids.length) return [];
  return ex
    .selectFrom('bill_charges')
    .select(['resource_id', 'amount_fen', 'duration', 'charged_at'])
    .where('resource_id', 'in', ids)
    .orderBy('charged_at')
    .execute();
}

export async function azNames(ex: Exec, ids: string[]) {
  if (!ids.length) return [];
  return ex.selectFrom('azs').select(['id', 'name']).where('id', 'in', ids).execute();
}
