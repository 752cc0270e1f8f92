// MaaS (model as a service) accounts of a vendor and their API keys, per tenant. The key's secret
// is shown once at creation, kept sealed, and listed masked.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { notFound } from '../../domain/errors.ts';
import { newId } from '../../domain/ids.ts';
import { createMaasAccountSchema, createMaasApiKeySchema, maskSecret } from '../../domain/keys.ts';
import type { Db } from '../platform/db/database.ts';
import type { SecretBox } from '../platform/lib/secret-box.ts';
import { runList } from '../platform/lib/list.ts';
import type { Scope } from '../platform/auth/scope.ts';
import {
  type TenantAccounts,
  type TenantApiKeys,
  accountApiKeys,
  accountExists,
  accountWithCounts,
  apiKeyOrThrow,
  deleteAccount,
  deleteApiKey,
  insertAccount,
  insertApiKey,
  setApiKeyEnabled as setEnabled,
  tenantAccounts,
  tenantApiKeys,
  withCounts,
  withKeyColumns,
} from './maas.repository.ts';

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);
const enabledSchema = z.object({ enabled: z.boolean() }).strict();

export interface MaasDeps {
  db: Db;
  secrets: SecretBox;
}

const accountView = (r: {
  id: string;
  vendor: string;
  name: string;
  remark: string;
  created_at: Date | string;
  key_count?: number | string | null;
  calls?: number | string | null;
}) => ({
  id: r.id,
  vendor: r.vendor,
  name: r.name,
  remark: r.remark,
  created_at: iso(r.created_at),
  key_count: Number(r.key_count ?? 0),
  calls: Number(r.calls ?? 0),
});
const keyView = (r: {
  id: string;
  account_id: string;
  name: string;
  masked: string;
  enabled: boolean;
  calls: number | string;
  last_used_at: Date | string | null;
  created_at: Date | string;
  account_name?: string;
  vendor?: string;
}) => ({
  id: r.id,
  account_id: r.account_id,
  account_name: r.account_name,
  vendor: r.vendor,
  name: r.name,
  masked: r.masked,
  enabled: r.enabled,
  calls: Number(r.calls),
  last_used_at: iso(r.last_used_at),
  created_at: iso(r.created_at),
});

export function listAccounts({ db }: MaasDeps, scope: Scope, query: unknown) {
  return runList(
    tenantAccounts(db, scope.tenantId),
    (qb) => withCounts(qb as TenantAccounts),
    query,
    {
      sortable: { created_at: 'maas_accounts.created_at', name: 'maas_accounts.name' },
      filters: { vendor: 'maas_accounts.vendor' },
      search: { param: 'name', columns: ['maas_accounts.name', 'maas_accounts.remark'] },
      defaultOrder: '-created_at',
      idColumn: 'maas_accounts.id',
    },
    accountView,
  );
}

export async function account({ db }: MaasDeps, scope: Scope, id: string) {
  const r = await accountWithCounts(db, scope.tenantId, id);
  if (!r) throw notFound();
  const list = await accountApiKeys(db, scope.tenantId, id);
  return { data: { ...accountView(r), api_keys: list.map(keyView) } };
}

export async function createAccount(deps: MaasDeps, scope: Scope, body: unknown) {
  const input = createMaasAccountSchema.parse(body ?? {});
  const id = newId();
  await insertAccount(deps.db, {
    id,
    tenant_id: scope.tenantId,
    vendor: input.vendor,
    name: input.name,
    remark: input.remark ?? '',
    created_by: scope.user.id,
    created_at: new Date(),
  });
  return account(deps, scope, id);
}

export async function removeAccount({ db }: MaasDeps, scope: Scope, id: string) {
  if (!(await deleteAccount(db, scope.tenantId, id))) throw notFound();
}

export function listApiKeys({ db }: MaasDeps, scope: Scope, query: unknown) {
  return runList(
    tenantApiKeys(db, scope.tenantId),
    (qb) => withKeyColumns(qb as TenantApiKeys),
    query,
    {
      sortable: { created_at: 'maas_api_keys.created_at', calls: 'maas_api_keys.calls' },
      filters: { account_id: 'maas_api_keys.account_id', vendor: 'maas_accounts.vendor' },
      booleanFilters: { enabled: 'maas_api_keys.enabled' },
      search: { param: 'name', columns: ['maas_api_keys.name'] },
      defaultOrder: '-created_at',
      idColumn: 'maas_api_keys.id',
    },
    keyView,
  );
}

/** The answer carries the secret: the only time it leaves the server. */
export async function createApiKey({ db, secrets }: MaasDeps, scope: Scope, body: unknown) {
  const input = createMaasApiKeySchema.parse(body ?? {});
  if (!(await accountExists(db, scope.tenantId, input.account_id))) throw notFound();
  const id = newId();
  const secret = `sk-${randomBytes(24).toString('hex')}`;
  await insertApiKey(db, {
    id,
    tenant_id: scope.tenantId,
    account_id: input.account_id,
    name: input.name,
    masked: maskSecret(secret),
    secret_sealed: secrets.seal({ secret }),
    created_by: scope.user.id,
    created_at: new Date(),
  });
  return { data: keyView(await apiKeyOrThrow(db, scope.tenantId, id)), secret };
}

export async function setApiKeyEnabled({ db }: MaasDeps, scope: Scope, id: string, body: unknown) {
  const { enabled } = enabledSchema.parse(body ?? {});
  if (!(await setEnabled(db, scope.tenantId, id, enabled))) throw notFound();
  return { data: keyView(await apiKeyOrThrow(db, scope.tenantId, id)) };
}

export async function removeApiKey({ db }: MaasDeps, scope: Scope, id: string) {
  if (!(await deleteApiKey(db, scope.tenantId, id))) throw notFound();
}

const bound =
  <A extends unknown[], R>(deps: MaasDeps, fn: (d: MaasDeps, ...args: A) => R) =>
  (...args: A) =>
    fn(deps, ...args);

/** The service bound to its dependencies (composition.ts). */
export function maasService(db: Db, secrets: SecretBox) {
  const deps: MaasDeps = { db, secrets };
  return {
    listAccounts: bound(deps, listAccounts),
    account: bound(deps, account),
    createAccount: bound(deps, createAccount),
    removeAccount: bound(deps, removeAccount),
    listApiKeys: bound(deps, listApiKeys),
    createApiKey: bound(deps, createApiKey),
    setApiKeyEnabled: bound(deps, setApiKeyEnabled),
    removeApiKey: bound(deps, removeApiKey),
  };
}
export type MaasService = ReturnType<typeof maasService>;
