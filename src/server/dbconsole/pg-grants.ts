// The statements that give a PostgreSQL role an account's privilege on schemas of an instance's
// database, and take them back (ADR 0055); the PostgreSQL and embedded backends run them as the
// database's owner. DDL on PostgreSQL: the role may create objects in the schema (its own), not
// alter the owner's.
import type { DbPrivilege } from '../../domain/kinds/db-instance/db-accounts.rules.ts';

const NAME = /^[a-z0-9_]{1,63}$/;
export const pgIdent = (name: string) => {
  if (!NAME.test(name)) throw new Error(`not a console name: ${name}`);
  return `"${name}"`;
};
export const pgLiteral = (s: string) => `'${s.replace(/'/g, "''")}'`;

const TABLES: Record<DbPrivilege, string> = {
  readonly: 'select',
  dml: 'select, insert, update, delete',
  ddl_dml: 'select, insert, update, delete, truncate, references, trigger',
  deploy: 'all',
};

export function pgGrants(role: string, privilege: DbPrivilege, schemas: readonly string[]): string[] {
  const r = pgIdent(role);
  const out: string[] = [];
  for (const schema of schemas) {
    const s = pgIdent(schema);
    out.push(`grant ${privilege === 'readonly' || privilege === 'dml' ? 'usage' : privilege === 'ddl_dml' ? 'usage, create' : 'all'} on schema ${s} to ${r}`);
    out.push(`grant ${TABLES[privilege]} on all tables in schema ${s} to ${r}`);
    out.push(`alter default privileges in schema ${s} grant ${TABLES[privilege]} on tables to ${r}`);
    if (privilege !== 'readonly') {
      const seq = privilege === 'deploy' ? 'all' : 'usage, select';
      out.push(`grant ${seq} on all sequences in schema ${s} to ${r}`);
      out.push(`alter default privileges in schema ${s} grant ${seq} on sequences to ${r}`);
    }
    if (privilege === 'deploy') out.push(`grant all on all functions in schema ${s} to ${r}`);
  }
  return out;
}

/** Every grant of `role` on every schema of the database (the statements run where `schemas` were read). */
export function pgRevokes(role: string, schemas: readonly string[]): string[] {
  const r = pgIdent(role);
  return schemas.flatMap((schema) => {
    const s = pgIdent(schema);
    return [
      `revoke all on all tables in schema ${s} from ${r}`,
      `revoke all on all sequences in schema ${s} from ${r}`,
      `revoke all on all functions in schema ${s} from ${r}`,
      `revoke all on schema ${s} from ${r}`,
      `alter default privileges in schema ${s} revoke all on tables from ${r}`,
      `alter default privileges in schema ${s} revoke all on sequences from ${r}`,
    ];
  });
}

/** The schemas of the instance's database an account may be granted on (the system's excluded). */
export const PG_SCHEMAS_SQL = "select nspname from pg_namespace where nspname !~ '^pg_' and nspname <> 'information_schema' order by 1";
