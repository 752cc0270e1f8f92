// A kind is one self-contained module (ADR 0009, ADR 0052): every folder of src/domain/kinds is one
// line of the one list file (registry.ts) and nothing else is, a server half is found by its folder's
// name, and a throw-away kind added to a registry gets its API routes, pages, menu entry, list,
// detail, actions and statuses from the registry alone.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { KINDS } from '../../src/domain/kinds/registry.ts';
import { APPROVING, REMOVED, defineKind, statusesOf, type ActionIdOf, type KindDefinition } from '../../src/domain/kinds/kind.ts';
import { defineSchemas, type SpecOf } from '../../src/domain/kinds/kind-schemas.ts';
import {
  kindApiRoutes,
  kindDetailView,
  kindListView,
  kindMenuGroups,
  kindPageIndex,
  kindRouteNames,
  kindRowActions,
} from '../../src/domain/kinds/kind-views.ts';
import { MENU_GROUPS } from '../../src/domain/navigation/menu-groups.ts';
import { holdingRoles, menusFor } from '../../src/domain/navigation/menus.ts';
import { ROUTE_TABLE } from '../../src/domain/navigation/route-table.ts';
import { C, F, Q } from '../../src/domain/kinds/common.ts';
import { descriptionRule, nameRule, placementShape } from '../../src/domain/kinds/rules.ts';
import { KIND_HOOKS } from '../../src/server/engine/kinds/kind-schemas.ts';

const DOMAIN = 'src/domain/kinds';
const SERVER = 'src/server/engine/kinds';
const folders = (dir: string) =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
const isKind = (v: unknown): v is KindDefinition => !!v && typeof v === 'object' && 'kind' in v && 'collection' in v && 'statuses' in v;

describe('kind folders', () => {
  it('each hold <folder>.kind.ts, whose kinds are all in the registry, and the registry has no other kind', async () => {
    const found: KindDefinition[] = [];
    for (const dir of folders(DOMAIN)) {
      const file = path.join(DOMAIN, dir, `${dir}.kind.ts`);
      expect(fs.existsSync(file), file).toBe(true);
      const mod = (await import(`../../${file}`)) as Record<string, unknown>;
      const kinds = Object.values(mod).filter(isKind);
      expect(kinds.length, `${file} defines a kind`).toBeGreaterThan(0);
      for (const k of kinds) expect(KINDS, `${k.kind} of ${file} is in registry.ts`).toContain(k);
      found.push(...kinds);
    }
    expect(new Set(found)).toEqual(new Set(KINDS));
    // The list file names each folder's kind file on exactly one line, and nothing else names one.
    const list = fs.readFileSync(path.join(DOMAIN, 'registry.ts'), 'utf8');
    const lines = [...list.matchAll(/^export \{ [\w, ]+ \} from '\.\/([a-z0-9-]+)\/\1\.kind\.ts';$/gm)].map((m) => m[1]).sort();
    expect(lines).toEqual(folders(DOMAIN));
    expect(list.match(/\.kind\.ts'/g)).toHaveLength(lines.length);
    // No kind file left outside a folder.
    expect(fs.readdirSync(DOMAIN).filter((f) => f.endsWith('.kind.ts'))).toEqual([]);
  });

  it('are listed in menu order, each kind with a number of its own', () => {
    const orders = KINDS.map((k) => k.menuOrder);
    expect(orders.every((n) => Number.isInteger(n))).toBe(true);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(new Set(orders).size).toBe(orders.length);
    // The menu's first entries, as the console has always shown them.
    expect(KINDS.slice(0, 4).map((k) => k.kind)).toEqual(['instance', 'volume', 'snapshot', 'vpc']);
  });

  it('load no zod through the registry, its re-exports included', () => {
    // (kind-schemas.test.ts walks `import … from`; the registry's lines are `export … from`.)
    const seen = new Set<string>();
    const walk = (file: string): string[] => {
      if (seen.has(file)) return [];
      seen.add(file);
      const specs = [...fs.readFileSync(file, 'utf8').matchAll(/^(?:import|export)\s+(?!type\b)[^'"]*?from\s+'([^']+)'/gms)].map((m) => m[1]!);
      const own = specs.includes('zod') || file.endsWith('.schema.ts') ? [path.relative('.', file)] : [];
      return [...own, ...specs.filter((s) => s.startsWith('.')).flatMap((s) => walk(path.resolve(path.dirname(file), s)))];
    };
    expect(walk(path.resolve(DOMAIN, 'registry.ts'))).toEqual([]);
    expect([...seen].filter((f) => f.endsWith('.kind.ts'))).toHaveLength(folders(DOMAIN).length);
  });

  it('server halves sit in folders named like domain folders, found by those names, each for a kind of the registry', async () => {
    const found = new Set<unknown>();
    for (const dir of folders(SERVER)) {
      expect(folders(DOMAIN), `${SERVER}/${dir} matches a domain folder`).toContain(dir);
      const file = path.join(SERVER, dir, `${dir}.hooks.ts`);
      expect(fs.existsSync(file), file).toBe(true);
      const mod = (await import(`../../${file}`)) as Record<string, unknown>;
      for (const v of Object.values(mod).flat()) if (v && typeof v === 'object' && 'kind' in v) found.add(v);
    }
    // Every hooks object of the folders is the one the engine runs for its kind, and no other is.
    expect(new Set(Object.values(KIND_HOOKS))).toEqual(found);
    for (const kind of Object.keys(KIND_HOOKS)) expect(KINDS.map((k) => k.kind)).toContain(kind);
    // No hand-kept list of them is left: no module beside the folders imports one.
    const lists = fs
      .readdirSync(SERVER)
      .filter((f) => f.endsWith('.ts') && /from '\.\/[a-z0-9-]+\/[a-z0-9-]+\.hooks\.ts'/.test(fs.readFileSync(path.join(SERVER, f), 'utf8')));
    expect(lists).toEqual([]);
  });
});

// ── a throw-away kind, never registered in the app ─────────────────────────────────────────────

const recordSchema = z.object({
  name: nameRule(),
  description: descriptionRule,
  ...placementShape,
  zone_id: z.string(),
  type: z.enum(['A', 'CNAME']),
  value: z.string().min(1),
});

const throwAway = defineKind({
  kind: 'test_dns_record',
  collection: 'test-dns-records',
  productCode: 'test_dns',
  menuOrder: 9990,
  routes: { list: 'dns', detail: 'dnsDetail', buy: 'dnsBuy' },
  menu: { group: 'network', code: 'test_dns', icon: 'global' },
  fields: [
    F.id,
    F.name,
    F.status,
    { key: 'type', source: 'spec', type: 'enum', options: ['A', 'CNAME'] },
    { key: 'value', source: 'spec', type: 'text' },
    F.createdAt,
  ],
  columns: [C.name, C.status, { field: 'type', display: true }, { field: 'value', copyable: true, display: true }, C.createdAt],
  filters: [Q.name, Q.status, { param: 'type', source: 'spec', key: 'type', type: 'enum' }],
  statuses: { stable: ['active', 'paused'], inBetween: ['creating', 'pausing', 'deleting'], failure: ['error'] },
  create: { inBetween: 'creating', final: 'active' },
  placement: 'own',
  actions: [
    { id: 'pause', allowedFrom: ['active'], inBetween: 'pausing', final: 'paused', refusalKey: 'refusals.generic.operate', permission: 'operate', batch: true },
    {
      id: 'delete',
      allowedFrom: ['active', 'paused', 'error'],
      inBetween: 'deleting',
      final: REMOVED,
      refusalKey: 'refusals.generic.delete',
      permission: 'delete',
      dialog: 'delete',
    },
  ],
  relations: [{ relation: 'answers_for', direction: 'in', kind: 'test_dns_answer', many: true }],
  recycle: false,
  priced: false,
});

// Compile-time: the action ids and the spec are the kind's own.
const _action: ActionIdOf<typeof throwAway> = 'pause';
// @ts-expect-error 'start' is not an action of the kind
const _wrong: ActionIdOf<typeof throwAway> = 'start';
const _throwAwaySchemas = defineSchemas(throwAway, { create: recordSchema, actions: {} });
const _spec: SpecOf<typeof _throwAwaySchemas> = { name: 'www', vendor: 'openstack', region_id: 'r', az_id: 'a', zone_id: 'z', type: 'A', value: '10.0.0.1' };

describe('a kind added to a registry', () => {
  const registry: KindDefinition[] = [throwAway];

  it('does not collide with a kind of the app', () => {
    expect(KINDS.map((k) => k.kind)).not.toContain(throwAway.kind);
    expect(KINDS.map((k) => k.collection)).not.toContain(throwAway.collection);
    expect([_action, _wrong, _spec.type]).toHaveLength(3);
  });

  it('gets the engine API routes at /api/{collection}', () => {
    expect(kindApiRoutes(throwAway).map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /api/test-dns-records',
      'GET /api/test-dns-records/:id',
      'POST /api/test-dns-records',
      'PATCH /api/test-dns-records/:id',
      'PUT /api/test-dns-records/:id',
      'DELETE /api/test-dns-records/:id',
      'POST /api/test-dns-records/:id/actions',
      'POST /api/test-dns-records/actions',
      'GET /api/test-dns-records/:id/metrics',
    ]);
  });

  it('gets its console pages: the routes it names show it', () => {
    const index = kindPageIndex(registry);
    expect(kindRouteNames(throwAway)).toEqual(['dns', 'dnsDetail', 'dnsBuy']);
    for (const name of ['dns', 'dnsDetail', 'dnsBuy']) {
      expect(index.get(name)).toBe('test_dns_record');
      expect(
        ROUTE_TABLE.some((r) => r.name === name),
        name,
      ).toBe(true);
    }
    expect(index.has('vpc')).toBe(false);
  });

  it('gets a menu entry in its group, pointing at its list page, for the roles of the group', () => {
    const groups = kindMenuGroups(MENU_GROUPS, registry, (name) => ROUTE_TABLE.find((r) => r.name === name)?.path);
    const network = groups.find((g) => g.code === 'network')!;
    expect(network.items.at(-1)).toEqual({ code: 'test_dns', menuUrl: '/dns', icon: 'global', list: 'GET /api/test-dns-records' });
    expect(
      menusFor(groups, (key) => (key === 'GET /api/test-dns-records' ? 'read:resource' : undefined), holdingRoles(['project_member']))
        .find((g) => g.code === 'network')!
        .menus.map((m) => m.code),
    ).toContain('test_dns');
    // The base menu is untouched, and a kind without a registry entry has no menu line.
    expect(MENU_GROUPS.find((g) => g.code === 'network')!.items.map((i) => i.code)).not.toContain('test_dns');
    expect(kindMenuGroups(MENU_GROUPS, [], () => '/dns')).toEqual([...MENU_GROUPS]);
  });

  it('gets a list (columns with their fields, filters) and a detail (fields, sub-resource tabs)', () => {
    const list = kindListView(throwAway);
    expect(list.columns.map((c) => [c.field, c.def?.type])).toEqual([
      ['name', 'text'],
      ['status', 'status'],
      ['type', 'enum'],
      ['value', 'text'],
      ['created_at', 'datetime'],
    ]);
    expect(list.filters.map((f) => f.param)).toEqual(['name', 'status', 'type']);
    const detail = kindDetailView(throwAway);
    expect(detail.fields.map((f) => f.key)).toContain('value');
    expect(detail.tabs).toEqual([{ key: 'overview' }, { key: 'answers_for', kind: 'test_dns_answer' }]);
  });

  it("gets row and batch actions from its statuses, and the engine's own statuses without retyping them", () => {
    expect(kindRowActions(throwAway, { status: 'active', locked: false })).toEqual(['pause', 'delete']);
    expect(kindRowActions(throwAway, { status: 'active', locked: false }, true)).toEqual(['pause']);
    expect(kindRowActions(throwAway, { status: 'paused', locked: false })).toEqual(['delete']);
    expect(kindRowActions(throwAway, { status: APPROVING, locked: false })).toEqual([]);
    expect(statusesOf(throwAway)).toContain(APPROVING);
    expect(kindListView(throwAway).statuses).toEqual(expect.arrayContaining(['active', 'paused', 'creating', 'error', APPROVING]));
  });
});
