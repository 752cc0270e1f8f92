// The alarm evaluator (issue 11): claims due policies with FOR UPDATE SKIP LOCKED (several server
// processes share the work and each policy is evaluated by one of them), reads the last M samples of
// every resource the policy applies to, and lets the pure core (domain/alarms/evaluate.ts) decide.
// A fire inserts the one open alarm of (policy, resource) — a partial unique index refuses a second —
// and tells the receivers; a resolve closes it. Every change is recorded in alarm_history and
// published as `alarm.changed`.
import { newId } from '../../domain/ids.ts';
import type { AlarmChangedEvent } from '../../domain/events.ts';
import { METRICS, SOURCE_INTERVAL_S, type MetricName } from '../../domain/alarms/alarm-metrics.ts';
import { evaluate, LEVEL_RANK, MAX_COUNT_WINDOW_MS, type Level, type Operator } from '../../domain/alarms/evaluate.ts';
import type { Db } from '../platform/db/database.ts';
import type { NotifyInput, NotifyPort } from '../notifications/notify-port.ts';
import { chunks } from '../platform/lib/chunks.ts';
import {
  type AlarmInsert,
  type PolicyRow,
  evaluatorHistory,
  insertFiring,
  insertHistory,
  lockDuePolicies,
  openAlarmsOfPolicy,
  postponePolicies,
  recentFirings,
  reportingTargets,
  resolveAlarms,
  resourcesByIds,
} from './alarm.repository.ts';

export type { PolicyRow } from './alarm.repository.ts';
export { reportingTargets as targetsOf };

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

interface OpenAlarm {
  id: string;
  resource_id: string;
  state: string;
}
interface Decisions {
  fires: { resource_id: string; value: number }[];
  resolves: { open: OpenAlarm; value: number | null; notify: boolean }[];
}

/** Evaluates one policy at `now` over every resource it applies to; answers how many alarms changed. */
export async function evaluatePolicy(deps: EvaluatorDeps, p: PolicyRow, now: Date): Promise<number> {
  const { fires, resolves } = await decide(deps, p, now);
  if (!fires.length && !resolves.length) return 0;
  // One transaction per policy and round: the alarms, their history and the messages to the receivers,
  // each written in bulk (a storm fires thousands at once; one statement per alarm held the database).
  const events: AlarmChangedEvent[] = [];
  await deps.db.transaction().execute(async (trx) => {
    const messages: NotifyInput[] = [];
    await writeFires(trx, p, fires, now, messages, events);
    await writeResolves(trx, p, resolves, now, messages, events);
    if (deps.notify && messages.length) await deps.notify.notifyMany(messages, trx);
  });
  if (events.length) deps.publish(events);
  return events.length;
}

/** What the pure core decides for every target of the policy, and the open alarms whose resource left. */
async function decide(deps: EvaluatorDeps, p: PolicyRow, now: Date): Promise<Decisions> {
  const { db } = deps;
  const targets = await reportingTargets(db, p);
  const open = await openAlarmsOfPolicy(db, p.id);
  const openBy = new Map(open.map((a) => [a.resource_id, a]));
  const recent = await recentFirings(db, p.id, new Date(now.getTime() - MAX_COUNT_WINDOW_MS), now);
  const recentBy = new Map(recent.map((r) => [r.resource_id, r]));
  const condition = {
    operator: p.operator as Operator,
    threshold: Number(p.threshold),
    occurrences: p.occurrences,
    samples: p.samples,
    max_alarms: p.max_alarms,
  };
  const metric = p.metric as MetricName;
  const out: Decisions = { fires: [], resolves: [] };
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
    if (d.action === 'fire') out.fires.push({ resource_id: r.id, value: d.value });
    else if (d.action === 'resolve' && o) out.resolves.push({ open: o, value: d.value, notify: d.notify });
  }
  // A resource that stopped reporting (stopped, deleted, moved out of the policy) clears its alarm.
  for (const o of open) if (!seen.has(o.resource_id)) out.resolves.push({ open: o, value: null, notify: true });
  return out;
}

async function writeFires(trx: Db, p: PolicyRow, fires: Decisions['fires'], now: Date, messages: NotifyInput[], events: AlarmChangedEvent[]) {
  for (const part of chunks(fires)) {
    const chunk = await firingAlarms(trx, p, part, now);
    const ids = await insertFiring(trx, chunk);
    const made = chunk.filter((a) => ids.has(a.id));
    if (!made.length) continue;
    await insertHistory(
      trx,
      made.map((a) => evaluatorHistory(a.id, a.tenant_id, 'fired', a.value, now)),
    );
    for (const a of made) {
      messages.push(fireMessage(p, a));
      events.push(changed(a, 'firing', 'fired', now));
    }
  }
}

async function writeResolves(trx: Db, p: PolicyRow, resolves: Decisions['resolves'], now: Date, messages: NotifyInput[], events: AlarmChangedEvent[]) {
  for (const chunk of chunks(resolves)) {
    const done = await resolveAlarms(
      trx,
      sortRank('resolved', p.level),
      now,
      chunk.map((r) => ({ id: r.open.id, value: r.value })),
    );
    const closed = new Map(done.map((x) => [x.id, x]));
    const made = chunk.filter((r) => closed.has(r.open.id));
    if (made.length)
      await insertHistory(
        trx,
        made.map((r) => evaluatorHistory(r.open.id, p.tenant_id, 'resolved', r.value, now)),
      );
    for (const r of made) {
      const o = { ...closed.get(r.open.id)!, resource_id: r.open.resource_id, tenant_id: p.tenant_id, policy_id: p.id, level: p.level };
      if (r.notify) messages.push(resolveMessage(p, o, r.value));
      events.push(changed(o, 'resolved', 'resolved', now));
    }
  }
}

function resolveMessage(p: PolicyRow, o: { id: string; project_id: string; resource_name: string }, value: number | null): NotifyInput {
  return {
    tenantId: p.tenant_id,
    projectId: o.project_id,
    userIds: receiversOf(p),
    category: 'alarm',
    messageKey: 'alarms:messages.resolved',
    params: { policy: p.name, resource: o.resource_name, value: value === null ? '—' : formatValue(p.metric, value) },
    link: alarmLink(o.id, p.tenant_id, o.project_id),
    refId: o.id,
  };
}

/** The alarms to insert for resources that fire, with what the inbox shows of each resource. */
async function firingAlarms(db: Db, p: PolicyRow, fires: { resource_id: string; value: number }[], now: Date): Promise<AlarmInsert[]> {
  const rows = await resourcesByIds(
    db,
    fires.map((f) => f.resource_id),
  );
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
    const due = await lockDuePolicies(trx, now, limit);
    for (const source of ['os', 'base'] as const) {
      const ids = due.filter((p) => p.source === source).map((p) => p.id);
      if (ids.length) await postponePolicies(trx, ids, new Date(now.getTime() + SOURCE_INTERVAL_S[source] * 1000));
    }
    return due;
  });
  let n = 0;
  for (const p of claimed) n += await evaluatePolicy(deps, p, now);
  // A scheduler round counts work done; evaluations that changed nothing are not "work" to drain.
  return n;
}
