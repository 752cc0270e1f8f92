// Object storage keys (ossKeys): an access key id and a secret for the S3 API, made for the caller's
// project. The secret is answered once, at creation, and kept only sealed (the S3 API opens it to
// check a signature); keys are disabled, enabled and deleted; at most 20 per project.
import { randomBytes, randomInt } from 'node:crypto';
import { AppError, notFound } from '../../domain/errors.ts';
import { keyCreateSchema } from '../../domain/oss/oss.schema.ts';
import type { Scope } from '../platform/auth/scope.ts';
import { scopeCapacityGb, scopeUsage } from './bucket.repository.ts';
import { countKeys, deleteKey, findKey, insertKey, listKeys, setKeyStatus } from './keys.repository.ts';
import { beijing, type OssDeps } from './oss-deps.ts';
import { requestsOn } from './strategies.repository.ts';
import { GIB } from '../../domain/kinds/oss-bucket/oss-bucket.rules.ts';

export const MAX_KEYS_PER_PROJECT = 20;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

function projectOf(scope: Scope): string {
  if (!scope.projectId) throw new AppError(400, 'scope_required');
  return scope.projectId;
}

/** An access key id like AWS's: 20 upper-case letters and digits, starting YS. */
export const newAccessKeyId = () => `YS${Array.from({ length: 18 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')}`;

const shown = (k: { id: string; access_key_id: string; description: string; status: string; created_at: Date; last_used_at: Date | null }) => ({
  id: k.id,
  access_key_id: k.access_key_id,
  description: k.description,
  status: k.status,
  created_at: iso(k.created_at),
  last_used_at: iso(k.last_used_at),
});

export async function listOssKeys(deps: OssDeps, scope: Scope) {
  return { data: (await listKeys(deps.db, scope.tenantId, projectOf(scope))).map(shown) };
}

export async function createOssKey(deps: OssDeps, scope: Scope, body: unknown) {
  const projectId = projectOf(scope);
  const { description } = keyCreateSchema.parse(body ?? {});
  if ((await countKeys(deps.db, scope.tenantId, projectId)) >= MAX_KEYS_PER_PROJECT) throw new AppError(409, 'oss.key_limit', { max: MAX_KEYS_PER_PROJECT });
  const secret = randomBytes(30).toString('base64').replace(/\+/g, 'A').replace(/\//g, 'b');
  const row = await insertKey(deps.db, {
    tenant_id: scope.tenantId,
    project_id: projectId,
    user_id: scope.user.id,
    access_key_id: newAccessKeyId(),
    secret_sealed: deps.secrets.seal({ secret }),
    description,
  });
  return { ...shown(row), secret_access_key: secret };
}

async function keyOr404(deps: OssDeps, scope: Scope, id: string) {
  const key = await findKey(deps.db, scope.tenantId, projectOf(scope), id);
  if (!key) throw notFound();
  return key;
}

export async function setOssKeyStatus(deps: OssDeps, scope: Scope, id: string, status: 'active' | 'disabled') {
  const key = await keyOr404(deps, scope, id);
  await setKeyStatus(deps.db, key.id, status);
  return shown({ ...key, status });
}

export async function deleteOssKey(deps: OssDeps, scope: Scope, id: string) {
  const key = await keyOr404(deps, scope, id);
  await deleteKey(deps.db, key.id);
  return { id: key.id };
}

export async function ossOverview(deps: OssDeps, scope: Scope) {
  const usage = await scopeUsage(deps.db, scope);
  return {
    bucket_count: usage.buckets,
    object_count: usage.objects,
    used_bytes: usage.bytes,
    package_capacity_bytes: (await scopeCapacityGb(deps.db, scope)) * GIB,
    key_count: await countKeys(deps.db, scope.tenantId, scope.projectId),
    requests_today: await requestsOn(deps.db, scope.tenantId, beijing(deps.now()).day),
  };
}
