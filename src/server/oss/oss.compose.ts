// Builds object storage's dependencies for the composition root (ADR 0063) and its scheduler worker:
// the scheduled work (lifecycle, sync, backups) runs at most every few seconds per process.
import type { Db } from '../platform/db/database.ts';
import type { SecretBox } from '../platform/lib/secret-box.ts';
import type { OssDeps } from './oss-deps.ts';
import { runOssJobs } from './oss.jobs.ts';

/** One REST upload may hold this much (S3 PUTs and parts have S3's own limit). */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;
const JOBS_EVERY_MS = 5_000;

export function ossDeps(o: { db: Db; secrets: SecretBox }): OssDeps {
  return { db: o.db, secrets: o.secrets, maxUploadBytes: MAX_UPLOAD_BYTES, now: () => new Date() };
}

/** The scheduler's worker, throttled (each tick of the scheduler would otherwise open three transactions). */
export function ossWorker(deps: OssDeps, log: { error: (obj: object, msg: string) => void }) {
  let last = 0;
  return async () => {
    if (Date.now() - last < JOBS_EVERY_MS) return 0;
    last = Date.now();
    try {
      await runOssJobs(deps);
    } catch (err) {
      log.error({ err }, 'object storage jobs failed');
    }
    return 0;
  };
}
