// CDN refresh and warm-up tasks (cdnTab_refreshPreheat, refreshPreheatConfig): URL refresh,
// directory refresh or warm-up of a list of URLs of the tenant's accelerated domains. Each URL
// counts against the tenant's daily limit of its type (seed 001 §10: refresh 2000, warm-up 500,
// directory 100), counted atomically in the database; a task takes about 5 minutes.
import type { KindDefinition } from '../kind.ts';
import { REMOVED } from '../kind.ts';
import { C, F, Q } from '../common.ts';

export const CDN_TASK_TYPES = ['url_refresh', 'dir_refresh', 'warmup'] as const;
/** A task runs about 5 minutes: this many times the simulator's usual delay (3 s by default). */
export const CDN_TASK_DELAY_FACTOR = 100;

export const cdnTaskKind: KindDefinition = {
  kind: 'cdn_task',
  collection: 'cdn-tasks',
  productCode: 'cdn_task',
  menuOrder: 310,
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
  // A refresh / warm-up task takes about 5 minutes against the usual few seconds.
  simulator: { createDelayFactor: CDN_TASK_DELAY_FACTOR },
};
