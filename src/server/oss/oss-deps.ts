// What the object storage services take (composed in oss.compose.ts): the database, the secret box
// that seals the S3 secrets, the upload limit and the clock the scheduled work reads.
import type { Db } from '../platform/db/database.ts';
import type { SecretBox } from '../platform/lib/secret-box.ts';
import type { Scope } from '../platform/auth/scope.ts';
import { notFound } from '../../domain/errors.ts';
import { findBucket, type BucketRow } from './bucket.repository.ts';
import { countRequest } from './strategies.repository.ts';

export interface OssDeps {
  db: Db;
  secrets: SecretBox;
  /** bytes one upload (REST or one S3 PUT or part) may hold */
  maxUploadBytes: number;
  now: () => Date;
}

/** The file part of an upload form: its name, type and bytes as they arrive. */
export interface IncomingFile {
  filename: string;
  mimetype: string;
  stream: AsyncIterable<Uint8Array>;
}

/** A write made but not yet visible: committed once the whole request was read, else discarded. */
export interface Staged<T> {
  commit(): Promise<T>;
  discard(): Promise<void>;
}

/** The Beijing calendar of an instant: its day (YYYY-MM-DD), hour, minute and weekday (0 = Sunday). */
export function beijing(at: Date) {
  const b = new Date(at.getTime() + 8 * 3600_000);
  return { day: b.toISOString().slice(0, 10), hour: b.getUTCHours(), minute: b.getUTCMinutes(), weekday: b.getUTCDay() };
}

/** The instant of a Beijing day and time of day ('YYYY-MM-DD', 'HH:mm'). */
export const beijingInstant = (day: string, time = '00:00') => new Date(`${day}T${time}:00+08:00`);

/** A bucket of the caller's scope, or 404 (another tenant's or project's bucket is not there). */
export async function bucketOr404(deps: Pick<OssDeps, 'db'>, scope: Pick<Scope, 'tenantId' | 'projectId'>, id: string): Promise<BucketRow> {
  const bucket = await findBucket(deps.db, scope, id);
  if (!bucket) throw notFound();
  return bucket;
}

/** Counts a request against the tenant's day (the overview's requests_today). */
export async function countOssRequest(deps: Pick<OssDeps, 'db' | 'now'>, tenantId: string) {
  await countRequest(deps.db, tenantId, beijing(deps.now()).day).catch(() => undefined);
}
