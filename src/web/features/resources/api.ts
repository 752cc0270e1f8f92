// The resource screens' calls, one helper each, all through the shared request helper (seed 000 §7).
import type { ListKind } from '../../../domain/kinds/list-kind.ts';
import { del, download, get, getList, post, put, type Payload, type RequestOptions } from '../../lib/request.ts';
import type { Resource } from './kind-meta.ts';

export interface Page<T> {
  count?: number;
  data: T[];
  next_cursor?: string | null;
}
export type Filters = Record<string, string | number | boolean | undefined>;
const quiet = { isNeedloading: false } as const;

export const listResources = (def: ListKind, params: Payload, signal?: AbortSignal) => getList<Page<Resource>>(def.collection, params, { ...quiet, signal });
export const getResource = (def: ListKind, id: string, options: RequestOptions = {}) =>
  get<Resource>(`${def.collection}/${id}`, undefined, { ...quiet, ...options });
export const createResource = (def: ListKind, body: Record<string, unknown>) => post<Resource & { message?: string }>(def.collection, body);
export const updateResource = (def: ListKind, id: string, body: { name?: string; description?: string }) =>
  put<Resource>(`${def.collection}/${id}`, body, quiet);
/**
 * A row named in its own tenant and project: the admin lists (…AdminManage) span every tenant, so
 * an action on one of their rows is sent in the row's scope, not the session's; the engine's route
 * then applies the same guards and permissions as in the tenant's own list.
 */
export interface RowScope {
  tenant_id: string;
  project_id: string;
}
const scopeOptions = (scope: RowScope | undefined): RequestOptions | undefined =>
  scope ? { headers: { 'X-Tenant-Id': scope.tenant_id, 'X-Project-Id': scope.project_id } } : undefined;
export const runAction = (def: ListKind, id: string, action: string, params: Record<string, unknown> = {}, scope?: RowScope) =>
  post<Resource & { message?: string }>(`${def.collection}/${id}/actions`, { action, ...params }, scopeOptions(scope));
export interface BatchAnswer {
  action: string;
  data: { id: string; ok: boolean; status?: string; description?: string }[];
}
export const runBatch = (def: ListKind, ids: string[], action: string, params: Record<string, unknown> = {}) =>
  post<BatchAnswer>(`${def.collection}/actions`, { action, ids, ...params });
export const deleteResource = (def: ListKind, id: string, query: Payload, scope?: RowScope) =>
  del<Resource & { message?: string }>(`${def.collection}/${id}`, query, scopeOptions(scope));

// Recycle bin
export const listRecycle = (kind: string, params: Payload) => getList<Page<Resource>>('recyclebin', { resource_type: kind, ...params }, quiet);
export const recycleAction = (id: string, action: 'recover' | 'destroy') => post<Resource & { message?: string }>(`recyclebin/${id}/${action}`);

// Reference data
export interface Vendor {
  id: string;
  name_cn: string;
  cloud_type: string;
  order_value: number;
}
export interface Region {
  id: string;
  name: string;
  public_cloud_provider: string;
  sort_value: number;
  region_az?: { id: string; name: string }[];
}
export interface Zone {
  id: string;
  name: string;
  sort_value: number;
  enabled: boolean;
  region_id: string;
  region?: { id: string; name: string; public_cloud_provider: string };
}
export interface ChargingPkg {
  id: string;
  name: string;
  code: 'year' | 'quantity';
  enabled: boolean;
  product_code: string;
  measurement_display: string;
}
export const listVendors = () => get<Page<Vendor>>('vendors', { __orders: 'order_value' }, quiet);
export const listRegions = (vendor?: string) => get<Page<Region>>('regions', { public_cloud_provider: vendor, __limit: 100 }, quiet);
export const listAllAzs = () => get<Page<Zone>>('azs', { __limit: 1000 }, quiet);
export const listZones = (productCode: string, regionId: string) =>
  get<Page<Zone>>('v1/azs', { enabled: true, product_code: productCode, region_id: regionId, __orders: 'sort_value', __limit: 100 }, quiet);
export const listChargingPkgs = (productCode: string, tenantId: string | undefined) =>
  get<Page<ChargingPkg>>('charging-pkgs', { product_code: productCode, tenant_id: tenantId }, quiet);

// Price inquiry (seed 000 §3 "Price result")
export interface PriceAnswer {
  sum_price: number;
  cheap_price: number;
  whole_year_price: number;
  data: { product_code: string; price: number; price_display: string }[];
}
export const inquirePrice = (body: Record<string, unknown>, signal?: AbortSignal) =>
  post<PriceAnswer>('price/inquiry', body, { isNeedloading: false, notice: false, signal });

// Custom columns (seed 000 §3, §7)
export const loadColumns = (route: string) => get<{ route: string; fields_item: string | null }>('persistent_fields', { route }, { ...quiet, notice: false });
export const saveColumns = (route: string, fieldsItem: string) => post('v1/persistent_fields', { route, fields_item: fieldsItem });

// Tags
export interface Tag {
  id: string;
  tag_key: string;
  tag_value: string;
}
export interface TagLinks {
  data: { tag_id: string; tag: Tag; resource_id: string }[];
  tags: Tag[];
}
export const listTags = (kind: string, resourceId?: string) => get<TagLinks>('tag-resources', { resource_type: kind, resource_id: resourceId }, quiet);
export const saveTagIds = (kind: string, resourceId: string, tagIds: string[]) =>
  post<{ message?: string }>('tag-resources', { resource_type: kind, resource_id: resourceId, tag_ids: tagIds });
export const createTags = (kind: string, ids: string[], tags: { tag_key: string; tag_value: string }[]) =>
  post<{ tag_ids: string[]; message?: string }>('tag-manage', { resources: [{ type: kind, rids: ids }], tags });

// SMS-verified delete (seed 000 §4, §7)
export interface SmsCheck {
  phone: string | null;
  area_code: string;
  status: boolean;
  is_phone_validate: boolean;
}
export const smsNecessity = (operateType: string, params: Record<string, unknown>) =>
  post<SmsCheck>('v1/sms/necessity', { sms_operate_type: operateType, params_details: params }, quiet);
export const sendSmsCode = (operateType: string) =>
  post<{ phone: string; countdown: number; message?: string }>('v1/sms/sms-codes', { operate_type: operateType });

// Export (seed 000 §4, §7)
export const queueExport = (def: ListKind, fields: string[], filters: Filters) =>
  get<{ id: string; state: string; message?: string }>(`v1/export/resource/${def.productCode}`, {
    ...filters,
    export_field_list: fields.join(','),
    is_export_file: 'true',
  } as Payload);
export interface ExportTask {
  id: string;
  product_code: string;
  state: string;
  file_name: string;
  row_count?: number | null;
  truncated?: boolean;
  created_at: string;
  finished_at?: string | null;
  error?: string | null;
  download_url: string | null;
}
export const listExports = (params: Payload) => getList<Page<ExportTask>>('export/resource/download_files', params, quiet);
export const downloadExport = (url: string, fileName: string) => download('GET', url, undefined, { filename: fileName });

// Metrics (deterministic, from the simulator)
export interface MetricAnswer {
  metric: string;
  range: string;
  data: { ts: string; value: number }[];
}
export const getMetrics = (def: ListKind, id: string, metric: string, range: string) =>
  get<MetricAnswer>(`${def.collection}/${id}/metrics`, { metric, range }, quiet);
