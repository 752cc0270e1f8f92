// The filter sheet / filter bar model (filter-model.ts): every filter a kind declares becomes a
// control with a real Chinese label and labelled options, and the filters live in the URL.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { KINDS, kindOf } from '../../src/domain/kinds/registry.ts';
import { activeFilterCount, filtersFromSearch, searchWithFilters } from '../../src/web/features/resources/list/filter-model.ts';
import { filterControls, filterLabel, filterOptionLabel } from '../../src/web/features/resources/list/filter-controls.ts';

const load = (lang: string, ns: string) =>
  JSON.parse(readFileSync(new URL(`../../locales/${lang}/${ns}.json`, import.meta.url), 'utf8')) as Record<string, unknown>;
/** i18next's lookup over the real locale files: `ns:a.b.c`, else defaultValue, else the key. */
const tOf = (lang: string) => {
  const nss: Record<string, Record<string, unknown>> = { kinds: load(lang, 'kinds'), resources: load(lang, 'resources') };
  return (key: string, opts: Record<string, unknown> = {}): string => {
    const [ns, path] = key.split(':') as [string, string];
    const v = path.split('.').reduce<unknown>((at, p) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[p] : undefined), nss[ns]);
    return typeof v === 'string' ? v : typeof opts.defaultValue === 'string' ? opts.defaultValue : key;
  };
};
const han = /[\u4e00-\u9fff]/;

describe('the filters of a kind', () => {
  it('draws every declared filter of every kind, in its order', () => {
    for (const def of KINDS) {
      const controls = filterControls(def);
      expect(
        controls.map((c) => c.param),
        def.kind,
      ).toEqual(def.filters.map((f) => f.param));
      for (const c of controls) {
        const f = def.filters.find((x) => x.param === c.param)!;
        if (f.type === 'enum') expect(['enum', 'vendor'], `${def.kind}.${c.param}`).toContain(c.type);
        if (f.type === 'boolean') expect(c.type, `${def.kind}.${c.param}`).toBe('boolean');
        if (f.type === 'ref') {
          expect(c.type, `${def.kind}.${c.param}`).toBe('ref');
          if (c.type === 'ref') expect(kindOf(c.refKind), `${def.kind}.${c.param}`).toBeDefined();
        }
        if (c.type === 'enum') expect(c.options.length, `${def.kind}.${c.param}`).toBeGreaterThan(0);
      }
    }
  });

  it('names every filter in Chinese and every option by its locale label, never by its code', () => {
    for (const lang of ['zh-CN', 'zh-TW']) {
      const t = tOf(lang);
      for (const def of KINDS) {
        for (const c of filterControls(def)) {
          const label = filterLabel(t, def, c);
          expect(label, `${lang} ${def.kind}.${c.param}`).toMatch(han);
          const values = c.type === 'enum' ? c.options : c.type === 'boolean' ? ['true', 'false'] : [];
          for (const v of values) expect(filterOptionLabel(t, def, c, v), `${lang} ${def.kind}.${c.param}=${v}`).not.toBe(v);
        }
      }
    }
  });

  it("offers the volume's disk types with their names", () => {
    const volume = kindOf('volume')!;
    const t = tOf('zh-CN');
    const type = filterControls(volume).find((c) => c.param === 'volume_type')!;
    expect(type).toEqual({ param: 'volume_type', key: 'volume_type', type: 'enum', options: ['ssd', 'sas', 'sata'] });
    expect(filterLabel(t, volume, type)).toBe('磁盘类型');
    expect(['ssd', 'sas', 'sata'].map((v) => filterOptionLabel(t, volume, type, v))).toEqual(['SSD 云硬盘', '高IO 云硬盘', '普通云硬盘']);
    expect(filterControls(volume).find((c) => c.param === 'instance_id')).toMatchObject({ type: 'ref', refKind: 'instance' });
    expect(filterControls(kindOf('instance')!).find((c) => c.param === 'locked')).toMatchObject({ type: 'boolean' });
  });

  it("keeps the filters in the URL: the kind's own params and the placement cascade, nothing else touched", () => {
    const volume = kindOf('volume')!;
    const search = new URLSearchParams('tab=x&volume_type=ssd&name=web&protocol=tcp&provider=ali&az.region_id=r1');
    expect(filtersFromSearch(volume, search)).toEqual({ volume_type: 'ssd', name: 'web', provider: 'ali', 'az.region_id': 'r1' });
    const next = searchWithFilters(volume, search, { volume_type: 'sata', status: 'mounted' });
    expect(Object.fromEntries(next)).toEqual({ tab: 'x', protocol: 'tcp', volume_type: 'sata', status: 'mounted' });
    expect(filtersFromSearch(volume, next)).toEqual({ volume_type: 'sata', status: 'mounted' });
    expect(activeFilterCount({ name: 'web', volume_type: 'ssd' })).toBe(1);
  });
});
