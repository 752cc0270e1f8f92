// Orders, charging conversions, project spending limits and cost optimisation (issue 13; seed 001
// §3 cost optimisation strategy, §4 billing, §5 limits, §9 defaults). Pure: the server stores and
// meters, the screens label.
import { z } from 'zod';
import { pagingShape } from '../list-query.ts';
import { DURATION_MONTHS } from '../charging.ts';
import { dayStart, shanghaiDay } from './billing.ts';

export const ORDER_TYPES = ['purchase', 'resize', 'convert', 'terminate', 'renew'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];
export const ORDER_STATES = ['paid', 'pending', 'cancelled'] as const;

/** The order list's filters (orderManage): type, state, product (kind), creation days (Shanghai). */
export const orderQuerySchema = z.object({
  ...pagingShape({ defaultLimit: 20, maxLimit: 500 }),
  order_type: z.enum(ORDER_TYPES).optional(),
  state: z.enum(ORDER_STATES).optional(),
  kind: z
    .string()
    .regex(/^[a-z_]{1,40}$/, { message: 'invalid_format' })
    .optional(),
  start_date: z.iso.date().optional(),
  end_date: z.iso.date().optional(),
  resource_id: z
    .string()
    .regex(/^[0-9a-f]{32}$/, { message: 'invalid_format' })
    .optional(),
});

/** The order overview (orderGeneral): months of at most a year. */
export const orderOverviewSchema = z.object({ months: z.coerce.number().int().min(1).max(12).default(12) });

// ── Conversion (convertPurchase) ──

/** Kinds offered for conversion from pay-as-you-go to yearly/monthly. */
export const CONVERTIBLE_KINDS: readonly string[] = ['instance', 'volume'];
export const CONVERTIBLE_STATUSES: readonly string[] = ['running', 'stopped', 'available', 'in_use', 'mounted', 'unmounted'];

export const convertSchema = z.object({
  resource_id: z.string().regex(/^[0-9a-f]{32}$/, { message: 'invalid_format' }),
  duration: z.coerce
    .number()
    .int()
    .refine((n) => (DURATION_MONTHS as readonly number[]).includes(n), { message: 'duration' }),
});
export const terminateSchema = z.object({ resource_id: convertSchema.shape.resource_id });

// ── Renewal (issue 13): a yearly/monthly resource's contract extended by one of the pricing module's periods ──

/** A renewal: the resource and a period the pricing module offers (1–6 months, 1, 2 or 3 years). */
export const renewSchema = convertSchema;

/** Where a renewal of `months` moves a contract ending at `until`: the new period starts there. */
export const renewedUntil = (until: Date, months: number) => contractEnd(until, months);

/** 00:00 Asia/Shanghai on the 1st of the month after `now`: when a conversion takes effect. */
export function nextMonthStart(now: Date): Date {
  const day = shanghaiDay(now);
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7));
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return dayStart(next);
}

/** The end of a yearly contract starting at `start` for `months` (Shanghai calendar months). */
export function contractEnd(start: Date, months: number): Date {
  const day = shanghaiDay(start);
  const idx = Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1 + months;
  return dayStart(`${Math.floor(idx / 12)}-${String((idx % 12) + 1).padStart(2, '0')}-${day.slice(8, 10)}`);
}

// ── Project spending limits (projectLimitManage) ──

/** A monthly limit in yuan (up to 2 decimals, at most ¥100,000,000), stored in fen. */
export const projectLimitSchema = z.object({
  monthly_limit: z
    .string()
    .regex(/^\d{1,9}(\.\d{1,2})?$/, { message: 'invalid_format' })
    .refine((s) => Number(s) > 0 && Number(s) <= 100_000_000, { message: 'invalid_value' }),
});
export const yuanToFen = (s: string) => Math.round(Number(s) * 100);

// ── Cost optimisation (billCostSeo, zoneBillCostSeo) ──

export const COMPARE_OPS = ['<', '<=', '>', '>='] as const;
export type CompareOp = (typeof COMPARE_OPS)[number];
export const LOGIC_OPS = ['and', 'or'] as const;
export const FINDINGS = ['idle', 'over', 'expand'] as const;
export type Finding = (typeof FINDINGS)[number] | 'normal';

const comparison = z.object({ op: z.enum(COMPARE_OPS), value: z.coerce.number().min(0).max(100) });
const rule = z.object({ cpu: comparison, memory: comparison, logic: z.enum(LOGIC_OPS) });
export type CostRule = z.infer<typeof rule>;
export const costRulesSchema = z.object({ idle: rule, over: rule, expand: rule });
export type CostRules = z.infer<typeof costRulesSchema>;

/** At most 5 strategies besides the default; a name of at most 33 characters. */
export const MAX_COST_STRATEGIES = 5;
export const STRATEGY_NAME_MAX = 33;
export const costStrategySchema = z.object({ name: z.string().trim().min(1).max(STRATEGY_NAME_MAX), rules: costRulesSchema });

/** The default strategy (seed 001 §9): idle if CPU max < 5% and memory max < 10%; over-provisioned if either < 30%; expansion if either > 80%. */
export const DEFAULT_COST_RULES: CostRules = {
  idle: { cpu: { op: '<', value: 5 }, memory: { op: '<', value: 10 }, logic: 'and' },
  over: { cpu: { op: '<', value: 30 }, memory: { op: '<', value: 30 }, logic: 'or' },
  expand: { cpu: { op: '>', value: 80 }, memory: { op: '>', value: 80 }, logic: 'or' },
};
export const DEFAULT_STRATEGY_ID = 'default';

const compare = (v: number, c: { op: CompareOp; value: number }) =>
  c.op === '<' ? v < c.value : c.op === '<=' ? v <= c.value : c.op === '>' ? v > c.value : v >= c.value;
const matches = (r: CostRule, cpuMax: number, memMax: number) =>
  r.logic === 'and' ? compare(cpuMax, r.cpu) && compare(memMax, r.memory) : compare(cpuMax, r.cpu) || compare(memMax, r.memory);

/** What a host's daily CPU and memory maxima make it: idle first, then expansion, then over-provisioned. */
export function classify(rules: CostRules, cpuMax: number, memMax: number): Finding {
  if (matches(rules.idle, cpuMax, memMax)) return 'idle';
  if (matches(rules.expand, cpuMax, memMax)) return 'expand';
  if (matches(rules.over, cpuMax, memMax)) return 'over';
  return 'normal';
}

/** What acting on a finding saves a month: an idle host all of it, an over-provisioned one half (one size down), an expansion nothing. */
export function savingOf(finding: Finding, monthlyFen: number): number {
  if (finding === 'idle') return monthlyFen;
  if (finding === 'over') return Math.round(monthlyFen / 2);
  return 0;
}

/** The Shanghai day after `now`: when a newly applied strategy starts counting. */
export const nextDay = (now: Date) => shanghaiDay(new Date(now.getTime() + 86_400_000));
