// Builds the backup centre's dependencies for the composition root (ADR 0073): its repository and
// the two ports over the slices that already keep backups — the instance backups' service functions
// (dbbackups/) and object storage's backup strategies and restore (oss/). No SQL of theirs here.
import type { Db } from '../platform/db/database.ts';
import type { Config } from '../platform/config.ts';
import type { ResourcesRepository } from '../engine/resources.repository.ts';
import * as dbb from '../dbbackups/dbbackups.service.ts';
import type { DbBackupsDeps } from '../dbbackups/dbbackups.service.ts';
import * as ossSt from '../oss/oss-strategies.service.ts';
import * as ossRestore from '../oss/oss-backup-restore.ts';
import { bucketOr404, type OssDeps } from '../oss/oss-deps.ts';
import { backupCenterRepository } from './backup-center.repository.ts';
import type { BackupCenterDeps, DbBackupsPort, OssBackupsPort } from './backup-center.deps.ts';

export function dbBackupsPort(d: DbBackupsDeps): DbBackupsPort {
  return {
    listPolicies: (scope, engine, query) => dbb.listPoliciesIn(d, scope, engine, query),
    policy: (scope, engine, id) => dbb.policyInScope(d, scope, engine, id),
    createPolicy: (scope, id, body) => dbb.createPolicy(d, scope, id, body),
    updatePolicy: (scope, id, body) => dbb.updatePolicy(d, scope, id, body),
    deletePolicy: (scope, id) => dbb.deletePolicy(d, scope, id),
    listBackups: (scope, engine, query) => dbb.listBackupsIn(d, scope, engine, query),
    listRestores: (scope, engine, query) => dbb.listRestoresIn(d, scope, engine, query),
    startRestore: (scope, id, body) => dbb.startRestore(d, scope, id, body),
  };
}

export function ossBackupsPort(d: OssDeps): OssBackupsPort {
  return {
    listStrategies: (scope, query) => ossRestore.listBackupStrategiesIn(d, scope, query),
    strategy: (scope, id) => ossSt.getBackup(d, scope, id),
    createStrategy: (scope, bucketId, body) => ossSt.createBackup(d, scope, bucketId, body),
    updateStrategy: (scope, id, body) => ossSt.updateBackup(d, scope, id, body),
    deleteStrategy: (scope, id) => ossSt.deleteBackup(d, scope, id),
    listRecords: (scope, query) => ossRestore.listBackupRecordsIn(d, scope, query),
    bucket: (scope, id) => bucketOr404(d, scope, id),
    restorePoint: (bucketId, at) => ossRestore.restorePointOf(d, bucketId, at),
    restoreInto: (recordId, bucketId) => ossRestore.restoreBackupInto(d, recordId, bucketId),
  };
}

export function backupCenterDeps(o: {
  db: Db;
  resources: ResourcesRepository;
  dbBackups: DbBackupsDeps;
  oss: OssDeps;
  config: Pick<Config, 'cloudSimDelayMs'>;
  log: BackupCenterDeps['log'];
}): BackupCenterDeps {
  return {
    repo: backupCenterRepository(o.db),
    resources: o.resources,
    dbBackups: dbBackupsPort(o.dbBackups),
    oss: ossBackupsPort(o.oss),
    timing: { stepMs: o.config.cloudSimDelayMs, runMs: o.config.cloudSimDelayMs * 4 },
    now: () => new Date(),
    log: o.log,
  };
}
