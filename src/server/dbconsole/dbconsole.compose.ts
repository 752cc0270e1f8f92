// Builds the SQL console's dependencies for the composition root: the backend of each engine
// (ADR 0054) — MySQL on MYSQL_URL, else embedded; PostgreSQL on Yunshu's PostgreSQL, else embedded
// (DATA_DIR/dbconsole, in memory under tests) — and its limits.
import path from 'node:path';
import type { Db, DbHandle } from '../platform/db/database.ts';
import type { SecretBox } from '../platform/lib/secret-box.ts';
import type { ResourcesRepository } from '../engine/resources.repository.ts';
import { dbConsoleRepository } from './dbconsole.repository.ts';
import { embeddedBackend } from './embedded-backend.ts';
import { mysqlBackend } from './mysql-backend.ts';
import { postgresBackend } from './postgres-backend.ts';
import type { DbConsoleDeps } from './dbconsole.service.ts';

export interface DbConsoleOptions {
  db: Db;
  handle: DbHandle;
  resources: ResourcesRepository;
  secrets: SecretBox;
  dataDir: string;
  log: DbConsoleDeps['log'];
  env?: NodeJS.ProcessEnv;
}

export function dbConsoleDeps(o: DbConsoleOptions): DbConsoleDeps & { close: () => Promise<void> } {
  const env = o.env ?? process.env;
  const embeddedRoot = env.NODE_ENV === 'test' ? undefined : path.join(o.dataDir, 'dbconsole');
  const embedded = embeddedBackend(embeddedRoot);
  const mysql = env.MYSQL_URL ? mysqlBackend(env.MYSQL_URL) : undefined;
  const postgres = o.handle.url ? postgresBackend(o.handle.url) : undefined;
  return {
    repo: dbConsoleRepository(o.db),
    resources: o.resources,
    secrets: o.secrets,
    backends: { pglite: embedded, ...(mysql ? { mysql } : {}), ...(postgres ? { postgres } : {}) },
    limits: { maxRows: 1000, timeoutMs: Number(env.SQL_CONSOLE_TIMEOUT_MS) || 5000 },
    log: o.log,
    inFlight: new Map(),
    close: async () => {
      await Promise.all([embedded, mysql, postgres].map((b) => b?.close()));
    },
  };
}
