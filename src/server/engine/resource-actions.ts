// The engine's actions: guards, the kind's hooks, effects, jobs handed to the cloud, expansions
// that wait for an approval, batches and edits.
import { z } from 'zod';
import { AppError, conflict, notFound } from '../../domain/errors.ts';
import { isId, newId } from '../../domain/ids.ts';
import {
  APPROVING,
  type ActionDef,
  EXPANSION_APPROVING,
  type Effect,
  type Guard,
  kindEntity,
  type KindDefinition,
  REMOVED,
  SAME,
  actionOf,
  isInBetween,
  readOnlyRefusal,
  stateRefusal,
} from '../../domain/kinds/kind.ts';
import { measureOf, measuredLimitsOf } from '../../domain/approvals/quota-keys.ts';
import { kindOf } from '../../domain/kinds/registry.ts';
import { paramsOf } from './kinds/kind-schemas.ts';
import { descriptionRule, nameRule } from '../../domain/kinds/rules.ts';
import { requirePermission } from '../platform/auth/auth-user.ts';
import { scopeCan, type Scope } from '../platform/auth/scope.ts';
import type { ResourceScope } from './resources.repository.ts';
import {
  type Exec,
  type ResourceRow,
  deleteLink,
  deleteLinks,
  deleteResource,
  insertJob,
  insertLinks,
  insertResources,
  linkedIds,
  lockById,
  lockScoped,
  resourcesByIds,
  sealedSecretsOf,
  setSealedSecrets,
  updateResource,
} from './engine.repository.ts';
import { activeSpecs, quotaOf } from '../platform/quotas/quotas.repository.ts';
import type { ResourceEvent } from '../platform/events/bus.ts';
import { beforeRemove, invalid, runAfterAction, runBeforeAction } from './kind-hooks.ts';
import { findApprovalProcess, submitRequest } from '../approvals/approval.service.ts';
import { splitSecrets } from '../platform/lib/secret-box.ts';
import { type ApprovalOutbox, type EngineDeps, type WaitingFor, event, present } from './resource-engine-deps.ts';
import { findOr404 } from './resource-queries.ts';
import { afterApproval } from './resource-create.ts';

export const actionBodySchema = z.object({ action: z.string().min(1).max(40) }).loose();

export const batchBodySchema = z.object({ action: z.string().min(1).max(40), ids: z.array(z.string()).min(1).max(100) }).loose();

export const updateSchema = z.object({ name: nameRule().optional(), description: descriptionRule });

export async function checkGuard(trx: Exec, scope: ResourceScope, row: ResourceRow, guard: Guard, params: Record<string, unknown>) {
  switch (guard.type) {
    case 'unlocked':
      if (row.locked) throw conflict(guard.refusalKey);
      return;
    case 'locked':
      if (!row.locked) throw conflict(guard.refusalKey);
      return;
    case 'private_cloud':
      if (['ali', 'tencent', 'ctyun', 'hwyun'].includes(row.vendor)) throw conflict(guard.refusalKey);
      return;
    case 'no_links':
      if ((await linkedIds(trx, row.id, guard.relation, guard.direction)).length) throw conflict(guard.refusalKey);
      return;
    case 'min_increase': {
      const current = Number(row.spec[guard.specKey] ?? 0);
      if (Number(params[guard.param]) < current + guard.min) throw invalid(guard.param, 'min_increase', { min: guard.min });
      return;
    }
    case 'target': {
      const target = await lockScoped(trx, scope, String(params[guard.param]), guard.kind);
      if (!target) throw notFound();
      if (guard.ofThis && !(await linkedIds(trx, target.id, guard.ofThis.relation, 'out')).includes(row.id)) throw notFound();
      if (!guard.allowedFrom.includes(target.status) || (guard.sameAz && target.az_id !== row.az_id)) throw conflict(guard.refusalKey);
      return;
    }
  }
}

/** Applies an action's effects; answers the row's new locked flag and spec. */
export async function applyEffects(
  deps: EngineDeps,
  trx: Exec,
  row: ResourceRow,
  effects: readonly Effect[],
  params: Record<string, unknown>,
  events: ResourceEvent[],
) {
  let locked = row.locked;
  const spec = { ...row.spec };
  for (const e of effects) {
    switch (e.type) {
      case 'set_locked':
        locked = e.value;
        break;
      case 'set_spec':
        for (const k of e.keys) {
          if (params[k] === undefined) delete spec[k];
          else spec[k] = params[k];
        }
        break;
      case 'billing':
        spec.billing = e.value;
        break;
      case 'link':
        await insertLinks(trx, [{ tenant_id: row.tenant_id, from_id: row.id, to_id: String(params[e.param]), relation: e.relation }]);
        break;
      case 'unlink':
        await deleteLinks(trx, row.id, e.relation, e.direction);
        break;
      case 'unlink_param':
        await deleteLink(trx, row.id, String(params[e.param]), e.relation);
        break;
      case 'cascade': {
        const others = await resourcesByIds(trx, await linkedIds(trx, row.id, e.relation, e.direction), true);
        for (const o of others) {
          if (e.onlyFrom && !e.onlyFrom.includes(o.status)) continue;
          if (e.status === REMOVED) {
            events.push(...(await beforeRemove(trx, o)).map((t) => event(t, t.status)));
            await deleteResource(trx, o.id);
          } else {
            const oSpec = { ...o.spec, ...(o.spec.billing ? { billing: e.status === 'deleted' ? 'suspended' : 'active' } : {}) };
            await updateResource(trx, o.id, { status: e.status, spec: oSpec });
          }
          events.push(event(o, e.status));
        }
        break;
      }
      case 'create_child': {
        const childDef = kindOf(e.kind)!;
        const childId = newId();
        const child = {
          id: childId,
          kind: e.kind,
          tenant_id: row.tenant_id,
          project_id: row.project_id,
          vendor: row.vendor,
          region_id: row.region_id,
          az_id: row.az_id,
          name: String(params[e.nameParam]),
          status: e.status,
          spec: { volume_id: row.id, size: row.spec.size ?? null },
        };
        await insertResources(trx, [child]);
        await insertLinks(trx, [{ tenant_id: row.tenant_id, from_id: childId, to_id: row.id, relation: e.relation }]);
        const accepted = deps.provider.create(child);
        await insertJob(trx, {
          resource_id: childId,
          tenant_id: row.tenant_id,
          kind: e.kind,
          action: 'create',
          from_status: e.status,
          target_status: childDef.create.final,
          fail_status: 'error',
          delayMs: accepted.delayMs,
        });
        events.push(event({ ...child, locked: false }, e.status));
        break;
      }
    }
  }
  return { locked, spec };
}

export async function act(deps: EngineDeps, scope: Scope, def: KindDefinition, id: string, body: unknown, extra: { delayedDays?: number } = {}) {
  // An id outside the scope answers 404 before the body is looked at (a probe learns nothing).
  await findOr404(deps, scope, def, id);
  const { action: actionId, ...rest } = actionBodySchema.parse(body ?? {});
  const action = actionOf(def, actionId);
  if (!action) throw invalid('action', 'invalid_value');
  requirePermission(scopeCan(scope, action.permission, kindEntity(def)));
  const schema = paramsOf(def, action.id);
  const params = (schema ? schema.parse(rest) : {}) as Record<string, unknown>;
  return runAction(deps, scope, def, action, id, params, extra);
}

/** The checks of an action on a locked row: read-only rows, the status, the guards, the kind's hooks. */
export async function checkAction(
  trx: Exec,
  scope: ResourceScope,
  def: KindDefinition,
  action: ActionDef,
  current: ResourceRow,
  params: Record<string, unknown>,
) {
  const readOnly = readOnlyRefusal(def, current.spec);
  if (readOnly) throw conflict(readOnly);
  const refusal = stateRefusal(action, current.status);
  if (refusal) throw conflict(refusal);
  for (const g of action.guards ?? []) await checkGuard(trx, scope, current, g, params);
  await checkGrowthQuotas(trx, current, changesOf(action, params));
  await runBeforeAction(def.kind, action.id, { trx, scope, row: current, params });
}

/**
 * Refuses an expansion (a disk grown, a host resized) that the project's summed limits cannot
 * take: what the resource would measure with `changes`, less what it measures now, on top of the
 * project's live sum. Runs wherever the action is checked: at once, when an expansion request is
 * submitted, and again when it is approved.
 */
export async function checkGrowthQuotas(trx: Exec, row: ResourceRow, changes: Record<string, unknown>) {
  const limits = measuredLimitsOf(row.kind);
  if (!limits.length || !Object.keys(changes).length) return;
  const next = { ...row.spec, ...changes };
  let used: Record<string, unknown>[] | null = null;
  for (const m of limits) {
    const growth = measureOf(row.kind, m.measure, next) - measureOf(row.kind, m.measure, row.spec);
    if (!(growth > 0)) continue;
    const max = await quotaOf(trx, row.project_id, row.kind, m.measure);
    if (max === null) continue;
    used ??= await activeSpecs(trx, row.project_id, row.kind);
    if (used.reduce((n, sp) => n + measureOf(row.kind, m.measure, sp), 0) + growth > max) throw conflict('quota_insufficient');
  }
}

/** Hands a checked action to the cloud: done at once, or the in-between status and a job. */
export async function startAction(
  deps: EngineDeps,
  trx: Exec,
  def: KindDefinition,
  action: ActionDef,
  current: ResourceRow,
  params: Record<string, unknown>,
  extra: { delayedDays?: number },
  events: ResourceEvent[],
) {
  const accepted = action.final === REMOVED || action.id === 'delete' ? deps.provider.delete(current) : deps.provider.act(current, action.id, params);
  if (action.inBetween === null) {
    const { locked, spec } = await applyEffects(deps, trx, current, action.effects ?? [], params, events);
    const status = action.final === SAME ? current.status : action.final;
    await updateResource(trx, current.id, { status, locked, spec });
    events.push(event(current, status, locked));
    events.push(...(await runAfterAction(def.kind, action.id, { trx, row: { ...current, status, locked, spec }, params })).map((t) => event(t, t.status)));
  } else {
    const spec = { ...current.spec };
    if (action.id === 'delete' && def.recycle) {
      const days = extra.delayedDays ?? 60;
      Object.assign(spec, { recycled_at: new Date().toISOString(), recycle_until: new Date(Date.now() + days * 86_400_000).toISOString(), delayed_days: days });
    }
    await updateResource(trx, current.id, { status: action.inBetween, spec });
    // A secret parameter (rebuild's new password) is sealed onto the resource, never queued in clear.
    const { clear, secrets } = splitSecrets(def.secret, params);
    if (secrets) await sealSecrets(deps, trx, current.id, secrets);
    await insertJob(trx, {
      resource_id: current.id,
      tenant_id: current.tenant_id,
      kind: def.kind,
      action: action.id,
      from_status: current.status,
      target_status: action.final === SAME ? current.status : action.final,
      fail_status: action.failStatus ?? 'error',
      params: clear,
      delayMs: accepted.delayMs,
    });
    events.push(event(current, action.inBetween));
  }
}

/** Merges `secrets` into the resource's sealed secret fields. */
export async function sealSecrets(deps: EngineDeps, trx: Exec, id: string, secrets: Record<string, unknown>) {
  const sealed = await sealedSecretsOf(trx, id);
  const before = sealed ? deps.secrets.open(sealed) : {};
  await setSealedSecrets(trx, id, deps.secrets.seal({ ...before, ...secrets }));
}

/** The spec values an action changes (its set_spec keys given in params): the expansion asked for. */
export const changesOf = (action: ActionDef, params: Record<string, unknown>) =>
  Object.fromEntries(
    (action.effects ?? [])
      .flatMap((e) => (e.type === 'set_spec' ? e.keys : []))
      .filter((k) => params[k] !== undefined)
      .map((k) => [k, params[k]]),
  );

export async function runAction(
  deps: EngineDeps,
  scope: ResourceScope | Scope,
  def: KindDefinition,
  action: ActionDef,
  id: string,
  params: Record<string, unknown>,
  extra: { delayedDays?: number } = {},
) {
  if (!isId(id)) throw notFound();
  const events: ResourceEvent[] = [];
  const outbox: ApprovalOutbox = { events: [], after: [] };
  let waiting: WaitingFor | null = null;
  const user = 'user' in scope ? scope.user : null;
  const row = await deps.db.transaction().execute(async (trx) => {
    const current = await lockScoped(trx, scope, id, def.kind);
    if (!current) throw notFound();
    await checkAction(trx, scope, def, action, current, params);
    // An expansion in a project whose process covers it waits for the approval (扩容审批中);
    // the resource_expansion effect moves the row and runs this action when approved.
    if (
      action.approval &&
      user &&
      deps.approvals &&
      (action.approval.needed?.(current.spec, params) ?? true) &&
      (await findApprovalProcess(trx, current.tenant_id, current.project_id, action.approval.type))
    ) {
      waiting = await submitRequest(trx, {
        user,
        tenantId: current.tenant_id,
        projectId: current.project_id,
        type: action.approval.type,
        now: new Date(),
        effects: deps.approvals!.effects,
        ...outbox,
        payload: { resource_id: current.id, action: action.id, params: splitSecrets(def.secret, params).clear, spec: changesOf(action, params) },
      });
      return (await lockById(trx, current.id))!;
    }
    await startAction(deps, trx, def, action, current, params, extra, events);
    return (await lockById(trx, current.id))!;
  });
  await deps.bus.publish(events);
  await afterApproval(deps, outbox);
  return { ...present(row), approval: waiting as WaitingFor | null };
}

export async function batch(deps: EngineDeps, scope: Scope, def: KindDefinition, body: unknown, lang: (key: string) => string) {
  const { action: actionId, ids, ...rest } = batchBodySchema.parse(body ?? {});
  const action = actionOf(def, actionId);
  if (!action || !action.batch) throw invalid('action', 'invalid_value');
  // An SMS-verified delete goes through POST /api/{collection}/batch-delete, which spends one code
  // for the set (routes/sms.routes.ts); here it would run without any code.
  if (action.sms) throw invalid('sms_code', 'sms_code_first');
  requirePermission(scopeCan(scope, action.permission, kindEntity(def)));
  const schema = paramsOf(def, action.id);
  const params = (schema ? schema.parse(rest) : {}) as Record<string, unknown>;
  const data = [];
  for (const id of ids) {
    try {
      const r = await runAction(deps, scope, def, action, id, params);
      data.push({ id, ok: true, status: r.status, locked: r.locked });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      data.push({ id, ok: false, code: err.status, description: lang(err.key) });
    }
  }
  return { action: action.id, data };
}

export async function update(deps: EngineDeps, scope: Scope, def: KindDefinition, id: string, body: unknown) {
  requirePermission(scopeCan(scope, 'update', kindEntity(def)));
  await findOr404(deps, scope, def, id);
  const input = updateSchema.parse(body ?? {});
  const events: ResourceEvent[] = [];
  const row = await deps.db.transaction().execute(async (trx) => {
    if (!isId(id)) throw notFound();
    const current = await lockScoped(trx, scope, id, def.kind);
    if (!current) throw notFound();
    const readOnly = readOnlyRefusal(def, current.spec);
    if (readOnly) throw conflict(readOnly);
    // A resource waiting for its request keeps what the approver sees (its name too).
    if (current.status === APPROVING || current.status === EXPANSION_APPROVING) throw conflict('resource_awaiting_approval');
    if (isInBetween(def, current.status) || current.status === 'deleted') throw conflict('refusals.generic.edit');
    const spec = { ...current.spec, ...(input.description !== undefined ? { description: input.description } : {}) };
    await updateResource(trx, current.id, { spec, ...(input.name !== undefined ? { name: input.name } : {}) });
    events.push(event(current, current.status));
    return (await lockById(trx, current.id))!;
  });
  await deps.bus.publish(events);
  return present(row);
}
