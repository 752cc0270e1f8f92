// The zod rules of an instance's accounts and databases (seed 001 §5, §6), built per engine: the
// name lengths, the privileges offered and what an account is authorised on differ by engine
// (db-accounts.rules.ts; MongoDB and Redis: ADR 0076).
import { z } from 'zod';
import {
  ACCOUNT_SCOPES_MAX,
  accountScopeProblem,
  dbPrivileges,
  DB_ACCOUNT_NAME,
  DB_ACCOUNT_NAME_MIN,
  DB_DATABASE_NAME,
  DB_DATABASE_NAME_MIN,
  dbAccountNameMax,
  dbDatabaseCharsets,
  dbDatabaseNameMax,
  dbDatabaseNameReserved,
  dbPasswordProblem,
} from './db-accounts.rules.ts';

const description = z.string().trim().max(256).optional();
const databases = z.array(z.string().min(1).max(128)).min(1).max(50);
/** The databases (MongoDB: names by the database-name rules; Redis: key prefixes or `*`) an account is authorised on. */
function scopesOf(engine: string) {
  if (engine !== 'mongodb' && engine !== 'redis') return databases;
  return z
    .array(z.string().max(200))
    .min(1)
    .max(ACCOUNT_SCOPES_MAX)
    .superRefine((items, ctx) => {
      items.forEach((item) => {
        const problem = accountScopeProblem(engine, item);
        if (problem) ctx.addIssue({ code: 'custom', path: [], message: problem, params: { item, max: dbDatabaseNameMax(engine) } });
      });
    });
}

const passwordPair = (v: { name: string; password: string; confirm_password: string }, ctx: z.RefinementCtx) => {
  const problem = dbPasswordProblem(v.password, v.name);
  if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
  else if (v.password !== v.confirm_password) ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: 'password_mismatch' });
};

export function dbAccountCreateSchema(engine: string) {
  return z
    .object({
      name: z.string().trim().min(DB_ACCOUNT_NAME_MIN).max(dbAccountNameMax(engine)).regex(DB_ACCOUNT_NAME, { message: 'db_account_name' }),
      password: z.string().min(1).max(64),
      confirm_password: z.string().min(1).max(64),
      privilege: z.enum(dbPrivileges(engine)),
      databases: scopesOf(engine),
      description,
    })
    .superRefine(passwordPair);
}

/** A privilege change: the engine's privileges, its databases or key prefixes. */
export function dbAccountPrivilegeSchema(engine: string) {
  return z.object({ privilege: z.enum(dbPrivileges(engine)), databases: scopesOf(engine) });
}

/** A new password of an account (`name` is the account's, from the path). */
export function dbAccountPasswordSchema(name: string) {
  return z
    .object({ password: z.string().min(1).max(64), confirm_password: z.string().min(1).max(64) })
    .superRefine((v, ctx) => passwordPair({ ...v, name }, ctx));
}

export function dbDatabaseCreateSchema(engine: string) {
  const charsets = dbDatabaseCharsets(engine) as [string, ...string[]];
  return z
    .object({
      name: z.string().trim().min(DB_DATABASE_NAME_MIN).max(dbDatabaseNameMax(engine)).regex(DB_DATABASE_NAME, { message: 'db_database_name' }),
      charset: z.enum(charsets).default(charsets[0]),
      description,
    })
    .superRefine((v, ctx) => {
      if (dbDatabaseNameReserved(engine, v.name)) ctx.addIssue({ code: 'custom', path: ['name'], message: 'db_database_reserved' });
    });
}
