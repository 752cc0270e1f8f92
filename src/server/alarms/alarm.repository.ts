// Every query of the alarm slice (issue 11, issue 26): policies, the alarm inbox and its history,
// the monitoring reads and the evaluator's claims and bulk writes. Each function takes the executor
// first (the app's Kysely or an open transaction) so a service can run several in one transaction.
// Reads that take a scope see only the scope's tenant (and project, when it names one).
import { sql, type Insertable, type Selectable } from 'kysely';
import { newId } from '../../domain/ids.ts';
import { REPORTING_STATUSES } from '../../domain/alarms/alarm-metrics.ts';
import type { AlarmHistoryTable, AlarmPoliciesTable, AlarmsTable } from '../platform/db/tables.ts';
import type { Scope } from '../platform/auth/scope.ts';
import type { Exec } from '../engine/engine.repository.ts';

type Scoped = Pick<Scope, 'tenantId' | 'projectId'>;

export interface PolicyRow {
  id: string;
  tenant_id: string;
  project_id: string | null;
  name: string;
  kind: string;
  metric: string;
  level: string;
  operator: string;
  threshold: number;
  occurrences: number;
  samples: number;
  max_alarms: number;
  source: string;
  receivers: string[] | unknown;
  target_type: string;
  target_value: string;
}

export const ALARM_COLUMNS = [
  'alarms.id',
  'alarms.tenant_id',
  'alarms.project_id',
  'alarms.policy_id',
  'alarms.resource_id',
  'alarms.resource_name',
  'alarms.resource_kind',
  'alarms.vendor',
  'alarms.metric',
  'alarms.level',
  'alarms.operator',
  'alarms.threshold',
  'alarms.state',
  'alarms.sort_rank',
  'alarms.value',
  'alarms.fired_at',
  'alarms.acknowledged_at',
  'alarms.acknowledged_by',
  'alarms.claimed_at',
  'alarms.claimed_by',
  'alarms.silenced_until',
  'alarms.resolved_at',
  'alarms.resolved_value',
] as const;

/** Rows of a table with tenant_id / project_id the scope may see. */
function inScope<T extends { where: (...a: never[]) => T }>(q: T, s: Scoped, table: 'alarms' | 'alarm_policies' | 'resources'): T {
  let out = (q as any).where(`${table}.tenant_id`, '=', s.tenantId);
  if (s.projectId) out = out.where(`${table}.project_id`, '=', s.projectId);
  return out as T;
}

// ---- people ----

export async function nicknames(ex: Exec, ids: string[]) {
  return ex.selectFrom('users').select(['id', 'nickname']).where('id', 'in', ids).execute();
}

/** Which of `receivers` are people of the tenant (a membership in it) or of the platform. */
export async function memberReceivers(ex: Exec, tenantId: string, receivers: string[]) {
  return ex
    .selectFrom('memberships')
    .select('user_id')
    .where('user_id', 'in', receivers)
    .where((eb) => eb.or([eb('tenant_id', '=', tenantId), eb('tenant_id', 'is', null)]))
    .execute();
}

/** Who may receive a tenant's alarms: its members and the platform's operators. */
export async function alarmReceivers(ex: Exec, tenantId: string) {
  return ex
    .selectFrom('users')
    .innerJoin('memberships', 'memberships.user_id', 'users.id')
    .select(['users.id', 'users.nickname', 'users.account'])
    .where((eb) =>
      eb.or([
        eb('memberships.tenant_id', '=', tenantId),
        eb.and([eb('memberships.tenant_id', 'is', null), eb('memberships.role', 'in', ['ops_admin', 'super_admin'])]),
      ]),
    )
    .distinct()
    .orderBy('users.account')
    .execute();
}

// ---- resources and projects ----

export async function liveResourceInScope(ex: Exec, s: Scoped, id: string) {
  return inScope(ex.selectFrom('resources').select(['id', 'name', 'kind', 'vendor', 'status', 'project_id', 'locked']), s, 'resources')
    .where('id', '=', id)
    .where('status', '<>', 'deleted')
    .executeTakeFirst();
}

export async function resourceInScope(ex: Exec, s: Scoped, id: string) {
  return inScope(ex.selectFrom('resources').select(['id', 'kind', 'project_id']), s, 'resources')
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function projectOfTenant(ex: Exec, tenantId: string, id: string) {
  return ex.selectFrom('projects').select('id').where('id', '=', id).where('tenant_id', '=', tenantId).executeTakeFirst();
}

export async function alarmResource(ex: Exec, tenantId: string, id: string) {
  return ex
    .selectFrom('resources')
    .select(['id', 'name', 'kind', 'status', 'locked', 'vendor'])
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
}

export async function monitoredResources(ex: Exec, s: Scoped, kinds: string[]) {
  return inScope(ex.selectFrom('resources').select(['id', 'name', 'kind', 'vendor', 'status', 'project_id', 'locked']), s, 'resources')
    .where('kind', 'in', kinds)
    .where('status', '<>', 'deleted')
    .orderBy('name')
    .limit(500)
    .execute();
}

/** The reporting resources the overview ranks (hosts, disks and network). */
export async function overviewResources(ex: Exec, s: Scoped) {
  return inScope(ex.selectFrom('resources').select(['id', 'name', 'kind', 'vendor', 'project_id']), s, 'resources')
    .where('kind', 'in', ['instance', 'phyhost', 'dedicated_host', 'volume', 'load_balancer', 'eip', 'nat_gateway'])
    .where('status', 'in', ['running', 'available', 'allocated', 'mounted'])
    .limit(2000)
    .execute();
}

export async function hostCounts(ex: Exec, s: Scoped) {
  return inScope(ex.selectFrom('resources'), s, 'resources')
    .select(['vendor', 'status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('kind', 'in', ['instance', 'phyhost'])
    .where('status', '<>', 'deleted')
    .groupBy(['vendor', 'status'])
    .execute();
}

export async function yearlyResources(ex: Exec, s: Scoped) {
  return inScope(ex.selectFrom('resources').select(['id', 'name', 'kind', 'vendor', 'status', 'project_id', 'created_at', 'spec']), s, 'resources')
    .where('status', '<>', 'deleted')
    .where(sql<string>`spec->>'charging_code'`, '=', 'year')
    .execute();
}

// ---- policies ----

export interface PolicyFilter {
  project_id?: string | undefined;
  level?: string | undefined;
  kind?: string | undefined;
  __limit: number;
  __offset: number;
}

export async function policyInScope(ex: Exec, s: Scoped, id: string) {
  return inScope(ex.selectFrom('alarm_policies').selectAll(), s, 'alarm_policies').where('id', '=', id).executeTakeFirst();
}

/** One page of the scope's policies, newest first, and how many match. */
export async function policyPage(ex: Exec, s: Scoped, q: PolicyFilter) {
  let base = inScope(ex.selectFrom('alarm_policies'), s, 'alarm_policies');
  if (q.project_id) base = base.where('project_id', '=', q.project_id);
  if (q.level) base = base.where('level', '=', q.level as never);
  if (q.kind) base = base.where('kind', '=', q.kind);
  const { count } = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const rows = await base.selectAll().orderBy('created_at', 'desc').orderBy('id').limit(q.__limit).offset(q.__offset).execute();
  return { count: Number(count), rows };
}

export async function policiesByIds(ex: Exec, ids: string[]) {
  return ex.selectFrom('alarm_policies').select(['id', 'name', 'occurrences', 'samples']).where('id', 'in', ids).execute();
}

export async function insertPolicy(ex: Exec, row: Insertable<AlarmPoliciesTable>) {
  await ex.insertInto('alarm_policies').values(row).execute();
}

export async function updatePolicy(ex: Exec, id: string, values: Record<string, unknown>) {
  await ex.updateTable('alarm_policies').set(values).where('id', '=', id).execute();
}

export async function deletePolicy(ex: Exec, id: string) {
  await ex.deleteFrom('alarm_policies').where('id', '=', id).execute();
}

// ---- alarms ----

export interface AlarmFilter {
  state?: string | undefined;
  level?: string | undefined;
  vendor?: string | undefined;
  project_id?: string | undefined;
  resource_id?: string | undefined;
  policy_id?: string | undefined;
}

/** Where the previous page ended: its last row's rank, fire time and id. */
export interface AlarmCursor {
  rank: number;
  fired: Date;
  lastId: string;
}

function filteredAlarms(ex: Exec, s: Scoped, q: AlarmFilter) {
  let base = inScope(ex.selectFrom('alarms'), s, 'alarms');
  if (q.state) base = base.where('alarms.state', '=', q.state as never);
  if (q.level) base = base.where('alarms.level', '=', q.level as never);
  if (q.vendor) base = base.where('alarms.vendor', '=', q.vendor);
  if (q.project_id) base = base.where('alarms.project_id', '=', q.project_id);
  if (q.resource_id) base = base.where('alarms.resource_id', '=', q.resource_id);
  if (q.policy_id) base = base.where('alarms.policy_id', '=', q.policy_id);
  return base;
}

export async function countAlarms(ex: Exec, s: Scoped, q: AlarmFilter) {
  const { count } = await filteredAlarms(ex, s, q)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** The inbox's order: firing first, then by level, newest first; `limit` rows after `cursor`. */
export async function alarmPage(ex: Exec, s: Scoped, q: AlarmFilter, cursor: AlarmCursor | null, limit: number) {
  let page = filteredAlarms(ex, s, q).select([...ALARM_COLUMNS]);
  if (cursor) {
    const { rank, fired, lastId } = cursor;
    page = page.where((eb) =>
      eb.or([
        eb('alarms.sort_rank', '>', rank),
        eb.and([eb('alarms.sort_rank', '=', rank), eb('alarms.fired_at', '<', fired)]),
        eb.and([eb('alarms.sort_rank', '=', rank), eb('alarms.fired_at', '=', fired), eb('alarms.id', '>', lastId)]),
      ]),
    );
  }
  return page.orderBy('alarms.sort_rank').orderBy('alarms.fired_at', 'desc').orderBy('alarms.id').limit(limit).execute();
}

export async function alarmInScope(ex: Exec, s: Scoped, id: string, lock = false) {
  const q = inScope(ex.selectFrom('alarms').select([...ALARM_COLUMNS]), s, 'alarms').where('alarms.id', '=', id);
  return (lock ? q.forUpdate() : q).executeTakeFirst();
}

export type AlarmRow = NonNullable<Awaited<ReturnType<typeof alarmInScope>>>;

export async function updateAlarm(ex: Exec, id: string, values: Record<string, unknown>) {
  await ex.updateTable('alarms').set(values).where('id', '=', id).execute();
}

export async function insertHistory(ex: Exec, rows: Insertable<AlarmHistoryTable>[]) {
  await ex.insertInto('alarm_history').values(rows).execute();
}

export async function historyOf(ex: Exec, alarmId: string) {
  return ex.selectFrom('alarm_history').select(['id', 'change', 'user_id', 'value', 'at']).where('alarm_id', '=', alarmId).orderBy('seq').execute();
}

/** Open alarms of the scope by level and state (the on-call home). */
export async function openAlarmCounts(ex: Exec, s: Scoped) {
  return inScope(ex.selectFrom('alarms'), s, 'alarms')
    .select(['level', 'state', (eb) => eb.fn.countAll<number>().as('n')])
    .where('state', '<>', 'resolved')
    .groupBy(['level', 'state'])
    .execute();
}

/** The scope's last 50 alarm changes since `since`, newest first. */
export async function recentChanges(ex: Exec, s: Scoped, since: Date) {
  return ex
    .selectFrom('alarm_history')
    .innerJoin('alarms', 'alarms.id', 'alarm_history.alarm_id')
    .select([
      'alarm_history.id',
      'alarm_history.change',
      'alarm_history.at',
      'alarm_history.user_id',
      'alarms.id as alarm_id',
      'alarms.resource_name',
      'alarms.level',
      'alarms.metric',
    ])
    .where('alarms.tenant_id', '=', s.tenantId)
    .$if(!!s.projectId, (q) => q.where('alarms.project_id', '=', s.projectId!))
    .where('alarm_history.at', '>', since)
    .orderBy('alarm_history.seq', 'desc')
    .limit(50)
    .execute();
}

// ---- the evaluator ----

/**
 * The ids of the resources a policy applies to that are reporting now. Only the ids: every round
 * reads them all (tens of thousands in a large tenant), and only the few that fire need more.
 */
export async function reportingTargets(ex: Exec, p: PolicyRow) {
  let q = ex
    .selectFrom('resources')
    .select('resources.id')
    .where('resources.tenant_id', '=', p.tenant_id)
    .where('resources.kind', '=', p.kind)
    .where('resources.status', 'in', REPORTING_STATUSES);
  if (p.target_type === 'resource') q = q.where('resources.id', '=', p.target_value);
  else if (p.target_type === 'project') q = q.where('resources.project_id', '=', p.target_value);
  else if (p.project_id) q = q.where('resources.project_id', '=', p.project_id);
  if (p.target_type === 'tag') {
    const i = p.target_value.indexOf(':');
    const key = p.target_value.slice(0, i);
    const value = p.target_value.slice(i + 1);
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('tag_resources')
          .innerJoin('tags', 'tags.id', 'tag_resources.tag_id')
          .select(sql`1`.as('one'))
          .whereRef('tag_resources.resource_id', '=', 'resources.id')
          .where('tags.tag_key', '=', key)
          .where('tags.tag_value', '=', value),
      ),
    );
  }
  return q.execute();
}

export async function openAlarmsOfPolicy(ex: Exec, policyId: string) {
  return ex.selectFrom('alarms').select(['id', 'resource_id', 'state']).where('policy_id', '=', policyId).where('state', '<>', 'resolved').execute();
}

/** Per resource: alarms of the policy fired since `since`, and the latest silence still running at `now`. */
export async function recentFirings(ex: Exec, policyId: string, since: Date, now: Date) {
  return ex
    .selectFrom('alarms')
    .select((eb) => [
      'resource_id',
      eb.fn.count<number>('id').filterWhere('fired_at', '>', since).as('fired'),
      eb.fn.max('silenced_until').as('silenced_until'),
    ])
    .where('policy_id', '=', policyId)
    .where((eb) => eb.or([eb('fired_at', '>', since), eb('silenced_until', '>', now)]))
    .groupBy('resource_id')
    .execute();
}

export async function resourcesByIds(ex: Exec, ids: string[]) {
  return ex.selectFrom('resources').select(['id', 'name', 'kind', 'vendor', 'project_id']).where('id', 'in', ids).execute();
}

/** The columns the evaluator writes when it fires an alarm (the table's own types). */
export type AlarmInsert = Pick<
  Selectable<AlarmsTable>,
  | 'id'
  | 'tenant_id'
  | 'project_id'
  | 'policy_id'
  | 'resource_id'
  | 'resource_name'
  | 'resource_kind'
  | 'vendor'
  | 'metric'
  | 'level'
  | 'operator'
  | 'threshold'
  | 'state'
  | 'sort_rank'
  | 'value'
  | 'fired_at'
  | 'updated_at'
>;

/** Inserts the alarms; a (policy, resource) that already has an open one is skipped. Answers the ids inserted. */
export async function insertFiring(ex: Exec, rows: AlarmInsert[]) {
  const inserted = await ex
    .insertInto('alarms')
    .values(rows)
    .onConflict((oc) => oc.columns(['policy_id', 'resource_id']).where('state', '<>', 'resolved').doNothing())
    .returning('id')
    .execute();
  return new Set(inserted.map((x) => x.id));
}

/** Closes open alarms with the value that cleared each, in one statement; answers what the messages name. */
export async function resolveAlarms(ex: Exec, rank: number, now: Date, closes: { id: string; value: number | null }[]) {
  const done = await sql<{ id: string; project_id: string; resource_name: string }>`
    update alarms set state = 'resolved', sort_rank = ${rank}, resolved_at = ${now}, updated_at = ${now},
      resolved_value = v.value
    from (values ${sql.join(closes.map((r) => sql`(${r.id}, ${r.value}::double precision)`))}) as v(id, value)
    where alarms.id = v.id and alarms.state <> 'resolved'
    returning alarms.id, alarms.project_id, alarms.resource_name`.execute(ex);
  return done.rows;
}

/** History rows written by the evaluator (no user). */
export function evaluatorHistory(alarmId: string, tenantId: string, change: string, value: number | null, at: Date): Insertable<AlarmHistoryTable> {
  return { id: newId(), alarm_id: alarmId, tenant_id: tenantId, change, user_id: null, value, at };
}

/** Due enabled policies, locked SKIP LOCKED so another process passes them by. */
export async function lockDuePolicies(ex: Exec, now: Date, limit: number) {
  return ex
    .selectFrom('alarm_policies')
    .selectAll()
    .where('enabled', '=', true)
    .where('next_eval_at', '<=', now)
    .orderBy('next_eval_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

export async function postponePolicies(ex: Exec, ids: string[], at: Date) {
  await ex.updateTable('alarm_policies').set({ next_eval_at: at }).where('id', 'in', ids).execute();
}
