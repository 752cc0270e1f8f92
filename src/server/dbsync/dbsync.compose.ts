// Builds database object-storage sync's dependencies for the composition root (ADR 0071): over the
// SQL console's backends and credentials (a database source is dumped as its owner) and Yunshu's
// database, where object storage keeps its bytes.
import type { Db } from '../platform/db/database.ts';
import type { DbConsoleDeps } from '../dbconsole/dbconsole.service.ts';
import type { DbSyncDeps } from './dbsync.service.ts';

export function dbSyncDeps(o: { db: Db; console: DbConsoleDeps; log: DbSyncDeps['log'] }): DbSyncDeps {
  return {
    db: o.db,
    console: o.console,
    limits: { maxRows: 100_000, timeoutMs: 120_000 },
    log: o.log,
    now: () => new Date(),
    running: new Set(),
  };
}
