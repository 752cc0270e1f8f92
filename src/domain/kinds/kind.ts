// The shape of a resource kind (ARCHITECTURE.md "Resource kinds are data"). A kind is
// configuration: the server derives its routes, checks and transitions from it and the web derives
// list, detail, purchase and action screens from it. Labels are never here: they live in
// locales/{lang}/kinds.json under `kinds:<kind>.…` (statuses under `kinds:status.<code>`).
// Zod-free (ADR 0049): the create schema and action params live beside it in `<kind>.schema.ts`
// (kind-schemas.ts joins them), so the list screens read a kind without loading zod.
import type { Entity } from '../roles.ts';

export type FieldType = 'text' | 'number' | 'enum' | 'boolean' | 'datetime' | 'status' | 'ref' | 'ip' | 'cidr' | 'location';

/** A postal location {province, city, district?, address} as one line of Chinese text: 「江苏省苏州市工业园区 星湖街 328 号」. */
export function locationText(v: unknown): string {
  if (!v || typeof v !== 'object') return v === undefined || v === null ? '' : String(v);
  const l = v as { province?: unknown; city?: unknown; district?: unknown; address?: unknown };
  const area = [l.province, l.city, l.district].filter((x) => typeof x === 'string' && x).join('');
  return [area, typeof l.address === 'string' ? l.address : ''].filter(Boolean).join(' ');
}

/** A field shown on detail pages and usable as a list column. `source: 'column'` reads the row, 'spec' reads row.spec. */
export interface FieldDef {
  key: string;
  source: 'column' | 'spec';
  type: FieldType;
  /** enum values; labels at `kinds:<kind>.options.<key>.<value>` */
  options?: readonly string[];
  /** the kind a `ref` field points to */
  ref?: string;
  /** unit key under `kinds:units.*` (GB, Mbps, core…) */
  unit?: string;
}

/** A list column (seed 000 §3 "Column definition"). */
export interface ColumnDef {
  field: string;
  frozen?: boolean;
  sortable?: boolean;
  copyable?: boolean;
  editable?: boolean;
  /** shown by default (the custom-columns modal toggles the rest) */
  display?: boolean;
}

/** A list filter: `param` is the query parameter; spec fields filter on `spec->>key`. */
export interface FilterDef {
  param: string;
  source: 'column' | 'spec';
  key: string;
  type: 'text' | 'enum' | 'ref' | 'boolean';
}

/** Checks beyond the status, each with its own refusal text (409). */
export type Guard =
  | { type: 'unlocked'; refusalKey: string }
  | { type: 'locked'; refusalKey: string }
  /** no links of `relation` in `direction` ('in': other resources point at this one) */
  | { type: 'no_links'; relation: string; direction: 'in' | 'out'; refusalKey: string }
  /** this resource must be on a private cloud (public clouds refuse the action) */
  | { type: 'private_cloud'; refusalKey: string }
  /** params[param] names a resource of `kind` in the same scope whose status is one of `allowedFrom` */
  | { type: 'target'; param: string; kind: string; allowedFrom: readonly string[]; refusalKey: string; sameAz?: boolean; ofThis?: { relation: string } }
  /** a number param must exceed the current spec value by at least `min` (400 naming the param) */
  | { type: 'min_increase'; param: string; specKey: string; min: number };

/** What completing an action changes besides the status. */
export type Effect =
  | { type: 'set_locked'; value: boolean }
  | { type: 'link'; relation: string; param: string }
  | { type: 'unlink'; relation: string; direction: 'in' | 'out' }
  /** removes only the link from this resource to params[param] (one disk off a policy) */
  | { type: 'unlink_param'; relation: string; param: string }
  | { type: 'set_spec'; keys: readonly string[] }
  | { type: 'billing'; value: 'active' | 'suspended' }
  /** resources linked by `relation` follow this one into `status` ('__removed' = destroyed) */
  | { type: 'cascade'; relation: string; direction: 'in' | 'out'; status: string; onlyFrom?: readonly string[] }
  /** creates a child resource of `kind` linked to this one (snapshot of a disk) */
  | { type: 'create_child'; kind: string; relation: string; nameParam: string; status: string };

export const REMOVED = '__removed';
/** A purchase waiting for its approval (审批中): no actions, not billed, provisioned when approved. */
export const APPROVING = 'approving';
/** An expansion waiting for its approval (扩容审批中); rejection restores the status it had. */
export const EXPANSION_APPROVING = 'expansion_approving';
export const SAME = '__same';

export interface ActionDef<A extends string = string> {
  id: A;
  /** statuses the action may start from; anything else answers 409 with `refusalKey` */
  allowedFrom: readonly string[];
  /** the in-between status set at once; null = the action completes immediately */
  inBetween: string | null;
  /** the status after the job: a status code, SAME (back to where it started) or REMOVED */
  final: string;
  /** status when the simulated cloud fails the job (default 'error') */
  failStatus?: string;
  /** errors.json key of 「当前状态不允许…」 for this action */
  refusalKey: string;
  /** a more precise refusal for some statuses (「该云硬盘已挂载」 rather than the generic text) */
  refusals?: Readonly<Record<string, string>>;
  /** the action asks for params: their zod schema is `actions.<id>` of the kind's `<kind>.schema.ts` */
  hasParams?: true;
  guards?: readonly Guard[];
  effects?: readonly Effect[];
  /** permission action checked with can(roles, permission, kindEntity(def)) — 'resource' unless the kind names its own entity */
  permission: 'operate' | 'update' | 'delete';
  /** offered on the list's batch menu */
  batch?: boolean;
  /** confirm in a dialog of this variant (seed 000 §4: warning, enable, disable, delete) */
  dialog?: 'warning' | 'enable' | 'disable' | 'delete';
  /** needs the SMS-verified flow when the server says so */
  sms?: boolean;
  /** hidden from menus (recycle-bin actions live on the recycle page) */
  recycleBin?: boolean;
  /**
   * An expansion (bigger disk, bigger flavor): in a project whose approval process covers
   * `resource_expansion` the resource waits in EXPANSION_APPROVING and the action runs only when
   * approved. `needed` narrows it (a smaller flavor buys nothing and runs at once).
   */
  approval?: { type: 'resource_expansion'; needed?: (spec: Record<string, unknown>, params: Record<string, unknown>) => boolean };
}

export interface KindPrice {
  fen: number;
  unit: string;
  /** 'day' (pay-as-you-go only): `fen` is per unit per month, charged by the day, a day begun counting whole */
  basis?: 'hour' | 'day';
}
export interface KindPrices {
  year: KindPrice;
  quantity: KindPrice;
}

export interface KindSimulation {
  /** the create job takes this many times the usual delay (a CDN task runs for minutes) */
  createDelayFactor?: number;
  /** actions only a private cloud can do: a public cloud answers 「公有云不支持该操作」 */
  privateOnly?: readonly string[];
}

export interface KindMenu {
  group: string;
  code: string;
  icon: string;
}

export interface RelationDef {
  /** links.relation */
  relation: string;
  /** 'out': this kind is links.from_id; 'in': this kind is links.to_id */
  direction: 'in' | 'out';
  kind: string;
  many: boolean;
}

export interface KindDefinition<A extends string = string> {
  /** resources.kind */
  kind: string;
  /** API collection: /api/{collection} */
  collection: string;
  /** product code for pricing, charging packages and export */
  productCode: string;
  /**
   * The kind's place in the registry's KINDS — the order of menu entries, lists and pickers —
   * ascending, unique (registry.ts refuses two kinds with one number). Spaced by 10 so that a new
   * kind's folder can take a place between two others without renumbering them.
   */
  menuOrder: number;
  /**
   * The permission entity of every route and engine check of the kind (`read:<entity>`,
   * `create:<entity>`…); default 'resource'. Kinds narrower than the project's resources name their
   * own: cloud accounts (vendor AccessKeys) are `cloud_account`, administered by tenant administrators.
   */
  entity?: KindEntity;
  /** route names of routes.json that show this kind: list, detail, buy, others */
  routes: { list: string; detail?: string; buy?: string; others?: readonly string[] };
  /**
   * The console menu entry of the kind's list (label `menus:<group>.<code>`), added to its group
   * by kindMenuGroups (kind-views.ts) unless the group lists that code already.
   */
  menu?: KindMenu;
  fields: readonly FieldDef[];
  columns: readonly ColumnDef[];
  filters: readonly FilterDef[];
  statuses: {
    /** stable statuses */
    stable: readonly string[];
    /** in-between statuses (spinner, polling, no actions) */
    inBetween: readonly string[];
    /** failure statuses */
    failure: readonly string[];
  };
  /** status while creating and after */
  create: {
    inBetween: string;
    final: string;
    failStatus?: string;
    /** the final status when it depends on the body (an uploaded certificate is ready, an applied-for one waits) */
    finalFor?: (spec: Record<string, unknown>) => string;
  };
  /**
   * 'own': the body names vendor/region_id/az_id; 'vendor': the body names only the vendor (a cloud
   * account spans the vendor's regions); otherwise the body param naming the parent whose
   * placement the new resource takes (a subnet sits where its VPC is).
   */
  placement: 'own' | 'vendor' | { from: string; kind: string };
  /** links made at creation: body[param] names a resource of `kind` in scope (404 otherwise) */
  createLinks?: readonly { relation: string; param: string; kind: string; allowedFrom?: readonly string[]; refusalKey?: string }[];
  /** body keys never stored (passwords go to the cloud, not the database) */
  secret?: readonly string[];
  /**
   * What the list's name search matches besides the name and id: spec keys (a host's private IP)
   * and, with `boundEip`, the address of an EIP bound to the resource (its public IP).
   */
  search?: { spec: readonly string[]; boundEip?: boolean };
  /** create fields shown only while another field has one of the given values (a host's 带宽 only with a public IP) */
  shownWhen?: Readonly<Record<string, { key: string; in: readonly string[] }>>;
  /** pure derivation of spec values from others (cpu and memory from the flavor) */
  derive?: (spec: Record<string, unknown>) => Record<string, unknown>;
  /** spec keys editable through PATCH (besides name/description) */
  editable?: readonly string[];
  actions: readonly ActionDef<A>[];
  relations: readonly RelationDef[];
  /** hosts and disks go to the recycle bin on delete */
  recycle: boolean;
  /**
   * Created from its list page in a form (a popup on phones, a modal on desktops) rather than a
   * purchase wizard: free, quick kinds with no purchase route of their own (VPC, subnet, cloud account).
   */
  createForm?: boolean;
  /** charging model: yearly/monthly packages or pay-as-you-go; false = free resource */
  priced: boolean;
  /** spec key holding the priced quantity (GB, Mbps); absent = 1 per resource */
  priceQuantityKey?: string;
  /**
   * The platform's charging packages of `productCode` (unit prices in fen: per unit per month for
   * 包年包月, per unit per hour for 按量计费; `unit` is the package's measurement as shown, 元/GB/月).
   * The pricing tables are filled from these, so a new priced kind prices without touching a seed.
   */
  prices?: KindPrices;
  /** How the simulated cloud treats the kind (engine/cloud/simulator.ts); absent = like any other kind. */
  simulator?: KindSimulation;
  /**
   * Rows whose spec[specKey] is one of `values` are read-only for tenants (public images): every
   * action and edit answers 409 with `refusalKey`, and no action is offered.
   */
  readOnly?: { specKey: string; values: readonly string[]; refusalKey: string };
}

export const CREATE_FAILED = 'error';

/** Entities a kind may name instead of 'resource' (each is in roles.ts ENTITIES). */
export type KindEntity = Extract<Entity, 'resource' | 'cloud_account'>;

/** The permission entity of a kind's routes and engine checks ('resource' unless the kind names one). */
export function kindEntity(def: Pick<KindDefinition, 'entity'> | null | undefined): KindEntity {
  return def?.entity ?? 'resource';
}

/** The parent a kind takes its placement from, or null when the body names it ('own', 'vendor'). */
export function placementParent(def: Pick<KindDefinition, 'placement'>): { from: string; kind: string } | null {
  return typeof def.placement === 'object' ? def.placement : null;
}

/**
 * Declares a kind (its folder's `<kind>.kind.ts`). The type keeps the action ids, so the schemas
 * (`defineSchemas`) and the server hooks (`defineHooks`) are keyed by `ActionIdOf<typeof k>`.
 */
export function defineKind<const A extends string>(def: KindDefinition<A>): KindDefinition<A> {
  return def;
}

/** Kinds sorted by their `menuOrder`; throws for two kinds with one number (their order would be left to chance). */
export function inMenuOrder(kinds: readonly KindDefinition[]): KindDefinition[] {
  const taken = new Map<number, string>();
  for (const k of kinds) {
    const other = taken.get(k.menuOrder);
    if (other !== undefined) throw new Error(`kinds ${other} and ${k.kind} have the same menuOrder ${k.menuOrder}: give one another number`);
    taken.set(k.menuOrder, k.kind);
  }
  return [...kinds].sort((a, b) => a.menuOrder - b.menuOrder);
}

/** The action ids a kind declares ('start' | 'stop' | …). */
export type ActionIdOf<K> = K extends KindDefinition<infer A> ? A : never;

/**
 * Statuses the engine itself puts any resource in, whatever its kind declares: a purchase waiting
 * for its approval (every kind can be bought in a project whose process covers purchases), an
 * expansion waiting (kinds with an approval-gated action), the recycle bin (recyclable kinds).
 * A kind never retypes these; labels live once at `kinds:status.<code>`.
 */
export function engineStatusesOf(def: Pick<KindDefinition, 'recycle'> & { actions: readonly { approval?: unknown }[] }): string[] {
  return [APPROVING, ...(def.actions.some((a) => a.approval) ? [EXPANSION_APPROVING] : []), ...(def.recycle ? ['deleted'] : [])];
}

/** Every status a resource of the kind can show: its own (stable, in-between, failure) and the engine's. */
export function statusesOf(
  def: Pick<KindDefinition, 'statuses' | 'recycle'> & { create: { inBetween: string; final: string }; actions: readonly { approval?: unknown }[] },
): string[] {
  const own = [...def.statuses.stable, ...def.statuses.inBetween, ...def.statuses.failure, def.create.inBetween, def.create.final];
  return [...new Set([...own, ...engineStatusesOf(def)])];
}

/** The action a kind answers to `id`, or undefined. */
export function actionOf<D extends { actions: readonly { id: string }[] }>(def: D, id: string): D['actions'][number] | undefined {
  return def.actions.find((a) => a.id === id);
}

/** The refusal key when `status` does not allow the action; null when it does. */
export function stateRefusal(action: Pick<ActionDef, 'allowedFrom' | 'refusals' | 'refusalKey'>, status: string): string | null {
  return action.allowedFrom.includes(status) ? null : (action.refusals?.[status] ?? action.refusalKey);
}

/** Whether a status is in-between for the kind (web shows a spinner and polls). */
export function isInBetween(def: Pick<KindDefinition, 'statuses'> & { create: { inBetween: string } }, status: string): boolean {
  return def.statuses.inBetween.includes(status) || status === def.create.inBetween;
}

/** The refusal key when the row is read-only for tenants; null otherwise. */
export function readOnlyRefusal(def: Pick<KindDefinition, 'readOnly'>, spec: Record<string, unknown> | undefined): string | null {
  if (!def.readOnly || !spec) return null;
  return def.readOnly.values.includes(String(spec[def.readOnly.specKey])) ? def.readOnly.refusalKey : null;
}

/** Actions available to a row, from its status and lock flag (the web's row-action menu). */
export function availableActions<A extends Pick<ActionDef, 'recycleBin' | 'allowedFrom' | 'guards'>>(
  def: Pick<KindDefinition, 'readOnly'> & { actions: readonly A[] },
  row: { status: string; locked: boolean; spec?: Record<string, unknown> },
): A[] {
  if (readOnlyRefusal(def, row.spec)) return [];
  return def.actions.filter(
    (a) =>
      !a.recycleBin &&
      a.allowedFrom.includes(row.status) &&
      !(a.guards ?? []).some((g) => (g.type === 'unlocked' && row.locked) || (g.type === 'locked' && !row.locked)),
  );
}

/** Whether a create field applies with these values (`shownWhen`); a hidden field is neither shown nor sent. */
export function fieldShown(def: Pick<KindDefinition, 'shownWhen'>, key: string, values: Readonly<Record<string, unknown>>): boolean {
  const rule = def.shownWhen && Object.hasOwn(def.shownWhen, key) ? def.shownWhen[key] : undefined;
  return !rule || rule.in.includes(String(values[rule.key]));
}
