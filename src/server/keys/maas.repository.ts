// MaaS accounts' and API keys' SQL, per tenant. Every function takes the executor first.
import { sql } from 'kysely';
import type { Exec } from '../engine/engine.repository.ts';

/** The tenant's accounts (nothing selected yet). */
export const tenantAccounts = (ex: Exec, tenantId: string) => ex.selectFrom('maas_accounts').where('maas_accounts.tenant_id', '=', tenantId);
export type TenantAccounts = ReturnType<typeof tenantAccounts>;

/** An account's columns with how many keys it has and their calls. */
export const withCounts = (qb: TenantAccounts) =>
  qb.select([
    'maas_accounts.id',
    'maas_accounts.vendor',
    'maas_accounts.name',
    'maas_accounts.remark',
    'maas_accounts.created_at',
    (eb) =>
      eb
        .selectFrom('maas_api_keys')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('maas_api_keys.account_id', '=', 'maas_accounts.id')
        .as('key_count'),
    (eb) =>
      eb
        .selectFrom('maas_api_keys')
        .select(sql<string>`coalesce(sum(calls), 0)`.as('s'))
        .whereRef('maas_api_keys.account_id', '=', 'maas_accounts.id')
        .as('calls'),
  ]);

/** The tenant's API keys joined to their account (nothing selected yet). */
export const tenantApiKeys = (ex: Exec, tenantId: string) =>
  ex.selectFrom('maas_api_keys').innerJoin('maas_accounts', 'maas_accounts.id', 'maas_api_keys.account_id').where('maas_api_keys.tenant_id', '=', tenantId);
export type TenantApiKeys = ReturnType<typeof tenantApiKeys>;

const KEY_COLUMNS = [
  'maas_api_keys.id',
  'maas_api_keys.account_id',
  'maas_api_keys.name',
  'maas_api_keys.masked',
  'maas_api_keys.enabled',
  'maas_api_keys.calls',
  'maas_api_keys.last_used_at',
  'maas_api_keys.created_at',
  'maas_accounts.name as account_name',
  'maas_accounts.vendor',
] as const;
export const withKeyColumns = (qb: TenantApiKeys) => qb.select(KEY_COLUMNS);

export function accountWithCounts(ex: Exec, tenantId: string, id: string) {
  return withCounts(tenantAccounts(ex, tenantId).where('maas_accounts.id', '=', id)).executeTakeFirst();
}

export async function accountExists(ex: Exec, tenantId: string, id: string): Promise<boolean> {
  return !!(await tenantAccounts(ex, tenantId).select('id').where('maas_accounts.id', '=', id).executeTakeFirst());
}

/** An account's API keys, newest first. */
export function accountApiKeys(ex: Exec, tenantId: string, accountId: string) {
  return withKeyColumns(tenantApiKeys(ex, tenantId)).where('maas_api_keys.account_id', '=', accountId).orderBy('maas_api_keys.created_at', 'desc').execute();
}

export function apiKeyOrThrow(ex: Exec, tenantId: string, id: string) {
  return withKeyColumns(tenantApiKeys(ex, tenantId)).where('maas_api_keys.id', '=', id).executeTakeFirstOrThrow();
}

export async function insertAccount(
  ex: Exec,
  a: { id: string; tenant_id: string; vendor: string; name: string; remark: string; created_by: string; created_at: Date },
) {
  await ex.insertInto('maas_accounts').values(a).execute();
}

/** Answers whether a row went. */
export async function deleteAccount(ex: Exec, tenantId: string, id: string): Promise<boolean> {
  const r = await ex.deleteFrom('maas_accounts').where('id', '=', id).where('tenant_id', '=', tenantId).executeTakeFirst();
  return !!Number(r.numDeletedRows);
}

export async function insertApiKey(
  ex: Exec,
  k: { id: string; tenant_id: string; account_id: string; name: string; masked: string; secret_sealed: string; created_by: string; created_at: Date },
) {
  await ex.insertInto('maas_api_keys').values(k).execute();
}

/** Answers whether the key was found. */
export async function setApiKeyEnabled(ex: Exec, tenantId: string, id: string, enabled: boolean): Promise<boolean> {
  const r = await ex.updateTable('maas_api_keys').set({ enabled }).where('id', '=', id).where('tenant_id', '=', tenantId).executeTakeFirst();
  return !!Number(r.numUpdatedRows);
}

/** Answers whether a row went. */
export async function deleteApiKey(ex: Exec, tenantId: string, id: string): Promise<boolean> {
  const r = await ex.deleteFrom('maas_api_keys').where('id', '=', id).where('tenant_id', '=', tenantId).executeTakeFirst();
  return !!Number(r.numDeletedRows);
}
