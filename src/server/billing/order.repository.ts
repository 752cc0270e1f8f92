// The orders' SQL: the orders a scope sees (filtered, paged, by month), one order with its
// resource and project, and the resources a charging conversion or renewal may act on. Every
// function takes the executor first.
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/tables.ts';
import { CONVERTIBLE_KINDS, CONVERTIBLE_STATUSES } from '../../domain/billing/orders.ts';

export type Exec = Kysely<Database>;

export interface OrderScope {
  tenantId: string;
  projectId: string | null;
}

export interface OrderFilter {
  order_type?: string;
  state?: string;
  kind?: string;
  resource_id?: string;
  /** created at or after */
  from?: Date;
  /** created before */
  before?: Date;
}

function ordersOf(ex: Exec, s: OrderScope) {
  let q = ex.selectFrom('orders').where('tenant_id', '=', s.tenantId);
  if (s.projectId) q = q.where('project_id', '=', s.projectId);
  return q;
}

function filtered(ex: Exec, s: OrderScope, f: OrderFilter) {
  let q = ordersOf(ex, s);
  if (f.order_type) q = q.where('order_type', '=', f.order_type);
  if (f.state) q = q.where('state', '=', f.state);
  if (f.kind) q = q.where('kind', '=', f.kind);
  if (f.resource_id) q = q.where('resource_id', '=', f.resource_id);
  if (f.from) q = q.where('created_at', '>=', f.from);
  if (f.before) q = q.where('created_at', '<', f.before);
  return q;
}

export async function countOrders(ex: Exec, s: OrderScope, f: OrderFilter) {
  const row = await filtered(ex, s, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function pageOfOrders(ex: Exec, s: OrderScope, f: OrderFilter, limit: number, offset: number) {
  return filtered(ex, s, f).selectAll().orderBy('created_at', 'desc').orderBy('id').limit(limit).offset(offset).execute();
}

export function ordersSince(ex: Exec, s: OrderScope, from: Date) {
  return ordersOf(ex, s).select(['order_type', 'created_at', 'sum_price', 'cheap_price']).where('created_at', '>=', from).execute();
}

export function orderById(ex: Exec, s: OrderScope, id: string) {
  return ordersOf(ex, s).selectAll().where('id', '=', id).executeTakeFirst();
}

export function orderResource(ex: Exec, tenantId: string, resourceId: string) {
  return ex.selectFrom('resources').select(['id', 'kind', 'status', 'spec']).where('id', '=', resourceId).where('tenant_id', '=', tenantId).executeTakeFirst();
}

export function projectNameOf(ex: Exec, projectId: string) {
  return ex.selectFrom('projects').select(['name_zh']).where('id', '=', projectId).executeTakeFirst();
}

/** The resource's latest renewal order. */
export function latestRenewOrder(ex: Exec, resourceId: string) {
  return ex
    .selectFrom('orders')
    .select(['id', 'sum_price'])
    .where('resource_id', '=', resourceId)
    .where('order_type', '=', 'renew')
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

export async function businessTypeOf(ex: Exec, tenantId: string) {
  return (await ex.selectFrom('tenants').select('business_type').where('id', '=', tenantId).executeTakeFirst())?.business_type;
}

/** A resource of a convertible kind in the scope. */
export function convertibleResource(ex: Exec, s: OrderScope, id: string) {
  let q = ex
    .selectFrom('resources')
    .select(['id', 'kind', 'name', 'vendor', 'status', 'spec', 'project_id', 'tenant_id', 'created_at'])
    .where('id', '=', id)
    .where('tenant_id', '=', s.tenantId)
    .where('kind', 'in', CONVERTIBLE_KINDS as string[]);
  if (s.projectId) q = q.where('project_id', '=', s.projectId);
  return q.executeTakeFirst();
}

/** The scope's resources a conversion may act on (newest first, at most 500). */
export function convertibleResources(ex: Exec, s: OrderScope) {
  let q = ex
    .selectFrom('resources')
    .select(['id', 'kind', 'name', 'vendor', 'status', 'spec', 'project_id', 'created_at'])
    .where('tenant_id', '=', s.tenantId)
    .where('kind', 'in', CONVERTIBLE_KINDS as string[])
    .where('status', 'in', CONVERTIBLE_STATUSES as string[]);
  if (s.projectId) q = q.where('project_id', '=', s.projectId);
  return q.orderBy('created_at', 'desc').orderBy('id').limit(500).execute();
}
