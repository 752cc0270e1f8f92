// Demo security scanning (issue 31) in tenant_admin's first project: a weekly full inspection of
// every host and a manual vulnerability scan of the web hosts, three past scans run through the
// scanner itself (so findings, scores and baseline results are what a scan would find), and repair
// records between them — two fixes the second scan verified and one ignored finding. Seeds are data:
// the times and notes below; the results come from the simulated scanner.
import { newId } from '../../domain/ids.ts';
import { ACTIVE_SCAN_STATES, nextRunAt } from '../../domain/security-scan/security-scan.ts';
import type { Db } from '../platform/db/database.ts';
import { securityScanRepository } from '../security-scan/security-scan.repository.ts';
import { runDue, type SecurityScanDeps } from '../security-scan/security-scan.service.ts';
import { firstProject } from './db-instances.seed.ts';

const DAY = 86_400_000;
const STRATEGIES = [
  {
    name: '全量主机周度巡检',
    description: '每周一凌晨 2 点对项目内全部主机进行漏洞扫描和基线检查',
    scan_type: 'full',
    host_scope: 'all',
    cycle: 'weekly',
    items: [
      'password_policy',
      'password_expiry',
      'login_lockout',
      'ssh_root_login',
      'ssh_idle_timeout',
      'firewall',
      'audit_log',
      'unused_services',
      'time_sync',
      'guest_account',
    ],
  },
  { name: 'Web 主机漏洞扫描', description: '对外服务的 Web 主机，上线变更后手动扫描', scan_type: 'vuln', host_scope: 'selected', cycle: 'manual', items: [] },
] as const;
const REPAIRS = [
  { action: 'fixed', note: '已按安全公告升级软件包并重启服务' },
  { action: 'fixed', note: '已安装厂商补丁，变更单 CHG-20261108-017' },
  { action: 'ignored', note: '该主机仅内网访问且相关服务已停用，风险可接受' },
] as const;

export async function seedSecurityScan(db: Db, now = new Date()): Promise<void> {
  const scope = await firstProject(db);
  if (!scope) return;
  const owner = await db.selectFrom('users').select(['id', 'nickname']).where('account', '=', 'tenant_admin').executeTakeFirstOrThrow();
  const repo = securityScanRepository(db);
  const where = { tenantId: scope.tenant_id, projectId: scope.project_id };
  const hosts = await repo.hosts(where);
  if (!hosts.length) return;
  const web = hosts.filter((h) => /-(web|app)-/.test(h.name)).map((h) => h.id);
  const ids: string[] = [];
  for (const s of STRATEGIES) {
    const id = newId();
    ids.push(id);
    const at = new Date(now.getTime() - 30 * DAY);
    await repo.insertStrategy({
      id,
      tenant_id: scope.tenant_id,
      project_id: scope.project_id,
      name: s.name,
      description: s.description,
      scan_type: s.scan_type,
      host_scope: s.host_scope,
      host_ids: JSON.stringify(s.host_scope === 'all' ? [] : web),
      baseline_items: JSON.stringify(s.items),
      cycle: s.cycle,
      next_run_at: nextRunAt(s.cycle, now),
      created_by: owner.id,
      created_at: at,
      updated_at: at,
    });
  }
  const deps: SecurityScanDeps = { repo, delayMs: 6 * 60_000, now: () => now };
  const scan = async (strategy: number, daysAgo: number, hostIds: string[]) => {
    const at = new Date(now.getTime() - daysAgo * DAY);
    const s = STRATEGIES[strategy]!;
    await repo.insertScan(
      {
        id: newId(),
        tenant_id: scope.tenant_id,
        project_id: scope.project_id,
        strategy_id: ids[strategy]!,
        strategy_name: s.name,
        scan_type: s.scan_type,
        trigger: s.cycle === 'manual' ? 'manual' : 'scheduled',
        host_ids: JSON.stringify(hostIds),
        baseline_items: JSON.stringify(s.items),
        status: 'queued',
        summary: null,
        due_at: at,
        created_by: s.cycle === 'manual' ? owner.id : null,
        created_at: at,
        started_at: null,
        finished_at: null,
      },
      ACTIVE_SCAN_STATES,
    );
    await runDue(deps, at);
    await runDue(deps, new Date(at.getTime() + deps.delayMs));
  };
  const all = hosts.map((h) => h.id);
  await scan(0, 15, all);
  const open = (await repo.findingsOf(where, { status: ['open'] })).slice(0, REPAIRS.length);
  for (const [i, f] of open.entries()) {
    const r = REPAIRS[i]!;
    await repo.repair(f.id, ['open'], r.action, {
      action: r.action,
      note: r.note,
      user_id: owner.id,
      user_name: owner.nickname,
      at: new Date(now.getTime() - (12 - i) * DAY),
    });
  }
  await scan(0, 8, all);
  if (web.length) await scan(1, 1, web);
}
