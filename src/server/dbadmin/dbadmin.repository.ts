// All SQL of instance administration on Yunshu's own database (migration 0030): the parameters a
// tenant set on an instance. Reads and writes are by instance id; the service reaches an instance
// only through the caller's scope (resources.findScoped), so a row of another tenant is never asked for.
import type { ColumnType, Selectable } from 'kysely';
import type { Db } from '../platform/db/database.ts';

export interface DbInstanceParametersTable {
  resource_id: string;
  tenant_id: string;
  name: string;
  value: string;
  applied: boolean;
  updated_by: string | null;
  updated_at: ColumnType<Date, Date | string, Date | string>;
}

declare module '../platform/db/tables.ts' {
  interface Database {
    db_instance_parameters: DbInstanceParametersTable;
  }
}

export type ParameterRow = Selectable<DbInstanceParametersTable>;

export function dbAdminRepository(db: Db) {
  return {
    parametersOf(resourceId: string): Promise<ParameterRow[]> {
      return db.selectFrom('db_instance_parameters').selectAll().where('resource_id', '=', resourceId).orderBy('name').execute();
    },
    async saveParameter(row: Omit<ParameterRow, 'updated_at'>): Promise<void> {
      const at = new Date();
      await db
        .insertInto('db_instance_parameters')
        .values({ ...row, updated_at: at })
        .onConflict((oc) =>
          oc.columns(['resource_id', 'name']).doUpdateSet({ value: row.value, applied: row.applied, updated_by: row.updated_by, updated_at: at }),
        )
        .execute();
    },
  };
}

export type DbAdminRepository = ReturnType<typeof dbAdminRepository>;
