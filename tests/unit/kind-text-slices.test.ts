// The kinds' texts in slices (ADR 0036): a kind's phone list loads `_common` and its own slice, so
// together they must hold every text that list reads, and all slices merged must be the namespace.
import { describe, expect, it } from 'vitest';
import kindsZhCN from '../../locales/zh-CN/kinds.json';
import { sliceKindTexts } from '../../src/web/lib/kind-text-slices.ts';
import { KIND_LIST_ROUTES } from '../../src/web/app/pages.ts';
import { LIST_KINDS } from '../../src/domain/kinds/list-kind.ts';

type Texts = Record<string, unknown>;
function merge(into: Texts, from: Texts): Texts {
  for (const [k, v] of Object.entries(from)) {
    const cur = into[k];
    into[k] = typeof v === 'object' && v !== null && typeof cur === 'object' && cur !== null ? merge({ ...(cur as Texts) }, v as Texts) : v;
  }
  return into;
}

describe('the slices of the kinds’ texts', () => {
  const slices = sliceKindTexts(kindsZhCN);

  it('merged, are the whole namespace', () => {
    const merged = Object.values(slices).reduce((acc, s) => merge(acc, s), {} as Texts);
    expect(merged).toEqual(kindsZhCN);
  });

  it('keep the shared sections and every kind’s name in the common slice, and a kind’s other texts out of it', () => {
    const common = slices._common as Record<string, Texts>;
    expect(common.status).toEqual(kindsZhCN.status);
    expect(common.messages).toEqual(kindsZhCN.messages);
    expect(common.instance).toEqual({ name: kindsZhCN.instance.name });
    expect(slices.instance).toEqual({ instance: kindsZhCN.instance });
    expect(common.dns_adv).toBeUndefined();
    expect(slices._areas).toEqual({ dns: kindsZhCN.dns, cdn: kindsZhCN.cdn, dns_adv: kindsZhCN.dns_adv });
    expect(JSON.stringify(common).length).toBeLessThan(JSON.stringify(kindsZhCN).length / 2);
  });

  it('have a slice for the kind of every kind list route', () => {
    for (const route of KIND_LIST_ROUTES) {
      const kind = LIST_KINDS.find((k) => k.routes.list === route)?.kind;
      expect(kind, route).toBeDefined();
      expect(slices[kind!], `${route} (${kind})`).toBeDefined();
    }
  });
});
