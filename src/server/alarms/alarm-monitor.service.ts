// Monitoring reads (issue 11): metric charts, the monitored resources, the worst reporters, the
// on-call home, who may receive alarms and yearly-billed resources by expiry. Every read takes the
// request's scope.
import { z } from 'zod';
import { notFound } from '../../domain/errors.ts';
import { downsample, KIND_METRICS, METRICS, MONITORED_KINDS, type MetricName } from '../../domain/alarms/alarm-metrics.ts';
import { METRIC_RANGES } from '../../domain/schemas/resource.schema.ts';
import { metricQuerySchema } from '../../domain/alarms/alarm-policy.schema.ts';
import { requirePermission } from '../platform/auth/auth-user.ts';
import type { Scope } from '../platform/auth/scope.ts';
import * as repo from './alarm.repository.ts';
import { type AlarmServiceDeps, canRead, userNames } from './alarm-deps.ts';

type Deps = Pick<AlarmServiceDeps, 'db' | 'provider'>;

/** `{metric, unit, points: [[t, v], …]}`: every raw sample of the range, averaged to ≤ 500 points. */
export async function metrics(deps: Deps, s: Scope, query: unknown) {
  requirePermission(canRead(s));
  const q = metricQuerySchema.parse(query ?? {});
  const r = await repo.liveResourceInScope(deps.db, s, q.resource_id);
  if (!r) throw notFound();
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
}

/** Monitored resources in scope (the monitor pages' pickers). */
export async function monitored(deps: Deps, s: Scope, query: { kind?: string }) {
  requirePermission(canRead(s));
  const kinds = query.kind && MONITORED_KINDS.includes(query.kind) ? [query.kind] : MONITORED_KINDS;
  const rows = await repo.monitoredResources(deps.db, s, kinds);
  return { count: rows.length, data: rows };
}

/** The worst reporting resources by each metric right now, across vendors (pass-monitor_monitor). */
export async function overview(deps: Deps, s: Scope) {
  requirePermission(canRead(s));
  const rows = await repo.overviewResources(deps.db, s);
  const now = Date.now();
  const names: MetricName[] = ['cpu', 'memory', 'disk_usage', 'packet_loss', 'network_in'];
  const out = names.map((metric) => {
    const scored = rows
      .filter((r) => KIND_METRICS[r.kind]?.includes(metric))
      .map((r) => ({ ...r, value: deps.provider.lastSamples(r.id, metric, now, 1)[0] ?? 0 }))
      .sort((a, b) => b.value - a.value)
      .slice(0, 5);
    return { metric, unit: METRICS[metric].unit, top: scored };
  });
  return { at: new Date(now).toISOString(), data: out };
}

/** The on-call home: open alarms by level, hosts by state per vendor, the last hour's changes. */
export async function oncall(deps: Deps, s: Scope) {
  requirePermission(canRead(s));
  const levels = await repo.openAlarmCounts(deps.db, s);
  const hosts = await repo.hostCounts(deps.db, s);
  const timeline = await repo.recentChanges(deps.db, s, new Date(Date.now() - 3_600_000));
  const names = await userNames(
    deps.db,
    timeline.map((t) => t.user_id),
  );
  return {
    alarms: levels.map((l) => ({ ...l, n: Number(l.n) })),
    hosts: hosts.map((h) => ({ ...h, n: Number(h.n) })),
    timeline: timeline.map((t) => ({ ...t, user_name: t.user_id ? (names.get(t.user_id) ?? null) : null })),
  };
}

/** Who may receive this tenant's alarms: its members and the platform's operators. */
export async function receivers(deps: Deps, s: Scope) {
  requirePermission(canRead(s));
  const rows = await repo.alarmReceivers(deps.db, s.tenantId);
  return { count: rows.length, data: rows };
}

/** When a yearly-billed resource expires and whether it renews (by itself or renewed already). */
function expiryOf(r: Awaited<ReturnType<typeof repo.yearlyResources>>[number]) {
  const spec = r.spec as Record<string, unknown>;
  const months = Number(spec.duration ?? 12) + Number(spec.renewed_months ?? 0);
  const expires = new Date(new Date(r.created_at));
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
}

/** Yearly-billed resources by expiry (monitorAlarm_alarmNorenew / _alarmRenew): renewed or not, within `days`. */
export async function renewals(deps: Deps, s: Scope, renewed: boolean, days = 30) {
  requirePermission(canRead(s));
  const rows = await repo.yearlyResources(deps.db, s);
  const now = Date.now();
  const out = rows
    .map(expiryOf)
    .filter((r) => {
      const left = new Date(r.expires_at).getTime() - now;
      const isRenewed = r.auto_renew || r.renewed_months > 0;
      return renewed ? isRenewed : !isRenewed && left < days * 86_400_000;
    })
    .sort((a, b) => a.expires_at.localeCompare(b.expires_at));
  return { count: out.length, data: out };
}
