// The seed's list parameters (seed 000 §3 "Pagination", §7): __limit, __offset, __orders, and
// Yunshu's keyset mode __cursor. Filters are plain query params; multi-values comma-joined.
import { z } from 'zod';

export const MAX_LIMIT = 1000;
/** The longest __cursor any list reads (an opaque base64url token). */
export const MAX_CURSOR_LENGTH = 512;

/** The rule key (errors:rules.whole_number) a paging number that is not a whole number is refused with. */
const WHOLE = 'whole_number';
/** A wrong type (NaN, Infinity from 1e400, an array from a repeated parameter) named by `rule`, not as 'required'. */
const typeError = (rule: string) => ({ error: (issue: { code?: string }) => (issue.code === 'invalid_type' ? rule : undefined) });

export interface PagingRules {
  /** rows when __limit is absent */
  defaultLimit?: number;
  /** the most rows one page answers (at most MAX_LIMIT); more is a 400 naming __limit */
  maxLimit?: number;
  /** the deepest __offset the list answers; deeper is a 400 naming __offset */
  maxOffset?: number;
}

/**
 * The one paging rule of every list (issue 27): __limit a whole number 1..maxLimit, __offset a
 * whole number 0..maxOffset (never past the safe-integer range, so no value reaches SQL that
 * PostgreSQL's bigint cannot hold), __cursor a bounded string. Anything else (NaN, 1e400, -1,
 * 1.5, 99999999999999999999, a repeated parameter) is a 400 naming the parameter. Lists spread
 * this shape into their own query schema; the input guard checks the same rules on every GET.
 */
export function pagingShape(rules: PagingRules = {}) {
  return {
    // the bound before .int(): a huge value is refused by the list's own bound, not by the safe-integer one
    __limit: z.coerce
      .number(typeError(WHOLE))
      .min(1)
      .max(Math.min(rules.maxLimit ?? MAX_LIMIT, MAX_LIMIT))
      .int({ error: WHOLE })
      .default(rules.defaultLimit ?? 10),
    __offset: z.coerce
      .number(typeError(WHOLE))
      .min(0)
      .max(rules.maxOffset ?? Number.MAX_SAFE_INTEGER)
      .int({ error: WHOLE })
      .default(0),
    __cursor: z.string(typeError('invalid_type')).max(MAX_CURSOR_LENGTH).optional(),
  };
}

/** Only the paging parameters of a query, checked with the shared rules (unknown keys kept). */
export function pagingSchema(rules: PagingRules = {}) {
  return z.object(pagingShape(rules)).loose();
}

export const listQuerySchema = z
  .object({
    ...pagingShape(),
    __orders: z
      .string()
      .max(200)
      .regex(/^-?[a-z_.]+(,-?[a-z_.]+)*$/, { message: 'invalid_format' })
      .optional(),
  })
  .loose();
export type ListQuery = z.infer<typeof listQuerySchema>;

/** Param names that are never filters (seed 000 §7 "Page-level exclusions"). */
export const NON_FILTER_PARAMS = new Set(['current', 'total', '__limit', '__offset', '__orders', '__cursor']);

export interface OrderTerm {
  field: string;
  desc: boolean;
}

export function parseOrders(orders: string | undefined): OrderTerm[] {
  if (!orders) return [];
  return orders
    .split(',')
    .filter(Boolean)
    .map((t) => (t.startsWith('-') ? { field: t.slice(1), desc: true } : { field: t, desc: false }));
}

/** Comma-joined multi-values, trimmed, empties dropped. */
export function splitMulti(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  return String(value)
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}
