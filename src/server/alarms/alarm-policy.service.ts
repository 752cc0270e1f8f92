// Alarm policies (issue 11): list, read, create, update and delete within the request's scope; a
// policy of another tenant or project answers 404 like a missing id.
import { z } from 'zod';
import { notFound } from '../../domain/errors.ts';
import { newId } from '../../domain/ids.ts';
import { alarmPolicyCreateSchema, alarmPolicyUpdateSchema, policyListQuerySchema } from '../../domain/alarms/alarm-policy.schema.ts';
import { requirePermission } from '../platform/auth/auth-user.ts';
import type { Scope } from '../platform/auth/scope.ts';
import * as repo from './alarm.repository.ts';
import { type AlarmServiceDeps, canConfigure, canRead, userNames } from './alarm-deps.ts';

type Deps = Pick<AlarmServiceDeps, 'db'>;
type PolicyInput = z.infer<typeof alarmPolicyCreateSchema>;

const fieldError = (path: (string | number)[], message: string, input: unknown) => new z.ZodError([{ code: 'custom', path, message, input } as never]);

async function findPolicy(deps: Deps, s: Scope, id: string) {
  const p = await repo.policyInScope(deps.db, s, id);
  if (!p) throw notFound();
  return p;
}

/** Receivers must be people of the tenant (a membership in it) or of the platform (on-call operators). */
async function checkReceivers(deps: Deps, tenantId: string, receivers: string[]) {
  const rows = await repo.memberReceivers(deps.db, tenantId, receivers);
  const ok = new Set(rows.map((r) => r.user_id));
  const bad = receivers.findIndex((r) => !ok.has(r));
  if (bad >= 0) throw fieldError(['receivers', bad], 'receiver_not_member', receivers[bad]);
}

/** Where the policy lives and that its target exists in the caller's scope. */
async function placePolicy(deps: Deps, s: Scope, v: PolicyInput): Promise<string | null> {
  if (v.target_type === 'resource') {
    const r = await repo.resourceInScope(deps.db, s, v.target_value);
    if (!r) throw fieldError(['target_value'], 'target_missing', v.target_value);
    if (r.kind !== v.kind) throw fieldError(['target_value'], 'target_kind', v.target_value);
    return r.project_id;
  }
  if (v.target_type === 'project') {
    const p = await repo.projectOfTenant(deps.db, s.tenantId, v.target_value);
    if (!p || (s.projectId && s.projectId !== p.id)) throw fieldError(['target_value'], 'target_missing', v.target_value);
    return p.id;
  }
  return s.projectId;
}

function showPolicy(p: { receivers: unknown } & Record<string, unknown>, names: Map<string, string>) {
  const receivers = Array.isArray(p.receivers) ? (p.receivers as string[]) : [];
  return { ...p, next_eval_at: undefined, receivers, receiver_names: receivers.map((r) => names.get(r) ?? '—') };
}

export async function listPolicies(deps: Deps, s: Scope, query: unknown) {
  requirePermission(canRead(s));
  const q = policyListQuerySchema.parse(query ?? {});
  const { count, rows } = await repo.policyPage(deps.db, s, q);
  const names = await userNames(
    deps.db,
    rows.flatMap((r) => (Array.isArray(r.receivers) ? (r.receivers as string[]) : [])),
  );
  return { count, data: rows.map((r) => showPolicy(r, names)) };
}

export async function getPolicy(deps: Deps, s: Scope, id: string) {
  requirePermission(canRead(s));
  const p = await findPolicy(deps, s, id);
  return showPolicy(p, await userNames(deps.db, p.receivers as string[]));
}

export async function createPolicy(deps: Deps, s: Scope, body: unknown) {
  requirePermission(canConfigure(s));
  const v = alarmPolicyCreateSchema.parse(body);
  await checkReceivers(deps, s.tenantId, v.receivers);
  const projectId = await placePolicy(deps, s, v);
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
  await repo.insertPolicy(deps.db, row);
  return getPolicy(deps, s, row.id);
}

export async function updatePolicy(deps: Deps, s: Scope, id: string, body: unknown) {
  requirePermission(canConfigure(s));
  const patch = alarmPolicyUpdateSchema.parse(body);
  const p = await findPolicy(deps, s, id);
  const { name, kind, metric, level, operator, occurrences, samples, max_alarms, source, receivers, target_type, target_value, enabled } = p;
  const merged = alarmPolicyCreateSchema.parse({
    ...{ name, kind, metric, level, operator, threshold: Number(p.threshold), occurrences, samples, max_alarms, source, receivers },
    ...{ target_type, target_value, enabled },
    ...patch,
  });
  await checkReceivers(deps, s.tenantId, merged.receivers);
  const projectId = await placePolicy(deps, { ...s, projectId: s.projectId ?? p.project_id }, merged);
  await repo.updatePolicy(deps.db, id, {
    ...merged,
    project_id: projectId,
    receivers: JSON.stringify(merged.receivers),
    updated_at: new Date(),
    next_eval_at: new Date(),
  });
  return getPolicy(deps, s, id);
}

export async function deletePolicy(deps: Deps, s: Scope, id: string) {
  requirePermission(canConfigure(s));
  await findPolicy(deps, s, id);
  await repo.deletePolicy(deps.db, id);
  return { id };
}
