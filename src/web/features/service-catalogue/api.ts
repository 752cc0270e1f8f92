// The calls of the service catalogue (issue 31) at /api/v1/service-catalog/entries: the tenant's
// entries, the owners and projects the forms offer, and the catalogue managers' writes (publishing
// goes to the approval engine; a service's configuration says who may order it).
import { get, post, put, request } from '../../lib/request.ts';
import { CATALOGUE_URL, type CatalogueEntry, type Category, type ConfigInput, type EntryUpdate } from '../../../domain/service-catalogue.ts';

export type { CatalogueEntry, Category };

const quiet = { isNeedloading: false } as const;
const key = () => ({ headers: { 'Idempotency-Key': crypto.randomUUID() } });

export interface CatalogueOptions {
  owners: { id: string; name: string }[];
  projects: { id: string; name: string }[];
}

export const listEntries = (q: Record<string, string | number> = {}) =>
  get<{ count: number; data: CatalogueEntry[] }>(CATALOGUE_URL, { __limit: 1000, ...q }, quiet);
export const getEntry = (id: string) => get<CatalogueEntry>(`${CATALOGUE_URL}/${id}`, undefined, quiet);
export const getOptions = () => get<CatalogueOptions>(`${CATALOGUE_URL}/options`, undefined, quiet);
export const createEntry = (body: Record<string, unknown>) => post<CatalogueEntry>(CATALOGUE_URL, body, key());
export const updateEntry = (id: string, body: EntryUpdate) => request<CatalogueEntry>('PATCH', `${CATALOGUE_URL}/${id}`, body, key());
export const deleteEntry = (id: string) => request<void>('DELETE', `${CATALOGUE_URL}/${id}`, undefined, key());
export const publishEntry = (id: string) => post<CatalogueEntry>(`${CATALOGUE_URL}/${id}/publish`, {}, key());
export const configureEntry = (id: string, body: ConfigInput) => put<CatalogueEntry>(`${CATALOGUE_URL}/${id}/config`, body, key());
