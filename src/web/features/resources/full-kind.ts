// The full kinds (definition joined with its folder's `<kind>.schema.ts`: create schema, action
// params) for the lazy chunks that validate — forms, action params, details, desktop tables. The
// schemas are found by their file name (Vite's glob, ADR 0049), so adding a kind adds nothing here;
// the phone list and the first screen never import this module, so they never load zod.
import type { FullAction, FullKind } from '../../../domain/kinds/kind-schemas.ts';
import { joinKinds } from '../../../domain/kinds/kind-schemas.ts';
import { KINDS } from '../../../domain/kinds/registry.ts';

const SCHEMA_MODULES = import.meta.glob<Record<string, unknown>>('../../../domain/kinds/*/*.schema.ts', { eager: true });
const FULL = new Map(joinKinds(KINDS, Object.values(SCHEMA_MODULES)).map((k) => [k.kind, k]));

/** The full kind of a name, or undefined. */
export const fullKindOf = (kind: string): FullKind | undefined => FULL.get(kind);

export function fullKind(def: { kind: string }): FullKind {
  const full = FULL.get(def.kind);
  if (!full) throw new Error(`unknown kind ${def.kind}`);
  return full;
}

export function fullAction(def: { kind: string }, action: { id: string }): FullAction {
  const full = fullKind(def).actions.find((a) => a.id === action.id);
  if (!full) throw new Error(`unknown action ${def.kind}.${action.id}`);
  return full;
}
