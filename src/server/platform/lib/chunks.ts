// Bulk writes in slices: one INSERT … VALUES (or one pg_notify over an array) per slice keeps a
// statement well under PostgreSQL's 65,535 bind parameters however many rows a seed, a storm or a
// batch brings (500 rows of up to ~100 columns).

/** Rows (or other items) per bulk statement. */
export const BULK_CHUNK = 500;

/** `items` in consecutive slices of at most `size`, in order; nothing for an empty list. */
export function* chunks<T>(items: readonly T[], size = BULK_CHUNK): Generator<T[]> {
  if (!(size >= 1)) throw new RangeError(`chunk size must be at least 1 (got ${size})`);
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}
