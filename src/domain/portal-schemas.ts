// Request schemas of the portal's API (zod): templates and custom pages written by administrators,
// and the article list's query. Kept apart from portal-content.ts so the web's pages stay without zod.
import { z } from 'zod';
import { pagingShape } from './list-query.ts';
import { ARTICLE_KINDS, TEMPLATE_KINDS, TEMPLATE_LIMITS } from './portal-content.ts';

/** An administrator's template or custom page as written through the API. */
export const templateInputSchema = z.strictObject({
  kind: z.enum(TEMPLATE_KINDS),
  name: z.string().trim().min(1).max(TEMPLATE_LIMITS.name),
  html_code: z.string().max(TEMPLATE_LIMITS.html).default(''),
  css_code: z.string().max(TEMPLATE_LIMITS.css).default(''),
  js_code: z.string().max(TEMPLATE_LIMITS.js).default(''),
  data_json: z
    .record(z.string(), z.unknown())
    .default({})
    .refine((v) => JSON.stringify(v).length <= TEMPLATE_LIMITS.data, { message: 'too_big' }),
  published: z.boolean().default(true),
});
export type TemplateInput = z.infer<typeof templateInputSchema>;

export const articleListQuerySchema = z.object({
  kind: z.enum(ARTICLE_KINDS),
  ...pagingShape({ defaultLimit: 10, maxLimit: 100, maxOffset: 100_000 }),
  category: z.string().max(40).optional(),
});
