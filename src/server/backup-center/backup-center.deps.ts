// What the backup centre's services take (composed in backup-center.compose.ts, ADR 0073): its own
// tables, the scoped resources, and the two ports it delegates to — instance backups (dbbackups/)
// for MySQL and PostgreSQL, and buckets' backup strategies (oss/) for object storage.
import type { Scope } from '../platform/auth/scope.ts';
import type { ResourcesRepository } from '../engine/resources.repository.ts';
import type { OssDeps } from '../oss/oss-deps.ts';
import type { BackupCenterRepository } from './backup-center.repository.ts';

type Row = Record<string, any>;
type Page = Promise<{ count: number; data: Row[] } | { data: Row[]; next_cursor: string | null }>;

/** The instance backups' service as the centre uses it (one policy per instance; its runs; its restores). */
export interface DbBackupsPort {
  listPolicies(scope: Scope, engine: string, query: unknown): Page;
  policy(scope: Scope, engine: string, policyId: string): Promise<{ id: string; target_id: string; status: string } & Record<string, unknown>>;
  createPolicy(scope: Scope, instanceId: string, body: unknown): Promise<{ id: string }>;
  updatePolicy(scope: Scope, instanceId: string, body: unknown): Promise<unknown>;
  deletePolicy(scope: Scope, instanceId: string): Promise<unknown>;
  listBackups(scope: Scope, engine: string, query: unknown): Page;
  listRestores(scope: Scope, engine: string, query: unknown): Page;
  startRestore(scope: Scope, instanceId: string, body: unknown): Promise<object>;
}

/** Object storage's side: buckets' backup strategies (their own service) and the restore of a backup into its bucket. */
export interface OssBackupsPort {
  listStrategies(scope: Scope, query: unknown): Page;
  strategy(scope: Scope, id: string): Promise<{ id: string; bucket_id: string } & Record<string, unknown>>;
  createStrategy(scope: Scope, bucketId: string, body: unknown): Promise<{ id: string }>;
  updateStrategy(scope: Scope, id: string, body: unknown): Promise<unknown>;
  deleteStrategy(scope: Scope, id: string): Promise<unknown>;
  listRecords(scope: Scope, query: unknown): Page;
  /** the caller's bucket (404 otherwise) */
  bucket(scope: Scope, id: string): Promise<{ id: string; name: string; tenant_id: string; project_id: string | null; status: string }>;
  restorePoint(bucketId: string, at: Date): Promise<{ id: string } | undefined>;
  restoreInto(recordId: string, bucketId: string): Promise<{ objects: number; bytes: number }>;
}

export interface BackupCenterDeps {
  repo: BackupCenterRepository;
  resources: ResourcesRepository;
  dbBackups: DbBackupsPort;
  oss: OssBackupsPort;
  /** the simulated cloud's delays: a policy step, a backup or restore run (CLOUD_SIM_DELAY_MS) */
  timing: { stepMs: number; runMs: number };
  now: () => Date;
  log: { warn: (obj: object, msg: string) => void };
}

export type { OssDeps };
