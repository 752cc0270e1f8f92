// The meter's SQL (issue 13): the resource and its open interval locked together, the orders and
// yearly charges the meter writes, and the intervals it closes and opens. Every function takes the
// executor first; the meter runs them inside one transaction per event.
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/tables.ts';
import { newId } from '../../domain/ids.ts';
import type { ChargingCode, PriceItem, PriceResult, UnitPrice } from '../../domain/pricing.ts';

export type Exec = Kysely<Database>;

export type OrderType = 'purchase' | 'resize' | 'convert' | 'terminate' | 'renew';

/** The resource row an order or a charge is written for. */
export interface MeteredResource {
  id: string;
  tenant_id: string;
  project_id: string;
  name: string;
  kind: string;
  vendor: string;
  region_id: string | null;
}

export function lockResource(ex: Exec, id: string) {
  return ex.selectFrom('resources').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function lockOpenSegment(ex: Exec, resourceId: string) {
  return ex.selectFrom('meter_segments').selectAll().where('resource_id', '=', resourceId).where('ended_at', 'is', null).forUpdate().executeTakeFirst();
}

export async function insertOrder(
  ex: Exec,
  row: { id: string; tenant_id: string; project_id: string; name: string; kind: string },
  o: { type: OrderType; code: ChargingCode; duration: number | null; price: PriceResult; segmentId: string | null; at: Date },
) {
  await ex
    .insertInto('orders')
    .values({
      id: newId(),
      tenant_id: row.tenant_id,
      project_id: row.project_id,
      resource_id: row.id,
      resource_name: row.name,
      kind: row.kind,
      order_type: o.type,
      charging_code: o.code,
      duration: o.duration,
      sum_price: o.price.sum_price,
      cheap_price: o.price.cheap_price,
      whole_year_price: o.price.whole_year_price,
      price: JSON.stringify(o.price),
      state: 'paid',
      segment_id: o.segmentId ?? '',
      created_at: o.at,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function hasPurchaseOrder(ex: Exec, resourceId: string) {
  return !!(await ex.selectFrom('orders').select('id').where('resource_id', '=', resourceId).where('order_type', '=', 'purchase').executeTakeFirst());
}

export async function hasChargeSince(ex: Exec, resourceId: string, since: Date) {
  return !!(await ex.selectFrom('bill_charges').select('id').where('resource_id', '=', resourceId).where('charged_at', '>=', since).executeTakeFirst());
}

/** A yearly period's charge; unique per resource and instant, so the id comes back only when it is new. */
export async function insertCharge(
  ex: Exec,
  row: MeteredResource,
  c: { productCode: string; duration: number; price: PriceResult; at: Date },
): Promise<string | undefined> {
  const added = await ex
    .insertInto('bill_charges')
    .values({
      id: newId(),
      tenant_id: row.tenant_id,
      project_id: row.project_id,
      resource_id: row.id,
      resource_name: row.name,
      kind: row.kind,
      product_code: c.productCode,
      vendor: row.vendor,
      region_id: row.region_id,
      charging_code: 'year',
      duration: c.duration,
      original_fen: c.price.sum_price + c.price.cheap_price,
      amount_fen: c.price.sum_price,
      price: JSON.stringify(c.price),
      charged_at: c.at,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return added?.id;
}

export async function closeSegment(ex: Exec, id: string, end: Date) {
  await ex.updateTable('meter_segments').set({ ended_at: end }).where('id', '=', id).execute();
}

export async function insertSegment(
  ex: Exec,
  row: MeteredResource & { status: string },
  s: { id: string; productCode: string; code: ChargingCode; items: PriceItem[]; units: UnitPrice[]; startedAt: Date },
) {
  await ex
    .insertInto('meter_segments')
    .values({
      id: s.id,
      tenant_id: row.tenant_id,
      project_id: row.project_id,
      resource_id: row.id,
      resource_name: row.name,
      kind: row.kind,
      product_code: s.productCode,
      vendor: row.vendor,
      region_id: row.region_id,
      charging_code: s.code,
      status: row.status,
      items: JSON.stringify(s.items),
      units: JSON.stringify(s.units),
      started_at: s.startedAt,
    })
    .execute();
}
