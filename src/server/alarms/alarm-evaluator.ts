// The alarm evaluator (issue 11): claims due policies with FOR UPDATE SKIP LOCKED (several server
// processes share the work and each policy is evaluated by one of them), reads the last M samples of
// every resource the policy applies to, and lets the pure core (domain/alarms/evaluate.ts) decide.
// A fire inserts the one open alarm of (policy, resource) — a partial unique index refuses a second —
// and tells the receivers; a resolve closes it. Every change is recorded in alarm_history and
// published as `alarm.changed`.
import { sql, type Selectable } from 'kysely';
import { newId } from '../../domain/ids.ts';
import type { AlarmChangedEvent } from '../../domain/events.ts';
import { METRICS, REPORTING_STATUSES, SOURCE_INTERVAL_S, type MetricName } from '../../domain/alarms/alarm-metrics.ts';
import { evaluate, LEVEL_RANK, MAX_COUNT_WINDOW_MS, type Level, type Operator } from '../../domain/alarms/evaluate.ts';
import type { Db } from '../db/database.ts';
import type { AlarmsTable } from '../db/tables.ts';
import type { NotifyInput, NotifyPort } from '../notifications/notify-port.ts';
import { chunks } from '../lib/chunks.ts';

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

export interface EvaluatorDeps {
  db: Db;
  lastSamples(resourceId: string, metric: MetricName, t: number, n: number): number[];
  /** null: record only (the seed's backfill tells the receivers once, at the end) */
  notify: NotifyPort | null;
  publish(events: AlarmChangedEvent[]): void;
}

const STATE_RANK = { firing: 0, acknowledged: 1, resolved: 2 } as const;
export const sortRank = (state: keyof typeof STATE_RANK, level: string) => STATE_RANK[state] * 3 + (LEVEL_RANK[level as Level] ?? 2);

/** 高/中/低 read the same in zh-CN and zh-TW, so a stored message parameter can carry the label. */
const LEVEL_TEXT: Record<string, string> = { high: '高', medium: '中', low: '低' };

/** The deep link names the alarm's tenant and project, so it opens whatever scope the reader was working in. */
export const alarmLink = (id: string, tenantId: string, projectId: string) => `/monitorAlarm?alarm=${id}&tenant=${tenantId}&project=${projectId}`;
export const ackPath = (id: string, tenantId: string, projectId: string) => `${alarmLink(id, tenantId, projectId)}&action=acknowledge`;

/** Shown with its unit, e.g. 97.5% or 12.3 Mbps. */
export function formatValue(metric: string, v: number): string {
  const unit = (METRICS as Record<string, { unit: string }>)[metric]?.unit;
  const n = Math.round(v * 100) / 100;
  if (unit === '%') return `${n}%`;
  if (unit === 'Mbps' || unit === 'IOPS') return `${n} ${unit}`;
  return String(n);
}

export function receiversOf(p: PolicyRow): string[] {
  return Array.isArray(p.receivers) ? p.receivers.filter((x): x is string => typeof x === 'string') : [];
}

/**
 * The ids of the resources a policy applies to that are reporting now. Only the ids: every round
 * reads them all (tens of thousands in a large tenant), and only the few that fire need more.
 */
export async function targetsOf(db: Db, p: PolicyRow) {
  let q = db
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

function changed(
  a: { id: string; tenant_id: string; project_id: string; policy_id: string; resource_id: string; level: string },
  state: AlarmChangedEvent['state'],
  change: AlarmChangedEvent['change'],
  at: Date,
): AlarmChangedEvent {
  return {
    type: 'alarm.changed',
    tenant_id: a.tenant_id,
    project_id: a.project_id,
    at: at.toISOString(),
    id: a.id,
    policy_id: a.policy_id,
    resource_id: a.resource_id,
    state,
    change,
    level: a.level as AlarmChangedEvent['level'],
  };
}
export { changed as alarmChangedEvent };

/** The longest the evaluator works before it lets waiting requests run (ms). */
const SLICE_MS = 4;

/** Evaluates one policy at `now` over every resource it applies to; answers how many alarms changed. */
export async function evaluatePolicy(deps: EvaluatorDeps, p: PolicyRow, now: Date): Promise<number> {
  const { db } = deps;
  const targets = await targetsOf(db, p);
  const open = await db.selectFrom('alarms').select(['id', 'resource_id', 'state']).where('policy_id', '=', p.id).where('state', '<>', 'resolved').execute();
  const openBy = new Map(open.map((a) => [a.resource_id, a]));
  const since = new Date(now.getTime() - MAX_COUNT_WINDOW_MS);
  const recent = await db
    .selectFrom('alarms')
    .select((eb) => [
      'resource_id',
      eb.fn.count<number>('id').filterWhere('fired_at', '>', since).as('fired'),
      eb.fn.max('silenced_until').as('silenced_until'),
    ])
    .where('policy_id', '=', p.id)
    .where((eb) => eb.or([eb('fired_at', '>', since), eb('silenced_until', '>', now)]))
    .groupBy('resource_id')
    .execute();
  const recentBy = new Map(recent.map((r) => [r.resource_id, r]));
  const condition = {
    operator: p.operator as Operator,
    threshold: Number(p.threshold),
    occurrences: p.occurrences,
    samples: p.samples,
    max_alarms: p.max_alarms,
  };
  const metric = p.metric as MetricName;
  const fires: { resource_id: string; value: number }[] = [];
  const resolves: { open: OpenAlarm; value: number | null; notify: boolean }[] = [];
  const seen = new Set<string>();
  let slice = performance.now();
  for (const r of targets) {
    // Requests are answered between slices of a large tenant's targets, not after all of them: a
    // slice ends after SLICE_MS of work (2,000 targets at a time held a list request up to ~40 ms).
    if (performance.now() - slice > SLICE_MS) {
      await new Promise(setImmediate);
      slice = performance.now();
    }
    seen.add(r.id);
    const o = openBy.get(r.id);
    const rec = recentBy.get(r.id);
    const silencedUntil = rec?.silenced_until ? new Date(rec.silenced_until as unknown as string) : null;
    const d = evaluate({
      condition,
      values: deps.lastSamples(r.id, metric, now.getTime(), p.samples),
      open: o ? { state: o.state as 'firing' | 'acknowledged' } : null,
      silencedUntil,
      firedInWindow: Number(rec?.fired ?? 0),
      now,
    });
    if (d.action === 'fire') fires.push({ resource_id: r.id, value: d.value });
    else if (d.action === 'resolve' && o) resolves.push({ open: o, value: d.value, notify: d.notify });
  }
  // A resource that stopped reporting (stopped, deleted, moved out of the policy) clears its alarm.
  for (const o of open) if (!seen.has(o.resource_id)) resolves.push({ open: o, value: null, notify: true });
  if (!fires.length && !resolves.length) return 0;

  // One transaction per policy and round: the alarms, their history and the messages to the receivers,
  // each written in bulk (a storm fires thousands at once; one statement per alarm held the database).
  const events: AlarmChangedEvent[] = [];
  await db.transaction().execute(async (trx) => {
    const tx = trx as unknown as Db;
    const messages: NotifyInput[] = [];
    for (const part of chunks(fires)) {
      const chunk = await firingAlarms(tx, p, part, now);
      const inserted = await trx
        .insertInto('alarms')
        .values(chunk)
        .onConflict((oc) => oc.columns(['policy_id', 'resource_id']).where('state', '<>', 'resolved').doNothing())
        .returning('id')
        .execute();
      const ids = new Set(inserted.map((x) => x.id));
      const made = chunk.filter((a) => ids.has(a.id));
      if (!made.length) continue;
      await trx
        .insertInto('alarm_history')
        .values(made.map((a) => ({ id: newId(), alarm_id: a.id, tenant_id: a.tenant_id, change: 'fired', user_id: null, value: a.value, at: now })))
        .execute();
      for (const a of made) {
        messages.push(fireMessage(p, a));
        events.push(changed(a, 'firing', 'fired', now));
      }
    }
    for (const chunk of chunks(resolves)) {
      // Closed with the value that cleared it, in one statement; answers what the messages name.
      const done = await sql<{ id: string; project_id: string; resource_name: string }>`
        update alarms set state = 'resolved', sort_rank = ${sortRank('resolved', p.level)}, resolved_at = ${now}, updated_at = ${now},
          resolved_value = v.value
        from (values ${sql.join(chunk.map((r) => sql`(${r.open.id}, ${r.value}::double precision)`))}) as v(id, value)
        where alarms.id = v.id and alarms.state <> 'resolved'
        returning alarms.id, alarms.project_id, alarms.resource_name`.execute(trx);
      const closed = new Map(done.rows.map((x) => [x.id, x]));
      const made = chunk.filter((r) => closed.has(r.open.id));
      if (made.length)
        await trx
          .insertInto('alarm_history')
          .values(made.map((r) => ({ id: newId(), alarm_id: r.open.id, tenant_id: p.tenant_id, change: 'resolved', user_id: null, value: r.value, at: now })))
          .execute();
      for (const r of made) {
        const o = { ...closed.get(r.open.id)!, resource_id: r.open.resource_id, tenant_id: p.tenant_id, policy_id: p.id, level: p.level };
        if (r.notify)
          messages.push({
            tenantId: p.tenant_id,
            projectId: o.project_id,
            userIds: receiversOf(p),
            category: 'alarm',
            messageKey: 'alarms:messages.resolved',
            params: { policy: p.name, resource: o.resource_name, value: r.value === null ? '—' : formatValue(p.metric, r.value) },
            link: alarmLink(o.id, p.tenant_id, o.project_id),
            refId: o.id,
          });
        events.push(changed(o, 'resolved', 'resolved', now));
      }
    }
    if (deps.notify && messages.length) await deps.notify.notifyMany(messages, tx);
  });
  if (events.length) deps.publish(events);
  return events.length;
}

/** The alarms to insert for resources that fire, with what the inbox shows of each resource. */
async function firingAlarms(db: Db, p: PolicyRow, fires: { resource_id: string; value: number }[], now: Date): Promise<AlarmInsert[]> {
  const rows = await db
    .selectFrom('resources')
    .select(['id', 'name', 'kind', 'vendor', 'project_id'])
    .where(
      'id',
      'in',
      fires.map((f) => f.resource_id),
    )
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return fires.flatMap((f) => {
    const r = byId.get(f.resource_id);
    if (!r) return []; // deleted since the targets were read
    return [
      {
        id: newId(),
        tenant_id: p.tenant_id,
        project_id: r.project_id,
        policy_id: p.id,
        resource_id: r.id,
        resource_name: r.name,
        resource_kind: r.kind,
        vendor: r.vendor,
        metric: p.metric,
        level: p.level,
        operator: p.operator,
        threshold: Number(p.threshold),
        state: 'firing',
        sort_rank: sortRank('firing', p.level),
        value: f.value,
        fired_at: now,
        updated_at: now,
      },
    ];
  });
}

interface OpenAlarm {
  id: string;
  resource_id: string;
  state: string;
}
/** The columns the evaluator writes when it fires an alarm (the table's own types). */
type AlarmInsert = Pick<
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

function fireMessage(p: PolicyRow, a: { id: string; tenant_id: string; project_id: string; resource_name: string; value: number }) {
  return {
    tenantId: a.tenant_id,
    projectId: a.project_id,
    userIds: receiversOf(p),
    category: 'alarm' as const,
    messageKey: 'alarms:messages.fired',
    params: {
      policy: p.name,
      resource: a.resource_name,
      value: formatValue(p.metric, a.value),
      threshold: formatValue(p.metric, Number(p.threshold)),
      level: LEVEL_TEXT[p.level] ?? p.level,
    },
    link: alarmLink(a.id, a.tenant_id, a.project_id),
    refId: a.id,
    actions: [{ key: 'acknowledge', path: ackPath(a.id, a.tenant_id, a.project_id) }],
  };
}
export { fireMessage };

/**
 * Claims up to `limit` due policies (FOR UPDATE SKIP LOCKED; the claim moves next_eval_at one
 * sample interval on and commits, so another process skips them) and evaluates them.
 */
export async function evaluateDue(deps: EvaluatorDeps, now = new Date(), limit = 100): Promise<number> {
  const claimed = await deps.db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('alarm_policies')
      .selectAll()
      .where('enabled', '=', true)
      .where('next_eval_at', '<=', now)
      .orderBy('next_eval_at')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
    for (const source of ['os', 'base'] as const) {
      const ids = due.filter((p) => p.source === source).map((p) => p.id);
      if (ids.length)
        await trx
          .updateTable('alarm_policies')
          .set({ next_eval_at: new Date(now.getTime() + SOURCE_INTERVAL_S[source] * 1000) })
          .where('id', 'in', ids)
          .execute();
    }
    return due;
  });
  let n = 0;
  for (const p of claimed) n += await evaluatePolicy(deps, p, now);
  // A scheduler round counts work done; evaluations that changed nothing are not "work" to drain.
  return n;
}
