// CDN refresh and warm-up tasks (cdnTab_refreshPreheat, refreshPreheatConfig): URL refresh,
// directory refresh or warm-up of a list of URLs of the tenant's accelerated domains. Each URL
// counts against the tenant's daily limit of its type (seed 001 §10: refresh 2000, warm-up 500,
// directory 100), counted atomically in the database; a task takes about 5 minutes.
import { z } from 'zod';
import type { KindDefinition } from '../kind.ts';
import { REMOVED } from '../kind.ts';
import { idSchema } from '../../ids.ts';
import { C, F, Q } from '../common.ts';

export const CDN_TASK_TYPES = ['url_refresh', 'dir_refresh', 'warmup'] as const;
export const CDN_DAILY_LIMITS: Readonly<Record<(typeof CDN_TASK_TYPES)[number], number>> = { url_refresh: 2000, warmup: 500, dir_refresh: 100 };
/** A task runs about 5 minutes: this many times the simulator's usual delay (3 s by default). */
export const CDN_TASK_DELAY_FACTOR = 100;
export const MAX_URLS_PER_TASK = 100;

export function splitUrls(v: unknown): string[] {
  return String(v ?? '')
    .split(/[\s,，]+/)
    .map((x) => x.trim())
    .filter(Boolean);
}

/** The problem of one URL for a task type, or null: http(s), a host, a directory ends with `/`. */
export function taskUrlProblem(type: string, url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'task_url';
  }
  if (!['http:', 'https:'].includes(u.protocol) || !u.hostname.includes('.')) return 'task_url';
  if (type === 'dir_refresh' && !u.pathname.endsWith('/')) return 'task_dir_slash';
  return null;
}

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

export const cdnTaskKind: KindDefinition = {
  kind: 'cdn_task',
  collection: 'cdn-tasks',
  productCode: 'cdn_task',
  routes: { list: 'cdnTab_refreshPreheat', buy: 'refreshPreheatConfig' },
  fields: [
    F.id,
    F.name,
    F.status,
    { key: 'domain_id', source: 'spec', type: 'ref', ref: 'cdn_domain' },
    { key: 'task_type', source: 'spec', type: 'enum', options: CDN_TASK_TYPES },
    { key: 'urls', source: 'spec', type: 'text' },
    { key: 'url_count', source: 'spec', type: 'number', unit: 'count' },
    { key: 'used_today', source: 'spec', type: 'number' },
    { key: 'daily_limit', source: 'spec', type: 'number' },
    F.createdAt,
  ],
  columns: [C.name, C.status, { field: 'task_type', display: true }, { field: 'urls', display: true }, { field: 'url_count', display: true }, C.createdAt],
  filters: [
    Q.name,
    Q.status,
    { param: 'domain_id', source: 'spec', key: 'domain_id', type: 'ref' },
    { param: 'task_type', source: 'spec', key: 'task_type', type: 'enum' },
  ],
  statuses: { stable: ['succeeded'], inBetween: ['processing', 'deleting'], failure: ['failed'] },
  create: { inBetween: 'processing', final: 'succeeded', failStatus: 'failed' },
  createSchema: cdnTaskCreateSchema as unknown as z.ZodObject<any>,
  placement: { from: 'domain_id', kind: 'cdn_domain' },
  createLinks: [{ relation: 'task_of', param: 'domain_id', kind: 'cdn_domain', allowedFrom: ['enabled'], refusalKey: 'refusals.cdn_task.domain_not_enabled' }],
  actions: [
    {
      id: 'delete',
      allowedFrom: ['succeeded', 'failed'],
      inBetween: 'deleting',
      final: REMOVED,
      refusalKey: 'refusals.generic.delete',
      permission: 'delete',
      dialog: 'delete',
      batch: true,
    },
  ],
  relations: [{ relation: 'task_of', direction: 'out', kind: 'cdn_domain', many: false }],
  recycle: false,
  priced: false,
};
