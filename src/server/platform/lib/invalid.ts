// A 400 that names the field and a rule key of errors:rules.* — the same shape a zod schema's
// refusal has, so the error plugin answers both alike.
import { z } from 'zod';

/** A 400 naming the field and a rule key of errors:rules.*; `params` fill the rule text's numbers (a kind's own minimum). */
export function invalid(field: string, rule: string, params?: Record<string, string | number>): z.ZodError {
  return new z.ZodError([{ code: 'custom', path: [field], message: rule, input: undefined, ...(params ? { params } : {}) } as never]);
}
