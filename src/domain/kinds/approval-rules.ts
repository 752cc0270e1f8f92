// Rule kinds (DNAT, IPv6 translation, firewall policies) validate their ports and addresses with
// the approvals' schemas (src/domain/approvals/approval.schema.ts), so a rule created directly and
// one requested through an approval obey the same checks and name the same rule keys.
import { z } from 'zod';

/** A list given as text (comma separated) or as an array, like the approvals' list inputs. */
export const listInput = z.union([
  z.string().trim().min(1).max(20_000),
  z
    .array(z.union([z.string().max(64), z.number()]))
    .min(1)
    .max(2000),
]);

/**
 * A superRefine that runs `schema` on a payload built from the value and reports its issues on
 * this value's fields (`paths` renames the approval payload's field names).
 */
export function issuesFrom<T>(schema: z.ZodType, toPayload: (v: T) => unknown, paths: Readonly<Record<string, string>> = {}) {
  return (v: T, ctx: z.RefinementCtx) => {
    const r = schema.safeParse(toPayload(v));
    if (r.success) return;
    for (const i of r.error.issues) {
      const [head, ...rest] = i.path;
      ctx.addIssue({ code: 'custom', path: [paths[String(head)] ?? (head as string), ...(rest as (string | number)[])], message: i.message });
    }
  };
}
