// The zod rules of cdn-task (its create body and action params): loaded eagerly by the server and
// lazily by the web's forms, never by the list screens (docs/decisions/0049-a-kind-is-its-folder.md).
import { z } from 'zod';
import { idSchema } from '../../ids.ts';
import { defineSchemas } from '../kind-schemas.ts';
import { CDN_TASK_TYPES, cdnTaskKind } from './cdn-task.kind.ts';
import { MAX_URLS_PER_TASK, splitUrls, taskUrlProblem } from './cdn-task.rules.ts';

/** The refreshPreheatConfig form: the domain, the operation and the URLs, one a line. */
export const cdnTaskFormSchema = z.object({
  domain_id: idSchema,
  task_type: z.enum(CDN_TASK_TYPES),
  urls: z.string().trim().min(1).max(20000),
  name: z.string().trim().min(1).max(60).optional(),
});

export const cdnTaskCreateSchema = cdnTaskFormSchema
  .superRefine((v, ctx) => {
    const urls = splitUrls(v.urls);
    if (!urls.length) ctx.addIssue({ code: 'custom', path: ['urls'], message: 'required' });
    else if (urls.length > MAX_URLS_PER_TASK) ctx.addIssue({ code: 'custom', path: ['urls'], message: 'task_too_many_urls' });
    else {
      const bad = urls.map((u) => taskUrlProblem(v.task_type, u)).find(Boolean);
      if (bad) ctx.addIssue({ code: 'custom', path: ['urls'], message: bad });
    }
  })
  .transform((v) => {
    const urls = [...new Set(splitUrls(v.urls))];
    return { ...v, urls, url_count: urls.length, name: v.name ?? `${v.task_type}-${new URL(urls[0]!).hostname}` };
  });

export const cdnTaskSchemas = defineSchemas(cdnTaskKind, {
  create: cdnTaskCreateSchema as unknown as z.ZodObject<any>,
  actions: {},
});
