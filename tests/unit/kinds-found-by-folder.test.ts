// A kind's parts are found by its folder's name, not listed (ADR 0052): the server joins the hooks
// modules it found with the registry and stops at start — KIND_HOOKS is computed when
// src/server/engine/kinds/kind-schemas.ts is first imported — when a module's hooks are for a kind the
// registry does not list, when one kind has two server halves, or when a module exports no hooks;
// and the registry orders its kinds by the number each carries, refusing two kinds with one number.
import { describe, expect, it } from 'vitest';
import { inMenuOrder, type KindDefinition } from '../../src/domain/kinds/kind.ts';
import { KINDS } from '../../src/domain/kinds/registry.ts';
import { defineHooks, joinHooks } from '../../src/server/engine/kinds/hooks.ts';

const kind = (name: string, menuOrder = 10) => ({ ...KINDS.find((k) => k.kind === 'snapshot')!, kind: name, menuOrder }) as KindDefinition;
const disk = kind('scratch_disk', 10);
const tape = kind('scratch_tape', 20);
const registry = [disk, tape];

const diskHooks = defineHooks(disk, { beforeCreate: async () => {} });
const tapeHooks = defineHooks(tape, { beforeRemove: async () => {} });
const mod = (file: string, exports: Record<string, unknown>) => ({ file, exports });

describe('the server halves found in the kinds’ folders', () => {
  it('are joined by kind, in the registry’s order, from single hooks or arrays beside other exports', () => {
    const joined = joinHooks(registry, [
      mod('src/server/engine/kinds/scratch-tape/scratch-tape.hooks.ts', { tapeHooks, TAPE_LIMIT: 3, helper: () => 1 }),
      mod('src/server/engine/kinds/scratch-disk/scratch-disk.hooks.ts', { scratchHooks: [diskHooks], SIZES: [10, 20] }),
    ]);
    expect(Object.keys(joined)).toEqual(['scratch_disk', 'scratch_tape']);
    expect(joined.scratch_disk).toBe(diskHooks);
    expect(joined.scratch_tape).toBe(tapeHooks);
    expect(joinHooks(registry, [])).toEqual({});
  });

  it('take the same hooks exported again by another module as one', () => {
    const joined = joinHooks(registry, [mod('a/a.hooks.ts', { diskHooks }), mod('b/b.hooks.ts', { again: [diskHooks, tapeHooks] })]);
    expect(joined).toEqual({ scratch_disk: diskHooks, scratch_tape: tapeHooks });
  });

  it('stop the start for hooks of a kind the registry does not list', () => {
    const stray = defineHooks(kind('scratch_drum'), { beforeCreate: async () => {} });
    expect(() => joinHooks(registry, [mod('src/server/engine/kinds/scratch-drum/scratch-drum.hooks.ts', { stray: [stray] })])).toThrow(
      'src/server/engine/kinds/scratch-drum/scratch-drum.hooks.ts declares hooks for kind scratch_drum, which the registry does not list',
    );
  });

  it('stop the start for two server halves of one kind, naming both files', () => {
    const second = defineHooks(disk, { beforeRemove: async () => {} });
    expect(() => joinHooks(registry, [mod('a/a.hooks.ts', { diskHooks }), mod('b/b.hooks.ts', { second })])).toThrow(
      'kind scratch_disk has two server halves: a/a.hooks.ts and b/b.hooks.ts',
    );
    // (in one module too)
    expect(() => joinHooks(registry, [mod('a/a.hooks.ts', { both: [diskHooks, second] })])).toThrow('kind scratch_disk has two server halves');
  });

  it('stop the start for a hooks module that exports none (a kind’s schemas are not hooks)', () => {
    const schemas = { kind: disk, create: {}, actions: {} };
    expect(() => joinHooks(registry, [mod('a/a.hooks.ts', { schemas, helper: () => 1 })])).toThrow(
      'a/a.hooks.ts exports no hooks: export defineHooks(kind, { … }) or an array of them',
    );
  });
});

describe('the registry’s menu order', () => {
  it('is the kinds’ menuOrder, whatever order they are found in', () => {
    expect(inMenuOrder([tape, disk, kind('scratch_drum', 15)]).map((k) => k.kind)).toEqual(['scratch_disk', 'scratch_drum', 'scratch_tape']);
  });

  it('refuses two kinds with one number', () => {
    expect(() => inMenuOrder([disk, kind('scratch_drum', 10)])).toThrow('kinds scratch_disk and scratch_drum have the same menuOrder 10');
  });
});
