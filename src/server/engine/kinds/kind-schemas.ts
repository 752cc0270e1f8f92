// Every kind joined with its schemas and its server half (ADR 0049, ADR 0052). The server finds a
// kind's parts by its folder's name — `src/domain/kinds/<folder>/<folder>.schema.ts` and, where the
// kind has rules that need the database, `src/server/engine/kinds/<folder>/<folder>.hooks.ts` — and
// loads them all once at start (top-level await: Node 24 runs the TypeScript sources and vitest
// imports them alike), so a new kind's folders are all the server needs. joinKinds refuses a kind
// without schemas and schemas of a kind the registry does not list; joinHooks refuses hooks of an
// unlisted kind, two server halves of one kind and a hooks module that exports none.
import { existsSync, readdirSync } from 'node:fs';
import type { FullAction, FullKind } from '../../../domain/kinds/kind-schemas.ts';
import { joinKinds } from '../../../domain/kinds/kind-schemas.ts';
import { KINDS } from '../../../domain/kinds/registry.ts';
import { joinHooks, type KindHooks } from './hooks.ts';

/** `<root>/<folder>/<folder><suffix>` of every folder of root that has one, by folder name (the same order on every machine). */
function filesByFolder(root: URL, suffix: string): URL[] {
  return readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()
    .map((name) => new URL(`${name}/${name}${suffix}`, root))
    .filter((u) => existsSync(u));
}

/** Imports the modules, each with its path from `src/` for the messages. */
const load = (files: readonly URL[]): Promise<{ file: string; exports: Record<string, unknown> }[]> =>
  Promise.all(
    files.map(async (u) => ({ file: u.pathname.slice(u.pathname.lastIndexOf('/src/') + 1), exports: (await import(u.href)) as Record<string, unknown> })),
  );

const [schemaModules, hooksModules] = await Promise.all([
  load(filesByFolder(new URL('../../../domain/kinds/', import.meta.url), '.schema.ts')),
  load(filesByFolder(new URL('./', import.meta.url), '.hooks.ts')),
]);

/** resources.kind → the kind's server half (kinds without database rules have none). */
export const KIND_HOOKS: Readonly<Record<string, KindHooks>> = joinHooks(KINDS, hooksModules);

/** Every kind with its create schema and action params, in the registry's order. */
export const FULL_KINDS: readonly FullKind[] = joinKinds(
  KINDS,
  schemaModules.map((m) => m.exports),
);
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
