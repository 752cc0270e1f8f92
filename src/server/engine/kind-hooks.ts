// Runs the kinds' server halves (src/server/engine/kinds/<kind>/<kind>.hooks.ts, found by their
// folders' names in src/server/engine/kinds/kind-schemas.ts) for the engine. Per-kind rules live with their kind; this
// module only looks them up by kind and action id.
import { KIND_HOOKS } from './kinds/kind-schemas.ts';
import type { ActionContext, AfterActionContext, CreateContext, ExtraResource } from './kinds/hooks.ts';
import type { Exec, ResourceRow } from './engine.repository.ts';

export { invalid } from './kinds/hooks.ts';
export type { ActionContext, AfterActionContext, CreateContext, ExtraResource } from './kinds/hooks.ts';

type ActionHooks<C, R> = Partial<Record<string, (c: C) => Promise<R>>>;

export async function runBeforeCreate(kind: string, c: CreateContext): Promise<ExtraResource[]> {
  return (await KIND_HOOKS[kind]?.beforeCreate?.(c)) ?? [];
}

/**
 * The create hooks' clash checks for a change request of a rule (rule_id): the rule as it would be
 * (`would`, its gateway and EIP kept) against the other rules, refused with the create's keys.
 */
export async function checkRuleChange(trx: Exec, row: ResourceRow, would: Record<string, unknown>): Promise<void> {
  await KIND_HOOKS[row.kind]?.checkRuleChange?.(trx, row, would);
}

/** Cleans up around a resource about to be removed for good (links go with it by cascade). */
export async function beforeRemove(trx: Exec, row: ResourceRow): Promise<ResourceRow[]> {
  return (await KIND_HOOKS[row.kind]?.beforeRemove?.(trx, row)) ?? [];
}

export async function runBeforeAction(kind: string, action: string, c: ActionContext): Promise<void> {
  await (KIND_HOOKS[kind]?.beforeAction as ActionHooks<ActionContext, void> | undefined)?.[action]?.(c);
}

/** Answers the other resources the action changed (their events go out with the action's). */
export async function runAfterAction(kind: string, action: string, c: AfterActionContext): Promise<ResourceRow[]> {
  return (await (KIND_HOOKS[kind]?.afterAction as ActionHooks<AfterActionContext, ResourceRow[]> | undefined)?.[action]?.(c)) ?? [];
}
