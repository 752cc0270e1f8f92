// Demo data protection (issue 29, ADR 0062) in tenant_admin's first project, after the demo managed
// databases and storage: DR templates, a standby PostgreSQL instance and a standby NAS (ADR 0074)
// each with a DR task made from a template, a CDP task on the demo PostgreSQL instance, and host
// tasks of every type between the project's running hosts, all finished (a read moves nothing: the
// fuzz test's 'no row changed' holds). Seeds are data.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { newId } from '../../domain/ids.ts';
import type { Db } from '../platform/db/database.ts';
import type { SecretBox } from '../platform/lib/secret-box.ts';
import { firstProject } from './db-instances.seed.ts';

const DAY = 86_400_000;
const TEMPLATES = [
  {
    name: 'mysql-gold',
    engine: 'mysql',
    sync_mode: 'full_incremental',
    frequency_min: 15,
    retention_days: 7,
    placement: 'cross_az',
    threads: 8,
    description: '核心交易库：跨可用区，15 分钟同步',
  },
  {
    name: 'pg-daily',
    engine: 'postgre',
    sync_mode: 'full_incremental',
    frequency_min: 30,
    retention_days: 30,
    placement: 'cross_region',
    threads: 4,
    description: '库存库：跨地域备份',
  },
  { name: 'redis-standby', engine: 'redis', sync_mode: 'incremental', frequency_min: 15, retention_days: 3, placement: 'same_az', threads: 2, description: '' },
  {
    name: 'nas-files',
    engine: 'nas',
    sync_mode: 'full_incremental',
    frequency_min: 30,
    retention_days: 30,
    placement: 'cross_az',
    threads: 4,
    description: '共享文件：跨可用区同步',
  },
] as const;

type Scope = { tenant_id: string; project_id: string };
// the data-protection tables are typed in their slice's repositories, not in the platform's map
const raw = (db: Db) => db as unknown as Kysely<any>;

/** A standby beside the demo PostgreSQL instance, a DR task between them made from 'pg-daily', and a CDP task. */
async function seedDr(db: Db, scope: Scope, templateId: string, now: Date): Promise<void> {
  const pg = await db
    .selectFrom('resources')
    .selectAll()
    .where('tenant_id', '=', scope.tenant_id)
    .where('kind', '=', 'db_instance')
    .where('name', '=', 'demo-pg-inventory')
    .executeTakeFirst();
  if (!pg) return;
  const standby = newId();
  const at = new Date(now.getTime() - 12 * DAY);
  await db
    .insertInto('resources')
    .values({ ...pg, id: standby, name: 'dr-pg-standby', spec: JSON.stringify(pg.spec), created_at: at, updated_at: at } as never)
    .execute();
  const task = newId();
  const made = new Date(now.getTime() - 6 * DAY);
  const x = raw(db);
  await x
    .insertInto('dr_tasks')
    .values({
      id: task,
      tenant_id: scope.tenant_id,
      project_id: scope.project_id,
      name: 'pg-daily-inventory',
      engine: 'postgre',
      source_id: pg.id,
      standby_id: standby,
      threads: 4,
      status: 'syncing',
      due_at: null,
      switchovers: 0,
      switched_at: null,
      created_at: made,
      updated_at: made,
    })
    .execute();
  await x
    .insertInto('dr_template_links')
    .values({ id: newId(), tenant_id: scope.tenant_id, template_id: templateId, dr_task_id: task, created_at: made })
    .execute();
  await x
    .insertInto('cdp_tasks')
    .values({
      id: newId(),
      tenant_id: scope.tenant_id,
      resource_id: pg.id,
      name: 'cdp-inventory',
      retention_days: 3,
      space_gb: 1,
      data_bytes: 65_536,
      status: 'syncing',
      due_at: null,
      created_at: made,
    })
    .execute();
}

/**
 * A standby NAS beside demo-nas-shared-files (same protocol and capacity) and a DR task between
 * them made from 'nas-files', switched over twice (ADR 0074); after the demo storage is seeded.
 */
async function seedNasDr(db: Db, scope: Scope, templateId: string, now: Date): Promise<void> {
  const nas = await db
    .selectFrom('resources')
    .selectAll()
    .where('tenant_id', '=', scope.tenant_id)
    .where('kind', '=', 'nas')
    .where('name', '=', 'demo-nas-shared-files')
    .executeTakeFirst();
  if (!nas) return;
  const standby = newId();
  const at = new Date(now.getTime() - 10 * DAY);
  const spec = {
    protocol: nas.spec.protocol,
    size: nas.spec.size,
    file_system: 'shared-files-dr',
    mount_path: '/mnt/shared-dr',
    host_count: 0,
    sync_enabled: false,
    backup_enabled: false,
  };
  await db
    .insertInto('resources')
    .values({ ...nas, id: standby, name: 'demo-nas-dr-standby', spec: JSON.stringify(spec), created_at: at, updated_at: at } as never)
    .execute();
  const task = newId();
  const made = new Date(now.getTime() - 5 * DAY);
  const x = raw(db);
  await x
    .insertInto('dr_tasks')
    .values({
      id: task,
      tenant_id: scope.tenant_id,
      project_id: nas.project_id,
      name: 'nas-shared-files-dr',
      engine: 'nas',
      source_id: nas.id,
      standby_id: standby,
      threads: 4,
      status: 'syncing',
      due_at: null,
      switchovers: 2,
      switched_at: new Date(now.getTime() - 2 * DAY),
      created_at: made,
      updated_at: new Date(now.getTime() - 2 * DAY),
    })
    .execute();
  await x
    .insertInto('dr_template_links')
    .values({ id: newId(), tenant_id: scope.tenant_id, template_id: templateId, dr_task_id: task, created_at: made })
    .execute();
}

/** Host tasks of every type between the project's first running hosts. */
async function seedHostTasks(db: Db, scope: Scope, secrets: SecretBox, now: Date): Promise<void> {
  const hosts = await db
    .selectFrom('resources')
    .select('id')
    .where('tenant_id', '=', scope.tenant_id)
    .where('project_id', '=', scope.project_id)
    .where('kind', '=', 'instance')
    .where('status', '=', 'running')
    .orderBy('name')
    .limit(3)
    .execute();
  if (hosts.length < 3) return;
  const [a, b, c] = hosts.map((h) => h.id) as [string, string, string];
  const row = (i: number, o: Record<string, unknown>) => {
    const at = new Date(now.getTime() - (8 - i) * DAY);
    return {
      id: newId(),
      tenant_id: scope.tenant_id,
      project_id: scope.project_id,
      source_id: a,
      sync_items: '[]',
      excluded_items: '[]',
      compression: null,
      encryption: null,
      key_sealed: null,
      overwrite: false,
      create_dir: false,
      status: 'succeeded',
      due_at: null,
      created_at: at,
      updated_at: at,
      ...o,
    };
  };
  const key = randomBytes(16).toString('hex');
  const rows = [
    row(0, { type: 'file_copy', name: 'copy-nginx-conf', source_path: '/etc/nginx', targets: JSON.stringify([{ host_id: b, path: '/backup/nginx' }]) }),
    row(1, {
      type: 'file_compare',
      name: 'compare-web-root',
      source_path: '/var/www/html',
      targets: JSON.stringify([{ host_id: b, path: '/var/www/html' }]),
      status: 'failed',
    }),
    row(2, {
      type: 'whole_copy',
      name: 'move-app-02',
      source_path: null,
      source_id: b,
      targets: JSON.stringify([{ host_id: c, path: null }]),
      sync_items: '["/"]',
      excluded_items: '["/tmp","/proc"]',
      compression: 'zstd',
      encryption: 'none',
    }),
    row(7, {
      type: 'whole_copy',
      name: 'move-web-01',
      source_path: null,
      targets: JSON.stringify([{ host_id: c, path: null }]),
      sync_items: '["/","/data"]',
      excluded_items: '["/tmp","/proc","/var/cache"]',
      compression: 'lz4',
      encryption: 'aes',
      key_sealed: secrets.seal({ key }),
    }),
    row(3, {
      type: 'file_transfer',
      name: 'send-app-logs',
      source_path: '/var/log/app',
      targets: JSON.stringify([
        { host_id: b, path: '/data/logs' },
        { host_id: c, path: '/data/logs' },
      ]),
      create_dir: true,
    }),
    // 文件传输 and 文件迁移 in the storage console (ADR 0064): a failed transfer and a finished migration
    row(4, {
      type: 'file_transfer',
      name: 'send-release-pkg',
      source_path: '/opt/release',
      targets: JSON.stringify([{ host_id: c, path: '/opt/release' }]),
      overwrite: true,
      status: 'failed',
    }),
    row(5, { type: 'file_move', name: 'move-app-data', source_path: '/data/app', targets: JSON.stringify([{ host_id: c, path: '/data/app' }]) }),
  ];
  await raw(db).insertInto('host_tasks').values(rows).execute();
}

export async function seedProtect(db: Db, secrets: SecretBox, now = new Date()): Promise<void> {
  const scope = await firstProject(db);
  if (!scope) return;
  const ids: string[] = [];
  for (const [i, t] of TEMPLATES.entries()) {
    const id = newId();
    const at = new Date(now.getTime() - (20 - i) * DAY);
    await raw(db)
      .insertInto('dr_templates')
      .values({ id, tenant_id: scope.tenant_id, ...t, created_at: at, updated_at: at })
      .execute();
    ids.push(id);
  }
  await seedDr(db, scope, ids[1]!, now);
  await seedNasDr(db, scope, ids[3]!, now);
  await seedHostTasks(db, scope, secrets, now);
}
