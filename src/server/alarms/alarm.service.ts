// Alarm policies, the alarm inbox and monitoring reads (issue 11). Every read and write takes the
// request's scope: a tenant sees only its own policies, alarms and metrics, a project member only
// those of its project; anything else answers 404 like a missing id. This file holds the inbox and
// the factory that binds the slice's services to their dependencies (alarm-policy.service.ts,
// alarm-monitor.service.ts, alarm-evaluator.ts).
import { AppError, notFound } from '../../domain/errors.ts';
import { newId } from '../../domain/ids.ts';
import type { AlarmChangedEvent } from '../../domain/events.ts';
import { METRICS } from '../../domain/alarms/alarm-metrics.ts';
import { KINDS } from '../../domain/kinds/registry.ts';
import { kindDetailPath } from '../../domain/kinds/kind-paths.ts';
import { alarmListQuerySchema, silenceSchema } from '../../domain/alarms/alarm-policy.schema.ts';
import { requirePermission } from '../platform/auth/auth-user.ts';
import type { Scope } from '../platform/auth/scope.ts';
import { decodeCursor, encodeCursor } from '../platform/lib/list.ts';
import { alarmChangedEvent, evaluateDue, sortRank, type EvaluatorDeps } from './alarm-evaluator.ts';
import * as repo from './alarm.repository.ts';
import type { AlarmRow } from './alarm.repository.ts';
import { type AlarmServiceDeps, canHandle, canRead, userNames } from './alarm-deps.ts';
import { createPolicy, deletePolicy, getPolicy, listPolicies, updatePolicy } from './alarm-policy.service.ts';
import { metrics, monitored, oncall, overview, receivers, renewals } from './alarm-monitor.service.ts';

export type { AlarmServiceDeps } from './alarm-deps.ts';

type Change = 'acknowledged' | 'claimed' | 'silenced';

/** The evaluator's dependencies: samples from the cloud provider, events published without waiting. */
export function evaluatorOf(deps: AlarmServiceDeps): EvaluatorDeps {
  return {
    db: deps.db,
    lastSamples: (id, m, t, n) => deps.provider.lastSamples(id, m, t, n),
    notify: deps.notify,
    publish: (events) => void deps.events.publish(events).catch((err: unknown) => deps.log.error({ err }, 'alarm event publish failed')),
  };
}

/** Alarms as the inbox shows them: the policy's name, the metric's unit and who acknowledged or claimed. */
async function showAlarms<T extends { acknowledged_by: string | null; claimed_by: string | null; policy_id: string }>(deps: AlarmServiceDeps, rows: T[]) {
  const names = await userNames(
    deps.db,
    rows.flatMap((r) => [r.acknowledged_by, r.claimed_by]),
  );
  const policyIds = [...new Set(rows.map((r) => r.policy_id))];
  const policies = policyIds.length ? await repo.policiesByIds(deps.db, policyIds) : [];
  const pol = new Map(policies.map((p) => [p.id, p]));
  return rows.map((r) => ({
    ...r,
    policy_name: pol.get(r.policy_id)?.name ?? '',
    unit: (METRICS as Record<string, { unit: string }>)[(r as unknown as { metric: string }).metric]?.unit ?? '',
    acknowledged_by_name: r.acknowledged_by ? (names.get(r.acknowledged_by) ?? null) : null,
    claimed_by_name: r.claimed_by ? (names.get(r.claimed_by) ?? null) : null,
  }));
}

/** One state change by a person, recorded and published. */
async function change(
  deps: AlarmServiceDeps,
  s: Scope,
  id: string,
  what: Change,
  set: (a: AlarmRow, now: Date) => Record<string, unknown>,
  allowed: (a: AlarmRow) => string | null,
  detail: Record<string, unknown> = {},
) {
  requirePermission(canHandle(s));
  const now = new Date();
  const result = await deps.db.transaction().execute(async (trx) => {
    const a = await repo.alarmInScope(trx, s, id, true);
    if (!a) throw notFound();
    const refusal = allowed(a);
    if (refusal) throw new AppError(409, refusal);
    const values = { ...set(a, now), updated_at: now };
    await repo.updateAlarm(trx, id, values);
    await repo.insertHistory(trx, [
      { id: newId(), alarm_id: id, tenant_id: a.tenant_id, change: what, user_id: s.user.id, value: null, detail: JSON.stringify(detail), at: now },
    ]);
    return { ...a, ...values };
  });
  const state = result.state as AlarmChangedEvent['state'];
  await deps.events.publish([alarmChangedEvent(result, state, what, now)]).catch((err: unknown) => deps.log.error({ err }, 'alarm event publish failed'));
  return (await showAlarms(deps, [result]))[0]!;
}

/** Where the page after `cursor` starts; a cursor that does not read back answers 400. */
function cursorOf(cursor: string): repo.AlarmCursor {
  const [packed, lastId] = decodeCursor(cursor);
  const [rank, firedMs] = String(packed).split('|').map(Number);
  if (!Number.isFinite(rank) || !Number.isFinite(firedMs)) throw new AppError(400, 'validation', { field: '__cursor', rule: '—' });
  return { rank: rank!, fired: new Date(firedMs!), lastId: lastId as string };
}

/** The inbox: firing first, then by level, newest first; `{count, data, next_cursor}`. */
export async function listAlarms(deps: AlarmServiceDeps, s: Scope, query: unknown) {
  requirePermission(canRead(s));
  const q = alarmListQuerySchema.parse(query ?? {});
  const count = await repo.countAlarms(deps.db, s, q);
  const rows = await repo.alarmPage(deps.db, s, q, q.__cursor ? cursorOf(q.__cursor) : null, q.__limit + 1);
  const more = rows.length > q.__limit;
  const data = rows.slice(0, q.__limit);
  const last = data[data.length - 1];
  const next_cursor = more && last ? encodeCursor([`${last.sort_rank}|${new Date(last.fired_at).getTime()}`, last.id]) : null;
  return { count, data: await showAlarms(deps, data), next_cursor };
}

export async function getAlarm(deps: AlarmServiceDeps, s: Scope, id: string) {
  requirePermission(canRead(s));
  const a = await repo.alarmInScope(deps.db, s, id);
  if (!a) throw notFound();
  const history = await repo.historyOf(deps.db, id);
  const names = await userNames(
    deps.db,
    history.map((h) => h.user_id),
  );
  const resource = await repo.alarmResource(deps.db, a.tenant_id, a.resource_id);
  const [shown] = await showAlarms(deps, [a]);
  // Where the resource's own page is (the alarm detail links its name there).
  const def = resource ? KINDS.find((k) => k.kind === resource.kind) : undefined;
  const page = resource && def ? (kindDetailPath(def, resource.id) ?? null) : null;
  return {
    ...shown!,
    resource: resource ? { ...resource, detail_path: page } : null,
    history: history.map((h) => ({ ...h, user_name: h.user_id ? (names.get(h.user_id) ?? null) : null })),
  };
}

export function ack(deps: AlarmServiceDeps, s: Scope, id: string) {
  return change(
    deps,
    s,
    id,
    'acknowledged',
    (a, now) => ({ state: 'acknowledged', sort_rank: sortRank('acknowledged', a.level), acknowledged_at: now, acknowledged_by: s.user.id }),
    (a) => (a.state === 'firing' ? null : a.state === 'acknowledged' ? 'alarm_already_acknowledged' : 'alarm_already_resolved'),
  );
}

export function claim(deps: AlarmServiceDeps, s: Scope, id: string) {
  return change(
    deps,
    s,
    id,
    'claimed',
    (_a, now) => ({ claimed_at: now, claimed_by: s.user.id }),
    (a) => (a.state === 'resolved' ? 'alarm_already_resolved' : a.claimed_by === s.user.id ? 'alarm_already_claimed' : null),
  );
}

export function silence(deps: AlarmServiceDeps, s: Scope, id: string, body: unknown) {
  const { minutes } = silenceSchema.parse(body);
  return change(
    deps,
    s,
    id,
    'silenced',
    (_a, now) => ({ silenced_until: new Date(now.getTime() + minutes * 60_000), silenced_by: s.user.id }),
    (a) => (a.state === 'resolved' ? 'alarm_already_resolved' : null),
    { minutes },
  );
}

/** The slice's services bound to their dependencies (composition.ts builds it; routes call it). */
export function alarmService(deps: AlarmServiceDeps) {
  const evaluator = evaluatorOf(deps);
  return {
    evaluateDue: (now?: Date) => evaluateDue(evaluator, now),
    evaluator,
    listPolicies: (s: Scope, query: unknown) => listPolicies(deps, s, query),
    getPolicy: (s: Scope, id: string) => getPolicy(deps, s, id),
    createPolicy: (s: Scope, body: unknown) => createPolicy(deps, s, body),
    updatePolicy: (s: Scope, id: string, body: unknown) => updatePolicy(deps, s, id, body),
    deletePolicy: (s: Scope, id: string) => deletePolicy(deps, s, id),
    listAlarms: (s: Scope, query: unknown) => listAlarms(deps, s, query),
    getAlarm: (s: Scope, id: string) => getAlarm(deps, s, id),
    ack: (s: Scope, id: string) => ack(deps, s, id),
    claim: (s: Scope, id: string) => claim(deps, s, id),
    silence: (s: Scope, id: string, body: unknown) => silence(deps, s, id, body),
    metrics: (s: Scope, query: unknown) => metrics(deps, s, query),
    monitored: (s: Scope, query: { kind?: string }) => monitored(deps, s, query),
    overview: (s: Scope) => overview(deps, s),
    oncall: (s: Scope) => oncall(deps, s),
    receivers: (s: Scope) => receivers(deps, s),
    renewals: (s: Scope, renewed: boolean, days?: number) => renewals(deps, s, renewed, days),
  };
}

export type AlarmService = ReturnType<typeof alarmService>;
