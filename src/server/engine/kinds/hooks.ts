// The server half of a kind (ADR 0009): rules that need the database, in
// src/server/engine/kinds/<kind>/<kind>.hooks.ts beside the kind's folder in src/domain/kinds. Action
// hooks are keyed by the kind's own action ids (a typo or a removed action fails to compile).
import { invalid } from '../../platform/lib/invalid.ts';
import type { ActionIdOf, KindDefinition } from '../../../domain/kinds/kind.ts';
import type { Exec, NewResource, ResourceRow } from '../engine.repository.ts';
import type { ResourceScope } from '../resources.repository.ts';

// Kind hooks have always taken `invalid` from here; it lives on the platform floor.
export { invalid };

/** A resource bought with another (a host's data disks and public IP), created with it. */
export interface ExtraResource {
  resource: NewResource & { id: string };
  target: string;
  link?: { relation: string; to_id: string };
}

export interface CreateContext {
  trx: Exec;
  id: string;
  input: Record<string, unknown>;
  spec: Record<string, unknown>;
  placement: { vendor: string; region_id: string | null; az_id: string | null };
  tenantId: string;
  projectId: string;
  /** parents named by createLinks params, locked */
  parents: Record<string, ResourceRow>;
}

export interface ActionContext {
  trx: Exec;
  scope: ResourceScope;
  row: ResourceRow;
  params: Record<string, unknown>;
}
export type AfterActionContext = Omit<ActionContext, 'scope'>;

export interface KindHooks<K extends KindDefinition<any> = KindDefinition<any>> {
  kind: K;
  /** checks and derived spec values of a create; answers what comes with the resource */
  beforeCreate?: (c: CreateContext) => Promise<ExtraResource[] | void>;
  /** checks of an action beyond its status and guards (after them) */
  beforeAction?: { [A in ActionIdOf<K>]?: (c: ActionContext) => Promise<void> };
  /** what a finished action changes on other resources; answers them (their events go out too) */
  afterAction?: { [A in ActionIdOf<K>]?: (c: AfterActionContext) => Promise<ResourceRow[]> };
  /** cleans up around a resource about to be removed for good; answers the resources it changed */
  beforeRemove?: (trx: Exec, row: ResourceRow) => Promise<ResourceRow[] | void>;
  /** a rule kind's clash checks for a change request (the rule as it would be) */
  checkRuleChange?: (trx: Exec, row: ResourceRow, would: Record<string, unknown>) => Promise<void>;
}

/** Declares the server half of a kind, its hooks typed by the kind's action ids. */
export function defineHooks<K extends KindDefinition<any>>(kind: K, hooks: Omit<KindHooks<K>, 'kind'>): KindHooks {
  return { kind, ...hooks } as KindHooks;
}
