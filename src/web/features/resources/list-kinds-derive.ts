// The list model of each kind (domain/kinds/list-kind.ts) as the registry derives it: only
// scripts/gen-list-kinds.ts (which writes domain/kinds/list-kinds.generated.ts) and the unit test
// that checks the generated file read this module, so the app's list screens never load the zod
// definitions. An enum filter's values: the field's options, else the create schema's enum for
// that key; a ref filter's kind: the field's ref, else the `<kind>_id` naming.
import type { FilterDef, KindDefinition } from '../../../domain/kinds/kind.ts';
import type { ListAction, ListFilter, ListKind } from '../../../domain/kinds/list-kind.ts';
import { KINDS, kindOf } from '../../../domain/kinds/registry.ts';
import { jsonSchemaOf } from './zod-fields.ts';

const fieldOf = (def: KindDefinition, key: string) => def.fields.find((f) => f.key === key);

function enumOptions(def: KindDefinition, f: FilterDef): readonly string[] {
  if (f.key === 'status') return [...def.statuses.stable, ...def.statuses.inBetween, ...def.statuses.failure];
  const declared = fieldOf(def, f.key)?.options;
  if (declared?.length) return declared;
  const node = jsonSchemaOf(def.createSchema) as { properties?: Record<string, { enum?: unknown[]; anyOf?: { enum?: unknown[] }[] }> };
  const prop = node.properties?.[f.key];
  const values = prop?.enum ?? prop?.anyOf?.find((x) => x.enum)?.enum ?? [];
  return values.map(String);
}

function refKindOf(def: KindDefinition, f: FilterDef): string | undefined {
  const ref = fieldOf(def, f.key)?.ref;
  if (ref && kindOf(ref)) return ref;
  const byName = f.key.endsWith('_id') ? f.key.slice(0, -3) : undefined;
  return byName && kindOf(byName) ? byName : undefined;
}

const without = <T extends object>(o: T, keys: readonly string[]) => Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k))) as T;

function listAction(a: KindDefinition['actions'][number]): ListAction {
  const { params, effects: _effects, approval, guards, ...rest } = a;
  const lockGuards = (guards ?? []).filter((g) => g.type === 'unlocked' || g.type === 'locked');
  return {
    ...rest,
    ...(lockGuards.length ? { guards: lockGuards } : {}),
    ...(params ? { hasParams: true as const } : {}),
    ...(approval ? { approval: { type: approval.type } } : {}),
  };
}

function listFilter(def: KindDefinition, f: FilterDef): ListFilter {
  if (f.type === 'enum') return { ...f, options: enumOptions(def, f) };
  if (f.type === 'ref') {
    const refKind = refKindOf(def, f);
    return refKind ? { ...f, refKind } : { ...f };
  }
  return { ...f };
}

/** The list model of a kind, from its full definition. */
export function deriveListKind(def: KindDefinition): ListKind {
  const rest = without(def, ['createSchema', 'derive', 'create', 'actions', 'filters', 'createLinks', 'secret', 'shownWhen', 'editable', 'priceQuantityKey']);
  const { finalFor: _finalFor, ...create } = def.create;
  return { ...rest, create, actions: def.actions.map(listAction), filters: def.filters.map((f) => listFilter(def, f)) };
}

/** Every kind's list model, in the registry's order. */
export const deriveListKinds = (): ListKind[] => KINDS.map(deriveListKind);
