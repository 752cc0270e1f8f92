// Client-side checks with the server's own rules (domain zod schemas and passwordProblem), so a
// field is marked before the request; the server checks everything again.
import type { z } from 'zod';

export type FieldErrors = Record<string, string>;
type T = (key: string, opts?: Record<string, unknown>) => string;

/** The first rule each field breaks, worded by errors:rules (required → "<label>不能为空"). */
export function fieldErrors(result: z.ZodSafeParseResult<unknown>, t: T, labels: Record<string, string>): FieldErrors {
  const out: FieldErrors = {};
  if (result.success) return out;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (!field || out[field]) continue;
    const custom = /^[a-z_]+$/.test(issue.message) ? issue.message : null;
    const rule = custom ?? 'required';
    const text = t(`errors:rules.${rule}`);
    out[field] = rule === 'required' || text.startsWith('rules.') ? `${labels[field] ?? field}${t('errors:rules.required')}` : text;
  }
  return out;
}

export const ruleMessage = (t: T, rule: string) => t(`errors:rules.${rule}`);
