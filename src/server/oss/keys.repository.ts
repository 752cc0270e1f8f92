// All SQL of the object storage keys (S3 access keys): listed per project, found by access key id
// for SigV4, the secret kept sealed (never read by a list).
import { sql, type Kysely } from 'kysely';
import { newId } from '../../domain/ids.ts';
import type { Database } from '../platform/db/tables.ts';
import '../platform/db/oss.tables.ts';

type Exec = Kysely<Database>;
const LISTED = ['id', 'access_key_id', 'description', 'status', 'created_at', 'last_used_at'] as const;

export async function listKeys(ex: Exec, tenantId: string, projectId: string) {
  return ex
    .selectFrom('oss_keys')
    .select(LISTED)
    .where('tenant_id', '=', tenantId)
    .where('project_id', '=', projectId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

export async function countKeys(ex: Exec, tenantId: string, projectId: string | null): Promise<number> {
  let qb = ex
    .selectFrom('oss_keys')
    .select(sql<string>`count(*)`.as('n'))
    .where('tenant_id', '=', tenantId);
  if (projectId) qb = qb.where('project_id', '=', projectId);
  return Number((await qb.executeTakeFirst())?.n ?? 0);
}

export async function insertKey(
  ex: Exec,
  k: { tenant_id: string; project_id: string; user_id: string; access_key_id: string; secret_sealed: string; description: string },
) {
  const id = newId();
  const row = await ex
    .insertInto('oss_keys')
    .values({ id, ...k, status: 'active', created_at: sql<Date>`now()` })
    .returning(LISTED)
    .executeTakeFirstOrThrow();
  return row;
}

export async function findKey(ex: Exec, tenantId: string, projectId: string, id: string) {
  return ex.selectFrom('oss_keys').select(LISTED).where('id', '=', id).where('tenant_id', '=', tenantId).where('project_id', '=', projectId).executeTakeFirst();
}

export async function setKeyStatus(ex: Exec, id: string, status: 'active' | 'disabled') {
  await ex.updateTable('oss_keys').set({ status }).where('id', '=', id).execute();
}

export async function deleteKey(ex: Exec, id: string) {
  await ex.deleteFrom('oss_keys').where('id', '=', id).execute();
}

/** The key of a SigV4 request (any status: the caller tells a disabled key from an unknown one). */
export async function keyByAccessKeyId(ex: Exec, accessKeyId: string) {
  return ex.selectFrom('oss_keys').selectAll().where('access_key_id', '=', accessKeyId).executeTakeFirst();
}

export async function touchKey(ex: Exec, id: string) {
  await ex
    .updateTable('oss_keys')
    .set({ last_used_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where(sql<boolean>`(last_used_at is null or last_used_at < now() - interval '1 minute')`)
    .execute();
}
