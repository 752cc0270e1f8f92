// The calls of resource stacks (issue 31): the tenant's templates, the project's stacks, and the
// zone pickers' lists a deploy names (vendors, regions, zones).
import { del, get, post, put } from '../../lib/request.ts';
import { STACKS_URL, STACK_TEMPLATES_URL, type Stack, type StackDeploy, type StackTemplate, type StackTemplateInput } from '../../../domain/stacks.ts';

export type { Stack, StackTemplate, StackTemplateInput };

const quiet = { isNeedloading: false } as const;
const once = () => ({ headers: { 'Idempotency-Key': crypto.randomUUID() } });
type Page<T> = { count: number; data: T[] };

export const listTemplates = () => get<Page<StackTemplate>>(STACK_TEMPLATES_URL, { __limit: 100 }, quiet);
export const getTemplate = (id: string) => get<StackTemplate>(`${STACK_TEMPLATES_URL}/${id}`, undefined, quiet);
export const createTemplate = (body: StackTemplateInput) => post<StackTemplate>(STACK_TEMPLATES_URL, body, once());
export const updateTemplate = (id: string, body: StackTemplateInput) => put<StackTemplate>(`${STACK_TEMPLATES_URL}/${id}`, body, once());
export const deleteTemplate = (id: string) => del(`${STACK_TEMPLATES_URL}/${id}`, undefined, once());

export const listStacks = () => get<Page<Stack>>(STACKS_URL, { __limit: 100 }, quiet);
export const getStack = (id: string) => get<Stack>(`${STACKS_URL}/${id}`, undefined, quiet);
export const deployStack = (body: StackDeploy) => post<Stack>(STACKS_URL, body, once());
export const deleteStack = (id: string) => del<Stack | undefined>(`${STACKS_URL}/${id}`, undefined, once());

export interface Vendor {
  id: string;
  name_cn: string;
}
export interface Place {
  id: string;
  name: string;
}
export const listVendors = () => get<Page<Vendor>>('vendors', { __orders: 'order_value' }, quiet);
export const listRegions = (vendor: string) => get<Page<Place>>('regions', { public_cloud_provider: vendor, __limit: 100 }, quiet);
export const listZones = (regionId: string) => get<Page<Place>>('v1/azs', { enabled: true, region_id: regionId, __orders: 'sort_value', __limit: 100 }, quiet);
