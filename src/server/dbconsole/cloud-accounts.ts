// The cloud's account API of the document (MongoDB) and cache (Redis) databases and of Oracle (ADR 0076
// and its addendum). No MongoDB, Redis or Oracle runs here: the simulated cloud stands in for the vendor's API, so Yunshu's own
// rows (db_accounts, the password only sealed) are the accounts, and each call only checks what
// the vendor would be asked — the MongoDB roles on the authorised databases, or the Redis ACL rule
// on the authorised keys — as a real driver would send it. The SQL engines make real users instead
// (dbaccounts.service.ts).
import { MONGO_ROLES, ORACLE_GRANTS, REDIS_ACL, REDIS_ALL_KEYS, type AccountPrivilege } from '../../domain/kinds/db-instance/db-accounts.rules.ts';

/** What makes an instance's accounts: its SQL engine's users, or the cloud's account API. */
export interface AccountEngine {
  /** the user name clients log in with */
  userOf(name: string): string;
  /** what the engine calls the authorised databases (a SQL engine: 400 when one is not the instance's) */
  scopes(names: readonly string[]): Promise<string[]>;
  create(a: { user: string; password: string; privilege: AccountPrivilege; databases: string[] }): Promise<void>;
  grant(a: { user: string; privilege: AccountPrivilege; databases: string[] }): Promise<void>;
  setPassword(user: string, password: string): Promise<void>;
  drop(user: string): Promise<void>;
}

/** The grant a vendor's account API is sent: MongoDB roles per database, or a Redis ACL rule (never the password). */
export function cloudGrant(engine: string, privilege: AccountPrivilege, databases: readonly string[]): string {
  if (engine === 'oracle') {
    const grants = ORACLE_GRANTS[privilege];
    if (!grants) throw new Error(`Oracle has no privilege ${privilege}`);
    return databases.map((schema) => `GRANT ${grants} ON SCHEMA ${schema.toUpperCase()}`).join('; ');
  }
  if (engine === 'redis') {
    const keys = databases.map((k) => (k === REDIS_ALL_KEYS ? '~*' : `~${k}*`)).join(' ');
    const rule = REDIS_ACL[privilege];
    if (!rule) throw new Error(`Redis has no privilege ${privilege}`);
    return `on ${keys} ${rule}`;
  }
  const roles = MONGO_ROLES[privilege];
  if (!roles) throw new Error(`MongoDB has no privilege ${privilege}`);
  return databases.flatMap((db) => roles.map((role) => `${role}@${db}`)).join(',');
}

/**
 * The simulated cloud's account API for one running instance: names as typed, each call checked and
 * accepted. `scopes` checks the authorised databases where the instance has a list of its own (Oracle's schemas).
 */
export function cloudAccounts(engine: string, scopes?: AccountEngine['scopes']): AccountEngine {
  const check = (privilege: AccountPrivilege, databases: readonly string[]) => {
    cloudGrant(engine, privilege, databases);
  };
  return {
    userOf: (name) => name,
    scopes: scopes ?? (async (names) => [...new Set(names)]),
    create: async (a) => check(a.privilege, a.databases),
    grant: async (a) => check(a.privilege, a.databases),
    setPassword: async () => undefined,
    drop: async () => undefined,
  };
}
