// The calls of an instance's accounts and databases (ADR 0055; the document and cache databases'
// accounts in the same shape, ADR 0076) and the form rules' messages.
// Failures of writes are shown by the form or a toast, so no call raises the shell's notice.
import { del, get, post, put } from '../../lib/request.ts';
import type { AccountPrivilege, DbAccount, DbDatabase, DbPrivilege } from '../../../domain/kinds/db-instance/db-accounts.rules.ts';
import {
  ACCOUNT_SCOPES_MAX,
  accountScopeProblem,
  REDIS_ALL_KEYS,
  DB_ACCOUNT_NAME,
  DB_ACCOUNT_NAME_MIN,
  DB_DATABASE_NAME,
  DB_DATABASE_NAME_MIN,
  dbAccountNameMax,
  dbDatabaseNameMax,
  dbDatabaseNameReserved,
  dbPasswordProblem,
} from '../../../domain/kinds/db-instance/db-accounts.rules.ts';
import { detailPath, routePath } from '../../features/resources/kind-meta.ts';
import { listKindOf } from '../../../domain/kinds/list-kind.ts';

export type { AccountPrivilege, DbAccount, DbDatabase, DbPrivilege };

const quiet = { isNeedloading: false, notice: false } as const;
const base = (id: string) => `v1/dbinstances/${id}`;

export const adminKeys = {
  accounts: (id: string) => ['dbadmin', 'accounts', id] as const,
  databases: (id: string) => ['dbadmin', 'databases', id] as const,
};

/** The account calls of one family of instances: `dbinstances`, `docinstances` or `cacheinstances` (one shape, ADR 0076). */
export function accountCalls(collection: 'dbinstances' | 'docinstances' | 'cacheinstances') {
  const at = (id: string, name?: string) => `v1/${collection}/${id}/accounts${name === undefined ? '' : `/${encodeURIComponent(name)}`}`;
  return {
    list: (id: string) => get<{ data: DbAccount[] }>(at(id), undefined, quiet),
    create: (id: string, body: Record<string, unknown>) => post<DbAccount>(at(id), body, quiet),
    changePrivilege: (id: string, name: string, body: { privilege: AccountPrivilege; databases: string[] }) =>
      put<DbAccount>(`${at(id, name)}/privilege`, body, quiet),
    resetPassword: (id: string, name: string, body: { password: string; confirm_password: string }) => put(`${at(id, name)}/password`, body, quiet),
    remove: (id: string, name: string) => del(at(id, name), undefined, quiet),
  };
}
export type AccountCalls = ReturnType<typeof accountCalls>;

const dbCalls = accountCalls('dbinstances');
export const listAccounts = dbCalls.list;
export const listDatabases = (id: string) => get<{ data: DbDatabase[] }>(`${base(id)}/databases`, undefined, quiet);
export const createAccount = dbCalls.create;
export const changePrivilege = dbCalls.changePrivilege;
export const resetPassword = dbCalls.resetPassword;
export const deleteAccount = dbCalls.remove;
export const createDatabase = (id: string, body: Record<string, unknown>) => post<DbDatabase>(`${base(id)}/databases`, body, quiet);
export const deleteDatabase = (id: string, name: string) => del(`${base(id)}/databases/${encodeURIComponent(name)}`, undefined, quiet);

/** The instance's pages: its detail (outline), accounts and databases. */
const withId = (route: string, id: string) => routePath(route, { id }) ?? `/${route.replace('_', '/')}/${id}`;
export const adminPaths = {
  detail: (id: string) => detailPath(listKindOf('db_instance')!, id) ?? withId('databaseDetail_outline', id),
  accounts: (id: string) => withId('databaseDetail_account', id),
  databases: (id: string) => withId('databaseDetail_database', id),
};

/** The first rule a user name breaks (a key of kinds:db_instance.accounts.rules), or null. */
export function accountNameProblem(engine: string, name: string): string | null {
  if (!name) return 'required';
  if (name.length < DB_ACCOUNT_NAME_MIN || name.length > dbAccountNameMax(engine)) return 'name_length';
  return DB_ACCOUNT_NAME.test(name) ? null : 'name_format';
}

export function databaseNameProblem(engine: string, name: string): string | null {
  if (!name) return 'required';
  if (name.length < DB_DATABASE_NAME_MIN || name.length > dbDatabaseNameMax(engine)) return 'name_length';
  if (!DB_DATABASE_NAME.test(name)) return 'db_name_format';
  return dbDatabaseNameReserved(engine, name) ? 'db_name_reserved' : null;
}

export const passwordProblem = (password: string, name: string): string | null => (password ? dbPasswordProblem(password, name) : 'required');

/** The databases (MongoDB) or key prefixes (Redis) typed in one field, split on commas, spaces and new lines. */
export const splitScopes = (text: string): string[] => [...new Set(text.split(/[\s,，、]+/).filter(Boolean))];

/** The first rule the typed databases or key prefixes break (a key of kinds:db_instance.accounts.rules) and the item, or null. */
export function scopesProblem(engine: string, text: string): { rule: string; item?: string } | null {
  const items = splitScopes(text);
  if (!items.length) return { rule: engine === 'redis' ? 'keys' : 'databases_typed' };
  if (items.length > ACCOUNT_SCOPES_MAX) return { rule: 'scopes_max' };
  for (const item of items) {
    const problem = accountScopeProblem(engine, item);
    if (problem) return { rule: problem, item };
  }
  return null;
}

/** How an authorised database or key prefix reads: Redis `*` is every key, a prefix `session:` reads `session:*`. */
export const scopeLabel = (engine: string, item: string, allKeys: string) => (engine !== 'redis' ? item : item === REDIS_ALL_KEYS ? allKeys : `${item}*`);
