// Alarm policies, the alarm inbox and monitoring reads (issue 11). Every read and write takes the
// request's scope: a tenant sees only its own policies, alarms and metrics, a project member only
// those of its project; anything else answers 404 like a missing id.
import { sql } from 'kysely';
import { z } from 'zod';
import { AppError, notFound } from '../../domain/errors.ts';
import { newId } from '../../domain/ids.ts';
import { can } from '../../domain/roles.ts';
import type { AlarmChangedEvent } from '../../domain/events.ts';
import { downsample, KIND_METRICS, METRICS, MONITORED_KINDS, type MetricName } from '../../domain/alarms/alarm-metrics.ts';
import { METRIC_RANGES } from '../../domain/schemas/resource.schema.ts';
import {
  alarmListQuerySchema,
  alarmPolicyCreateSchema,
  alarmPolicyUpdateSchema,
  metricQuerySchema,
  policyListQuerySchema,
  silenceSchema,
} from '../../domain/alarms/alarm-policy.schema.ts';
import { requirePermission } from '../plugins/auth.plugin.ts';
import type { Scope } from '../plugins/scope.ts';
import { decodeCursor, encodeCursor } from '../lib/list.ts';
import type { Db } from '../db/database.ts';
import type { EventBus } from '../events/bus.ts';
import type { NotifyPort } from '../notifications/notify-port.ts';
import type { CloudProvider } from '../cloud/provider.ts';
import { alarmChangedEvent, evaluateDue, sortRank, type EvaluatorDeps } from './alarm-evaluator.ts';

export interface AlarmServiceDeps {
  db: Db;
  events: EventBus;
  notify: NotifyPort;
  provider: CloudProvider;
  log: { error: (obj: object, msg: string) => void };
}

const canRead = (s: Scope) => can(s.roles, 'read', 'alarm') || can(s.roles, 'read', 'resource');
const canHandle = (s: Scope) => can(s.roles, 'update', 'alarm') || can(s.roles, 'operate', 'resource');
const canConfigure = (s: Scope) => can(s.roles, 'update', 'alarm') || can(s.roles, 'update', 'resource');

const ALARM_COLUMNS = [
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

export function alarmService(deps: AlarmServiceDeps) {
  const { db } = deps;
  const evaluator: EvaluatorDeps = {
    db,
    lastSamples: (id, m, t, n) => deps.provider.lastSamples(id, m, t, n),
    notify: deps.notify,
    publish: (events) => void deps.events.publish(events).catch((err: unknown) => deps.log.error({ err }, 'alarm event publish failed')),
  };

  /** Rows of a table with tenant_id / project_id the scope may see. */
  const inScope = <T extends { where: (...a: never[]) => T }>(q: T, s: Scope, table: 'alarms' | 'alarm_policies' | 'resources'): T => {
    let out = (q as any).where(`${table}.tenant_id`, '=', s.tenantId);
    if (s.projectId) out = out.where(`${table}.project_id`, '=', s.projectId);
    return out as T;
  };

  async function findResource(s: Scope, id: string) {
    const r = await inScope(db.selectFrom('resources').select(['id', 'name', 'kind', 'vendor', 'status', 'project_id', 'locked']), s, 'resources')
      .where('id', '=', id)
      .where('status', '<>', 'deleted')
      .executeTakeFirst();
    if (!r) throw notFound();
    return r;
  }

  async function findPolicy(s: Scope, id: string) {
    const p = await inScope(db.selectFrom('alarm_policies').selectAll(), s, 'alarm_policies').where('id', '=', id).executeTakeFirst();
    if (!p) throw notFound();
    return p;
  }

  async function userNames(ids: (string | null)[]) {
    const list = [...new Set(ids.filter((x): x is string => !!x))];
    if (!list.length) return new Map<string, string>();
    const rows = await db.selectFrom('users').select(['id', 'nickname']).where('id', 'in', list).execute();
    return new Map(rows.map((r) => [r.id, r.nickname]));
  }

  /** Receivers must be people of the tenant (a membership in it) or of the platform (on-call operators). */
  async function checkReceivers(tenantId: string, receivers: string[]) {
    const rows = await db
      .selectFrom('memberships')
      .select('user_id')
      .where('user_id', 'in', receivers)
      .where((eb) => eb.or([eb('tenant_id', '=', tenantId), eb('tenant_id', 'is', null)]))
      .execute();
    const ok = new Set(rows.map((r) => r.user_id));
    const bad = receivers.findIndex((r) => !ok.has(r));
    if (bad >= 0) throw new z.ZodError([{ code: 'custom', path: ['receivers', bad], message: 'receiver_not_member', input: receivers[bad] } as never]);
  }

  /** Where the policy lives and that its target exists in the caller's scope. */
  async function placePolicy(s: Scope, v: z.infer<typeof alarmPolicyCreateSchema>): Promise<string | null> {
    if (v.target_type === 'resource') {
      const r = await inScope(db.selectFrom('resources').select(['id', 'kind', 'project_id']), s, 'resources')
        .where('id', '=', v.target_value)
        .executeTakeFirst();
      if (!r) throw new z.ZodError([{ code: 'custom', path: ['target_value'], message: 'target_missing', input: v.target_value } as never]);
      if (r.kind !== v.kind) throw new z.ZodError([{ code: 'custom', path: ['target_value'], message: 'target_kind', input: v.target_value } as never]);
      return r.project_id;
    }
    if (v.target_type === 'project') {
      const p = await db.selectFrom('projects').select('id').where('id', '=', v.target_value).where('tenant_id', '=', s.tenantId).executeTakeFirst();
      if (!p || (s.projectId && s.projectId !== p.id))
        throw new z.ZodError([{ code: 'custom', path: ['target_value'], message: 'target_missing', input: v.target_value } as never]);
      return p.id;
    }
    return s.projectId;
  }

  const showPolicy = (p: { receivers: unknown } & Record<string, unknown>, names: Map<string, string>) => {
    const receivers = Array.isArray(p.receivers) ? (p.receivers as string[]) : [];
    return { ...p, next_eval_at: undefined, receivers, receiver_names: receivers.map((r) => names.get(r) ?? '—') };
  };

  async function showAlarms<T extends { acknowledged_by: string | null; claimed_by: string | null; policy_id: string }>(rows: T[]) {
    const names = await userNames(rows.flatMap((r) => [r.acknowledged_by, r.claimed_by]));
    const policyIds = [...new Set(rows.map((r) => r.policy_id))];
    const policies = policyIds.length
      ? await db.selectFrom('alarm_policies').select(['id', 'name', 'occurrences', 'samples']).where('id', 'in', policyIds).execute()
      : [];
    const pol = new Map(policies.map((p) => [p.id, p]));
    return rows.map((r) => ({
      ...r,
      policy_name: pol.get(r.policy_id)?.name ?? '',
      unit: (METRICS as Record<string, { unit: string }>)[(r as unknown as { metric: string }).metric]?.unit ?? '',
      acknowledged_by_name: r.acknowledged_by ? (names.get(r.acknowledged_by) ?? null) : null,
      claimed_by_name: r.claimed_by ? (names.get(r.claimed_by) ?? null) : null,
    }));
  }

  async function findAlarm(s: Scope, id: string) {
    const a = await inScope(db.selectFrom('alarms').select([...ALARM_COLUMNS]), s, 'alarms')
      .where('alarms.id', '=', id)
      .executeTakeFirst();
    if (!a) throw notFound();
    return a;
  }

  /** One state change by a person, recorded and published. */
  async function change(
    s: Scope,
    id: string,
    what: 'acknowledged' | 'claimed' | 'silenced',
    set: (a: Awaited<ReturnType<typeof findAlarm>>, now: Date) => Record<string, unknown>,
    allowed: (a: Awaited<ReturnType<typeof findAlarm>>) => string | null,
    detail: Record<string, unknown> = {},
  ) {
    requirePermission(canHandle(s));
    const now = new Date();
    const result = await db.transaction().execute(async (trx) => {
      const a = await inScope(trx.selectFrom('alarms').select([...ALARM_COLUMNS]), s, 'alarms')
        .where('alarms.id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!a) throw notFound();
      const refusal = allowed(a);
      if (refusal) throw new AppError(409, refusal);
      const values = { ...set(a, now), updated_at: now };
      await trx.updateTable('alarms').set(values).where('id', '=', id).execute();
      await trx
        .insertInto('alarm_history')
        .values({ id: newId(), alarm_id: id, tenant_id: a.tenant_id, change: what, user_id: s.user.id, value: null, detail: JSON.stringify(detail), at: now })
        .execute();
      return { ...a, ...values };
    });
    const state = result.state as AlarmChangedEvent['state'];
    await deps.events.publish([alarmChangedEvent(result, state, what, now)]).catch((err: unknown) => deps.log.error({ err }, 'alarm event publish failed'));
    return (await showAlarms([result]))[0]!;
  }

  return {
    evaluateDue: (now?: Date) => evaluateDue(evaluator, now),
    evaluator,

    async listPolicies(s: Scope, query: unknown) {
      requirePermission(canRead(s));
      const q = policyListQuerySchema.parse(query ?? {});
      let base = inScope(db.selectFrom('alarm_policies'), s, 'alarm_policies');
      if (q.project_id) base = base.where('project_id', '=', q.project_id);
      if (q.level) base = base.where('level', '=', q.level);
      if (q.kind) base = base.where('kind', '=', q.kind);
      const { count } = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
      const rows = await base.selectAll().orderBy('created_at', 'desc').orderBy('id').limit(q.__limit).offset(q.__offset).execute();
      const names = await userNames(rows.flatMap((r) => (Array.isArray(r.receivers) ? (r.receivers as string[]) : [])));
      return { count: Number(count), data: rows.map((r) => showPolicy(r, names)) };
    },

    async getPolicy(s: Scope, id: string) {
      requirePermission(canRead(s));
      const p = await findPolicy(s, id);
      return showPolicy(p, await userNames(p.receivers as string[]));
    },

    async createPolicy(s: Scope, body: unknown) {
      requirePermission(canConfigure(s));
      const v = alarmPolicyCreateSchema.parse(body);
      await checkReceivers(s.tenantId, v.receivers);
      const projectId = await placePolicy(s, v);
      const now = new Date();
      const row = {
        id: newId(),
        tenant_id: s.tenantId,
        project_id: projectId,
        ...v,
        target_value: v.target_type === 'kind' ? '' : v.target_value,
        receivers: JSON.stringify(v.receivers),
        next_eval_at: now,
        created_by: s.user.id,
        created_at: now,
        updated_at: now,
      };
      await db.insertInto('alarm_policies').values(row).execute();
      return this.getPolicy(s, row.id);
    },

    async updatePolicy(s: Scope, id: string, body: unknown) {
      requirePermission(canConfigure(s));
      const patch = alarmPolicyUpdateSchema.parse(body);
      const p = await findPolicy(s, id);
      const merged = alarmPolicyCreateSchema.parse({
        name: p.name,
        kind: p.kind,
        metric: p.metric,
        level: p.level,
        operator: p.operator,
        threshold: Number(p.threshold),
        occurrences: p.occurrences,
        samples: p.samples,
        max_alarms: p.max_alarms,
        source: p.source,
        receivers: p.receivers,
        target_type: p.target_type,
        target_value: p.target_value,
        enabled: p.enabled,
        ...patch,
      });
      await checkReceivers(s.tenantId, merged.receivers);
      const projectId = await placePolicy({ ...s, projectId: s.projectId ?? p.project_id }, merged);
      await db
        .updateTable('alarm_policies')
        .set({ ...merged, project_id: projectId, receivers: JSON.stringify(merged.receivers), updated_at: new Date(), next_eval_at: new Date() })
        .where('id', '=', id)
        .execute();
      return this.getPolicy(s, id);
    },

    async deletePolicy(s: Scope, id: string) {
      requirePermission(canConfigure(s));
      await findPolicy(s, id);
      await db.deleteFrom('alarm_policies').where('id', '=', id).execute();
      return { id };
    },

    /** The inbox: firing first, then by level, newest first; `{count, data, next_cursor}`. */
    async listAlarms(s: Scope, query: unknown) {
      requirePermission(canRead(s));
      const q = alarmListQuerySchema.parse(query ?? {});
      let base = inScope(db.selectFrom('alarms'), s, 'alarms');
      if (q.state) base = base.where('alarms.state', '=', q.state);
      if (q.level) base = base.where('alarms.level', '=', q.level);
      if (q.vendor) base = base.where('alarms.vendor', '=', q.vendor);
      if (q.project_id) base = base.where('alarms.project_id', '=', q.project_id);
      if (q.resource_id) base = base.where('alarms.resource_id', '=', q.resource_id);
      if (q.policy_id) base = base.where('alarms.policy_id', '=', q.policy_id);
      const { count } = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
      let page = base.select([...ALARM_COLUMNS]);
      if (q.__cursor) {
        const [packed, lastId] = decodeCursor(q.__cursor);
        const [rank, firedMs] = String(packed).split('|').map(Number);
        if (!Number.isFinite(rank) || !Number.isFinite(firedMs)) throw new AppError(400, 'validation', { field: '__cursor', rule: '—' });
        const fired = new Date(firedMs!);
        page = page.where((eb) =>
          eb.or([
            eb('alarms.sort_rank', '>', rank!),
            eb.and([eb('alarms.sort_rank', '=', rank!), eb('alarms.fired_at', '<', fired)]),
            eb.and([eb('alarms.sort_rank', '=', rank!), eb('alarms.fired_at', '=', fired), eb('alarms.id', '>', lastId)]),
          ]),
        );
      }
      const rows = await page
        .orderBy('alarms.sort_rank')
        .orderBy('alarms.fired_at', 'desc')
        .orderBy('alarms.id')
        .limit(q.__limit + 1)
        .execute();
      const more = rows.length > q.__limit;
      const data = rows.slice(0, q.__limit);
      const last = data[data.length - 1];
      const next_cursor = more && last ? encodeCursor([`${last.sort_rank}|${new Date(last.fired_at).getTime()}`, last.id]) : null;
      return { count: Number(count), data: await showAlarms(data), next_cursor };
    },

    async getAlarm(s: Scope, id: string) {
      requirePermission(canRead(s));
      const a = await findAlarm(s, id);
      const history = await db
        .selectFrom('alarm_history')
        .select(['id', 'change', 'user_id', 'value', 'at'])
        .where('alarm_id', '=', id)
        .orderBy('seq')
        .execute();
      const names = await userNames(history.map((h) => h.user_id));
      const resource = await db
        .selectFrom('resources')
        .select(['id', 'name', 'kind', 'status', 'locked', 'vendor'])
        .where('id', '=', a.resource_id)
        .where('tenant_id', '=', a.tenant_id)
        .executeTakeFirst();
      const [shown] = await showAlarms([a]);
      return { ...shown!, resource: resource ?? null, history: history.map((h) => ({ ...h, user_name: h.user_id ? (names.get(h.user_id) ?? null) : null })) };
    },

    ack: (s: Scope, id: string) =>
      change(
        s,
        id,
        'acknowledged',
        (a, now) => ({ state: 'acknowledged', sort_rank: sortRank('acknowledged', a.level), acknowledged_at: now, acknowledged_by: s.user.id }),
        (a) => (a.state === 'firing' ? null : a.state === 'acknowledged' ? 'alarm_already_acknowledged' : 'alarm_already_resolved'),
      ),

    claim: (s: Scope, id: string) =>
      change(
        s,
        id,
        'claimed',
        (_a, now) => ({ claimed_at: now, claimed_by: s.user.id }),
        (a) => (a.state === 'resolved' ? 'alarm_already_resolved' : a.claimed_by === s.user.id ? 'alarm_already_claimed' : null),
      ),

    silence(s: Scope, id: string, body: unknown) {
      const { minutes } = silenceSchema.parse(body);
      return change(
        s,
        id,
        'silenced',
        (_a, now) => ({ silenced_until: new Date(now.getTime() + minutes * 60_000), silenced_by: s.user.id }),
        (a) => (a.state === 'resolved' ? 'alarm_already_resolved' : null),
        { minutes },
      );
    },

    /** `{metric, unit, points: [[t, v], …]}`: every raw sample of the range, averaged to ≤ 500 points. */
    async metrics(s: Scope, query: unknown) {
      requirePermission(canRead(s));
      const q = metricQuerySchema.parse(query ?? {});
      const r = await findResource(s, q.resource_id);
      if (!KIND_METRICS[r.kind]?.includes(q.metric))
        throw new z.ZodError([{ code: 'custom', path: ['metric'], message: 'metric_not_of_kind', input: q.metric } as never]);
      const end = Math.min(q.end ?? Date.now(), Date.now());
      const from = end - METRIC_RANGES[q.range] * 1000;
      const points = downsample(deps.provider.series(r.id, q.metric, from, end));
      return {
        metric: q.metric,
        unit: METRICS[q.metric].unit,
        range: q.range,
        resource: { id: r.id, name: r.name, kind: r.kind, vendor: r.vendor, status: r.status },
        points,
      };
    },

    /** Monitored resources in scope (the monitor pages' pickers). */
    async monitored(s: Scope, query: { kind?: string }) {
      requirePermission(canRead(s));
      const kinds = query.kind && MONITORED_KINDS.includes(query.kind) ? [query.kind] : MONITORED_KINDS;
      const rows = await inScope(db.selectFrom('resources').select(['id', 'name', 'kind', 'vendor', 'status', 'project_id', 'locked']), s, 'resources')
        .where('kind', 'in', kinds)
        .where('status', '<>', 'deleted')
        .orderBy('name')
        .limit(500)
        .execute();
      return { count: rows.length, data: rows };
    },

    /** The worst reporting resources by each metric right now, across vendors (pass-monitor_monitor). */
    async overview(s: Scope) {
      requirePermission(canRead(s));
      const rows = await inScope(db.selectFrom('resources').select(['id', 'name', 'kind', 'vendor', 'project_id']), s, 'resources')
        .where('kind', 'in', ['instance', 'phyhost', 'dedicated_host', 'volume', 'load_balancer', 'eip', 'nat_gateway'])
        .where('status', 'in', ['running', 'available', 'allocated', 'mounted'])
        .limit(2000)
        .execute();
      const now = Date.now();
      const metrics: MetricName[] = ['cpu', 'memory', 'disk_usage', 'packet_loss', 'network_in'];
      const out = metrics.map((metric) => {
        const scored = rows
          .filter((r) => KIND_METRICS[r.kind]?.includes(metric))
          .map((r) => ({ ...r, value: deps.provider.lastSamples(r.id, metric, now, 1)[0] ?? 0 }))
          .sort((a, b) => b.value - a.value)
          .slice(0, 5);
        return { metric, unit: METRICS[metric].unit, top: scored };
      });
      return { at: new Date(now).toISOString(), data: out };
    },

    /** The on-call home: open alarms by level, hosts by state per vendor, the last hour's changes. */
    async oncall(s: Scope) {
      requirePermission(canRead(s));
      const levels = await inScope(db.selectFrom('alarms'), s, 'alarms')
        .select(['level', 'state', (eb) => eb.fn.countAll<number>().as('n')])
        .where('state', '<>', 'resolved')
        .groupBy(['level', 'state'])
        .execute();
      const hosts = await inScope(db.selectFrom('resources'), s, 'resources')
        .select(['vendor', 'status', (eb) => eb.fn.countAll<number>().as('n')])
        .where('kind', 'in', ['instance', 'phyhost'])
        .where('status', '<>', 'deleted')
        .groupBy(['vendor', 'status'])
        .execute();
      const since = new Date(Date.now() - 3_600_000);
      const timeline = await db
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
      const names = await userNames(timeline.map((t) => t.user_id));
      return {
        alarms: levels.map((l) => ({ ...l, n: Number(l.n) })),
        hosts: hosts.map((h) => ({ ...h, n: Number(h.n) })),
        timeline: timeline.map((t) => ({ ...t, user_name: t.user_id ? (names.get(t.user_id) ?? null) : null })),
      };
    },

    /** Who may receive this tenant's alarms: its members and the platform's operators. */
    async receivers(s: Scope) {
      requirePermission(canRead(s));
      const rows = await db
        .selectFrom('users')
        .innerJoin('memberships', 'memberships.user_id', 'users.id')
        .select(['users.id', 'users.nickname', 'users.account'])
        .where((eb) =>
          eb.or([
            eb('memberships.tenant_id', '=', s.tenantId),
            eb.and([eb('memberships.tenant_id', 'is', null), eb('memberships.role', 'in', ['ops_admin', 'super_admin'])]),
          ]),
        )
        .distinct()
        .orderBy('users.account')
        .execute();
      return { count: rows.length, data: rows };
    },

    /** Yearly-billed resources by expiry (monitorAlarm_alarmNorenew / _alarmRenew): renewed or not, within `days`. */
    async renewals(s: Scope, renewed: boolean, days = 30) {
      requirePermission(canRead(s));
      const rows = await inScope(
        db.selectFrom('resources').select(['id', 'name', 'kind', 'vendor', 'status', 'project_id', 'created_at', 'spec']),
        s,
        'resources',
      )
        .where('status', '<>', 'deleted')
        .where(sql<string>`spec->>'charging_code'`, '=', 'year')
        .execute();
      const now = Date.now();
      const out = rows
        .map((r) => {
          const spec = r.spec as Record<string, unknown>;
          const months = Number(spec.duration ?? 12) + Number(spec.renewed_months ?? 0);
          const start = new Date(r.created_at);
          const expires = new Date(start);
          expires.setUTCMonth(expires.getUTCMonth() + months);
          return {
            id: r.id,
            name: r.name,
            kind: r.kind,
            vendor: r.vendor,
            status: r.status,
            project_id: r.project_id,
            expires_at: expires.toISOString(),
            auto_renew: spec.auto_renew === true,
            renewed_months: Number(spec.renewed_months ?? 0),
          };
        })
        .filter((r) => {
          const left = new Date(r.expires_at).getTime() - now;
          const isRenewed = r.auto_renew || r.renewed_months > 0;
          return renewed ? isRenewed : !isRenewed && left < days * 86_400_000;
        })
        .sort((a, b) => a.expires_at.localeCompare(b.expires_at));
      return { count: out.length, data: out };
    },
  };
}

export type AlarmService = ReturnType<typeof alarmService>;
