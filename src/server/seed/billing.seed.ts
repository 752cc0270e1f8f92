// Twelve months of demo billing history (issue 13), deterministic: every priced demo resource gets
// metered intervals back to a start drawn from a fixed PRNG (up to a year ago), some hosts a week
// stopped in between, yearly purchases their period charge, a few hosts that ran for a while and
// were deleted months ago, and a USD rate for the 1st of each month. Amounts come from the same
// pricing module and charging packages as the meter's.
import { newId } from '../../domain/ids.ts';
import { kindOf } from '../../domain/kinds/registry.ts';
import { meteredItems, ownItems } from '../../domain/billing/billing.ts';
import { priceOf, type ChargingCode, type PriceItem, type UnitPrice } from '../../domain/pricing.ts';
import type { Insertable } from 'kysely';
import type { Db } from '../platform/db/database.ts';
import type { Database } from '../platform/db/tables.ts';
import { unitPrices } from '../engine/pricing.repository.ts';
import { chunks } from '../platform/lib/chunks.ts';

function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DAY = 86_400_000;

export async function seedBilling(db: Db, now = new Date()): Promise<void> {
  const done = await db.selectFrom('meter_segments').select('id').limit(1).executeTakeFirst();
  if (done) return;
  const rand = prng(20251101);
  // USD rates for the 1st of each of the last 13 months.
  const rates = Array.from({ length: 13 }, (_, i) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 12 + i, 1));
    return {
      id: newId(),
      currency: 'USD',
      effective_date: d.toISOString().slice(0, 10),
      rate_e4: 71000 + ((i * 37) % 25) * 100,
      updated_by: null,
      updated_at: now,
    };
  });
  await db.insertInto('exchange_rates').values(rates).execute();
  // Each tenant's cost centre opened a year ago with a prepaid balance and a credit line; the first one watches a threshold.
  const tenants = await db.selectFrom('tenants').select('id').orderBy('created_at').orderBy('name').execute();
  if (tenants.length)
    await db
      .insertInto('cost_accounts')
      .values(
        tenants.map((t, i) => ({
          tenant_id: t.id,
          opening_fen: 150_000_000 - i * 20_000_000,
          opened_at: new Date(now.getTime() - 365 * DAY),
          credit_fen: 10_000_000,
          warn_threshold_fen: i === 0 ? 5_000_000 : null,
          updated_at: now,
        })),
      )
      .execute();

  const rows = await db
    .selectFrom('resources')
    .selectAll()
    .where('kind', 'in', ['instance', 'volume', 'eip', 'load_balancer', 'nat_gateway', 'dedicated_host', 'phyhost', 'shared_bandwidth'])
    .orderBy('tenant_id')
    .orderBy('project_id')
    .orderBy('name')
    .execute();
  const unitCache = new Map<string, UnitPrice[]>();
  async function units(tenantId: string, items: PriceItem[], code: ChargingCode): Promise<UnitPrice[]> {
    const key = `${tenantId}:${code}:${items.map((i) => i.product_code).join(',')}`;
    let u = unitCache.get(key);
    if (!u) {
      const found = await unitPrices(db, tenantId, [...new Set(items.map((i) => i.product_code))]);
      u = found
        .filter((r) => r.code === code)
        .map((r) => ({
          product_code: r.product_code,
          charging_code: code,
          unit_price_fen: Number(r.unit_price_fen),
          measurement_display: r.measurement_display,
          package_name: r.name,
        }));
      unitCache.set(key, u);
    }
    return u;
  }
  const segments: Insertable<Database['meter_segments']>[] = [];
  const charges: Insertable<Database['bill_charges']>[] = [];
  for (const r of rows) {
    const def = kindOf(r.kind);
    if (!def?.priced) continue;
    const spec = (typeof r.spec === 'string' ? JSON.parse(r.spec) : r.spec) as Record<string, unknown>;
    const code: ChargingCode = spec.charging_code === 'year' ? 'year' : 'quantity';
    const all = ownItems(def.productCode, spec, def.priceQuantityKey, r.vendor);
    const start = new Date(Math.min(r.created_at.getTime(), now.getTime() - Math.floor(20 + rand() * 340) * DAY));
    const stopWeek = r.kind === 'instance' && code === 'quantity' && rand() < 0.35;
    const base = {
      tenant_id: r.tenant_id,
      project_id: r.project_id,
      resource_id: r.id,
      resource_name: r.name,
      kind: r.kind,
      product_code: def.productCode,
      vendor: r.vendor,
      region_id: r.region_id,
      charging_code: code,
    };
    const u = await units(r.tenant_id, all, code);
    if (u.length < new Set(all.map((i) => i.product_code)).size) continue;
    const running = { ...base, status: 'running', items: JSON.stringify(all), units: JSON.stringify(u) };
    const current = meteredItems(all, { status: r.status, vendor: r.vendor, charging_code: code, billing: spec.billing });
    const endOfLife = current.length ? null : new Date(Math.max(start.getTime() + DAY, now.getTime() - Math.floor(rand() * 10) * DAY));
    if (stopWeek) {
      const stopAt = new Date(start.getTime() + Math.floor((now.getTime() - start.getTime()) * (0.3 + rand() * 0.3)));
      const resumeAt = new Date(stopAt.getTime() + Math.floor(3 + rand() * 7) * DAY);
      const stopped = meteredItems(all, { status: 'stopped', vendor: r.vendor, charging_code: code, billing: 'active' });
      segments.push({ id: newId(), ...running, started_at: start, ended_at: stopAt });
      segments.push({ id: newId(), ...running, status: 'stopped', items: JSON.stringify(stopped), started_at: stopAt, ended_at: resumeAt });
      segments.push({ id: newId(), ...running, items: JSON.stringify(current.length ? current : all), started_at: resumeAt, ended_at: endOfLife });
    } else {
      segments.push({
        id: newId(),
        ...running,
        items: JSON.stringify(current.length ? current : all),
        status: r.status,
        started_at: start,
        ended_at: endOfLife,
      });
    }
    if (code === 'year') {
      const duration = Number(spec.duration ?? 12);
      const price = priceOf({ items: all, units: u, charging_code: 'year', duration, count: 1, now: start });
      charges.push({
        id: newId(),
        ...base,
        duration,
        original_fen: price.sum_price + price.cheap_price,
        amount_fen: price.sum_price,
        price: JSON.stringify(price),
        charged_at: start,
      });
    }
    // Now and then a host that ran for a while and was deleted months ago (its row is gone; its bills stay).
    if (r.kind === 'instance' && rand() < 0.25) {
      const from = new Date(now.getTime() - Math.floor(150 + rand() * 200) * DAY);
      const to = new Date(from.getTime() + Math.floor(15 + rand() * 60) * DAY);
      const qu = await units(r.tenant_id, all, 'quantity');
      segments.push({
        id: newId(),
        ...base,
        resource_id: newId(),
        resource_name: `${r.name}-old`,
        charging_code: 'quantity',
        status: 'running',
        items: JSON.stringify(all),
        units: JSON.stringify(qu),
        started_at: from,
        ended_at: to,
      });
    }
  }
  for (const part of chunks(segments)) await db.insertInto('meter_segments').values(part).execute();
  for (const part of chunks(charges)) await db.insertInto('bill_charges').values(part).execute();
}
