// Calls of the admin lists, the admin tag editor and the batch delete with one SMS code
// (seed 000 §6, §7), through the shared request helper.
import type { KindDefinition } from '../../../domain/kinds/kind.ts';
import type { BatchDeleteRow } from '../../../domain/schemas/shared-ops.schema.ts';
import { get, getList, post, type Payload } from '../../lib/request.ts';
import type { Resource } from './kind-meta.ts';
import type { Page, Tag, TagLinks } from './api.ts';

const quiet = { isNeedloading: false } as const;

/** A row of an admin list: any tenant's resource with its tenant, project and tags. */
export interface AdminRow extends Resource {
  tenant_id: string;
  project_id: string;
  tenant_name: string;
  project_name: string;
  tags: Tag[];
}
/** Where an admin tag call goes: the resource's own tenant and project. */
export interface TagTarget {
  kind: string;
  id: string;
  tenant_id: string;
  project_id: string;
}

export const listAdminResources = (def: KindDefinition, params: Payload, signal?: AbortSignal) =>
  getList<Page<AdminRow>>(`v1/manage/${def.collection}`, params, { ...quiet, signal });
export const listTenantOptions = () => get<Page<{ id: string; name: string }>>('tenants', { enabled: true, __limit: 1000, __orders: 'name' }, quiet);

const named = (t: TagTarget) => ({ tenant_id: t.tenant_id, project_id: t.project_id });
export const listAdminTags = (t: TagTarget) => get<TagLinks>('tag-resources', { resource_type: t.kind, resource_id: t.id, ...named(t) }, quiet);
export const createAdminTags = (t: TagTarget, tags: { tag_key: string; tag_value: string }[]) =>
  post<{ tag_ids: string[]; message?: string }>('tag-manage', { resources: [{ type: t.kind, rids: [t.id] }], tags, ...named(t) });
export const saveAdminTagIds = (t: TagTarget, tagIds: string[]) =>
  post<{ message?: string }>('tag-resources', { resource_type: t.kind, resource_id: t.id, tag_ids: tagIds, ...named(t) });

export interface BatchDeleteAnswer {
  action: 'delete';
  data: BatchDeleteRow[];
  message?: string;
}
export const batchDelete = (def: KindDefinition, body: { ids: string[]; sms_code?: string; delayed_days?: number; sms_operate_type?: string }) =>
  post<BatchDeleteAnswer>(`${def.collection}/batch-delete`, { ...body, ...(body.sms_code ? { sms_necessity_flag: 1 } : {}) });
