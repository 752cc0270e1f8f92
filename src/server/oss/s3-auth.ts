// Who an S3 request is: its SigV4 signature checked with an OSS key's secret (opened from its seal),
// the key active, its user still a member of the key's project. The answer is the key and a scope
// the engine and the object store accept like a console session's.
import { rolesIn } from '../platform/auth/tenancy.repository.ts';
import { authUserOf } from '../platform/auth/auth-user.ts';
import type { Scope } from '../platform/auth/scope.ts';
import type { UsersRepository } from '../platform/auth/users.repository.ts';
import { keyByAccessKeyId, touchKey } from './keys.repository.ts';
import type { OssDeps } from './oss-deps.ts';
import { s3 } from './s3-errors.ts';
import { parseSigV4, verifySigV4, type SigV4Claim, type SigV4Request } from './s3-sigv4.ts';

export interface S3Caller {
  keyId: string;
  scope: Scope & { projectId: string };
  claim: SigV4Claim;
}

/** The caller of a signed request, or null for an unsigned one (anonymous reads of public buckets). */
export async function s3Caller(deps: OssDeps, users: UsersRepository, req: SigV4Request): Promise<S3Caller | null> {
  const claim = parseSigV4(req);
  if (!claim) return null;
  const key = await keyByAccessKeyId(deps.db, claim.accessKeyId);
  if (!key) throw s3.invalidAccessKey();
  const secret = String(deps.secrets.open(key.secret_sealed).secret ?? '');
  verifySigV4(req, claim, secret, deps.now());
  if (key.status !== 'active') throw s3.accessDenied('The access key is disabled');
  const row = await users.findById(key.user_id);
  if (!row) throw s3.accessDenied();
  const user = authUserOf({ id: row.id, account: row.account, nickname: row.nickname, memberships: await users.memberships(row.id) });
  const roles = rolesIn(user, key.tenant_id, key.project_id);
  if (!roles.length) throw s3.accessDenied();
  await touchKey(deps.db, key.id);
  return { keyId: key.id, scope: { user, tenantId: key.tenant_id, projectId: key.project_id, roles }, claim };
}
