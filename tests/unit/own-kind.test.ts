// A form loads its own kind's schema module alone (ADR 0078): the build maps each kind to the
// `<kind>.schema.ts` whose source declares it (declaredKindExports), and joinOwnKind joins the kind
// from that module alone. Both must agree with the join of every kind the server and the desktop
// screens use (joinKinds), for every kind of the registry.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as registry from '../../src/domain/kinds/registry.ts';
import { declaredKindExports, joinKinds, joinOwnKind } from '../../src/domain/kinds/kind-schemas.ts';

const root = path.resolve(import.meta.dirname, '../../src/domain/kinds');
const files = fs
  .readdirSync(root, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) =>
    fs
      .readdirSync(path.join(root, d.name))
      .filter((f) => f.endsWith('.schema.ts'))
      .map((f) => path.join(root, d.name, f)),
  );
const defs = registry as unknown as Record<string, { kind?: string } | undefined>;

describe('a kind’s own schema module', () => {
  it('every registry kind is declared by exactly one schema file, and that file’s module joins it as the whole registry does', async () => {
    const modules = await Promise.all(files.map(async (f) => [f, (await import(f)) as Record<string, unknown>] as const));
    const owner = new Map<string, Record<string, unknown>>();
    for (const [file, mod] of modules) {
      for (const name of declaredKindExports(fs.readFileSync(file, 'utf8'))) {
        const kind = defs[name]?.kind;
        expect(kind, `${path.basename(file)} declares ${name}`).toBeTypeOf('string');
        expect(owner.has(kind!), `${kind} declared twice`).toBe(false);
        owner.set(kind!, mod);
      }
    }
    const all = joinKinds(
      registry.KINDS,
      modules.map(([, m]) => m),
    );
    expect([...owner.keys()].sort()).toEqual(all.map((k) => k.kind).sort());
    for (const full of all) {
      const own = joinOwnKind(full.kind, owner.get(full.kind)!);
      expect(own.createSchema, full.kind).toBe(full.createSchema);
      expect(
        own.actions.map((a) => [a.id, a.params]),
        full.kind,
      ).toEqual(full.actions.map((a) => [a.id, a.params]));
      expect(own.productCode, full.kind).toBe(full.productCode);
    }
  });

  it('refuses a module that declares no schemas of the kind asked for', async () => {
    const nas = (await import('../../src/domain/kinds/nas/nas.schema.ts')) as Record<string, unknown>;
    expect(joinOwnKind('nas', nas).kind).toBe('nas');
    expect(() => joinOwnKind('vpc', nas)).toThrow(/declares no schemas of it/);
  });

  it('reads the kinds a source declares, in order', () => {
    expect(declaredKindExports('defineSchemas(snatRuleKind, {…}); defineSchemas(\n  dnatRuleKind, {…})')).toEqual(['snatRuleKind', 'dnatRuleKind']);
    expect(declaredKindExports('const x = 1;')).toEqual([]);
  });
});
