// Demo object storage (issue 30): tenant_admin's first project has a 500 GB capacity package and the
// bucket demo-assets with a few files (a folder of images with a small PNG, a text file, a guide in
// docs/), a lifecycle rule for logs/, a daily backup strategy with one record, and an S3 key (its
// secret sealed and never shown again, as a key made in the console). Bytes go in as chunks, as an
// upload's would.
import { createHash, randomBytes } from 'node:crypto';
import { newId } from '../../domain/ids.ts';
import type { Db } from '../platform/db/database.ts';
import type { SecretBox } from '../platform/lib/secret-box.ts';
import { insertChunk, upsertObject } from '../oss/objects.repository.ts';
import { insertKey } from '../oss/keys.repository.ts';
import { newAccessKeyId } from '../oss/oss-keys.service.ts';
import { firstPlace } from './cache-doc-instances.seed.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAABPUlEQVR42hXMoVJgIQAAwPsI82UymUwmOi8ZCCbGSHRIBoKJMRIdktFo9K/u9oWt++eh/P77SyCSyBQuKo3OYLLYHP48PAoIRBKZwkWl0RlMFpvzeAdPAgKRRKZwUWl0BpPF5jzdwbOAQCSRKVxUGp3BZLE5z3fwIiAQSWQKF5VGZzBZbM7LHXQBgUgiU7ioNDqDyWJz+h28CghEEpnCRaXRGUwWm/N6B28CApFEpnBRaXQGk8XmvN3Bu4BAJJEpXFQancFksTnvd/AhIBBJZAoXlUZnMFlszscdbAGBSCJTuKg0OoPJYnP2HXwKCEQSmcJFpdEZTBab83kHXwICkUSmcFFpdAaTxeZ83cG3gEAkkSlcVBqdwWSxOd938CMgEElkCheVRmcwWWzOzx38CghEEpnCRaXRGUwWm8N/WWayH8KWzTcAAAAASUVORK5CYII=',
  'base64',
);
const FILES: { key: string; type: string; body: Buffer; daysAgo: number }[] = [
  { key: 'images/', type: 'application/x-directory', body: Buffer.alloc(0), daysAgo: 5 },
  { key: 'images/logo.png', type: 'image/png', body: PNG, daysAgo: 5 },
  { key: 'docs/', type: 'application/x-directory', body: Buffer.alloc(0), daysAgo: 4 },
  {
    key: 'docs/快速入门.md',
    type: 'text/markdown; charset=utf-8',
    body: Buffer.from('# 快速入门\n\n1. 在「密钥管理」创建密钥。\n2. 用任意 S3 客户端连接 /s3，路径风格访问存储桶 demo-assets。\n'),
    daysAgo: 4,
  },
  { key: 'readme.txt', type: 'text/plain; charset=utf-8', body: Buffer.from('云枢对象存储演示存储桶：存放站点图片与文档。\n'), daysAgo: 2 },
];

export async function seedOss(db: Db, secrets: SecretBox, now = new Date()): Promise<number> {
  const place = await firstPlace(db);
  if (!place) return 0;
  const pkgId = newId();
  const bucketId = newId();
  const bytes = FILES.reduce((n, f) => n + f.body.length, 0);
  const at = new Date(now.getTime() - 7 * 86_400_000);
  const base = {
    tenant_id: place.tenant_id,
    project_id: place.project_id,
    vendor: 'openstack',
    region_id: place.region_id,
    az_id: place.az_id,
    locked: false,
    created_at: at,
    updated_at: at,
  };
  await db
    .insertInto('resources')
    .values([
      {
        ...base,
        id: pkgId,
        kind: 'oss_package',
        name: 'demo-oss-package',
        status: 'available',
        spec: JSON.stringify({
          capacity_gb: 500,
          storage_type: 'standard',
          used_bytes: bytes,
          bucket_count: 1,
          charging_code: 'year',
          duration: 12,
          billing: 'active',
        }),
      },
      {
        ...base,
        id: bucketId,
        kind: 'oss_bucket',
        name: 'demo-assets',
        status: 'available',
        spec: JSON.stringify({
          package_id: pkgId,
          package_name: 'demo-oss-package',
          storage_class: 'standard',
          acl: 'private',
          referer_type: 'white',
          referers: ['*.yunshu.example.com'],
          allow_empty_referer: true,
          used_bytes: bytes,
          object_count: FILES.length,
        }),
      },
    ])
    .execute();
  await db.insertInto('links').values({ id: newId(), tenant_id: place.tenant_id, from_id: bucketId, to_id: pkgId, relation: 'oss_in_package' }).execute();
  for (const f of FILES) {
    const blob = newId();
    if (f.body.length) await insertChunk(db, blob, 0, f.body);
    const etag = createHash('md5').update(f.body).digest('hex');
    const when = new Date(now.getTime() - f.daysAgo * 86_400_000);
    await upsertObject(db, {
      tenant_id: place.tenant_id,
      bucket_id: bucketId,
      key: f.key,
      blob_id: blob,
      size: f.body.length,
      content_type: f.type,
      etag,
      storage_class: 'standard',
      updated_at: when,
    });
  }
  await seedStrategies(db, place.tenant_id, place.project_id, bucketId, now);
  const user = await db.selectFrom('users').select('id').where('account', '=', 'tenant_admin').executeTakeFirst();
  if (user)
    await insertKey(db, {
      tenant_id: place.tenant_id,
      project_id: place.project_id,
      user_id: user.id,
      access_key_id: newAccessKeyId(),
      secret_sealed: secrets.seal({ secret: randomBytes(30).toString('base64url').slice(0, 40) }),
      description: '站点构建机',
    });
  return FILES.length;
}

async function seedStrategies(db: Db, tenantId: string, projectId: string, bucketId: string, now: Date) {
  const day = 86_400_000;
  await db
    .insertInto('oss_lifecycle_rules')
    .values({
      id: newId(),
      tenant_id: tenantId,
      bucket_id: bucketId,
      name: '日志保留 30 天',
      scope: 'prefix',
      prefix: 'logs/',
      expire_days: 30,
      expire_date: null,
      enabled: true,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const strategy = newId();
  await db
    .insertInto('oss_backup_strategies')
    .values({
      id: strategy,
      tenant_id: tenantId,
      project_id: projectId,
      bucket_id: bucketId,
      name: '每日备份',
      cycle: 'daily',
      time: '03:00',
      retention_days: 30,
      enabled: true,
      last_run_at: new Date(now.getTime() - day),
      created_at: new Date(now.getTime() - 3 * day),
      updated_at: now,
    })
    .execute();
  await db
    .insertInto('oss_backup_records')
    .values({
      id: newId(),
      tenant_id: tenantId,
      strategy_id: strategy,
      status: 'succeeded',
      objects: FILES.length,
      bytes: FILES.reduce((n, f) => n + f.body.length, 0),
      started_at: new Date(now.getTime() - day),
      finished_at: new Date(now.getTime() - day + 4000),
    })
    .execute();
}
