// All SQL of instance accounts and databases on Yunshu's own database (migration 0028, ADR 0055; the
// document and cache databases' accounts too, ADR 0076):
// what the console calls them, their engine names, the privilege and the sealed password. The
// users, databases and schemas themselves live in the instance's engine (the backends).
import type { AccountPrivilege } from '../../domain/kinds/db-instance/db-accounts.rules.ts';
import type { Db } from '../platform/db/database.ts';
import type { Timestamp as Time, JsonText as Json } from '../platform/db/tables.ts';

export interface DbAccountsTable {
  resource_id: string;
  tenant_id: string;
  name: string;
  engine_user: string;
  privilege: AccountPrivilege;
  databases: Json;
  description: string | null;
  secret_sealed: string;
  created_at: Time;
}

export interface DbDatabasesTable {
  resource_id: string;
  tenant_id: string;
  name: string;
  engine_name: string;
  charset: string;
  description: string | null;
  created_at: Time;
}

declare module '../platform/db/tables.ts' {
  interface Database {
    db_accounts: DbAccountsTable;
    db_databases: DbDatabasesTable;
  }
}

export interface AccountRow {
  resource_id: string;
  tenant_id: string;
  name: string;
  engine_user: string;
  privilege: AccountPrivilege;
  databases: string[];
  description: string | null;
  secret_sealed: string;
  created_at: Date;
}
export type DatabaseRow = DbDatabasesTable & { created_at: Date };

const account = (r: Record<string, unknown>): AccountRow => ({ ...(r as unknown as AccountRow), databases: (r.databases as string[] | null) ?? [] });

export function dbAccountsRepository(db: Db) {
  return {
    async accounts(resourceId: string): Promise<AccountRow[]> {
      const rows = await db.selectFrom('db_accounts').selectAll().where('resource_id', '=', resourceId).orderBy('created_at').orderBy('name').execute();
      return rows.map((r) => account(r));
    },
    async account(resourceId: string, name: string): Promise<AccountRow | undefined> {
      const r = await db.selectFrom('db_accounts').selectAll().where('resource_id', '=', resourceId).where('name', '=', name).executeTakeFirst();
      return r ? account(r) : undefined;
    },
    /** Records a new account; false when the instance has one of that name already. */
    async addAccount(row: Omit<AccountRow, 'created_at'>): Promise<boolean> {
      const res = await db
        .insertInto('db_accounts')
        .values({ ...row, databases: JSON.stringify(row.databases), created_at: new Date() })
        .onConflict((oc) => oc.columns(['resource_id', 'name']).doNothing())
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    async updateAccount(resourceId: string, name: string, set: Partial<Pick<AccountRow, 'privilege' | 'databases' | 'secret_sealed'>>): Promise<void> {
      const { databases, ...rest } = set;
      await db
        .updateTable('db_accounts')
        .set({ ...rest, ...(databases ? { databases: JSON.stringify(databases) } : {}) })
        .where('resource_id', '=', resourceId)
        .where('name', '=', name)
        .execute();
    },
    async removeAccount(resourceId: string, name: string): Promise<void> {
      await db.deleteFrom('db_accounts').where('resource_id', '=', resourceId).where('name', '=', name).execute();
    },
    databases(resourceId: string): Promise<DatabaseRow[]> {
      return db.selectFrom('db_databases').selectAll().where('resource_id', '=', resourceId).orderBy('created_at').orderBy('name').execute() as Promise<
        DatabaseRow[]
      >;
    },
    /** Records a new database; false when the instance has one of that name already. */
    async addDatabase(row: Omit<DatabaseRow, 'created_at'>): Promise<boolean> {
      const res = await db
        .insertInto('db_databases')
        .values({ ...row, created_at: new Date() })
        .onConflict((oc) => oc.columns(['resource_id', 'name']).doNothing())
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    async removeDatabase(resourceId: string, name: string): Promise<void> {
      await db.deleteFrom('db_databases').where('resource_id', '=', resourceId).where('name', '=', name).execute();
    },
  };
}
export type DbAccountsRepository = ReturnType<typeof dbAccountsRepository>;
