// Builds the SQL console's dependencies for the composition root: the backend of each engine
// (ADR 0054) — MySQL on MYSQL_URL, else embedded; PostgreSQL on Yunshu's PostgreSQL, else embedded
// (DATA_DIR/dbconsole, in memory when the config says so: tests) — and its limits.
import type { Db, DbHandle } from '../platform/db/database.ts';
import type { Config } from '../platform/config.ts';
import type { SecretBox } from '../platform/lib/secret-box.ts';
import type { ResourcesRepository } from '../engine/resources.repository.ts';
import { dbConsoleRepository } from './dbconsole.repository.ts';
import { dbAccountsRepository } from './dbaccounts.repository.ts';
import { embeddedBackend } from './embedded-backend.ts';
import { mysqlBackend } from './mysql-backend.ts';
import { postgresBackend } from './postgres-backend.ts';
import type { DbConsoleDeps } from './dbconsole.service.ts';

export interface DbConsoleOptions {
  db: Db;
  handle: DbHandle;
  resources: ResourcesRepository;
  secrets: SecretBox;
  config: Pick<Config, 'mysqlUrl' | 'sqlConsoleDir' | 'sqlConsoleTimeoutMs'>;
  log: DbConsoleDeps['log'];
}

export function dbConsoleDeps(o: DbConsoleOptions): DbConsoleDeps & { close: () => Promise<void> } {
  const embedded = embeddedBackend(o.config.sqlConsoleDir ?? undefined);
  const mysql = o.config.mysqlUrl ? mysqlBackend(o.config.mysqlUrl) : undefined;
  const postgres = o.handle.url ? postgresBackend(o.handle.url) : undefined;
  return {
    repo: dbConsoleRepository(o.db),
    accounts: dbAccountsRepository(o.db),
    resources: o.resources,
    secrets: o.secrets,
    backends: { pglite: embedded, ...(mysql ? { mysql } : {}), ...(postgres ? { postgres } : {}) },
    limits: { maxRows: 1000, timeoutMs: o.config.sqlConsoleTimeoutMs },
    log: o.log,
    inFlight: new Map(),
    close: async () => {
      await Promise.all([embedded, mysql, postgres].map((b) => b?.close()));
    },
  };
}
