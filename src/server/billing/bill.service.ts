// Bills (issue 13): usage lines rated from the metered intervals — pay-as-you-go by the hour of
// each Asia/Shanghai day through the pricing module with the unit prices read when the interval
// opened, yearly/monthly periods as charged at purchase — converted to CNY with the dated rate
// where the vendor bills in another currency, then summed by month, day, product, project, region,
// vendor or resource. Nothing is priced any other way.
import { AppError } from '../../domain/errors.ts';
import { newId } from '../../domain/ids.ts';
import {
  BILL_TRANSITIONS,
  type BillGroup,
  type BillState,
  type BillTransition,
  type Currency,
  convert,
  currencyOf,
  dayStart,
  hourlyCharge,
  rateOn,
  shanghaiDay,
  splitByDay,
} from '../../domain/billing/billing.ts';
import type { PriceItem, UnitPrice } from '../../domain/pricing.ts';
import type { Db } from '../db/database.ts';

export interface BillScope {
  tenantId: string;
  projectId: string | null;
}

/** One usage line: a resource's charge on one day. */
export interface BillLine {
  day: string;
  month: string;
  project_id: string;
  resource_id: string;
  resource_name: string;
  kind: string;
  product_code: string;
  vendor: string;
  region_id: string | null;
  charging_code: string;
  /** what was billed (priced items: host units, GB, Mbps) */
  items: PriceItem[];
  hours: number;
  original_fen: number;
  discount_fen: number;
  amount_fen: number;
  cash_fen: number;
  voucher_fen: number;
  gift_fen: number;
  currency: Currency;
  original_amount: number;
  rate: string;
}

export interface BillRow {
  key: string;
  label: string | null;
  original_fen: number;
  discount_fen: number;
  amount_fen: number;
  cash_fen: number;
  voucher_fen: number;
  gift_fen: number;
  lines: number;
}

const SUMS = ['original_fen', 'discount_fen', 'amount_fen', 'cash_fen', 'voucher_fen', 'gift_fen'] as const;

export function billService(db: Db) {
  async function rates(currency: string) {
    return db.selectFrom('exchange_rates').select(['effective_date', 'rate_e4']).where('currency', '=', currency).execute();
  }

  /** The usage lines of days `from`..`to` (YYYY-MM-DD, inclusive) in the scope, up to `now`. */
  async function lines(scope: BillScope, from: string, to: string, now = new Date()): Promise<BillLine[]> {
    const start = dayStart(from);
    const endDay = new Date(dayStart(to).getTime() + 86_400_000);
    const end = endDay < now ? endDay : now;
    if (end <= start) return [];
    let segs = db
      .selectFrom('meter_segments')
      .selectAll()
      .where('tenant_id', '=', scope.tenantId)
      .where('charging_code', '=', 'quantity')
      .where('started_at', '<', end)
      .where((eb) => eb.or([eb('ended_at', 'is', null), eb('ended_at', '>', start)]));
    if (scope.projectId) segs = segs.where('project_id', '=', scope.projectId);
    let charges = db
      .selectFrom('bill_charges')
      .selectAll()
      .where('tenant_id', '=', scope.tenantId)
      .where('charged_at', '>=', start)
      .where('charged_at', '<', end);
    if (scope.projectId) charges = charges.where('project_id', '=', scope.projectId);
    const usd = await rates('USD');
    const out: BillLine[] = [];
    const push = (
      base: Omit<BillLine, 'currency' | 'original_amount' | 'rate' | 'amount_fen' | 'cash_fen' | 'voucher_fen' | 'gift_fen' | 'discount_fen'>,
      priceFen: number,
    ) => {
      const currency = currencyOf(base.vendor);
      const c = convert(priceFen, currency, currency === 'CNY' ? null : rateOn(usd, base.day));
      const original = currency === 'CNY' ? base.original_fen : convert(base.original_fen, currency, c.rate_e4).amount_fen;
      out.push({
        ...base,
        original_fen: original,
        discount_fen: original - c.amount_fen,
        amount_fen: c.amount_fen,
        cash_fen: c.amount_fen,
        voucher_fen: 0,
        gift_fen: 0,
        currency,
        original_amount: c.original_amount,
        rate: (c.rate_e4 / 10000).toFixed(4),
      });
    };
    for (const s of await segs.execute()) {
      const from_ = s.started_at > start ? s.started_at : start;
      const until = s.ended_at && s.ended_at < end ? s.ended_at : end;
      for (const d of splitByDay(from_, until)) {
        const c = hourlyCharge(s.items as PriceItem[], s.units as UnitPrice[], d.hours);
        push(
          {
            day: d.day,
            month: d.day.slice(0, 7),
            project_id: s.project_id,
            resource_id: s.resource_id,
            resource_name: s.resource_name,
            kind: s.kind,
            product_code: s.product_code,
            vendor: s.vendor,
            region_id: s.region_id,
            charging_code: s.charging_code,
            items: s.items as PriceItem[],
            hours: d.hours,
            original_fen: c.original_fen,
          },
          c.amount_fen,
        );
      }
    }
    for (const c of await charges.execute()) {
      const day = shanghaiDay(c.charged_at);
      push(
        {
          day,
          month: day.slice(0, 7),
          project_id: c.project_id,
          resource_id: c.resource_id,
          resource_name: c.resource_name,
          kind: c.kind,
          product_code: c.product_code,
          vendor: c.vendor,
          region_id: c.region_id,
          charging_code: c.charging_code,
          items: ((c.price as { data?: { product_code: string; quantity: number }[] }).data ?? []).map((l) => ({
            product_code: l.product_code,
            quantity: l.quantity,
          })),
          hours: 0,
          original_fen: Number(c.original_fen),
        },
        Number(c.amount_fen),
      );
    }
    return out.sort((a, b) => a.day.localeCompare(b.day) || a.resource_name.localeCompare(b.resource_name));
  }

  const keyOf = (l: BillLine, g: BillGroup) =>
    g === 'product'
      ? l.product_code
      : g === 'project'
        ? l.project_id
        : g === 'region'
          ? (l.region_id ?? '')
          : g === 'vendor'
            ? l.vendor
            : g === 'resource'
              ? l.resource_id
              : g === 'day'
                ? l.day
                : l.month;

  /** Lines summed by a dimension (largest first, by time for month and day). */
  function group(all: BillLine[], g: BillGroup): BillRow[] {
    const rows = new Map<string, BillRow>();
    for (const l of all) {
      const key = keyOf(l, g);
      let r = rows.get(key);
      if (!r)
        rows.set(
          key,
          (r = {
            key,
            label: g === 'resource' ? l.resource_name : null,
            original_fen: 0,
            discount_fen: 0,
            amount_fen: 0,
            cash_fen: 0,
            voucher_fen: 0,
            gift_fen: 0,
            lines: 0,
          }),
        );
      for (const k of SUMS) r[k] += l[k];
      r.lines++;
    }
    const out = [...rows.values()];
    return g === 'day' || g === 'month' ? out.sort((a, b) => a.key.localeCompare(b.key)) : out.sort((a, b) => b.amount_fen - a.amount_fen);
  }

  function total(all: BillLine[]) {
    const t = { original_fen: 0, discount_fen: 0, amount_fen: 0, cash_fen: 0, voucher_fen: 0, gift_fen: 0 };
    for (const l of all) for (const k of SUMS) t[k] += l[k];
    return t;
  }

  /** The tenant's monthly bills' states (rows made on first sight, 未确认). */
  async function checks(tenantId: string, months: string[]) {
    if (!months.length) return [];
    await db
      .insertInto('bill_checks')
      .values(months.map((month) => ({ id: newId(), tenant_id: tenantId, month, state: 'unconfirmed', created_at: new Date() })))
      .onConflict((oc) => oc.columns(['tenant_id', 'month']).doNothing())
      .execute();
    return db.selectFrom('bill_checks').selectAll().where('tenant_id', '=', tenantId).where('month', 'in', months).orderBy('month', 'desc').execute();
  }

  async function checkById(tenantId: string, id: string) {
    return db.selectFrom('bill_checks').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  }

  /** Confirms or submits a monthly bill; only from the state before (409 otherwise); a month not yet over cannot be confirmed. */
  async function transition(tenantId: string, id: string, action: BillTransition, userId: string, now = new Date()) {
    return db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('bill_checks').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).forUpdate().executeTakeFirst();
      if (!row) throw new AppError(404, 'not_found');
      const t = BILL_TRANSITIONS[action];
      if ((row.state as BillState) !== t.from) throw new AppError(409, `billing.not_${t.from}`);
      if (row.month >= shanghaiDay(now).slice(0, 7)) throw new AppError(409, 'billing.month_not_over');
      const set = action === 'confirm' ? { state: t.to, confirmed_at: now, confirmed_by: userId } : { state: t.to, submitted_at: now, submitted_by: userId };
      await trx.updateTable('bill_checks').set(set).where('id', '=', id).execute();
      return { ...row, ...set };
    });
  }

  return { lines, group, total, checks, checkById, transition, rates };
}
export type BillService = ReturnType<typeof billService>;
