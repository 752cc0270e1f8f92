// MaaS (model as a service) accounts of a vendor and their API keys, per tenant. The key's secret
// is shown once at creation, kept sealed, and listed masked.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { z } from 'zod';
import { notFound } from '../../domain/errors.ts';
import { newId } from '../../domain/ids.ts';
import { createMaasAccountSchema, createMaasApiKeySchema, maskSecret } from '../../domain/keys.ts';
import type { Db } from '../db/database.ts';
import type { SecretBox } from '../lib/secret-box.ts';
import { runList } from '../lib/list.ts';
import type { Scope } from '../plugins/scope.ts';

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);
const enabledSchema = z.object({ enabled: z.boolean() }).strict();

export function maasService(db: Db, secrets: SecretBox) {
  const accounts = (scope: Scope) => db.selectFrom('maas_accounts').where('maas_accounts.tenant_id', '=', scope.tenantId);
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
  const withCounts = (qb: ReturnType<typeof accounts>) =>
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
  const keys = (scope: Scope) =>
    db
      .selectFrom('maas_api_keys')
      .innerJoin('maas_accounts', 'maas_accounts.id', 'maas_api_keys.account_id')
      .where('maas_api_keys.tenant_id', '=', scope.tenantId);
  const keyColumns = [
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

  return {
    listAccounts(scope: Scope, query: unknown) {
      return runList(
        accounts(scope),
        (qb) => withCounts(qb as ReturnType<typeof accounts>),
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
    },
    async account(scope: Scope, id: string) {
      const r = await withCounts(accounts(scope).where('maas_accounts.id', '=', id)).executeTakeFirst();
      if (!r) throw notFound();
      const list = await keys(scope).select(keyColumns).where('maas_api_keys.account_id', '=', id).orderBy('maas_api_keys.created_at', 'desc').execute();
      return { data: { ...accountView(r), api_keys: list.map(keyView) } };
    },
    async createAccount(scope: Scope, body: unknown) {
      const input = createMaasAccountSchema.parse(body ?? {});
      const id = newId();
      await db
        .insertInto('maas_accounts')
        .values({
          id,
          tenant_id: scope.tenantId,
          vendor: input.vendor,
          name: input.name,
          remark: input.remark ?? '',
          created_by: scope.user.id,
          created_at: new Date(),
        })
        .execute();
      return this.account(scope, id);
    },
    async removeAccount(scope: Scope, id: string) {
      const r = await db.deleteFrom('maas_accounts').where('id', '=', id).where('tenant_id', '=', scope.tenantId).executeTakeFirst();
      if (!Number(r.numDeletedRows)) throw notFound();
    },
    listApiKeys(scope: Scope, query: unknown) {
      return runList(
        keys(scope),
        (qb) => (qb as ReturnType<typeof keys>).select(keyColumns),
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
    },
    /** The answer carries the secret: the only time it leaves the server. */
    async createApiKey(scope: Scope, body: unknown) {
      const input = createMaasApiKeySchema.parse(body ?? {});
      const account = await accounts(scope).select('id').where('maas_accounts.id', '=', input.account_id).executeTakeFirst();
      if (!account) throw notFound();
      const id = newId();
      const secret = `sk-${randomBytes(24).toString('hex')}`;
      await db
        .insertInto('maas_api_keys')
        .values({
          id,
          tenant_id: scope.tenantId,
          account_id: input.account_id,
          name: input.name,
          masked: maskSecret(secret),
          secret_sealed: secrets.seal({ secret }),
          created_by: scope.user.id,
          created_at: new Date(),
        })
        .execute();
      const r = await keys(scope).select(keyColumns).where('maas_api_keys.id', '=', id).executeTakeFirstOrThrow();
      return { data: keyView(r), secret };
    },
    async setApiKeyEnabled(scope: Scope, id: string, body: unknown) {
      const { enabled } = enabledSchema.parse(body ?? {});
      const r = await db.updateTable('maas_api_keys').set({ enabled }).where('id', '=', id).where('tenant_id', '=', scope.tenantId).executeTakeFirst();
      if (!Number(r.numUpdatedRows)) throw notFound();
      const row = await keys(scope).select(keyColumns).where('maas_api_keys.id', '=', id).executeTakeFirstOrThrow();
      return { data: keyView(row) };
    },
    async removeApiKey(scope: Scope, id: string) {
      const r = await db.deleteFrom('maas_api_keys').where('id', '=', id).where('tenant_id', '=', scope.tenantId).executeTakeFirst();
      if (!Number(r.numDeletedRows)) throw notFound();
    },
  };
}
export type MaasService = ReturnType<typeof maasService>;
