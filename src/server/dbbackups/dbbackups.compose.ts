// Builds instance backups' dependencies for the composition root (ADR 0056): over the SQL
// console's backends and credentials, with the simulated cloud's delay (CLOUD_SIM_DELAY_MS: a
// policy step takes one, a backup or restore run four) and the limits of one dump.
import type { Db } from '../platform/db/database.ts';
import type { Config } from '../platform/config.ts';
import type { ResourcesRepository } from '../engine/resources.repository.ts';
import type { DbConsoleDeps } from '../dbconsole/dbconsole.service.ts';
import { dbBackupsRepository } from './dbbackups.repository.ts';
import type { DbBackupsDeps } from './dbbackups.service.ts';

export interface DbBackupsOptions {
  db: Db;
  resources: ResourcesRepository;
  console: DbConsoleDeps;
  config: Pick<Config, 'cloudSimDelayMs'>;
  log: DbBackupsDeps['log'];
}

export function dbBackupsDeps(o: DbBackupsOptions): DbBackupsDeps {
  return {
    repo: dbBackupsRepository(o.db),
    resources: o.resources,
    console: o.console,
    timing: { stepMs: o.config.cloudSimDelayMs, runMs: o.config.cloudSimDelayMs * 4 },
    limits: { maxRows: 100_000, timeoutMs: 120_000 },
    log: o.log,
    now: () => new Date(),
    running: new Set(),
  };
}
