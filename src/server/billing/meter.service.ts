// The meter (issue 13): turns the engine's resource life into metered intervals. It listens to the
// engine's own events (resource.status / resource.removed, published after each change commits),
// reads the resource as it now is and compares what it is billed for (domain/billing meteredItems,
// priced by the pricing service) with its open interval: a change closes the interval at the
// event's time and opens the next one. Idempotent: a second process hearing the same event (NOTIFY
// reaches every process) finds the interval already matching and does nothing. A yearly/monthly
// resource's period is charged once, when its first yearly interval opens.
import type { DomainEvent } from '../../domain/events.ts';
import { newId } from '../../domain/ids.ts';
import { kindOf } from '../../domain/kinds/registry.ts';
import { meteredItems, ownItems } from '../../domain/billing/billing.ts';
import { priceItemsFor, upgradePriceOf, type ChargingCode, type PriceItem, type PriceResult, type UnitPrice } from '../../domain/pricing.ts';
import type { Db } from '../db/database.ts';
import type { EventBus } from '../events/bus.ts';
import type { PricingService } from '../services/pricing.service.ts';

type Log = { error: (o: object, m: string) => void };

type ResourceLike = { id: string; tenant_id: string; project_id: string; name: string; kind: string; vendor: string; spec: unknown };

/** A resize: the same priced products, another quantity of one that stays billed (not a stop dropping one). */
const sizeChanged = (a: PriceItem[], b: PriceItem[]) =>
  a.length === b.length && a.every((x, i) => x.product_code === b[i]!.product_code) && a.some((x, i) => x.quantity !== b[i]!.quantity);

const sameItems = (a: PriceItem[], b: PriceItem[]) =>
  a.length === b.length && a.every((x, i) => x.product_code === b[i]!.product_code && x.quantity === b[i]!.quantity);

export function meterService(deps: { db: Db; bus: EventBus; pricing: PricingService; log: Log }) {
  const { db, pricing } = deps;
  // One event at a time per process, in the order heard (a resource's events arrive in order).
  let chain: Promise<void> = Promise.resolve();

  async function unitsFor(tenantId: string, items: PriceItem[], code: ChargingCode, ex: Db): Promise<UnitPrice[]> {
    const r = await pricing.price({ tenantId, items, charging_code: code, count: 1, hours: 1, ...(code === 'year' ? { duration: 1 } : {}) }, ex);
    return r.data.map((l) => ({
      product_code: l.product_code,
      charging_code: code,
      unit_price_fen: l.unit_price_fen,
      measurement_display: l.charging_pkg.measurement_display,
      package_name: l.charging_pkg.name,
    }));
  }

  async function insertOrder(
    trx: Db,
    row: { id: string; tenant_id: string; project_id: string; name: string; kind: string },
    type: 'purchase' | 'resize' | 'convert' | 'terminate' | 'renew',
    code: ChargingCode,
    duration: number | null,
    price: PriceResult,
    segmentId: string | null,
    at: Date,
  ) {
    await trx
      .insertInto('orders')
      .values({
        id: newId(),
        tenant_id: row.tenant_id,
        project_id: row.project_id,
        resource_id: row.id,
        resource_name: row.name,
        kind: row.kind,
        order_type: type,
        charging_code: code,
        duration,
        sum_price: price.sum_price,
        cheap_price: price.cheap_price,
        whole_year_price: price.whole_year_price,
        price: JSON.stringify(price),
        state: 'paid',
        segment_id: segmentId ?? '',
        created_at: at,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  /**
   * The purchase order of a resource bought on its own (what comes with a host is in the host's),
   * priced as the purchase was: the whole spec, its charging package and duration.
   */
  async function purchaseOrder(trx: Db, row: ResourceLike, productCode: string, quantityKey: string | undefined, code: ChargingCode, at: Date) {
    const spec = (typeof row.spec === 'string' ? JSON.parse(row.spec) : row.spec) as Record<string, unknown>;
    if (spec.instance_id) return;
    const have = await trx.selectFrom('orders').select('id').where('resource_id', '=', row.id).where('order_type', '=', 'purchase').executeTakeFirst();
    if (have) return;
    const duration = code === 'year' ? Number(spec.duration ?? 1) : null;
    const price = await pricing.price(
      {
        tenantId: row.tenant_id,
        items: priceItemsFor(productCode, spec, quantityKey, row.vendor),
        charging_code: code,
        count: 1,
        ...(duration ? { duration } : {}),
      },
      trx,
    );
    await insertOrder(trx, row, 'purchase', code, duration, price, null, at);
  }

  /** Brings the resource's metered intervals up to its current state, as of `at`. */
  async function reconcile(resourceId: string, at: Date): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('resources').selectAll().where('id', '=', resourceId).forUpdate().executeTakeFirst();
      const open = await trx
        .selectFrom('meter_segments')
        .selectAll()
        .where('resource_id', '=', resourceId)
        .where('ended_at', 'is', null)
        .forUpdate()
        .executeTakeFirst();
      const def = row ? kindOf(row.kind) : undefined;
      if (row && !def?.priced) return;
      let want: { items: PriceItem[]; code: ChargingCode } | null = null;
      // A conversion (convert.routes.ts, through the engine) names when its charging model starts
      // counting (00:00 on the 1st of next month): until then the resource stays billed as it was.
      let cut = at;
      if (row && def) {
        const spec = (typeof row.spec === 'string' ? JSON.parse(row.spec) : row.spec) as Record<string, unknown>;
        const code = (spec.charging_code === 'year' ? 'year' : 'quantity') as ChargingCode;
        const since = typeof spec.charging_since === 'string' ? new Date(spec.charging_since) : null;
        if (since && since > at) cut = since;
        const all = ownItems(def.productCode, spec, def.priceQuantityKey, row.vendor);
        const items = meteredItems(all, { status: row.status, vendor: row.vendor, charging_code: code, billing: spec.billing });
        if (items.length) want = { items, code };
        // A yearly/monthly purchase pays its period once, when it first starts being billed.
        if (want && code === 'year') {
          // (a conversion after an early termination buys a new period: charges before it do not count)
          const charged = await trx
            .selectFrom('bill_charges')
            .select('id')
            .where('resource_id', '=', row.id)
            .where('charged_at', '>=', since ?? new Date(0))
            .executeTakeFirst();
          if (!charged) {
            const duration = Number(spec.duration ?? 1);
            const price = await pricing.price({ tenantId: row.tenant_id, items: all, charging_code: 'year', duration, count: 1 }, trx);
            await trx
              .insertInto('bill_charges')
              .values({
                id: newId(),
                tenant_id: row.tenant_id,
                project_id: row.project_id,
                resource_id: row.id,
                resource_name: row.name,
                kind: row.kind,
                product_code: def.productCode,
                vendor: row.vendor,
                region_id: row.region_id,
                charging_code: 'year',
                duration,
                original_fen: price.sum_price + price.cheap_price,
                amount_fen: price.sum_price,
                price: JSON.stringify(price),
                charged_at: cut,
              })
              .onConflict((oc) => oc.doNothing())
              .execute();
          }
          // A renewal (convert.routes.ts, through the engine) buys the period from the old contract
          // end: its charge is dated at that start, its order carries the pricing module's result.
          // Once per period: the charge is unique per resource and instant, the order follows it.
          const from = typeof spec.renew_from === 'string' ? new Date(spec.renew_from) : null;
          const months = Number(spec.renew_duration ?? 0);
          if (from && months > 0) {
            const price = await pricing.price({ tenantId: row.tenant_id, items: all, charging_code: 'year', duration: months, count: 1 }, trx);
            const added = await trx
              .insertInto('bill_charges')
              .values({
                id: newId(),
                tenant_id: row.tenant_id,
                project_id: row.project_id,
                resource_id: row.id,
                resource_name: row.name,
                kind: row.kind,
                product_code: def.productCode,
                vendor: row.vendor,
                region_id: row.region_id,
                charging_code: 'year',
                duration: months,
                original_fen: price.sum_price + price.cheap_price,
                amount_fen: price.sum_price,
                price: JSON.stringify(price),
                charged_at: from,
              })
              .onConflict((oc) => oc.doNothing())
              .returning('id')
              .executeTakeFirst();
            if (added) await insertOrder(trx, row, 'renew', 'year', months, price, added.id, at);
          }
        }
      }
      if (row && def && want) await purchaseOrder(trx, row, def.productCode, def.priceQuantityKey, want.code, at);
      if (open && want && open.charging_code === want.code && open.project_id === row!.project_id && sameItems(open.items as PriceItem[], want.items)) return;
      const resized = open && want && row && open.charging_code === want.code && sizeChanged(open.items as PriceItem[], want.items);
      const converted = open && want && row && open.charging_code !== want.code;
      if (open) {
        const end = cut < open.started_at ? open.started_at : cut;
        await trx.updateTable('meter_segments').set({ ended_at: end }).where('id', '=', open.id).execute();
      }
      if (want && row && def) {
        const segmentId = newId();
        if (resized) {
          const ask = { tenantId: row.tenant_id, charging_code: want.code, count: 1, ...(want.code === 'year' ? { duration: 1 } : { hours: 1 }) };
          // The pricing module's upgrade, with unit prices read in this transaction (PGlite has one connection).
          const units = await unitsFor(row.tenant_id, want.items, want.code, trx);
          const price = upgradePriceOf({ ...ask, units, items: open.items as PriceItem[] }, { ...ask, units, items: want.items });
          await insertOrder(trx, row, 'resize', want.code, null, price, segmentId, at);
        }
        if (converted) {
          // The conversion order: the yearly period bought (pay-as-you-go → yearly/monthly) or the
          // hourly price it returns to (early termination), written when the engine changed the spec.
          const spec = (typeof row.spec === 'string' ? JSON.parse(row.spec) : row.spec) as Record<string, unknown>;
          const duration = want.code === 'year' ? Number(spec.duration ?? 1) : null;
          const all = ownItems(def.productCode, spec, def.priceQuantityKey, row.vendor);
          const price = await pricing.price(
            { tenantId: row.tenant_id, items: all, charging_code: want.code, count: 1, ...(duration ? { duration } : { hours: 1 }) },
            trx,
          );
          await insertOrder(trx, row, want.code === 'year' ? 'convert' : 'terminate', want.code, duration, price, segmentId, at);
        }
        await trx
          .insertInto('meter_segments')
          .values({
            id: segmentId,
            tenant_id: row.tenant_id,
            project_id: row.project_id,
            resource_id: row.id,
            resource_name: row.name,
            kind: row.kind,
            product_code: def.productCode,
            vendor: row.vendor,
            region_id: row.region_id,
            charging_code: want.code,
            status: row.status,
            items: JSON.stringify(want.items),
            units: JSON.stringify(await unitsFor(row.tenant_id, want.items, want.code, trx)),
            started_at: open && cut < open.started_at ? open.started_at : cut,
          })
          .execute();
      }
    });
  }

  function heard(e: DomainEvent) {
    if (e.type !== 'resource.status' && e.type !== 'resource.removed') return;
    const def = kindOf(e.kind);
    if (!def?.priced) return;
    const at = new Date(e.at);
    chain = chain.then(() => reconcile(e.id, at)).catch((err: unknown) => deps.log.error({ err, resource: e.id }, 'metering failed'));
  }

  let off: (() => void) | null = null;
  return {
    reconcile,
    start() {
      off ??= deps.bus.subscribe(heard);
    },
    stop() {
      off?.();
      off = null;
    },
    /** Resolves once every event heard so far is metered (bills read after it). */
    settled: () => chain,
  };
}
export type MeterService = ReturnType<typeof meterService>;
