// The server half of a kind (ADR 0009, ADR 0052): rules that need the database, in
// src/server/engine/kinds/<folder>/<folder>.hooks.ts, the folder named like the kind's folder in
// src/domain/kinds. The server finds these modules by their folders' names at start (kind-schemas.ts)
// and joins them here with the registry. Action hooks are keyed by the kind's own action ids (a typo
// or a removed action fails to compile).
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

/** A hooks module as the server found it: where it is (for the messages) and what it exports. */
export interface HooksModule {
  file: string;
  exports: Readonly<Record<string, unknown>>;
}

/** The names a server half may declare besides its kind (a hook added to KindHooks does not compile until it is named here). */
const HOOK_NAMES: Readonly<Record<Exclude<keyof KindHooks, 'kind'>, true>> = {
  beforeCreate: true,
  beforeAction: true,
  afterAction: true,
  beforeRemove: true,
  checkRuleChange: true,
};

/** What defineHooks returns: a kind definition and nothing but hooks (a kind's schemas have a kind too). */
function isHooks(v: unknown): v is KindHooks {
  if (!v || typeof v !== 'object' || Array.isArray(v) || !('kind' in v)) return false;
  const kind = v.kind as Partial<KindDefinition> | null;
  return typeof kind?.kind === 'string' && Object.keys(v).every((key) => key === 'kind' || Object.hasOwn(HOOK_NAMES, key));
}

/**
 * resources.kind → its server half, in the registry's order, from the exports of the kinds' hooks
 * modules (a `defineHooks(…)` or an array of them; a module may export helpers beside them). Throws
 * for a module that exports no hooks, for hooks of a kind the registry does not list and for two
 * server halves of one kind (the same hooks exported again by another module are one).
 */
export function joinHooks(kinds: readonly KindDefinition[], modules: readonly HooksModule[]): Readonly<Record<string, KindHooks>> {
  const found = new Map<string, { hooks: KindHooks; file: string }>();
  for (const m of modules) {
    const hooks = Object.values(m.exports)
      .flatMap((v) => (Array.isArray(v) ? (v as unknown[]) : [v]))
      .filter(isHooks);
    if (!hooks.length) throw new Error(`${m.file} exports no hooks: export defineHooks(kind, { … }) or an array of them`);
    for (const h of hooks) {
      const kind = h.kind.kind;
      if (!kinds.some((k) => k.kind === kind)) throw new Error(`${m.file} declares hooks for kind ${kind}, which the registry does not list`);
      const other = found.get(kind);
      if (other && other.hooks !== h) throw new Error(`kind ${kind} has two server halves: ${other.file} and ${m.file}`);
      if (!other) found.set(kind, { hooks: h, file: m.file });
    }
  }
  return Object.fromEntries(kinds.flatMap((k) => (found.has(k.kind) ? [[k.kind, found.get(k.kind)!.hooks]] : [])));
}
