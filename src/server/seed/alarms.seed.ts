// Demo alarm policies and their alarms (issue 11): every tenant gets policies on its hosts, bare metal
// and EIPs, with the on-call operator and the tenant's administrator as receivers. The last two hours
// are then evaluated every five minutes by the real evaluator over the simulator's metrics, so the
// alarms that exist (firing, and resolved once an incident ended) are the ones the charts show. The
// receivers are told about those still firing; one is acknowledged and one claimed by the on-call
// operator, so every state of the inbox has a row.
import { sql } from 'kysely';
import { newId } from '../../domain/ids.ts';
import type { Db } from '../platform/db/database.ts';
import { lastSamples } from '../engine/cloud/metric-series.ts';
import { evaluatePolicy, fireMessage, sortRank, type EvaluatorDeps, type PolicyRow } from '../alarms/alarm-evaluator.ts';
import { sendSiteMessages } from '../approvals/site-message.service.ts';

const ADMIN_OF_TENANT = ['tenant_admin', 'fin_admin', 'wl_admin'];

type PolicySeed = Omit<PolicyRow, 'id' | 'tenant_id' | 'project_id' | 'receivers' | 'target_value'> & { project?: number };
const POLICIES: PolicySeed[] = [
  {
    name: '云主机 CPU 使用率过高',
    kind: 'instance',
    metric: 'cpu',
    level: 'high',
    operator: 'gt',
    threshold: 90,
    occurrences: 3,
    samples: 5,
    max_alarms: 3,
    source: 'base',
    target_type: 'kind',
  },
  {
    name: '云主机磁盘即将写满',
    kind: 'instance',
    metric: 'disk_usage',
    level: 'medium',
    operator: 'gte',
    threshold: 85,
    occurrences: 3,
    samples: 6,
    max_alarms: 2,
    source: 'os',
    target_type: 'kind',
  },
  {
    name: '云主机丢包率偏高',
    kind: 'instance',
    metric: 'packet_loss',
    level: 'medium',
    operator: 'gt',
    threshold: 5,
    occurrences: 2,
    samples: 5,
    max_alarms: 3,
    source: 'base',
    target_type: 'kind',
  },
  {
    name: '云主机内存使用率偏高',
    kind: 'instance',
    metric: 'memory',
    level: 'low',
    operator: 'gt',
    threshold: 75,
    occurrences: 4,
    samples: 6,
    max_alarms: 1,
    source: 'os',
    target_type: 'project',
    project: 0,
  },
  {
    name: '裸金属 CPU 使用率过高',
    kind: 'phyhost',
    metric: 'cpu',
    level: 'high',
    operator: 'gt',
    threshold: 90,
    occurrences: 3,
    samples: 5,
    max_alarms: 3,
    source: 'base',
    target_type: 'kind',
  },
  {
    name: '弹性公网 IP 丢包',
    kind: 'eip',
    metric: 'packet_loss',
    level: 'low',
    operator: 'gt',
    threshold: 10,
    occurrences: 2,
    samples: 3,
    max_alarms: 2,
    source: 'base',
    target_type: 'kind',
  },
];

export async function seedAlarms(db: Db, now = new Date()): Promise<void> {
  const users = await db
    .selectFrom('users')
    .select(['id', 'account'])
    .where('account', 'in', ['oncall', ...ADMIN_OF_TENANT])
    .execute();
  const idOf = (a: string) => users.find((u) => u.account === a)?.id;
  const oncall = idOf('oncall');
  if (!oncall) return;
  const tenants = await db.selectFrom('tenants').select('id').orderBy('created_at').execute();
  const policies: PolicyRow[] = [];
  for (const [ti, tenant] of tenants.entries()) {
    const projects = await db.selectFrom('projects').select('id').where('tenant_id', '=', tenant.id).orderBy('name').execute();
    const receivers = [oncall, idOf(ADMIN_OF_TENANT[ti] ?? '')].filter((x): x is string => !!x);
    for (const p of POLICIES) {
      const projectId = p.project === undefined ? null : (projects[p.project]?.id ?? null);
      if (p.project !== undefined && !projectId) continue;
      const { project: _skip, ...fields } = p;
      policies.push({ ...fields, id: newId(), tenant_id: tenant.id, project_id: projectId, receivers, target_value: projectId ?? '' });
    }
  }
  if (!policies.length) return;
  const start = new Date(now.getTime() - 2 * 3_600_000);
  await db
    .insertInto('alarm_policies')
    .values(
      policies.map((p) => ({
        ...p,
        receivers: JSON.stringify(p.receivers),
        enabled: true,
        next_eval_at: now,
        created_by: oncall,
        created_at: start,
        updated_at: start,
      })),
    )
    .execute();

  const deps: EvaluatorDeps = { db, lastSamples, notify: null, publish: () => undefined };
  for (let t = start.getTime(); t <= now.getTime(); t += 5 * 60_000) for (const p of policies) await evaluatePolicy(deps, p, new Date(t));

  // The receivers hear about what is still firing (the deep link of each message opens the alarm).
  const open = await db
    .selectFrom('alarms')
    .selectAll()
    .where('state', '=', 'firing')
    .where(
      'policy_id',
      'in',
      policies.map((p) => p.id),
    )
    .orderBy('sort_rank')
    .orderBy('fired_at', 'desc')
    .execute();
  for (const a of open) {
    const p = policies.find((x) => x.id === a.policy_id)!;
    const m = fireMessage(p, a);
    await sendSiteMessages(
      db,
      m.userIds,
      { tenantId: m.tenantId, category: m.category, messageKey: m.messageKey, params: m.params, link: m.link, refId: m.refId },
      new Date(a.fired_at),
    );
  }
  // One acknowledged and one claimed, each the lowest-ranked of its tenant's open alarms (the others stay 告警中).
  const byTenant = new Map<string, typeof open>();
  for (const a of open) byTenant.set(a.tenant_id, [...(byTenant.get(a.tenant_id) ?? []), a]);
  const later = new Date(now.getTime() - 60_000);
  for (const list of byTenant.values()) {
    if (list.length < 3) continue;
    const ack = list[list.length - 1]!;
    await db
      .updateTable('alarms')
      .set({ state: 'acknowledged', sort_rank: sortRank('acknowledged', ack.level), acknowledged_at: later, acknowledged_by: oncall, updated_at: later })
      .where('id', '=', ack.id)
      .execute();
    const claim = list[list.length - 2]!;
    await db.updateTable('alarms').set({ claimed_at: later, claimed_by: oncall, updated_at: later }).where('id', '=', claim.id).execute();
    await db
      .insertInto('alarm_history')
      .values([
        { id: newId(), alarm_id: ack.id, tenant_id: ack.tenant_id, change: 'acknowledged', user_id: oncall, value: null, at: later },
        { id: newId(), alarm_id: claim.id, tenant_id: claim.tenant_id, change: 'claimed', user_id: oncall, value: null, at: later },
      ])
      .execute();
  }
  // A few yearly-billed resources renew themselves (monitorAlarm_alarmRenew lists them).
  const yearly = await db
    .selectFrom('resources')
    .select('id')
    .where(sql<string>`spec->>'charging_code'`, '=', 'year')
    .where('status', '<>', 'deleted')
    .orderBy('created_at')
    .limit(4)
    .execute();
  for (const [i, r] of yearly.entries())
    await db
      .updateTable('resources')
      .set({ spec: sql`spec || ${JSON.stringify(i % 2 ? { auto_renew: true } : { renewed_months: 12 })}::jsonb` })
      .where('id', '=', r.id)
      .execute();
}
