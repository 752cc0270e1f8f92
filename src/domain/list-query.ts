// The seed's list parameters (seed 000 §3 "Pagination", §7): __limit, __offset, __orders, and
// Yunshu's keyset mode __cursor. Filters are plain query params; multi-values comma-joined.
import { z } from 'zod';

export const MAX_LIMIT = 1000;

export const listQuerySchema = z
  .object({
    __limit: z.coerce.number().int().min(1).max(MAX_LIMIT).default(10),
    __offset: z.coerce.number().int().min(0).default(0),
    __orders: z
      .string()
      .max(200)
      .regex(/^-?[a-z_.]+(,-?[a-z_.]+)*$/, { message: 'invalid_format' })
      .optional(),
    __cursor: z.string().max(512).optional(),
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
