// Demo data of database object-storage sync (issue 29): in tenant_admin's first project, a sync
// instance from the demo MySQL instance to the demo-assets bucket under dbsync/mysql/. No task is
// seeded: a task's record stands for bytes in the bucket, and only a run writes those.
import { newId } from '../../domain/ids.ts';
import type { Db } from '../platform/db/database.ts';
import { firstProject } from './db-instances.seed.ts';

export async function seedDbSync(db: Db, now = new Date()): Promise<number> {
  const scope = await firstProject(db);
  if (!scope) return 0;
  const inScope = (kind: string) =>
    db
      .selectFrom('resources')
      .select(['id', 'name', 'vendor', 'region_id', 'az_id', 'spec'])
      .where('tenant_id', '=', scope.tenant_id)
      .where('project_id', '=', scope.project_id)
      .where('kind', '=', kind);
  const bucket = await inScope('oss_bucket').where('name', '=', 'demo-assets').executeTakeFirst();
  const mysql = (await inScope('db_instance').where('status', '=', 'running').orderBy('created_at').execute()).find(
    (r) => (r.spec as Record<string, unknown>).engine === 'mysql',
  );
  if (!bucket || !mysql) return 0;
  const id = newId();
  const at = new Date(now.getTime() - 2 * 86_400_000);
  await db
    .insertInto('resources')
    .values({
      id,
      tenant_id: scope.tenant_id,
      project_id: scope.project_id,
      kind: 'sync_instance',
      name: 'demo-mysql-to-oss',
      status: 'available',
      vendor: bucket.vendor,
      region_id: bucket.region_id,
      az_id: bucket.az_id,
      locked: false,
      created_at: at,
      updated_at: at,
      spec: JSON.stringify({
        source_type: 'db_instance',
        source_db_id: mysql.id,
        source_name: mysql.name,
        target_bucket_id: bucket.id,
        target_bucket_name: bucket.name,
        target_prefix: 'dbsync/mysql/',
        task_count: 0,
        description: '每日把订单库的逻辑备份同步到对象存储',
      }),
    })
    .execute();
  await db.insertInto('links').values({ id: newId(), tenant_id: scope.tenant_id, from_id: id, to_id: bucket.id, relation: 'sync_target' }).execute();
  return 1;
}
