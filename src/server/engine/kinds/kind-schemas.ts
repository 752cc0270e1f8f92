// Every kind joined with its schemas, for the server (ADR 0049). The server finds a kind's zod half
// by its folder's name — `src/domain/kinds/<folder>/<folder>.schema.ts` — and loads them all once at
// start (top-level await: Node 24 runs the TypeScript sources and vitest imports them alike), so a
// new kind's folder is all the server needs; joinKinds refuses a kind without schemas and schemas
// of a kind the registry does not list.
import { existsSync, readdirSync } from 'node:fs';
import type { FullAction, FullKind } from '../../../domain/kinds/kind-schemas.ts';
import { joinKinds } from '../../../domain/kinds/kind-schemas.ts';
import { KINDS } from '../../../domain/kinds/registry.ts';

const KINDS_DIR = new URL('../../../domain/kinds/', import.meta.url);
const schemaFiles = readdirSync(KINDS_DIR, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => new URL(`${d.name}/${d.name}.schema.ts`, KINDS_DIR))
  .filter((u) => existsSync(u));
const modules = (await Promise.all(schemaFiles.map((u) => import(u.href)))) as Record<string, unknown>[];

/** Every kind with its create schema and action params, in the registry's order. */
export const FULL_KINDS: readonly FullKind[] = joinKinds(KINDS, modules);
const byKind = new Map(FULL_KINDS.map((k) => [k.kind, k]));

/** The full kind of a name, or undefined. */
export const fullKindOf = (kind: string): FullKind | undefined => byKind.get(kind);

/** The create schema of a registered kind. */
export function createSchemaOf(def: { kind: string }): FullKind['createSchema'] {
  const full = byKind.get(def.kind);
  if (!full) throw new Error(`unknown kind ${def.kind}`);
  return full.createSchema;
}

/** The params schema of an action of a registered kind (undefined when it takes none). */
export function paramsOf(def: { kind: string }, actionId: string): FullAction['params'] {
  return byKind.get(def.kind)?.actions.find((a) => a.id === actionId)?.params;
}
