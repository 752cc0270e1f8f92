// A kind's own web screens are found by its folder's name (ADR 0053): src/web/kinds/<folder>/ with
// <folder>.slots.ts and <folder>.screens.tsx, joined by features/resources/kind-folders.ts, which
// checks nothing at run time (it runs with every resource page). So here: each folder has both
// files named after it and no slot is claimed twice; the folders name real routes, kinds and texts,
// type their screens by their slots, and put the screens where the page drew them before (CDN,
// smart DNS, HTTPDNS, GTM, the NAT gateway's route tabs, a DNS zone's records).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { kindOf } from '../../src/domain/kinds/registry.ts';
import { listKindOf } from '../../src/domain/kinds/list-kind.ts';
import { ROUTE_TABLE } from '../../src/domain/navigation/route-table.ts';
import { detailTabsOf, routeTextKinds } from '../../src/web/features/resources/kind-screens.ts';
import { sliceKindTexts } from '../../src/web/lib/kind-text-slices.ts';
import type { KindSlots } from '../../src/web/features/resources/kind-slots.ts';
import { KIND_FOLDERS, kindAbove, kindDetailTabs, kindPage, kindRouteTabs } from '../../src/web/features/resources/kind-folders.ts';

const SLOT_FILES = import.meta.glob<KindSlots>('../../src/web/kinds/*/*.slots.ts', { eager: true, import: 'slots' });
const SCREEN_FILES = Object.keys(import.meta.glob('../../src/web/kinds/*/*.screens.tsx'));
const texts = (lang: string) => JSON.parse(fs.readFileSync(`locales/${lang}/kinds.json`, 'utf8')) as Record<string, unknown>;
const hasText = (all: Record<string, unknown>, key: string) =>
  key
    .replace(/^kinds:/, '')
    .split('.')
    .reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), all) !== undefined;

/** The folder a slots or screens file is in, or the file's path when it is not named after its folder. */
const folderOf = (path: string) => {
  const m = /\/kinds\/([\w-]+)\/([\w-]+)\.(?:slots\.ts|screens\.tsx)$/.exec(path);
  return m && m[1] === m[2] ? m[1]! : path;
};

/** Who claims a page, route tabs of a kind or a detail tab, when two folders do. */
function doubleClaims(folders: readonly { name: string; slots: KindSlots }[]): string[] {
  const seen = new Map<string, string>();
  const twice: string[] = [];
  for (const { name, slots } of folders) {
    const claims = [
      ...Object.keys(slots.pages ?? {}).map((r) => `page ${r}`),
      ...(slots.routeTabs ?? []).map((k) => `route tabs of ${k}`),
      ...Object.keys(slots.detailTabs ?? {}).map((k) => `detail tab ${k}`),
    ];
    for (const c of claims) {
      if (seen.has(c)) twice.push(`${c}: ${seen.get(c)} and ${name}`);
      else seen.set(c, name);
    }
  }
  return twice;
}

describe('the checks of the kind folders', () => {
  it('find a file not named after its folder and a second claim of a page, route tabs or a detail tab', () => {
    expect(folderOf('../../src/web/kinds/gtm/gtm.slots.ts')).toBe('gtm');
    expect(folderOf('../../src/web/kinds/gtm/gtm-pages.slots.ts')).toBe('../../src/web/kinds/gtm/gtm-pages.slots.ts');
    const page = { pages: { r: { frame: 'detail' } } };
    expect(
      doubleClaims([
        { name: 'a', slots: page },
        { name: 'b', slots: page },
      ]),
    ).toEqual(['page r: a and b']);
    expect(
      doubleClaims([
        { name: 'a', slots: { routeTabs: ['k'] } },
        { name: 'b', slots: { routeTabs: ['k'] } },
      ]),
    ).toEqual(['route tabs of k: a and b']);
    const tab = { detailTabs: { t: { titleKey: 'x', kinds: ['k'] } } };
    expect(
      doubleClaims([
        { name: 'a', slots: tab },
        { name: 'b', slots: tab },
      ]),
    ).toEqual(['detail tab t: a and b']);
    // pieces above a route may come from several folders, drawn in folder order
    expect(
      doubleClaims([
        { name: 'a', slots: { above: { r: {} } } },
        { name: 'b', slots: { above: { r: {} } } },
      ]),
    ).toEqual([]);
  });
});

describe('the kind folders of src/web/kinds', () => {
  const folders = KIND_FOLDERS;
  const routes = new Set(ROUTE_TABLE.map((r) => r.name));
  const zhCN = texts('zh-CN');
  const zhTW = texts('zh-TW');

  it('each have both files, named after the folder, and no claim is made twice', () => {
    const withSlots = Object.keys(SLOT_FILES).map(folderOf).sort();
    expect(withSlots).toEqual(SCREEN_FILES.map(folderOf).sort());
    expect(folders.map((f) => f.name)).toEqual(withSlots);
    expect(folders.every((f) => typeof f.load === 'function')).toBe(true);
    expect(doubleClaims(folders)).toEqual([]);
  });

  it('are named as kind folders of src/domain/kinds and claim real routes, kinds and texts', () => {
    expect(folders.length).toBeGreaterThan(0);
    for (const { name, slots } of folders) {
      expect(fs.existsSync(`src/domain/kinds/${name}`), name).toBe(true);
      for (const route of [...Object.keys(slots.pages ?? {}), ...Object.keys(slots.above ?? {})]) expect(routes.has(route), `${name}: ${route}`).toBe(true);
      // route tabs are the registry's (a kind with tabs derived from its placed kinds), not the folder's wish
      for (const kind of slots.routeTabs ?? []) expect(detailTabsOf(listKindOf(kind)!).length, `${name}: ${kind}`).toBeGreaterThan(0);
      for (const [key, tab] of Object.entries(slots.detailTabs ?? {})) {
        for (const kind of tab.kinds) expect(kindOf(kind), `${name}: ${key} on ${kind}`).toBeDefined();
        expect(hasText(zhCN, tab.titleKey) && hasText(zhTW, tab.titleKey), `${name}: ${tab.titleKey}`).toBe(true);
      }
    }
  });

  // The screens import antd-mobile, which does not load under Node; the compiler checks the fill instead:
  // `KindScreens<typeof slots>` refuses a missing screen and a screen for an unclaimed slot.
  it('type their screens by their own slots, so the compiler checks every slot is filled', () => {
    for (const { name } of folders) {
      const source = fs.readFileSync(`src/web/kinds/${name}/${name}.screens.tsx`, 'utf8');
      expect(source, name).toContain(`import type { slots } from './${name}.slots.ts';`);
      expect(source, name).toMatch(/^export const screens: KindScreens<typeof slots> = /m);
    }
  });

  it('draw the pages, pieces and tabs the resource page drew by name before', () => {
    expect(kindPage('cdnTab_cdnWatch', false)?.frame).toBe('cdn-watch');
    // smart DNS records and GTM tabs only with an id (without one the derived screen sends to the list)
    expect(kindPage('smartDns_domain', false)).toBeUndefined();
    expect(kindPage('smartDns_domain', true)?.frame).toBe('detail');
    for (const r of ['gtmDetail_globarSet', 'gtmDetail_policyAdd', 'gtmDetail_gtmLog']) {
      expect(kindPage(r, false), r).toBeUndefined();
      expect(kindPage(r, true)?.frame, r).toBe('detail');
    }
    for (const r of ['cdnTab', 'cdnTab_cdnManage', 'cdnTab_refreshPreheat', 'httpDnsManage', 'httpDnsManage_httpDns', 'httpDnsManage_httpDomainList'])
      expect(kindAbove(r, false), r).toHaveLength(1);
    expect(kindAbove('smartDns_domainDetail', false)).toHaveLength(0);
    expect(kindAbove('smartDns_domainDetail', true)).toHaveLength(1);
    // the same lazy component on every render, one chunk per folder
    expect(kindAbove('cdnTab', false)[0]).toBe(kindAbove('cdnTab', false)[0]);
    // derived screens stay derived
    for (const r of ['ecsManage', 'natManage', 'cdnDetail', 'refreshPreheatConfig', 'smartDns', 'gtmManage', 'dnsDetail']) {
      expect(kindPage(r, true), r).toBeUndefined();
      expect(kindAbove(r, true), r).toHaveLength(0);
    }
    expect(kindRouteTabs('nat_gateway')).toBeDefined();
    expect(kindRouteTabs('instance')).toBeUndefined();
    expect(kindDetailTabs('private_dns_zone').map((t) => [t.key, t.titleKey])).toEqual([['dns_records', 'kinds:dns.records_tab']]);
    expect(kindDetailTabs('dns_domain').map((t) => t.key)).toEqual(['dns_records']);
    expect(kindDetailTabs('instance')).toEqual([]);
  });
});

// A folder that says which texts its screens read (`texts`) loads those with its chunk instead of every
// console namespace (ADR 0072, second addendum): hold the list to the folder's files, and to the files of
// the other kind folders they import, except a lazy part that loads its own (`withNamespaces([...], import(…))`).
describe("the kind folders' texts", () => {
  /** Namespaces every page has: the bundled ones, the resource texts and (by slice or whole) the kinds'. */
  const ALWAYS = new Set(['shell', 'auth', 'portal', 'help', 'offline', 'routes', 'resources', 'kinds']);
  const common = new Set(Object.keys(sliceKindTexts(texts('zh-CN'))._common!));
  const rk = routeTextKinds(ROUTE_TABLE);

  /** The files a folder's screens are made of, with the namespaces a lazy part brings with it. */
  function files(folder: string): Map<string, Set<string>> {
    const out = new Map<string, Set<string>>();
    const visit = (file: string, brought: Set<string>) => {
      if (out.has(file)) return;
      const source = fs.readFileSync(file, 'utf8');
      // (the error texts that load with a first tap, as a kind list's action sheet does)
      out.set(file, source.includes('ensureErrorTexts()') ? new Set([...brought, 'errors']) : brought);
      for (const m of source.matchAll(/(?:withNamespaces\(\[([^\]]*)\],\s*)?import\((?:'|")(\.[^'"]+)(?:'|")\)|from '(\.[^']+)'/g)) {
        const target = path.join(path.dirname(file), m[2] ?? m[3]!);
        if (!target.startsWith('src/web/kinds/') || !/\.tsx?$/.test(target)) continue;
        const own = new Set([...brought, ...[...(m[1] ?? '').matchAll(/'(\w+)'/g)].map((x) => x[1]!)]);
        visit(target, own);
      }
    };
    for (const f of fs.readdirSync(`src/web/kinds/${folder}`)) if (/\.tsx?$/.test(f)) visit(`src/web/kinds/${folder}/${f}`, new Set());
    return out;
  }
  const read = (source: string) => ({
    namespaces: new Set([...source.matchAll(/['`"]([a-z_]+):[\w$.{]/g), ...source.matchAll(/useTranslation\('([a-z_]+)'/g)].map((m) => m[1]!)),
    sections: new Set([...source.matchAll(/['`"]kinds:(\w+)\./g)].map((m) => m[1]!)),
  });

  it('name every namespace their screens read, and the whole kinds texts when they read past their kinds', () => {
    const declared = KIND_FOLDERS.filter((f) => f.slots.texts);
    expect(declared.map((f) => f.name)).toEqual(expect.arrayContaining(['db-instance', 'nas', 'nat-gateway', 'instance']));
    for (const { name, slots } of declared) {
      const said = new Set(slots.texts);
      const routes = [...Object.keys(slots.pages ?? {}), ...Object.keys(slots.above ?? {})];
      const kinds = new Set([
        'instance',
        ...routes.flatMap((r) => rk[r] ?? []),
        ...(slots.routeTabs ?? []).flatMap((k) => Object.values(rk).find((ks) => ks[0] === k) ?? [k]),
      ]);
      for (const tab of Object.values(slots.detailTabs ?? {})) for (const k of tab.kinds) kinds.add(k);
      for (const [file, brought] of files(name)) {
        const { namespaces, sections } = read(fs.readFileSync(file, 'utf8'));
        for (const ns of namespaces) expect(ALWAYS.has(ns) || said.has(ns) || brought.has(ns), `${name}: ${file} reads ${ns}`).toBe(true);
        if (said.has('kinds')) continue;
        for (const section of sections) expect(common.has(section) || kinds.has(section), `${name}: ${file} reads kinds:${section}`).toBe(true);
      }
    }
  });

  it('catch a namespace a folder does not name', () => {
    const { namespaces } = read("t('dataprotect:title'); useTranslation('oss'); t(`kinds:${kind}.name`)");
    expect([...namespaces].sort()).toEqual(['dataprotect', 'kinds', 'oss']);
  });
});
