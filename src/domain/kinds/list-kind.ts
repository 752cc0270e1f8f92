// A resource kind as its list screens read it, without zod (ADR 0031 addendum): what the phone card
// list, its filter sheet, its more-actions sheet and the route → screen lookup need, and nothing that
// validates or derives (create schemas, action params, guards beyond the lock, hooks). The kinds'
// list models are generated from the registry (scripts/gen-list-kinds.ts →
// list-kinds.generated.ts); tests/unit/list-kinds.test.ts checks they equal what the registry
// derives, so they cannot drift. A full KindDefinition is also a ListKind (the forms, the detail and
// the desktop tables pass theirs to the same helpers).
import type { ActionDef, FilterDef, KindDefinition } from './kind.ts';

/** An action as a card's menu offers it: its states and dialog, `hasParams` instead of the params schema. */
export type ListAction = Omit<ActionDef, 'params' | 'effects' | 'approval'> & {
  /** the action asks for params (its form loads with the full definition) */
  hasParams?: true;
  approval?: { type: 'resource_expansion' };
};

/** A list filter with what its control shows: an enum's values, the kind a ref picks from. */
export type ListFilter = FilterDef & { options?: readonly string[]; refKind?: string };

export interface ListKind extends Omit<
  KindDefinition,
  'createSchema' | 'derive' | 'create' | 'actions' | 'filters' | 'createLinks' | 'secret' | 'shownWhen' | 'editable' | 'priceQuantityKey'
> {
  create: { inBetween: string; final: string; failStatus?: string };
  actions: readonly ListAction[];
  filters: readonly ListFilter[];
}
