// Demo backup plans: about one in three demo hosts and disks gets a plan that follows its
// vendor's rules (CTyun incremental, weekly, retention in days). Deterministic, written once.
// Demo plans are settled: created, except every fifth, whose policy issue failed (下发失败), so the
// console shows a plan to re-issue by editing it.
import type { Db } from '../platform/db/database.ts';
import { newId } from '../../domain/ids.ts';
import { REMOVED } from '../../domain/kinds/kind.ts';
import { backupPlanSchema, BACKUP_PLAN_KINDS, isCtyun, type BackupPlanInput, type BackupPlanStatus } from '../../domain/backup-plan.ts';

const TEMPLATES: Omit<BackupPlanInput, 'name'>[] = [
  {
    schedule_type: 'full_backup',
    start_time: '02:00:00',
    backup_freq: 'week',
    backup_days: [1, 2, 3, 4, 5, 6, 7],
    retention_time: '1month',
    device_type: 'any',
  },
  { schedule_type: 'incre_backup', start_time: '23:30:00', backup_freq: 'week', backup_days: [1, 3, 5], retention_time: '3month', device_type: 'others' },
  { schedule_type: 'full_backup', start_time: '01:00:00', backup_freq: 'month', backup_days: ['last_day'], retention_time: '1year', device_type: 'any' },
  {
    schedule_type: 'full_backup',
    start_time: '03:15:00',
    backup_freq: 'month',
    backup_days: [1, 15, 'last_day'],
    retention_time: 'permanent',
    device_type: 'nbu',
  },
];
const CTYUN_TEMPLATE: Omit<BackupPlanInput, 'name'> = {
  schedule_type: 'incre_backup',
  start_time: '02:30:00',
  backup_freq: 'week',
  backup_days: [6, 7],
  retention_time: 30,
  device_type: 'any',
};
const NAMES = ['每日全量备份', '工作日增量备份', '月末归档备份', '月度长期备份'];

export async function seedBackupPlans(db: Db): Promise<number> {
  const existing = await db.selectFrom('backup_plans').select('id').limit(1).execute();
  if (existing.length) return 0;
  const targets = await db
    .selectFrom('resources')
    .select(['id', 'kind', 'tenant_id', 'project_id', 'vendor', 'status'])
    .where('kind', 'in', [...BACKUP_PLAN_KINDS])
    .where('name', 'like', 'demo-%')
    .where('status', 'not in', ['deleted', REMOVED])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const rows = targets
    .filter((_, i) => i % 3 === 0)
    .map((r, i) => {
      const ctyun = isCtyun(r.vendor);
      const template = ctyun ? CTYUN_TEMPLATE : TEMPLATES[i % TEMPLATES.length]!;
      const name = ctyun ? '周末增量备份' : NAMES[i % NAMES.length]!;
      // The same rules as the API: a demo plan is one the API would accept.
      const plan = backupPlanSchema(r.vendor).parse({ ...template, name });
      return {
        id: newId(),
        tenant_id: r.tenant_id,
        project_id: r.project_id,
        resource_id: r.id,
        resource_kind: r.kind,
        created_by: null,
        name: plan.name,
        schedule_type: plan.schedule_type,
        start_time: plan.start_time,
        backup_freq: plan.backup_freq,
        backup_days: JSON.stringify(plan.backup_days),
        retention_time: String(plan.retention_time),
        device_type: plan.device_type,
        status: (i % 5 === 4 ? 'issue_failed' : 'created') satisfies BackupPlanStatus,
        step_due_at: null,
      };
    });
  if (rows.length) await db.insertInto('backup_plans').values(rows).execute();
  return rows.length;
}
