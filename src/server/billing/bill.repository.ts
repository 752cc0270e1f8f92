// The bills' SQL (issue 13): metered intervals and charges of a range, the monthly bills' states,
// the dated exchange rates and the names a bill's rows are labelled with. Every function takes the
// executor first (the app's Kysely or an open transaction).
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/tables.ts';
import { newId } from '../../domain/ids.ts';

export type Exec = Kysely<Database>;

export interface BillScope {
  tenantId: string;
  projectId: string | null;
}

export function ratesOf(ex: Exec, currency: string) {
  return ex.selectFrom('exchange_rates').select(['effective_date', 'rate_e4']).where('currency', '=', currency).execute();
}

export function allRates(ex: Exec) {
  return ex.selectFrom('exchange_rates').selectAll().orderBy('currency').orderBy('effective_date', 'desc').execute();
}

export async function upsertRate(ex: Exec, r: { currency: string; effective_date: string; rate_e4: number; userId: string; at: Date }) {
  await ex
    .insertInto('exchange_rates')
    .values({ id: newId(), currency: r.currency, effective_date: r.effective_date, rate_e4: r.rate_e4, updated_by: r.userId, updated_at: r.at })
    .onConflict((oc) => oc.columns(['currency', 'effective_date']).doUpdateSet({ rate_e4: r.rate_e4, updated_by: r.userId, updated_at: r.at }))
    .execute();
}

/** The pay-as-you-go intervals overlapping [start, end) in the scope. */
export function quantitySegments(ex: Exec, scope: BillScope, start: Date, end: Date) {
  let q = ex
    .selectFrom('meter_segments')
    .selectAll()
    .where('tenant_id', '=', scope.tenantId)
    .where('charging_code', '=', 'quantity')
    .where('started_at', '<', end)
    .where((eb) => eb.or([eb('ended_at', 'is', null), eb('ended_at', '>', start)]));
  if (scope.projectId) q = q.where('project_id', '=', scope.projectId);
  return q.execute();
}

/** The yearly/monthly charges made in [start, end) in the scope. */
export function chargesBetween(ex: Exec, scope: BillScope, start: Date, end: Date) {
  let q = ex.selectFrom('bill_charges').selectAll().where('tenant_id', '=', scope.tenantId).where('charged_at', '>=', start).where('charged_at', '<', end);
  if (scope.projectId) q = q.where('project_id', '=', scope.projectId);
  return q.execute();
}

/** Whether the resource was ever metered for the tenant. */
export function anySegmentOf(ex: Exec, tenantId: string, resourceId: string) {
  return ex.selectFrom('meter_segments').select('id').where('tenant_id', '=', tenantId).where('resource_id', '=', resourceId).executeTakeFirst();
}

/** Makes the months' bill rows (未确认) that do not exist yet. */
export async function ensureChecks(ex: Exec, tenantId: string, months: string[]) {
  await ex
    .insertInto('bill_checks')
    .values(months.map((month) => ({ id: newId(), tenant_id: tenantId, month, state: 'unconfirmed', created_at: new Date() })))
    .onConflict((oc) => oc.columns(['tenant_id', 'month']).doNothing())
    .execute();
}

export function checksOf(ex: Exec, tenantId: string, months: string[]) {
  return ex.selectFrom('bill_checks').selectAll().where('tenant_id', '=', tenantId).where('month', 'in', months).orderBy('month', 'desc').execute();
}

export function checkById(ex: Exec, tenantId: string, id: string) {
  return ex.selectFrom('bill_checks').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

export function lockCheck(ex: Exec, tenantId: string, id: string) {
  return ex.selectFrom('bill_checks').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function updateCheck(
  ex: Exec,
  id: string,
  set: { state: string; confirmed_at?: Date; confirmed_by?: string; submitted_at?: Date; submitted_by?: string },
) {
  await ex.updateTable('bill_checks').set(set).where('id', '=', id).execute();
}

/** The tenant's projects' names (only `ids` when given). */
export function projectNames(ex: Exec, tenantId: string, ids?: string[]) {
  let q = ex.selectFrom('projects').select(['id', 'name_zh']).where('tenant_id', '=', tenantId);
  if (ids) q = q.where('id', 'in', ids);
  return q.execute();
}

/** The regions' names (only `ids` when given). */
export function regionNames(ex: Exec, ids?: string[]) {
  let q = ex.selectFrom('regions').select(['id', 'name']);
  if (ids) q = q.where('id', 'in', ids);
  return q.execute();
}

/** The model service's daily usage lines of a month (billDetailMaas). */
export function maasUsageOf(ex: Exec, tenantId: string, projectId: string | null, month: string) {
  let q = ex
    .selectFrom('maas_usage')
    .select(['id', 'project_id', 'day', 'model', 'input_tokens', 'output_tokens', 'amount_fen'])
    .where('tenant_id', '=', tenantId)
    .where('day', '>=', `${month}-01`)
    .where('day', '<=', `${month}-31`);
  if (projectId) q = q.where('project_id', '=', projectId);
  return q.orderBy('day', 'desc').orderBy('model').execute();
}
