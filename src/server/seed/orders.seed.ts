// Demo orders, model-service usage and cost settings (issue 13), deterministic: a purchase order
// for every metered demo resource at the start of its first interval (priced with that interval's
// unit prices, or the yearly charge's price), so the order list and overview show a year of
// history consistent with the bills; 90 days of MaaS token usage by model for each tenant's first
// projects; one applied cost-first strategy and one project limit for the first tenant.
import { newId } from '../../domain/ids.ts';
import { priceOf, type PriceItem, type UnitPrice } from '../../domain/pricing.ts';
import { shanghaiDay } from '../../domain/billing/billing.ts';
import { DEFAULT_COST_RULES } from '../../domain/billing/orders.ts';
import type { Insertable } from 'kysely';
import type { Db } from '../platform/db/database.ts';
import type { Database } from '../platform/db/tables.ts';
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
/** Yuan per million tokens (input, output), in fen. */
const MODELS: [string, number, number][] = [
  ['DeepSeek-V3', 200, 800],
  ['Qwen2.5-72B-Instruct', 400, 1200],
  ['GLM-4-Plus', 500, 500],
  ['Qwen2.5-Coder-32B', 200, 600],
];

export async function seedOrders(db: Db, now = new Date()): Promise<void> {
  const done = await db.selectFrom('orders').select('id').limit(1).executeTakeFirst();
  if (done) return;
  const rand = prng(20251124);
  const segs = await db.selectFrom('meter_segments').selectAll().orderBy('resource_id').orderBy('started_at').execute();
  const charges = await db.selectFrom('bill_charges').selectAll().execute();
  const seen = new Set<string>();
  const orders: Insertable<Database['orders']>[] = [];
  for (const s of segs) {
    if (seen.has(s.resource_id)) continue;
    seen.add(s.resource_id);
    const charge = charges.find((c) => c.resource_id === s.resource_id);
    const items = s.items as PriceItem[];
    const units = s.units as UnitPrice[];
    let price: { sum_price: number; cheap_price: number; whole_year_price: number };
    try {
      price = charge ? (charge.price as unknown as typeof price) : priceOf({ items, units, charging_code: 'quantity', count: 1, hours: 1, now: s.started_at });
    } catch {
      continue;
    }
    orders.push({
      id: newId(),
      tenant_id: s.tenant_id,
      project_id: s.project_id,
      resource_id: s.resource_id,
      resource_name: s.resource_name,
      kind: s.kind,
      order_type: 'purchase',
      charging_code: charge ? 'year' : 'quantity',
      duration: charge ? charge.duration : null,
      sum_price: price.sum_price,
      cheap_price: price.cheap_price,
      whole_year_price: price.whole_year_price,
      price: JSON.stringify(price),
      state: 'paid',
      segment_id: '',
      created_at: s.started_at,
    });
  }
  for (const part of chunks(orders)) await db.insertInto('orders').values(part).execute();

  // MaaS usage: 90 days, every model most days, for the first two projects of each tenant.
  const projects = await db.selectFrom('projects').select(['id', 'tenant_id']).orderBy('tenant_id').orderBy('name').execute();
  const usage: Insertable<Database['maas_usage']>[] = [];
  const perTenant = new Map<string, number>();
  for (const p of projects) {
    const n = perTenant.get(p.tenant_id) ?? 0;
    if (n >= 2) continue;
    perTenant.set(p.tenant_id, n + 1);
    for (let d = 0; d < 90; d++) {
      const day = shanghaiDay(new Date(now.getTime() - d * DAY));
      for (const [model, inFen, outFen] of MODELS) {
        if (rand() < 0.2) continue;
        const input = Math.round((0.2 + rand() * 3) * 1_000_000);
        const output = Math.round(input * (0.15 + rand() * 0.4));
        usage.push({
          id: newId(),
          tenant_id: p.tenant_id,
          project_id: p.id,
          day,
          model,
          input_tokens: input,
          output_tokens: output,
          amount_fen: Math.round((input / 1_000_000) * inFen + (output / 1_000_000) * outFen),
        });
      }
    }
  }
  for (const part of chunks(usage)) await db.insertInto('maas_usage').values(part).execute();

  // The first tenant applies a cost-first strategy (since a month ago) and limits its first project.
  const first = await db.selectFrom('tenants').select('id').orderBy('created_at').orderBy('name').executeTakeFirst();
  if (!first) return;
  const strategyId = newId();
  await db
    .insertInto('cost_strategies')
    .values({
      id: strategyId,
      tenant_id: first.id,
      name: '降本优先策略',
      rules: JSON.stringify({
        ...DEFAULT_COST_RULES,
        over: { cpu: { op: '<', value: 45 }, memory: { op: '<', value: 50 }, logic: 'or' },
        expand: { cpu: { op: '>=', value: 90 }, memory: { op: '>=', value: 90 }, logic: 'or' },
      }),
      created_at: new Date(now.getTime() - 30 * DAY),
      updated_at: new Date(now.getTime() - 30 * DAY),
    })
    .execute();
  await db
    .insertInto('cost_strategy_choices')
    .values({
      tenant_id: first.id,
      strategy_id: strategyId,
      previous_id: null,
      effective_date: shanghaiDay(new Date(now.getTime() - 29 * DAY)),
      updated_at: now,
    })
    .execute();
  const project = projects.find((p) => p.tenant_id === first.id);
  if (project)
    await db
      .insertInto('project_limits')
      .values({ project_id: project.id, tenant_id: first.id, monthly_limit_fen: 5_000_000, warned_month: null, updated_by: null, updated_at: now })
      .execute();
}
