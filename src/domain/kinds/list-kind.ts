// A resource kind as its list screens read it (ADR 0031 addendum, ADR 0049): what the phone card
// list, its filter sheet, its more-actions sheet and the route → screen lookup need. Kind
// definitions are zod-free, so this is derived from the registry at run time (nothing generated):
// a filter gets the values its control offers and the kind a ref picks from; an action keeps
// only what a menu needs. A full KindDefinition is also a ListKind's source for the forms, the
// detail and the desktop tables, which pass theirs to the same helpers.
import type { ActionDef, FilterDef, KindDefinition } from './kind.ts';
import { VENDOR_IDS } from './common.ts';
import { KINDS, kindOf } from './registry.ts';

/** An action as a card's menu offers it: its states and dialog, `hasParams` but no effects. */
export type ListAction = Omit<ActionDef, 'effects' | 'approval'> & {
  approval?: { type: 'resource_expansion' };
};

/** A list filter with what its control shows: an enum's values, the kind a ref picks from. */
export type ListFilter = FilterDef & { options?: readonly string[]; refKind?: string };

export interface ListKind extends Omit<
  KindDefinition,
  'derive' | 'create' | 'actions' | 'filters' | 'createLinks' | 'secret' | 'shownWhen' | 'editable' | 'priceQuantityKey' | 'prices' | 'simulator' | 'menuOrder'
> {
  create: { inBetween: string; final: string; failStatus?: string };
  actions: readonly ListAction[];
  filters: readonly ListFilter[];
}

const fieldOf = (def: KindDefinition, key: string) => def.fields.find((f) => f.key === key);

/** An enum filter's values: the statuses, the field's options, or the vendors where the purchase names one. */
function enumOptions(def: KindDefinition, f: FilterDef): readonly string[] {
  if (f.key === 'status') return [...def.statuses.stable, ...def.statuses.inBetween, ...def.statuses.failure];
  const declared = fieldOf(def, f.key)?.options;
  if (declared?.length) return declared;
  // A kind placed under a parent (a load balancer in its VPC) takes the parent's vendor: nothing to pick.
  return f.key === 'vendor' && (def.placement === 'own' || def.placement === 'vendor') ? VENDOR_IDS : [];
}

/** A ref filter's kind: the field's ref, else the `<kind>_id` naming. */
function refKindOf(def: KindDefinition, f: FilterDef): string | undefined {
  const ref = fieldOf(def, f.key)?.ref;
  if (ref && kindOf(ref)) return ref;
  const byName = f.key.endsWith('_id') ? f.key.slice(0, -3) : undefined;
  return byName && kindOf(byName) ? byName : undefined;
}

const without = <T extends object>(o: T, keys: readonly string[]) => Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k))) as T;

function listAction(a: ActionDef): ListAction {
  const { effects: _effects, approval, guards, ...rest } = a;
  const lockGuards = (guards ?? []).filter((g) => g.type === 'unlocked' || g.type === 'locked');
  return { ...rest, ...(lockGuards.length ? { guards: lockGuards } : {}), ...(approval ? { approval: { type: approval.type } } : {}) };
}

function listFilter(def: KindDefinition, f: FilterDef): ListFilter {
  if (f.type === 'enum') return { ...f, options: enumOptions(def, f) };
  if (f.type === 'ref') {
    const refKind = refKindOf(def, f);
    return refKind ? { ...f, refKind } : { ...f };
  }
  return { ...f };
}

/** The list model of a kind, from its definition. */
export function deriveListKind(def: KindDefinition): ListKind {
  const rest = without(def, [
    'derive',
    'create',
    'actions',
    'filters',
    'createLinks',
    'secret',
    'shownWhen',
    'editable',
    'priceQuantityKey',
    'menuOrder',
    'prices',
    'simulator',
  ]);
  const { finalFor: _finalFor, ...create } = def.create;
  return { ...rest, create, actions: def.actions.map(listAction), filters: def.filters.map((f) => listFilter(def, f)) };
}

/** Every kind's list model, in the registry's order. */
export const LIST_KINDS: readonly ListKind[] = KINDS.map(deriveListKind);

const byKind = new Map(LIST_KINDS.map((k) => [k.kind, k]));
/** The list model of a kind, or undefined. */
export const listKindOf = (kind: string): ListKind | undefined => byKind.get(kind);
