// The charging modes and the purchase durations in months (seed 001 §5), zod-free so a price or a bill
// on screen does not load zod; reference.schema.ts re-exports them for the request schemas.
export const CHARGING_CODES = ['year', 'quantity'] as const;
export const DURATION_MONTHS = [1, 2, 3, 4, 5, 6, 12, 24, 36] as const;
