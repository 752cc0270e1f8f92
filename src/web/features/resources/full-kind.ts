// The full definition (create schema, action params, guards) of a kind the list screens know by its
// zod-free list model (domain/kinds/list-kind.ts). Imported only by the lazy chunks that need it —
// forms, action params, details, desktop tables — so the phone list never loads zod or the
// registry (ADR 0031 addendum).
import type { ActionDef, KindDefinition } from '../../../domain/kinds/kind.ts';
import { kindOf } from '../../../domain/kinds/registry.ts';

export function fullKind(def: { kind: string }): KindDefinition {
  const full = kindOf(def.kind);
  if (!full) throw new Error(`unknown kind ${def.kind}`);
  return full;
}

export function fullAction(def: { kind: string }, action: { id: string }): ActionDef {
  const full = fullKind(def).actions.find((a) => a.id === action.id);
  if (!full) throw new Error(`unknown action ${def.kind}.${action.id}`);
  return full;
}
