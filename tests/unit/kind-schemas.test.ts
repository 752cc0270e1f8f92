// A kind is zod-free and its schemas sit beside it (ADR 0049): the registry and what it imports
// load no zod (the phone's first load reads it directly), every kind joins with its folder's
// `<kind>.schema.ts`, and an action's `hasParams` says exactly whether its schema declares params.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { KINDS } from '../../src/domain/kinds/registry.ts';
import { LIST_KINDS, listKindOf } from '../../src/domain/kinds/list-kind.ts';
import { FULL_KINDS } from '../../src/server/engine/kinds/kind-schemas.ts';
import { joinKind } from '../../src/domain/kinds/kind-schemas.ts';
import { volumeSchemas } from '../../src/domain/kinds/volume/volume.schema.ts';

/** The modules a file imports at run time (type-only imports are erased), transitively. */
function importClosure(file: string, seen = new Map<string, string[]>()): Map<string, string[]> {
  if (seen.has(file)) return seen;
  const specs = [...readFileSync(file, 'utf8').matchAll(/^import\s+(?!type\b)[^'"]*?from\s+'([^']+)'/gms)].map((m) => m[1]!);
  seen.set(file, specs);
  for (const s of specs) if (s.startsWith('.')) importClosure(path.resolve(path.dirname(file), s), seen);
  return seen;
}

describe('kinds without zod, schemas beside them', () => {
  it('the registry and the list models import no zod and no schema file', () => {
    const closure = importClosure(path.resolve('src/domain/kinds/list-kind.ts'));
    const offenders = [...closure].filter(([f, specs]) => specs.includes('zod') || f.endsWith('.schema.ts')).map(([f]) => path.relative('.', f));
    expect(offenders).toEqual([]);
  });

  it('every kind joins with its schemas, in the registry’s order', () => {
    expect(FULL_KINDS.map((k) => k.kind)).toEqual(KINDS.map((k) => k.kind));
    for (const k of FULL_KINDS) {
      expect(typeof k.createSchema.parse, k.kind).toBe('function');
      for (const a of k.actions) expect(Boolean(a.params), `${k.kind}.${a.id}`).toBe(Boolean(a.hasParams));
    }
  });

  it('a schema for an action that declares no params, or a missing one, is refused', () => {
    const volume = KINDS.find((k) => k.kind === 'volume')!;
    const mount = volumeSchemas.actions.mount!;
    expect(() => joinKind(volume, { ...volumeSchemas, actions: { ...volumeSchemas.actions, unmount: mount } } as never)).toThrow(/unmount/);
    expect(() => joinKind(volume, { ...volumeSchemas, actions: { expand: volumeSchemas.actions.expand } } as never)).toThrow(/mount/);
  });

  it('list models are plain data with what their controls offer', () => {
    expect(LIST_KINDS.map((k) => k.kind)).toEqual(KINDS.map((k) => k.kind));
    for (const def of KINDS) {
      const lk = listKindOf(def.kind)!;
      expect(JSON.stringify(lk)).not.toMatch(/"(createSchema|params|derive|finalFor|needed|effects)"/);
      for (const f of lk.filters) if (f.type === 'enum' && f.param !== 'provider') expect(f.options?.length, `${def.kind}.${f.param}`).toBeGreaterThan(0);
    }
    const vendors = listKindOf('instance')!.filters.find((f) => f.param === 'provider')!.options;
    expect(vendors).toEqual(['openstack', 'ali', 'tencent', 'ctyun', 'hwyun', 'vmware']);
    expect(listKindOf('cloud_account')!.filters.find((f) => f.param === 'provider')!.options).toEqual(['ali', 'tencent', 'ctyun', 'hwyun']);
    expect(listKindOf('load_balancer')!.filters.find((f) => f.param === 'provider')!.options).toEqual([]);
  });
});
