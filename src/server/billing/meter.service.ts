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
import type { KindDefinition } from '../../domain/kinds/kind.ts';
import { meteredItems, ownItems } from '../../domain/billing/billing.ts';
import { priceItemsFor, upgradePriceOf, type ChargingCode, type PriceItem, type UnitPrice } from '../../domain/pricing.ts';
import type { Db } from '../platform/db/database.ts';
import type { EventBus } from '../platform/events/bus.ts';
import type { PricingService } from '../engine/pricing.service.ts';
import * as repo from './meter.repository.ts';

type Log = { error: (o: object, m: string) => void };

export interface MeterDeps {
  db: Db;
  bus: EventBus;
  pricing: PricingService;
  log: Log;
}

/** The meter's process state: the chain of events being metered and the bus subscription. */
interface MeterState {
  chain: Promise<void>;
  off: (() => void) | null;
}

type Meter = MeterDeps & { state: MeterState };
type Row = NonNullable<Awaited<ReturnType<typeof repo.lockResource>>>;
type Segment = NonNullable<Awaited<ReturnType<typeof repo.lockOpenSegment>>>;
type Spec = Record<string, unknown>;
type Want = { items: PriceItem[]; code: ChargingCode };

/** What the resource is billed for now: its spec, its own priced items and the metered ones. */
interface Billed {
  row: Row;
  def: KindDefinition;
  spec: Spec;
  all: PriceItem[];
  want: Want | null;
  /** a conversion's effective instant, or the event's */
  cut: Date;
  since: Date | null;
}

/** A resize: the same priced products, another quantity of one that stays billed (not a stop dropping one). */
const sizeChanged = (a: PriceItem[], b: PriceItem[]) =>
  a.length === b.length && a.every((x, i) => x.product_code === b[i]!.product_code) && a.some((x, i) => x.quantity !== b[i]!.quantity);

const sameItems = (a: PriceItem[], b: PriceItem[]) =>
  a.length === b.length && a.every((x, i) => x.product_code === b[i]!.product_code && x.quantity === b[i]!.quantity);

const specOf = (s: unknown) => (typeof s === 'string' ? JSON.parse(s) : s) as Spec;

async function unitsFor(deps: MeterDeps, tenantId: string, items: PriceItem[], code: ChargingCode, ex: Db): Promise<UnitPrice[]> {
  const r = await deps.pricing.price({ tenantId, items, charging_code: code, count: 1, hours: 1, ...(code === 'year' ? { duration: 1 } : {}) }, ex);
  return r.data.map((l) => ({
    product_code: l.product_code,
    charging_code: code,
    unit_price_fen: l.unit_price_fen,
    measurement_display: l.charging_pkg.measurement_display,
    package_name: l.charging_pkg.name,
    ...(l.charging_pkg.basis ? { basis: l.charging_pkg.basis } : {}),
  }));
}

/**
 * The purchase order of a resource bought on its own (what comes with a host is in the host's),
 * priced as the purchase was: the whole spec, its charging package and duration.
 */
async function purchaseOrder(deps: MeterDeps, trx: Db, b: Billed, code: ChargingCode, at: Date) {
  const { row, def, spec } = b;
  if (spec.instance_id) return;
  if (await repo.hasPurchaseOrder(trx, row.id)) return;
  const duration = code === 'year' ? Number(spec.duration ?? 1) : null;
  const items = priceItemsFor(def.productCode, spec, def.priceQuantityKey, row.vendor);
  const price = await deps.pricing.price({ tenantId: row.tenant_id, items, charging_code: code, count: 1, ...(duration ? { duration } : {}) }, trx);
  await repo.insertOrder(trx, row, { type: 'purchase', code, duration, price, segmentId: null, at });
}

/** What the resource is billed for as of `at` (a conversion names a later start: `cut`). */
function billedOf(row: Row, def: KindDefinition, at: Date): Billed {
  const spec = specOf(row.spec);
  const code = (spec.charging_code === 'year' ? 'year' : 'quantity') as ChargingCode;
  // A conversion (convert.routes.ts, through the engine) names when its charging model starts
  // counting (00:00 on the 1st of next month): until then the resource stays billed as it was.
  const since = typeof spec.charging_since === 'string' ? new Date(spec.charging_since) : null;
  const cut = since && since > at ? since : at;
  const all = ownItems(def.productCode, spec, def.priceQuantityKey, row.vendor);
  const items = meteredItems(all, { status: row.status, vendor: row.vendor, charging_code: code, billing: spec.billing });
  return { row, def, spec, all, want: items.length ? { items, code } : null, cut, since };
}

/** A yearly/monthly purchase pays its period once, when it first starts being billed. */
async function chargePeriod(deps: MeterDeps, trx: Db, b: Billed) {
  // (a conversion after an early termination buys a new period: charges before it do not count)
  if (await repo.hasChargeSince(trx, b.row.id, b.since ?? new Date(0))) return;
  const duration = Number(b.spec.duration ?? 1);
  const price = await deps.pricing.price({ tenantId: b.row.tenant_id, items: b.all, charging_code: 'year', duration, count: 1 }, trx);
  await repo.insertCharge(trx, b.row, { productCode: b.def.productCode, duration, price, at: b.cut });
}

// A renewal (convert.routes.ts, through the engine) buys the period from the old contract
// end: its charge is dated at that start, its order carries the pricing module's result.
// Once per period: the charge is unique per resource and instant, the order follows it.
async function chargeRenewal(deps: MeterDeps, trx: Db, b: Billed, at: Date) {
  const from = typeof b.spec.renew_from === 'string' ? new Date(b.spec.renew_from) : null;
  const months = Number(b.spec.renew_duration ?? 0);
  if (!from || months <= 0) return;
  const price = await deps.pricing.price({ tenantId: b.row.tenant_id, items: b.all, charging_code: 'year', duration: months, count: 1 }, trx);
  const added = await repo.insertCharge(trx, b.row, { productCode: b.def.productCode, duration: months, price, at: from });
  if (added) await repo.insertOrder(trx, b.row, { type: 'renew', code: 'year', duration: months, price, segmentId: added, at });
}

/** The resize order: the pricing module's upgrade, with unit prices read in this transaction (PGlite has one connection). */
async function resizeOrder(deps: MeterDeps, trx: Db, b: Billed, want: Want, open: Segment, segmentId: string, at: Date) {
  const ask = { tenantId: b.row.tenant_id, charging_code: want.code, count: 1, ...(want.code === 'year' ? { duration: 1 } : { hours: 1 }) };
  const units = await unitsFor(deps, b.row.tenant_id, want.items, want.code, trx);
  const price = upgradePriceOf({ ...ask, units, items: open.items as PriceItem[] }, { ...ask, units, items: want.items });
  await repo.insertOrder(trx, b.row, { type: 'resize', code: want.code, duration: null, price, segmentId, at });
}

/**
 * The conversion order: the yearly period bought (pay-as-you-go → yearly/monthly) or the
 * hourly price it returns to (early termination), written when the engine changed the spec.
 */
async function convertOrder(deps: MeterDeps, trx: Db, b: Billed, want: Want, segmentId: string, at: Date) {
  const duration = want.code === 'year' ? Number(b.spec.duration ?? 1) : null;
  const price = await deps.pricing.price(
    { tenantId: b.row.tenant_id, items: b.all, charging_code: want.code, count: 1, ...(duration ? { duration } : { hours: 1 }) },
    trx,
  );
  const type = want.code === 'year' ? 'convert' : 'terminate';
  await repo.insertOrder(trx, b.row, { type, code: want.code, duration, price, segmentId, at });
}

/** Opens the next interval, with the order its change makes (a resize or a conversion). */
async function openNext(deps: MeterDeps, trx: Db, b: Billed, want: Want, open: Segment | undefined, at: Date) {
  const segmentId = newId();
  if (open && open.charging_code === want.code && sizeChanged(open.items as PriceItem[], want.items))
    await resizeOrder(deps, trx, b, want, open, segmentId, at);
  if (open && open.charging_code !== want.code) await convertOrder(deps, trx, b, want, segmentId, at);
  const units = await unitsFor(deps, b.row.tenant_id, want.items, want.code, trx);
  const startedAt = open && b.cut < open.started_at ? open.started_at : b.cut;
  await repo.insertSegment(trx, b.row, { id: segmentId, productCode: b.def.productCode, code: want.code, items: want.items, units, startedAt });
}

/** Brings the resource's metered intervals up to its current state, as of `at`. */
export async function reconcile(deps: MeterDeps, resourceId: string, at: Date): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const row = await repo.lockResource(trx, resourceId);
    const open = await repo.lockOpenSegment(trx, resourceId);
    const def = row ? kindOf(row.kind) : undefined;
    if (row && !def?.priced) return;
    const b = row && def ? billedOf(row, def, at) : null;
    const want = b?.want ?? null;
    if (b && want?.code === 'year') {
      await chargePeriod(deps, trx, b);
      await chargeRenewal(deps, trx, b, at);
    }
    if (b && want) await purchaseOrder(deps, trx, b, want.code, at);
    if (open && want && open.charging_code === want.code && open.project_id === row!.project_id && sameItems(open.items as PriceItem[], want.items)) return;
    const cut = b?.cut ?? at;
    if (open) await repo.closeSegment(trx, open.id, cut < open.started_at ? open.started_at : cut);
    if (b && want) await openNext(deps, trx, b, want, open, at);
  });
}

function heard(m: Meter, e: DomainEvent) {
  if (e.type !== 'resource.status' && e.type !== 'resource.removed') return;
  const def = kindOf(e.kind);
  if (!def?.priced) return;
  const at = new Date(e.at);
  m.state.chain = m.state.chain.then(() => reconcile(m, e.id, at)).catch((err: unknown) => m.log.error({ err, resource: e.id }, 'metering failed'));
}

export function start(m: Meter) {
  m.state.off ??= m.bus.subscribe((e) => heard(m, e));
}

export function stop(m: Meter) {
  m.state.off?.();
  m.state.off = null;
}

export function meterService(deps: MeterDeps) {
  // One event at a time per process, in the order heard (a resource's events arrive in order).
  const m: Meter = { ...deps, state: { chain: Promise.resolve(), off: null } };
  return {
    reconcile: (resourceId: string, at: Date) => reconcile(m, resourceId, at),
    start: () => start(m),
    stop: () => stop(m),
    /** Resolves once every event heard so far is metered (bills read after it). */
    settled: () => m.state.chain,
  };
}
export type MeterService = ReturnType<typeof meterService>;
