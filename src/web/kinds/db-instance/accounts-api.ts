// The calls of an instance's accounts and databases (ADR 0055) and the form rules' messages.
// Failures of writes are shown by the form or a toast, so no call raises the shell's notice.
import { del, get, post, put } from '../../lib/request.ts';
import type { DbAccount, DbDatabase, DbPrivilege } from '../../../domain/kinds/db-instance/db-accounts.rules.ts';
import {
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

export type { DbAccount, DbDatabase, DbPrivilege };

const quiet = { isNeedloading: false, notice: false } as const;
const base = (id: string) => `v1/dbinstances/${id}`;

export const adminKeys = {
  accounts: (id: string) => ['dbadmin', 'accounts', id] as const,
  databases: (id: string) => ['dbadmin', 'databases', id] as const,
};

export const listAccounts = (id: string) => get<{ data: DbAccount[] }>(`${base(id)}/accounts`, undefined, quiet);
export const listDatabases = (id: string) => get<{ data: DbDatabase[] }>(`${base(id)}/databases`, undefined, quiet);
export const createAccount = (id: string, body: Record<string, unknown>) => post<DbAccount>(`${base(id)}/accounts`, body, quiet);
export const changePrivilege = (id: string, name: string, body: { privilege: DbPrivilege; databases: string[] }) =>
  put<DbAccount>(`${base(id)}/accounts/${encodeURIComponent(name)}/privilege`, body, quiet);
export const resetPassword = (id: string, name: string, body: { password: string; confirm_password: string }) =>
  put(`${base(id)}/accounts/${encodeURIComponent(name)}/password`, body, quiet);
export const deleteAccount = (id: string, name: string) => del(`${base(id)}/accounts/${encodeURIComponent(name)}`, undefined, quiet);
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
