// Builds data migrations' dependencies for the composition root (ADR 0059): over the SQL console's
// backends and credentials, a run of four of the simulated cloud's delays (CLOUD_SIM_DELAY_MS).
import type { Db } from '../platform/db/database.ts';
import type { Config } from '../platform/config.ts';
import type { ResourcesRepository } from '../engine/resources.repository.ts';
import type { DbConsoleDeps } from '../dbconsole/dbconsole.service.ts';
import { dtsRepository } from './dts.repository.ts';
import type { DtsDeps } from './dts.service.ts';

export function dtsDeps(o: {
  db: Db;
  resources: ResourcesRepository;
  console: DbConsoleDeps;
  config: Pick<Config, 'cloudSimDelayMs'>;
  log: DtsDeps['log'];
}): DtsDeps {
  return {
    repo: dtsRepository(o.db),
    resources: o.resources,
    console: o.console,
    timing: { runMs: o.config.cloudSimDelayMs * 4 },
    limits: { maxRows: 100_000, timeoutMs: 120_000 },
    log: o.log,
    now: () => new Date(),
    running: new Set(),
  };
}
