// The kinds' zod-free list models (ADR 0031 addendum) are generated from the registry: they must be
// exactly what the registry derives today, for every kind, so the phone list cannot drift from the
// forms and the server. Regenerate with `npx node scripts/gen-list-kinds.ts`.
import { describe, expect, it } from 'vitest';
import { KINDS } from '../../src/domain/kinds/registry.ts';
import { LIST_KINDS, listKindOf } from '../../src/domain/kinds/list-kinds.generated.ts';
import { deriveListKind } from '../../src/web/features/resources/list-kinds-derive.ts';

const plain = (v: unknown) => JSON.parse(JSON.stringify(v)) as unknown;

describe('the kinds’ list models', () => {
  it('cover every kind of the registry, in its order', () => {
    expect(LIST_KINDS.map((k) => k.kind)).toEqual(KINDS.map((k) => k.kind));
  });
  for (const def of KINDS) {
    it(`${def.kind}: equals what the registry derives (run scripts/gen-list-kinds.ts after changing a kind)`, () => {
      expect(plain(listKindOf(def.kind))).toEqual(plain(deriveListKind(def)));
    });
  }
  it('are plain data: no schema, no function, each action with params says so', () => {
    for (const def of KINDS) {
      const lk = listKindOf(def.kind)!;
      expect(JSON.stringify(lk)).not.toMatch(/"(createSchema|params|derive|finalFor|needed)"/);
      expect(lk.actions.map((a) => [a.id, Boolean(a.hasParams)])).toEqual(def.actions.map((a) => [a.id, Boolean(a.params)]));
      for (const f of lk.filters) if (f.type === 'enum' && f.param !== 'provider') expect(f.options?.length, `${def.kind}.${f.param}`).toBeGreaterThan(0);
    }
  });
});
