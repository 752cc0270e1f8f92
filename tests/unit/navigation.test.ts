// Navigation rules of seed 000 §2: route table, metadata, redirects, the 32-hex id rule, the guards,
// the back button, chunk failures, the catalogue routes and the list sort cycle.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTE_TABLE } from '../../src/domain/navigation/route-table.ts';
import {
  ALL_MENU_URLS,
  backAction,
  buildPath,
  consoleUrlTest,
  isConsoleRoute,
  guardRoute,
  isChunkLoadError,
  loginUrl,
  menuTarget,
  menuUrlsOf,
  phoneTabs,
  REDIRECT_ID_PATTERN,
  redirectTarget,
  resolveUnmatched,
  routeMeta,
  safeReturnPath,
  STATIC_DOCS,
} from '../../src/domain/navigation/rules.ts';
import { catalogueRoutes, productPath, productTarget } from '../../src/domain/navigation/catalogue.ts';
import { holdingRoles, menusFor } from '../../src/domain/navigation/menus.ts';
import { MENU_GROUPS } from '../../src/domain/navigation/menu-groups.ts';
import { allowedMenuUrls } from '../../src/domain/navigation/menu-urls.ts';
import { ID_PATTERN } from '../../src/domain/ids.ts';
import { nextSort, sortToOrders, type SortState } from '../../src/domain/list-sort.ts';
import { LOCAL_SPEC_PATH, SHARED_SPEC_PATH, specRoutesPath } from '../fixtures/spec-routes.ts';

const ID = '0123456789abcdef0123456789abcdef';
const byName = (name: string) => ROUTE_TABLE.find((r) => r.name === name)!;

describe('route table', () => {
  it('matches the route spec (../shared/spec/routes.json, or the copy in tests/fixtures)', () => {
    // the routes named for routes-vague.json's screens are Yunshu's own, marked vague
    expect(ROUTE_TABLE.filter((r) => !r.vague)).toEqual(JSON.parse(fs.readFileSync(specRoutesPath(), 'utf8')));
  });
  it.skipIf(!fs.existsSync(SHARED_SPEC_PATH))('keeps tests/fixtures/routes.spec.json equal to the shared spec', () => {
    expect(JSON.parse(fs.readFileSync(LOCAL_SPEC_PATH, 'utf8'))).toEqual(JSON.parse(fs.readFileSync(SHARED_SPEC_PATH, 'utf8')));
  });
  it("has unique paths and names (but the spec's two ecsCaeHostConnect)", () => {
    expect(new Set(ROUTE_TABLE.map((r) => r.path)).size).toBe(ROUTE_TABLE.length);
    const names = ROUTE_TABLE.map((r) => r.name);
    expect(names.filter((n) => n === 'ecsCaeHostConnect')).toHaveLength(2);
    expect(new Set(names).size).toBe(names.length - 1);
  });
  it('every route has a title in both languages', () => {
    for (const lang of ['zh-CN', 'zh-TW']) {
      const titles = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, `../../locales/${lang}/routes.json`), 'utf8')) as Record<string, string>;
      for (const r of ROUTE_TABLE) expect(titles[r.name], `${lang} ${r.name}`).toMatch(/\S/);
    }
  });
  it('the redirect id pattern is the id pattern', () => {
    expect(REDIRECT_ID_PATTERN.source).toBe(ID_PATTERN.source);
  });
});

describe('route metadata', () => {
  it('carries title, requireAuth, keepAlive, previousMenu, leader', () => {
    expect(routeMeta(byName('ecsManage'))).toMatchObject({
      title: 'routes:ecsManage',
      requireAuth: true,
      keepAlive: true,
      previousMenu: '/ecsManage',
      leader: 'compute',
    });
    expect(routeMeta(byName('ecsDetail'))).toMatchObject({ requireAuth: true, keepAlive: false, previousMenu: '/ecsManage' });
    expect(routeMeta(byName('eipBuy')).previousMenu).toBe('/eipManage');
    expect(routeMeta(byName('databaseDetail_account')).previousMenu).toBe('/database');
    expect(routeMeta(byName('images_publicImage')).previousMenu).toBe('/publicImage');
    expect(routeMeta(byName('portal_adam'))).toMatchObject({ requireAuth: false, keepAlive: false, previousMenu: undefined, leader: undefined });
    expect(routeMeta(byName('isp')).requireAuth).toBe(false);
  });
  it('tab children go back to their parent', () => {
    expect(routeMeta(byName('natDetail_outline')).back).toBe('/natDetail');
  });
});

describe('redirects', () => {
  it('/ → /portal, /console → /ecsManage', () => {
    expect(redirectTarget(byName('root'))).toBe('/portal');
    expect(redirectTarget(byName('console'))).toBe('/ecsManage');
  });
  it('static-doc paths go to their manual pages', () => {
    for (const [name, product] of Object.entries(STATIC_DOCS)) {
      expect(redirectTarget(byName(name))).toBe(`/docs/${product}/manual.html`);
      expect(fs.existsSync(path.resolve(import.meta.dirname, `../../public/docs/${product}/manual.html`)), product).toBe(true);
    }
  });
  it('non-redirect routes have none', () => {
    expect(redirectTarget(byName('ecsManage'))).toBeUndefined();
  });
});

describe('the 32-hex id rule for unmatched paths', () => {
  it('last segment an id: the route named by the rest, with that id', () => {
    expect(resolveUnmatched(`/vpcDetail/${ID.toUpperCase()}`)).toBe(`/vpcDetail/${ID}`);
    expect(resolveUnmatched(`/outline/${ID}`)).toBe(`/natDetail/outline/${ID}`);
    expect(resolveUnmatched(`/ecsManage/${ID}`)).toBe(`/ecsManage?id=${ID}`);
    expect(resolveUnmatched(`/bmsDetail/${ID}/`)).toBe(`/bmsDetail/${ID}`);
    expect(resolveUnmatched(`/ecsDetail/x/${ID}`)).toBeNull();
  });
  it('no id: the route named by the path', () => {
    expect(resolveUnmatched('/publicImage')).toBe('/images/publicImage');
    expect(resolveUnmatched('/ECSMANAGE')).toBe('/ecsManage');
    expect(resolveUnmatched('/ecsSnapshot')).toBe('/snapshots/ecsSnapshot');
    expect(resolveUnmatched('/users/sign_in')).toBeNull();
  });
  it('unknown names and required params that cannot be filled: not found', () => {
    expect(resolveUnmatched('/nope/xyz')).toBeNull();
    expect(resolveUnmatched(`/nope/${ID}`)).toBeNull();
    expect(resolveUnmatched('/')).toBeNull();
    expect(resolveUnmatched('/ecsDetail')).toBeNull();
  });
  it('never redirects to the same path', () => {
    for (const r of ROUTE_TABLE) expect(resolveUnmatched(r.sample)).not.toBe(r.sample);
  });
  it('builds paths from templates', () => {
    expect(buildPath('/a/:id/:x?', { id: ID })).toBe(`/a/${ID}`);
    expect(buildPath('/a/:id')).toBeUndefined();
  });
});

describe('guards', () => {
  const allowed = allowedMenuUrls(
    menusFor(MENU_GROUPS, (key) => (key.includes('/manage/') ? 'read:resource:any' : 'read:resource'), holdingRoles(['project_member'])),
  );
  const route = byName('ecsManage');
  it('public routes are always allowed', () => {
    expect(guardRoute({ route: byName('portal'), url: '/portal', authenticated: false, allowedMenuUrls: null, territories: null })).toEqual({ kind: 'allow' });
  });
  it('unauthenticated → login remembering the destination', () => {
    const d = guardRoute({ route, url: '/ecsManage?x=1', authenticated: false, allowedMenuUrls: null, territories: null });
    expect(d).toEqual({ kind: 'login', returnTo: '/ecsManage?x=1' });
    expect(loginUrl('/ecsManage?x=1')).toBe('/login?redirect=%2FecsManage%3Fx%3D1');
  });
  it('no territories → no permission, to the portal', () => {
    expect(guardRoute({ route, url: '/ecsManage', authenticated: true, allowedMenuUrls: allowed, territories: 0 })).toEqual({
      kind: 'no_territory',
      redirect: '/portal',
    });
  });
  it('menu entries need their URL in the stored menu data', () => {
    expect(guardRoute({ route, url: '/ecsManage', authenticated: true, allowedMenuUrls: allowed, territories: 1 }).kind).toBe('allow');
    const admin = byName('ecsAdminManage');
    expect(guardRoute({ route: admin, url: '/ecsAdminManage', authenticated: true, allowedMenuUrls: allowed, territories: 1 })).toEqual({
      kind: 'deny',
      reason: 'no_permission',
      redirect: '/homeOperation',
    });
    expect(
      guardRoute({
        route: byName('images_publicImage'),
        url: '/images/publicImage',
        authenticated: true,
        allowedMenuUrls: new Set(['/homeOperation']),
        territories: 1,
      }).kind,
    ).toBe('deny');
  });
  it('routes that are not menu entries only need the session', () => {
    expect(guardRoute({ route: byName('ecsDetail'), url: `/ecsDetail/${ID}`, authenticated: true, allowedMenuUrls: new Set(), territories: 1 }).kind).toBe(
      'allow',
    );
    expect(menuUrlsOf(byName('ecsDetail'))).toEqual([]);
  });
  it('menu URLs known to the guard are the menu definitions', () => {
    expect(ALL_MENU_URLS.has('/ecsManage')).toBe(true);
    expect(menuTarget('/publicImage')).toBe('/images/publicImage');
    expect(menuTarget('/vpc')).toBe('/vpc');
  });
  it('return paths stay on this site', () => {
    expect(safeReturnPath('/ecsManage?x=1')).toBe('/ecsManage?x=1');
    expect(safeReturnPath('//evil.example')).toBe('/homeOperation');
    expect(safeReturnPath('https://evil.example')).toBe('/homeOperation');
    expect(safeReturnPath('/login?redirect=/x')).toBe('/homeOperation');
    expect(safeReturnPath(null)).toBe('/homeOperation');
  });
  it('phone tabs follow the menus', () => {
    expect(phoneTabs(new Set(['/homeOperation'])).map((t) => t.key)).toEqual(['home', 'mine']);
    expect(phoneTabs(allowedMenuUrls(menusFor(MENU_GROUPS, () => 'self', holdingRoles(['tenant_admin'])))).map((t) => t.key)).toEqual([
      'home',
      'resources',
      'approvals',
      'alarms',
      'mine',
    ]);
  });
});

describe('back button', () => {
  it('configured route name or path, with a query', () => {
    expect(backAction({ back: 'ecsManage' }, true)).toEqual({ kind: 'path', to: '/ecsManage' });
    expect(backAction({ back: '/vpc' }, true, undefined, { tab: 'a' })).toEqual({ kind: 'path', to: '/vpc?tab=a' });
  });
  it('else one step back in history, else the menu or the console home', () => {
    expect(backAction({}, true)).toEqual({ kind: 'history' });
    expect(backAction({ previousMenu: '/eipManage' }, false)).toEqual({ kind: 'path', to: '/eipManage' });
    expect(backAction({}, false)).toEqual({ kind: 'path', to: '/homeOperation' });
  });
});

describe('lazy chunk failures', () => {
  it("recognises the browsers' messages", () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});

describe('catalogue product routes', () => {
  const catalogue = {
    header_data: [
      {
        classify_group: [
          {
            auto_classify_catalog: [
              {
                auto_product_catalog: [
                  { id: 7, link: 'https://portal.example.cn/#/productRoute/7', is_inner: true, is_static_html: false },
                  { id: 8, link: '/#/gpuCloud?from=menu', is_inner: 1, is_static_html: 0 },
                  { id: 9, link: 'https://other.example.cn/x', is_inner: false, is_static_html: false },
                  { id: 10, link: '/#/static', is_inner: true, is_static_html: true },
                  { id: 11, link: null, is_inner: true },
                ],
              },
            ],
          },
        ],
      },
    ],
    footer_data: [
      {
        auto_classify_catalog: [
          {
            auto_product_catalog: [
              { id: 12, link: '/#/gpuCloud', is_inner: true, is_static_html: false },
              { id: 13, link: '/#/edgeNode', is_inner: true, is_static_html: false },
              { id: 14, link: '/#/ecsManage', is_inner: true, is_static_html: false },
            ],
          },
        ],
      },
    ],
  };
  it('internal, linked, non-static entries become routes carrying the product id', () => {
    expect(
      catalogueRoutes(
        catalogue,
        ROUTE_TABLE.map((r) => r.path),
      ),
    ).toEqual([
      { path: '/productRoute/7', productId: '7' },
      { path: '/gpuCloud', productId: '8' },
      { path: '/edgeNode', productId: '13' },
    ]);
  });
  it('a product opens as a route, a document (static HTML), an outside link, or not at all', () => {
    expect(productTarget({ link: 'https://p.example/#/product/ecs?x=1', is_inner: true, is_static_html: false })).toEqual({
      kind: 'route',
      path: '/product/ecs',
    });
    expect(productTarget({ link: '/docs/whitepaper/manual.html', is_inner: true, is_static_html: true })).toEqual({
      kind: 'document',
      href: '/docs/whitepaper/manual.html',
    });
    expect(productTarget({ link: 'https://cdn.partner.example/', is_inner: false })).toEqual({ kind: 'external', href: 'https://cdn.partner.example/' });
    expect(productTarget({ link: null, is_inner: true })).toEqual({ kind: 'none' });
    expect(productTarget({ link: 'https://p.example/#/', is_inner: 1 })).toEqual({ kind: 'none' });
  });
  it('strips everything up to and including /#/', () => {
    expect(productPath('http://a.b/c/#/x/y?q=1')).toBe('/x/y');
    expect(productPath('/plain')).toBe('/plain');
  });
  it('tolerates an empty or broken catalogue', () => {
    expect(catalogueRoutes(null)).toEqual([]);
    expect(catalogueRoutes({ header_data: [{}], footer_data: null })).toEqual([]);
  });
});

describe('list sort cycle', () => {
  it('normal → ascending → descending → normal', () => {
    const seen: SortState[] = [];
    let s: SortState = 'none';
    for (let i = 0; i < 4; i++) {
      s = nextSort(s);
      seen.push(s);
    }
    expect(seen).toEqual(['asc', 'desc', 'none', 'asc']);
    expect(sortToOrders('name', 'asc')).toBe('name');
    expect(sortToOrders('name', 'desc')).toBe('-name');
    expect(sortToOrders('name', 'none')).toBeUndefined();
  });
});

describe('console routes added on the first console URL (router patchRoutesOnNavigation)', () => {
  const mayBeConsole = consoleUrlTest(ROUTE_TABLE, ['/outbox', '/notifyChannels']);
  it('every console route sample and the extra console pages count as console URLs', () => {
    const consoleRoutes = ROUTE_TABLE.filter(isConsoleRoute);
    expect(consoleRoutes.length).toBeGreaterThan(300);
    expect(consoleRoutes.filter((r) => !mayBeConsole(r.sample)).map((r) => r.sample)).toEqual([]);
    expect(mayBeConsole('/outbox')).toBe(true);
    expect(mayBeConsole('/notifyChannels')).toBe(true);
  });
  it('the first screens and the portal pages do not load the console routes', () => {
    for (const p of ['/portal', '/login', '/portal/bms', '/']) expect(mayBeConsole(p)).toBe(false);
    const portal = ROUTE_TABLE.filter((r) => r.area === 'portal');
    expect(portal.filter((r) => mayBeConsole(r.sample)).map((r) => r.sample)).toEqual([]);
  });
  it('a table with a console route starting with a parameter treats every URL as a possible console URL', () => {
    const test = consoleUrlTest([{ path: '/:id/detail', name: 'x', area: 'console.ops', auth: true, sample: '/a/detail' }]);
    expect(test('/portal')).toBe(true);
  });
});
