// A kind's zod half (ADR 0049): its folder's `<kind>.schema.ts` declares the create body and the
// params of the actions that take some, keyed by the kind's action ids. The server joins every
// kind with its schemas at start; the web joins them only in the lazy chunks of forms, action
// params, details and desktop tables, so the list screens never load zod.
import type { z } from 'zod';
import type { ActionDef, ActionIdOf, KindDefinition } from './kind.ts';

type Params = z.ZodObject<any>;

export interface KindSchemas<K extends KindDefinition<any> = KindDefinition<any>, S extends z.ZodObject<any> = z.ZodObject<any>> {
  kind: K;
  /** validates the purchase body (columns + spec) */
  create: S;
  /** the params of each action that declares `hasParams` */
  actions: { readonly [A in ActionIdOf<K>]?: Params };
}

/** Declares the schemas of a kind, keyed by its own action ids (a typo does not compile). */
export function defineSchemas<K extends KindDefinition<any>, S extends z.ZodObject<any>>(
  kind: K,
  schemas: { create: S; actions: { readonly [A in ActionIdOf<K>]?: Params } },
): KindSchemas<K, S> {
  return { kind, ...schemas };
}

/** The create body of a kind, inferred from its schemas (`SpecOf<typeof fooSchemas>`). */
export type SpecOf<S> = S extends KindSchemas<any, infer Z> ? z.infer<Z> : never;

/** An action with its params schema. */
export type FullAction = ActionDef & { params?: Params };

/** A kind joined with its schemas: what validates a purchase and an action's params. */
export interface FullKind extends Omit<KindDefinition, 'actions'> {
  createSchema: z.ZodObject<any>;
  actions: readonly FullAction[];
}

const isSchemas = (v: unknown): v is KindSchemas =>
  !!v && typeof v === 'object' && 'kind' in v && 'create' in v && 'actions' in v && typeof (v as { create: unknown }).create === 'object';

/** Joins a kind with its schemas; throws when an action's `hasParams` and its schema disagree. */
export function joinKind(def: KindDefinition, schemas: KindSchemas): FullKind {
  const params = schemas.actions as Readonly<Record<string, Params | undefined>>;
  for (const id of Object.keys(params)) {
    if (!def.actions.some((a) => a.id === id && a.hasParams)) throw new Error(`kind ${def.kind}: params for ${id}, which declares no hasParams`);
  }
  const actions = def.actions.map((a): FullAction => {
    if (!a.hasParams) return a;
    const p = params[a.id];
    if (!p) throw new Error(`kind ${def.kind}: action ${a.id} has params but ${def.kind}'s schema file declares none`);
    return { ...a, params: p };
  });
  return { ...def, createSchema: schemas.create, actions };
}

/**
 * Joins every kind of the registry with the schemas found in the exports of its folders'
 * `<kind>.schema.ts` modules (however they were loaded: Vite's glob on the web, the folder list
 * on the server). Throws for a kind without schemas and for schemas of an unregistered kind.
 */
export function joinKinds(kinds: readonly KindDefinition[], schemaModules: readonly Record<string, unknown>[]): FullKind[] {
  const found = new Map<string, KindSchemas>();
  for (const m of schemaModules) for (const v of Object.values(m)) if (isSchemas(v)) found.set(v.kind.kind, v);
  for (const k of found.keys()) if (!kinds.some((d) => d.kind === k)) throw new Error(`schemas for kind ${k}, which the registry does not list`);
  return kinds.map((def) => {
    const s = found.get(def.kind);
    if (!s) throw new Error(`kind ${def.kind}: no <kind>.schema.ts declares its schemas`);
    return joinKind(def, s);
  });
}

/**
 * One kind joined with the schemas its folder's `<kind>.schema.ts` module declares (a form that loads
 * that module alone, ADR 0078). The definition is the one the schemas were declared with. Throws when
 * the module declares no schemas of that kind.
 */
export function joinOwnKind(kind: string, schemaModule: Record<string, unknown>): FullKind {
  const s = Object.values(schemaModule).find((v): v is KindSchemas => isSchemas(v) && v.kind.kind === kind);
  if (!s) throw new Error(`kind ${kind}: its schema module declares no schemas of it`);
  return joinKind(s.kind, s);
}

/**
 * The registry export names of the kinds whose schemas a `<kind>.schema.ts` source declares (the first
 * argument of each `defineSchemas` call): how the build maps a kind to its schema module
 * (vite.config.ts kindSchemaLoaders), checked against the modules' exports by tests/unit/own-kind.test.ts.
 */
export const declaredKindExports = (source: string): string[] => [...source.matchAll(/defineSchemas\(\s*(\w+)/g)].map((m) => m[1]!);
