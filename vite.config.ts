// Vite: React, the PWA (our own service worker, injectManifest), hashed assets in dist/assets/,
// the UI kits and the table library kept out of the entry chunk, /api proxied in development.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';
import { sliceKindTexts } from './src/web/lib/kind-text-slices.ts';
import { LIST_KINDS } from './src/domain/kinds/list-kind.ts';
import * as kindRegistry from './src/domain/kinds/registry.ts';
import { declaredKindExports } from './src/domain/kinds/kind-schemas.ts';
import { routeTextKinds, screenFor } from './src/web/features/resources/kind-screens.ts';
import { ROUTE_TABLE } from './src/domain/navigation/route-table.ts';

/**
 * The web build's first screens read the kinds as their list models (ADR 0049 addendum): derived
 * from the registry when the build runs and written into list-kind.ts's place as data, so a phone
 * list loads that JSON (what it reads), not the source of 39 definitions. Nothing is written to the
 * tree; dev, tests and the server derive the same models from the registry at run time.
 */
function listKindsAsData(): Plugin {
  const target = path.resolve(import.meta.dirname, 'src/domain/kinds/list-kind.ts');
  return {
    name: 'yunshu-list-kinds-as-data',
    apply: 'build',
    load(id) {
      if (id.split('?')[0] !== target) return null;
      return [
        `export const LIST_KINDS = JSON.parse(${JSON.stringify(JSON.stringify(LIST_KINDS))});`,
        'const byKind = new Map(LIST_KINDS.map((k) => [k.kind, k]));',
        'export const listKindOf = (kind) => byKind.get(kind);',
      ].join('\n');
    },
  };
}

/**
 * The kinds' list models one kind at a time (ADR 0057): `virtual:list-kinds` names the kind of each
 * plain list route (where screenFor answers a tenant's list of that one kind) and a loader per kind;
 * `virtual:list-kinds/<kind>` is that kind's list model as data. A phone opening a kind's list loads
 * its own kind's model (~0.5 KB gz), not every kind's; every other screen reads list-kind.ts, loaded
 * with its chunk. Dev and build alike, cut from the registry when the module is asked for.
 */
function listKindSlices(): Plugin {
  const PREFIX = 'virtual:list-kinds';
  const routeKinds = () => {
    const out: Record<string, string> = {};
    for (const r of ROUTE_TABLE) {
      const s = screenFor(r.name, r.path, LIST_KINDS);
      if (s.screen === 'list' && !s.admin && s.def.routes.list === r.name) out[r.name] = s.def.kind;
    }
    return out;
  };
  return {
    name: 'yunshu-list-kind-slices',
    resolveId(id) {
      return id === PREFIX || id.startsWith(`${PREFIX}/`) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const part = id.slice(`\0${PREFIX}`.length + 1);
      if (!part) {
        const kinds = routeKinds();
        const loaders = [...new Set(Object.values(kinds))].map(
          (k) => `  ${JSON.stringify(k)}: () => import(${JSON.stringify(`${PREFIX}/${k}`)}).then((m) => m.default),`,
        );
        return `export const LIST_ROUTE_KINDS = ${JSON.stringify(kinds)};\nexport const LIST_KIND_MODELS = {\n${loaders.join('\n')}\n};\n`;
      }
      const model = LIST_KINDS.find((k) => k.kind === part);
      if (!model) throw new Error(`list kinds: no kind ${part} in the registry`);
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(model))});\n`;
    },
  };
}

/**
 * Every route a kind claims → the kinds whose texts it reads (kind-screens.ts routeTextKinds; ADR 0072's
 * second addendum): `virtual:route-kinds`, a chunk of its own, which the page table reads to tell a
 * resource route and the router to load its texts (pages.ts, lib/kind-texts.ts).
 */
function routeKindsMap(): Plugin {
  const ID = 'virtual:route-kinds';
  return {
    name: 'yunshu-route-kinds',
    resolveId: (id) => (id === ID ? `\0${ID}` : null),
    load: (id) => (id === `\0${ID}` ? `export const ROUTE_KINDS = ${JSON.stringify(routeTextKinds(ROUTE_TABLE, LIST_KINDS))};\n` : null),
  };
}

/**
 * Each kind's schemas on their own (ADR 0078): `virtual:kind-schemas` maps a kind to a loader of its
 * folder's `<kind>.schema.ts`, so a purchase or create form loads its own kind's zod rules, not every
 * kind's (full-kind.ts's glob, which the desktop tables and action forms keep). A file's kinds are the
 * definitions it passes to `defineSchemas`, found by their registry export's name.
 */
function kindSchemaLoaders(): Plugin {
  const ID = 'virtual:kind-schemas';
  const root = path.resolve(import.meta.dirname, 'src/domain/kinds');
  const defs = kindRegistry as unknown as Record<string, { kind?: string } | undefined>;
  return {
    name: 'yunshu-kind-schemas',
    resolveId: (id) => (id === ID ? `\0${ID}` : null),
    load(id) {
      if (id !== `\0${ID}`) return null;
      const lines: string[] = [];
      for (const dir of fs.readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory())) {
        for (const name of fs.readdirSync(path.join(root, dir.name)).filter((f) => f.endsWith('.schema.ts'))) {
          const file = path.join(root, dir.name, name);
          this.addWatchFile(file);
          for (const exported of declaredKindExports(fs.readFileSync(file, 'utf8'))) {
            const kind = defs[exported]?.kind;
            if (!kind) throw new Error(`kind schemas: ${name} declares schemas of ${exported}, which the registry does not export`);
            lines.push(`  ${JSON.stringify(kind)}: () => import(${JSON.stringify(file)}),`);
          }
        }
      }
      return `export const KIND_SCHEMAS = {\n${lines.join('\n')}\n};\n`;
    },
  };
}

/**
 * Writes .br and .gz next to every text asset of the build, at the strongest settings, so the
 * server sends them as they are (@fastify/static preCompressed) instead of compressing on the fly
 * at a lower level: the first screen's bytes on the wire are what the 170 KB budget is about.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'yunshu-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      handler() {
        const walk = (dir: string): string[] =>
          fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
        for (const file of walk(outDir)) {
          if (!/\.(js|mjs|css|html|svg|json|webmanifest|txt)$/.test(file)) continue;
          const data = fs.readFileSync(file);
          if (data.length < 1024) continue;
          fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
          fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
        }
      },
    },
  };
}

/**
 * What the service worker precaches: what must open offline (ARCHITECTURE.md "Offline"), not every
 * lazy chunk. The app shell (entry, router, layouts, shell widgets, request/session/offline
 * libraries, the zh-CN texts), the sign-in and public pages with the catalogue, and the approval
 * inbox and detail (deciding offline). A chunk holding any of these modules is
 * precached with its static imports and its CSS. Every other asset is cached by the service worker
 * when it is loaded — including what the page loaded before the worker took control (the page
 * sends those URLs, src/web/lib/pwa-register.ts) — so the resource lists and details already
 * viewed, the console home, the desktop menu, zh-TW and the rest open offline too, without every visitor
 * downloading them all on a first visit.
 */
const OFFLINE_MODULES: readonly RegExp[] = [
  /^src\/web\/main\.tsx$/,
  /^src\/web\/app\/(?!layouts\/side-menu\.tsx)/,
  // (the early request only serves a landing page's HTML from the network: offline the shell has none;
  // the kinds' text slices come with a kind's list, cached when it is first opened)
  /^src\/web\/lib\/(?!early-get\.ts$|kind-texts\.ts$)/,
  /^src\/web\/offline\//,
  // (the help widget's contact sheet and the step-up check need the network: they would bring the
  // kit's popup and its animation library, issue 28)
  /^src\/web\/ui\/(?!data-table\/|menu-icon\.tsx|help-docs\.tsx|split-view\.tsx|help-widget\/contact-sheet\.tsx|step-up\.tsx)/,
  // every zh-CN namespace but the texts of the areas whose pages need the network anyway (lib/i18n.ts
  // AREA_NAMESPACES less the service desk, the user centre and its sign-up and passkey texts, the portal's)
  /^locales\/zh-CN\/(?!(?:alarms|billing|orders|invoices|notify|site_tools|org|access|bastion|protect|backup_center|oss|icp|service_catalogue|security|dashboards|stacks)\.json$)/,
  /^src\/web\/features\/(?:auth|not-found|under-construction)\//,
  // the portal's home and catalogue; landing pages and articles are cached when a visitor opens them
  /^src\/web\/features\/portal\/(?:portal-home-page|catalogue-section|product-page|portal-home)\.(?:tsx|css)$/,
  /^src\/web\/features\/approvals\/(?!processes\.tsx|inbox-table\.tsx)/,
  // the outbox's other forms, new work order and feedback, and the lists they go back to
  /^src\/web\/features\/desk\/(?:workorder|opinion)-(?:add|list)-page\.tsx$/,
  /^src\/domain\/approvals\/rule-checks\.ts$/,
  /^src\/domain\/events\.ts$/,
];
/** Files of the build outside assets/ that the precache keeps (icons are cached when shown). */
const OFFLINE_FILES = new Set(['index.html', 'manifest.webmanifest']);

/** Records, from the app's bundle, which of its files the precache needs (filled in generateBundle). */
function offlineSet(): { plugin: Plugin; files: Set<string> } {
  const files = new Set<string>();
  let root = '';
  const plugin: Plugin = {
    name: 'yunshu-offline-set',
    apply: 'build',
    configResolved(config) {
      root = config.root.replaceAll('\\', '/') + '/';
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((x) => x.type === 'chunk');
      if (chunks.some((c) => c.moduleIds.some((id) => id.endsWith('/src/web/sw.ts')))) return; // the service worker's own build
      files.clear();
      const todo = chunks
        .filter((c) => c.isEntry || c.moduleIds.some((id) => OFFLINE_MODULES.some((re) => re.test(id.replaceAll('\\', '/').replace(root, '')))))
        .map((c) => c.fileName);
      while (todo.length) {
        const f = todo.pop()!;
        if (files.has(f)) continue;
        files.add(f);
        const chunk = bundle[f];
        if (chunk?.type !== 'chunk') continue;
        todo.push(...chunk.imports);
        for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
      }
    },
  };
  return { plugin, files };
}
const offline = offlineSet();

/**
 * The entry imports the router only after i18n is ready (src/web/main.tsx), and the router then
 * imports the page: three chunks one after another before the first paint. index.html names the
 * router's chunk and its static imports as modulepreloads, so the browser fetches them with the
 * entry instead of after it (they are parsed, not run, until imported).
 */
function preloadRouter(): Plugin {
  return {
    name: 'yunshu-preload-router',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const router = Object.values(bundle).find((x) => x.type === 'chunk' && x.facadeModuleId?.replaceAll('\\', '/').endsWith('/src/web/app/router.tsx'));
        if (router?.type !== 'chunk') return html;
        const already = new Set([...html.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map((m) => m[1]));
        const files: string[] = [];
        const todo = [router.fileName];
        while (todo.length) {
          const f = todo.shift()!;
          if (files.includes(f) || already.has(f)) continue;
          files.push(f);
          const chunk = bundle[f];
          if (chunk?.type === 'chunk') todo.push(...chunk.imports);
        }
        return {
          html,
          tags: files.map((f) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f}` }, injectTo: 'head' as const })),
        };
      },
    },
  };
}

/**
 * Pages whose first screen is known before any script runs get an HTML file of their own,
 * dist/pages/<path>.html: index.html plus modulepreloads of the page's chunks (layout, page, its
 * texts) and preloads of their CSS, so the browser fetches them with the entry instead of after
 * the router has matched the URL (one round trip less before the first paint, ADR 0033). The
 * server sends such a file for its path and index.html for every other one; the service worker
 * keeps index.html only (offline, a page loads its chunks after the router as before).
 */
interface FirstScreen {
  /** The page's HTML path and the GETs its first screen makes (src/web/main.tsx startEarlyGets). */
  path: string;
  early?: readonly EarlyGet[];
}
/**
 * A GET a first screen makes, exactly as lib/request.ts sends it (path and query), started by the
 * entry: `auth` only for a signed-in reader, `media` only at that width, `bare` only when the address
 * has no query. first-load-budget.e2e.ts fails when a page asks for one of them a second time.
 */
interface EarlyGet {
  path: string;
  auth?: true;
  media?: string;
  bare?: true;
}
const PHONE = '(max-width: 767px)';
/** What the console's layout reads before any page (src/web/lib/auth-flow.ts ensureShellData). */
const CONSOLE_SHELL_GETS: readonly EarlyGet[] = [
  { path: 'v1/menus', auth: true },
  { path: 'v1/auth/territories?enabled=true&__limit=1000', auth: true },
];
const metaOf = (e: EarlyGet) =>
  `<meta name="ys-early-get" content="${e.path.replaceAll('&', '&amp;')}"${e.auth ? ' data-auth' : ''}${e.media ? ` media="${e.media}"` : ''}${e.bare ? ' data-bare' : ''}>`;
/** The route table's static routes, `{ path, name }` in its order (read from the source: the config runs before any bundle). */
function staticRoutes(): { path: string; name: string }[] {
  const table = fs.readFileSync(path.resolve(import.meta.dirname, 'src/domain/navigation/route-table.ts'), 'utf8');
  return [...table.matchAll(/\{ path: '(\/[\w/-]+)', name: '(\w+)'/g)].map((m) => ({ path: m[1]!, name: m[2]! }));
}

const FIRST_SCREENS: readonly { modules: readonly string[]; paths: () => FirstScreen[]; boot?: true }[] = [
  { modules: ['src/web/app/layouts/portal-layout.tsx', 'src/web/features/portal/portal-home-page.tsx'], paths: () => [{ path: '/portal' }] },
  { modules: ['src/web/features/auth/login-page.tsx'], paths: () => [{ path: '/login' }] },
  {
    // Every product landing page (/portal/bms …): one component, its data from the API.
    modules: [
      'src/web/app/layouts/portal-layout.tsx',
      'src/web/app/portal-pages.ts',
      'src/web/features/portal/landing-page.tsx',
      'locales/zh-CN/site.json',
      'src/web/lib/early-get.ts',
    ],
    paths: () => {
      const pages = fs.readFileSync(path.resolve(import.meta.dirname, 'src/web/app/pages.ts'), 'utf8');
      const names = new Set([...pages.matchAll(/^\s*(\w+): portalPage\.landing,/gm)].map((m) => m[1]));
      // The landing page reads auto_product_details/<key> (features/portal/landing-page.tsx productKeyOf).
      return staticRoutes()
        .filter((r) => names.has(r.name))
        .map((r) => ({ path: r.path, early: [{ path: `auto_product_details/${r.name.replace(/^portal_/, '')}` }] }));
    },
  },
  {
    // The approver's inbox, opened from a message's link or the home screen (ADR 0036): the console
    // layout, the console's page table, the inbox and its texts.
    modules: [
      'src/web/app/layouts/console-layout.tsx',
      'src/web/app/console-pages.ts',
      'src/web/features/approvals/approvals-page.tsx',
      'locales/zh-CN/approvals.json',
    ],
    // (the phone's cards; the tablet's and desktop's table asks for pages of its own)
    paths: () => [
      {
        path: '/selfApprovalManage',
        early: [
          ...CONSOLE_SHELL_GETS,
          { path: 'v1/approvals?scope=mine&status=pending&__orders=level_entered_at&__limit=50&__cursor=', auth: true, media: PHONE, bare: true },
        ],
      },
    ],
    boot: true,
  },
  ...consoleKindListScreens(),
];

/**
 * A kind's list opened by its address (ADR 0036): the console layout, the page table, the resource
 * screens, their texts and the kind's slice of the kinds' texts (src/web/lib/kind-texts.ts), so they
 * come with the entry instead of one round trip after another once the router has matched the URL.
 */
function consoleKindListScreens(): { modules: readonly string[]; paths: () => FirstScreen[]; boot: true }[] {
  const pages = fs.readFileSync(path.resolve(import.meta.dirname, 'src/web/app/pages.ts'), 'utf8');
  const list = /export const KIND_LIST_ROUTES = \[([^\]]*)\]/.exec(pages)?.[1] ?? '';
  const names = [...list.matchAll(/'(\w+)'/g)].map((m) => m[1]!);
  const withForm = /KIND_LISTS_WITH_CREATE_FORM: readonly string\[\] = \[([^\]]*)\]/.exec(pages)?.[1] ?? '';
  const formNames = new Set([...withForm.matchAll(/'(\w+)'/g)].map((m) => m[1]!));
  const pathOf = new Map(staticRoutes().map((r) => [r.name, r.path]));
  const kindOf = new Map(LIST_KINDS.map((k) => [k.routes.list, k.kind]));
  const collectionOf = new Map(LIST_KINDS.map((k) => [k.kind, k.collection]));
  return names.flatMap((name) => {
    const url = pathOf.get(name);
    const kind = kindOf.get(name);
    if (!url || !kind) return [];
    return [
      {
        modules: [
          'src/web/app/layouts/console-layout.tsx',
          'src/web/features/resources/resources-page.tsx',
          'locales/zh-CN/resources.json',
          ...(formNames.has(name) ? ['locales/zh-CN/forms.json'] : []),
          'src/web/lib/kind-texts.ts',
          '\0virtual:kind-texts/_common',
          `\0virtual:kind-texts/${kind}`,
          `\0virtual:list-kinds/${kind}`,
        ],
        // The list's first page as a phone asks for it with no filter in the address, and the regions
        // and zones its rows name (features/resources/parts.tsx).
        paths: () => [
          {
            path: url,
            early: [
              ...CONSOLE_SHELL_GETS,
              { path: 'regions?__limit=100', auth: true },
              { path: 'azs?__limit=1000', auth: true },
              { path: `${collectionOf.get(kind)}?__limit=50`, auth: true, media: PHONE, bare: true },
            ],
          },
        ],
        boot: true as const,
      },
    ];
  });
}

/**
 * The console's frame as the HTML draws it before any script has run (ADR 0036): the bars of the
 * phone (nav bar, tab bar) or, from 768px, of the tablet and desktop (side menu, top bar), the logo and grey card shapes, no
 * text (the reader's language is not known yet) but the no-script notice the frame would otherwise cover. Styled by app.css (`.ys-boot`, the entry's
 * render-blocking style sheet); the root layout removes it as the first page commits
 * (src/web/app/boot-shell.ts). Without it a phone showed a white screen until every chunk was in.
 */
const BOOT_SHELL =
  '<div id="ys-boot" class="ys-boot" aria-hidden="true"><div class="ys-boot__side"></div><div class="ys-boot__bar"><img class="ys-boot__logo" src="/icons/icon.svg" alt="" width="28" height="28"></div><div class="ys-boot__body"><div class="ys-boot__card"></div><div class="ys-boot__card"></div><div class="ys-boot__card"></div></div><div class="ys-boot__tabs"></div><noscript><p class="ys-boot__noscript">云枢需要启用 JavaScript 才能运行。</p></noscript></div>';

function firstScreenPages(): Plugin {
  let outDir = 'dist';
  let root = '';
  const pages: { paths: FirstScreen[]; tags: string; boot?: true }[] = [];
  return {
    name: 'yunshu-first-screen-pages',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      root = config.root.replaceAll('\\', '/') + '/';
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        pages.length = 0;
        const chunks = Object.values(bundle).filter((x) => x.type === 'chunk');
        const rel = (id: string) => id.replaceAll('\\', '/').replace(root, '');
        for (const screen of FIRST_SCREENS) {
          const js: string[] = [];
          const css: string[] = [];
          const todo = screen.modules.map(
            (m) => chunks.find((c) => c.facadeModuleId && rel(c.facadeModuleId) === m) ?? chunks.find((c) => c.moduleIds.some((id) => rel(id) === m)),
          );
          if (todo.some((c) => !c)) throw new Error(`first-screen pages: no chunk for one of ${screen.modules.join(', ')}`);
          const queue = todo.map((c) => c!.fileName);
          while (queue.length) {
            const f = queue.shift()!;
            if (js.includes(f) || html.includes(`/${f}"`)) continue;
            const chunk = bundle[f];
            if (chunk?.type !== 'chunk') continue;
            js.push(f);
            queue.push(...chunk.imports);
          }
          // Style sheets in the order Vite's loader would add them (a chunk's imports' before its
          // own): the entry applies them in this order as soon as they arrive (main.tsx), so the
          // cascade is the one the page gets without them.
          const visited = new Set<string>();
          const visit = (f: string) => {
            if (visited.has(f) || html.includes(`/${f}"`)) return;
            visited.add(f);
            const chunk = bundle[f];
            if (chunk?.type !== 'chunk') return;
            chunk.imports.forEach(visit);
            for (const c of chunk.viteMetadata?.importedCss ?? []) if (!css.includes(c) && !html.includes(`/${c}"`)) css.push(c);
          };
          todo.forEach((c) => visit(c!.fileName));
          const tags = [
            ...css.map((f) => `    <link rel="preload" as="style" crossorigin href="/${f}">`),
            ...js.map((f) => `    <link rel="modulepreload" crossorigin href="/${f}">`),
          ].join('\n');
          pages.push({ paths: screen.paths(), tags, ...(screen.boot ? { boot: true as const } : {}) });
        }
        return html;
      },
    },
    writeBundle() {
      const index = path.join(outDir, 'index.html');
      if (!fs.existsSync(index) || !pages.length) return;
      const html = fs.readFileSync(index, 'utf8');
      for (const page of pages)
        for (const p of page.paths) {
          const file = path.join(outDir, 'pages', `${p.path.slice(1)}.html`);
          const early = (p.early ?? []).map((e) => `\n    ${metaOf(e)}`).join('');
          fs.mkdirSync(path.dirname(file), { recursive: true });
          const body = page.boot ? html.replace('<div id="root"></div>', `${BOOT_SHELL}<div id="root"></div>`) : html;
          fs.writeFileSync(file, body.replace('</head>', `${page.tags}${early}\n  </head>`));
        }
    },
  };
}

/**
 * The route table's `sample` URLs (one per route, ~1.2 KB gz) are for the tests and the bench, not
 * the browser: the build drops them from src/domain/navigation/route-table.ts, which every page loads
 * with the router. Nothing in src/web reads `RouteDef.sample`.
 */
function dropRouteSamples(): Plugin {
  return {
    name: 'yunshu-drop-route-samples',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      if (!id.replaceAll('\\', '/').endsWith('/src/domain/navigation/route-table.ts')) return null;
      return { code: code.replace(/,\s*sample: '[^']*'/g, ''), map: null };
    },
  };
}

/**
 * Vite lists, at each dynamic import, every chunk the imported one needs, so the browser can fetch
 * them at once (modulepreload). Most of those chunks are loaded already whenever that import runs:
 * the importing chunk's static imports, and what every chunk that can import *it* had loaded. Those
 * names are dropped from the lists (the console's page table, the router, the resource lists carried
 * ~9 KB gz of file names to every phone console page); a page's own chunks stay listed, so a lazy
 * page still fetches its chunks side by side (ADR 0036). Dropping a name can never break an import:
 * the list only preloads, the ES imports still load what a chunk needs.
 */
function trimPreloadLists(): { plugin: Plugin; resolve: (filename: string, deps: string[], ctx: { hostId: string }) => string[] } {
  let loaded = new Map<string, Set<string>>();
  const plugin: Plugin = {
    name: 'yunshu-trim-preload-lists',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        const chunks = new Map(Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c] as const] : [])));
        const closure = (f: string) => {
          const out = new Set<string>();
          const todo = [f];
          while (todo.length) {
            const x = todo.pop()!;
            if (out.has(x)) continue;
            out.add(x);
            todo.push(...(chunks.get(x)?.imports ?? []));
          }
          return out;
        };
        const closures = new Map([...chunks.keys()].map((f) => [f, closure(f)] as const));
        // Who can start a dynamic import of each chunk: any chunk whose code holds that import.
        const importers = new Map<string, string[]>();
        for (const c of chunks.values()) for (const d of c.dynamicImports) importers.set(d, [...(importers.get(d) ?? []), c.fileName]);
        // Greatest fixed point: loaded(C) = closure(C) ∪ ⋂ over importers I of C of loaded(I); entries start from their closure.
        const all = new Set(chunks.keys());
        loaded = new Map(
          [...chunks.values()].map((c) => [c.fileName, c.isEntry || !importers.has(c.fileName) ? closures.get(c.fileName)! : new Set(all)] as const),
        );
        for (let changed = true; changed;) {
          changed = false;
          for (const c of chunks.values()) {
            if (c.isEntry || !importers.has(c.fileName)) continue;
            const sets = importers.get(c.fileName)!.map((i) => loaded.get(i)!);
            const common = sets.reduce((a, b) => new Set([...a].filter((x) => b.has(x))));
            const next = new Set([...closures.get(c.fileName)!, ...common]);
            if (next.size !== loaded.get(c.fileName)!.size) {
              loaded.set(c.fileName, next);
              changed = true;
            }
          }
        }
      },
    },
  };
  const resolve = (_filename: string, deps: string[], ctx: { hostId: string }) => {
    const done = loaded.get(ctx.hostId);
    return done ? deps.filter((d) => !done.has(d)) : deps;
  };
  return { plugin, resolve };
}
const preloadLists = trimPreloadLists();

/**
 * The kinds' texts (locales/zh-CN/kinds.json, 8 KB gz) in slices (ADR 0036): `virtual:kind-texts`
 * answers a loader per slice; `_common` holds every section that is not a kind's (statuses, options,
 * messages…) and each kind's name, a kind's slice that kind's whole section. A kind's phone
 * list loads the common slice and its own (src/web/lib/kind-texts.ts) instead of every kind's texts;
 * everything else still loads the whole namespace. The file stays the one source: the slices are cut
 * from it at build time (and on every change in development).
 */
function kindTexts(): Plugin {
  const file = path.resolve(import.meta.dirname, 'locales/zh-CN/kinds.json');
  const PREFIX = 'virtual:kind-texts';
  return {
    name: 'yunshu-kind-texts',
    resolveId(id) {
      return id === PREFIX || id.startsWith(`${PREFIX}/`) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      this.addWatchFile(file);
      const slices = sliceKindTexts(JSON.parse(fs.readFileSync(file, 'utf8')));
      const part = id.slice(`\0${PREFIX}`.length + 1);
      if (!part) {
        // Loaders for `_common` and every kind's slice (a kind's routes read them: lib/kind-texts.ts).
        const loaders = Object.keys(slices)
          .filter((k) => k !== '_areas')
          .map((k) => `  ${JSON.stringify(k)}: () => import(${JSON.stringify(`${PREFIX}/${k}`)}).then((m) => m.default),`);
        return `export const KIND_TEXTS = {\n${loaders.join('\n')}\n};\n`;
      }
      if (!slices[part]) throw new Error(`kind texts: no slice ${part} of locales/zh-CN/kinds.json`);
      return `export default ${JSON.stringify(slices[part])};\n`;
    },
  };
}

/**
 * antd-mobile-icons as a drawing tool exported them: every element carries a layer id
 * ("AddOutline-编组"), every icon starts with a transparent 48×48 rectangle, and path coordinates
 * have seven decimals. The build drops the ids (nothing refers to them), the invisible rectangle and
 * the xlink namespace (unused in inline SVG), and rounds coordinates to two decimals (0.01 of a
 * 48-unit box: 0.005 px at the 24 px the icons are drawn): what SVGO's defaults do to an SVG file
 * (cleanupIds, removeHiddenElems, convertPathData precision). ~27% of the icons' bytes (ADR 0036).
 */
function slimIcons(): Plugin {
  return {
    name: 'yunshu-slim-icons',
    enforce: 'pre',
    transform(code, id) {
      if (!/node_modules[\\/]antd-mobile-icons[\\/]es[\\/]\w+\.js$/.test(id)) return null;
      const out = code
        .replace(/\n\s*id: "[^"]*",?/g, '')
        .replace(/,\s*xmlnsXlink: "http:\/\/www\.w3\.org\/1999\/xlink"/g, '')
        .replace(/\/\*#__PURE__\*\/React\.createElement\("rect", \{\s*fill: "#FFFFFF",\s*opacity: 0,\s*x: 0,\s*y: 0,\s*width: 48,\s*height: 48\s*\}\),\s*/g, '')
        .replace(/\bd: "([^"]*)"/g, (_, d: string) => `d: "${d.replace(/-?\d+\.\d{3,}/g, (n) => String(Math.round(Number(n) * 100) / 100))}"`);
      return { code: out, map: null };
    },
  };
}

const nm = (names: string) => new RegExp(`node_modules[\\\\/](${names})[\\\\/]`);

/** The modules of the `console-base` chunk (CHUNK_GROUPS). */
const CONSOLE_BASE: readonly RegExp[] = [
  /src[\\/]web[\\/]ui[\\/]light[\\/](?!tabs|swipe-action)/,
  /node_modules[\\/]@tanstack[\\/](?:query-core|react-query)[\\/]|src[\\/]web[\\/]lib[\\/]query-(?:client|provider)\.tsx?$/,
  /node_modules[\\/]antd-mobile-icons[\\/]es[\\/](?:AppOutline|AppstoreOutline|BellOutline|FolderOutline|BillOutline|LeftOutline|CloseOutline|AddOutline|UnorderedListOutline|DownlandOutline|FileOutline|CloseCircleFill|SearchOutline|MoreOutline)\.js$/,
  /node_modules[\\/]antd-mobile[\\/]es[\\/](?:index\.js$|global[\\/]|locales[\\/]zh-CN\.js$|components[\\/]config-provider[\\/])/,
  /node_modules[\\/]antd-mobile[\\/]es[\\/]utils[\\/](?!use-drag-and-pinch|use-tab-list-scroll|reduce-and-restore-motion)/,
  /node_modules[\\/]antd-mobile[\\/]es[\\/]components[\\/](?:badge|button|auto-center|image|dot-loading|infinite-scroll|checkbox|safe-area)[\\/]/,
  /node_modules[\\/](?:ahooks|lodash|react-is|classnames|tslib|staged-components|rc-util[\\/]lib)[\\/]|node_modules[\\/]@babel[\\/]runtime[\\/]helpers[\\/][A-Za-z0-9]+\.js$/,
  /src[\\/]web[\\/]lib[\\/](?:antd-react19|rc-render)\.ts$/,
  // the kit's search field and tags (the inbox's text area stays out: it brings a Unicode library)
  /node_modules[\\/]antd-mobile[\\/]es[\\/]components[\\/](?:tag|input|search-bar)[\\/]/,
  // the console's time format, its event stream, the tablet's split view, the statuses' colours, the
  // copy button of ids and addresses and the tenant's industry rules (lists, details, logs, the home)
  /src[\\/](?:domain[\\/](?:time-format|status-tones|tenant-industry)|web[\\/]lib[\\/]server-events|web[\\/]ui[\\/](?:split-view|copy-value))\.tsx?$/,
];

/**
 * Chunk groups, highest priority first. React and the router are captured before the UI kits so
 * a kit's group (which takes its dependencies along) never drags React out of the entry's reach;
 * the kits and the table library only load with the pages that use them.
 */
const CHUNK_GROUPS = [
  { name: 'react', test: nm('react|react-dom|scheduler|use-sync-external-store'), priority: 40 },
  { name: 'router', test: nm('react-router|cookie|set-cookie-parser'), priority: 35 },
  // Small modules every first screen loads together, one file each until grouped: on HTTP/1.1 the
  // browser opens six connections per host, so a first screen of 18 scripts waited three round trips
  // for its chunks (Lighthouse's simulation counts each request's 150 ms). Their own modules only:
  // what they import stays where it was (ADR 0033 addendum).
  // - the shell's parts, on portal and console pages alike (page frame, language switch, offline banner, snapshots and their stores);
  {
    name: 'shell-parts',
    test: /src[\\/]web[\\/](?:ui[\\/]page-frame|ui[\\/]shell[\\/]language-switch|app[\\/]layouts[\\/]deferred-offline-banner|offline[\\/](?:snapshots|kv-store|recent-raw|idb-open|online|data-age))\.tsx?$/,
    priority: 30,
    includeDependenciesRecursively: false,
  },
  // - the console's base, which every console first screen loads and no public first screen does
  //   (one file instead of ~25: on HTTP/1.1 each request waits for one of six connections, and
  //   Lighthouse's simulation charges each a 150 ms round trip; with the groups below the inbox went
  //   from 54 to 26 scripts, the host list from 57 to 27, ADR 0038):
  //   · the light components of the phone console (ADR 0034), never folded into the first feature
  //     chunk that uses them, which the precache's "every ui module" rule would then take whole;
  //   · TanStack Query and the icons of the console's shell and lists;
  //   · the kit's index and global style, its small helpers and the components every console list
  //     draws (button, badge, checkbox, infinite scroll), with the libraries they use (ahooks, lodash's
  //     throttle, classnames, react-is, Babel's helpers…). Helpers that animate or drag stay out:
  //     they would bring the animation and gesture libraries along.
  //   Their own modules only, listed whole: ADR 0027's `kit-utils` left classnames outside, imported it
  //   from a chunk that imported it back, and threw 「o is not a function」; the build now fails on
  //   any chunk cycle (noChunkCycles).
  {
    name: 'console-base',
    test: (id: string) => CONSOLE_BASE.some((re) => re.test(id)),
    priority: 30,
    includeDependenciesRecursively: false,
  },
  // - the outbox's machinery: the pages that queue writes offline (the inbox, work orders, feedback,
  //   the outbox) load its hooks, rules and gate together; with them the request sentence the outbox
  //   strip, the approval cards and the message centre share (request-summary, with the hosts'
  //   flavors and the id pattern it reads: three files of < 1 KB each on every console first screen);
  {
    name: 'outbox-parts',
    test: /src[\\/](?:web[\\/]offline[\\/](?:hooks|outbox-raw|outbox-gate|outbox-rules)|domain[\\/](?:approvals[\\/](?:decision-batch|request-summary)|kinds[\\/]instance[\\/]flavors|id-pattern))\.tsx?$/,
    priority: 30,
    includeDependenciesRecursively: false,
  },
  // - what every resource screen reads: the kinds' list views, the list's state in the URL and its
  //   sort order, the index of the kinds' list models (virtual:list-kinds: each kind's model is a chunk
  //   of its own, ADR 0057; list-kind.ts, every kind's, loads with the screens that read them all),
  //   the resource requests and row parts, the kinds' action rules (domain/kinds/action-block.ts, which
  //   the alarm's resource operations share), the loader of the kinds' texts (not the kind's
  //   shape, domain/kinds/kind.ts: the price module imports it, and the precache takes what that imports);
  // - the kinds' definitions (registry.ts, each folder's `.kind.ts`), for the screens that read a whole
  //   kind (detail, purchase, forms) after the first one: one chunk, off the first screen;
  {
    name: 'kind-definitions',
    test: /src[\\/]domain[\\/]kinds[\\/](?:registry|common|[\w-]+[\\/][\w-]+\.kind)\.tsx?$/,
    priority: 30,
    includeDependenciesRecursively: false,
  },
  {
    name: 'resource-parts',
    test: /src[\\/](?:domain[\\/](?:list-sort|kinds[\\/]action-block)|web[\\/]features[\\/]resources[\\/](?:list-state|api|kind-meta|parts|actions|live|query-keys|list-models)|web[\\/]lib[\\/](?:kind-texts|kind-labels))\.tsx?$|^\0virtual:(?:kind-texts|list-kinds)$/,
    priority: 30,
    includeDependenciesRecursively: false,
  },
  // - the inbox's tabs and swipe row apart (ADR 0036): a resource list uses neither; with the approval
  //   card they draw and its summary and sync state (the inbox, an approval's page, the outbox);
  {
    name: 'approvals-parts',
    test: /src[\\/]web[\\/](?:ui[\\/]light[\\/](?:tabs|swipe-action)|features[\\/]approvals[\\/](?:card|summary|sync-state))\.tsx?$/,
    priority: 30,
    includeDependenciesRecursively: false,
  },
  // - the portal's: the data requests of its pages and their content types, the early request (its
  //   layout, loaded lazily, stays a chunk of its own: in a group it would leave a one-line facade file).
  {
    name: 'portal-parts',
    test: /src[\\/](?:web[\\/]features[\\/]portal[\\/]portal-data|domain[\\/]portal-content|web[\\/]lib[\\/]early-get)\.tsx?$/,
    priority: 30,
    includeDependenciesRecursively: false,
  },
  { name: 'tanstack-table', test: nm('@tanstack[\\\\/](?:react-table|table-core)'), priority: 20 },
  // Libraries a few kit components need (gestures: swipe actions, image viewer, slider; floating
  // positions: popover): groups of their own, so that no shared chunk carries them to a page whose
  // components do not use them.
  // With the kit's one helper that is nothing but a gesture hook (use-drag-and-pinch: image viewer,
  // floating panel): left to the bundler it sat with `convert-px` and the safe area, which tabs and
  // popups import, and carried the gesture library to pages that never drag (ADR 0034).
  {
    name: 'gesture',
    test: /node_modules[\\/](?:@use-gesture[\\/](?:core|react)[\\/]|antd-mobile[\\/]es[\\/]utils[\\/]use-drag-and-pinch\.js$)/,
    priority: 18,
  },
  // The kit's animation library: a group of its own as well (ADR 0034). Left to the bundler it shared a
  // chunk with the kit's smallest helpers (classnames, native props, config), so every kit component
  // — a button, a tag — fetched it; the phone first screens use light components of our own
  // (src/web/ui/light/) and must not load it (tests/e2e/first-load-budget.e2e.ts).
  { name: 'react-spring', test: nm('@react-spring[\\\\/](?:web|core|animated|shared|rafz|types)'), priority: 18 },
  { name: 'floating-ui', test: nm('@floating-ui[\\\\/](?:core|dom|utils)'), priority: 18 },
  // The kit's image viewer alone (it is only shown when a frame posts a picture, ui/image-viewer.tsx):
  // left to the bundler, the small helpers it shares with every input, checkbox and action sheet
  // (safe area, bound, dev-log…) landed in its chunk, and every console page fetched the viewer
  // with them. Its own modules only (`includeDependenciesRecursively: false`): nothing outside
  // imports them but its index, so this chunk imports the helpers and is never imported back.
  {
    name: 'kit-image-viewer',
    test: /node_modules[\\/]antd-mobile[\\/]es[\\/]components[\\/]image-viewer[\\/]/,
    priority: 17,
    includeDependenciesRecursively: false,
  },
  // The kit's mask (it fades with the animation library) alone, for the same reason (ADR 0034): left
  // to the bundler it sat in the chunk of the kit's smallest helpers, which every kit component
  // imports, and that chunk then imported react-spring. Only the popups, dialogs, toasts and the
  // image viewer import the mask, and nothing it imports imports it back — no chunk cycle.
  {
    name: 'kit-mask',
    test: /node_modules[\\/]antd-mobile[\\/]es[\\/]components[\\/]mask[\\/]/,
    priority: 17,
    includeDependenciesRecursively: false,
  },
  // The kit's dialog and centre popup (they animate with the mask and the library) apart from the button,
  // the loading dots and the image the bundler put them with: every form and card imports the button.
  {
    name: 'kit-dialog',
    test: /node_modules[\\/]antd-mobile[\\/]es[\\/]components[\\/](?:dialog|center-popup)[\\/]/,
    priority: 17,
    includeDependenciesRecursively: false,
  },
  // (A `kit-utils` group for the kit's small helpers was tried and dropped: with its dependencies
  // left out it imported classnames from the mask's chunk while the mask imported it back, and the
  // cycle threw 「o is not a function」 on pages that rendered a mask first — productRoute, userCenter.)
];

/**
 * React Router 7 exports its development build under every condition (its package.json, "temporary"
 * since 7.0.2: remix-run/react-router#12532, #14102), so production pages ran with its development
 * warnings on. The build takes the production copy it ships beside it (the same code with
 * ENABLE_DEV_WARNINGS off, so the warnings' code is dropped); the dev server keeps the warnings.
 */
function productionRouter(): Plugin {
  const file = path.resolve(import.meta.dirname, 'node_modules/react-router/dist/production/index.mjs');
  return {
    name: 'yunshu-production-router',
    apply: 'build',
    enforce: 'pre',
    resolveId(id) {
      return id === 'react-router' ? file : null;
    },
  };
}

/**
 * Fails the build when chunks import each other in a circle. A chunk group whose modules import a
 * chunk that imports the group back runs one of them before the other is defined; on pages that
 * loaded the wrong one first, ADR 0027's `kit-utils` threw 「o is not a function」. Static imports
 * only: a dynamic import runs after both are defined.
 */
function noChunkCycles(): Plugin {
  return {
    name: 'yunshu-no-chunk-cycles',
    apply: 'build',
    generateBundle(_options, bundle) {
      const imports = new Map<string, string[]>();
      for (const file of Object.values(bundle)) if (file.type === 'chunk') imports.set(file.fileName, file.imports);
      const state = new Map<string, 'open' | 'done'>();
      const visit = (file: string, path: string[]): void => {
        state.set(file, 'open');
        for (const next of imports.get(file) ?? []) {
          if (state.get(next) === 'open') {
            const cycle = [...path.slice(path.indexOf(next)), file, next].join(' → ');
            this.error(`chunks import each other in a circle: ${cycle}`);
          }
          if (!state.has(next) && imports.has(next)) visit(next, [...path, file]);
        }
        state.set(file, 'done');
      };
      for (const file of imports.keys()) if (!state.has(file)) visit(file, []);
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    precompress(),
    offline.plugin,
    preloadRouter(),
    firstScreenPages(),
    dropRouteSamples(),
    preloadLists.plugin,
    kindTexts(),
    listKindSlices(),
    routeKindsMap(),
    kindSchemaLoaders(),
    listKindsAsData(),
    slimIcons(),
    noChunkCycles(),
    productionRouter(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/web',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      devOptions: { enabled: false },
      // The icons are fetched by the browser when it installs the app, not needed offline.
      includeManifestIcons: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,png,svg,ico,webmanifest,woff2}'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        // Only what offline needs (OFFLINE_MODULES); the rest is cached on first use.
        manifestTransforms: [
          (entries) => ({
            manifest: entries.filter((e) => OFFLINE_FILES.has(e.url.replace(/^\//, '')) || offline.files.has(e.url.replace(/^\//, ''))),
            warnings: [],
          }),
        ],
      },
      manifest: {
        name: '云枢 · 混合云控制台',
        short_name: '云枢',
        description: '多租户混合云的门户与控制台：资源、审批、告警与账单，随时随地处理。',
        lang: 'zh-CN',
        dir: 'ltr',
        theme_color: '#1677ff',
        background_color: '#f5f7fa',
        display: 'standalone',
        orientation: 'any',
        start_url: '/portal',
        scope: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
  ],
  resolve: {
    // antd-mobile's default imperative render: our createRoot version (src/web/lib/rc-render.ts).
    alias: [
      { find: /^rc-util\/lib\/React\/render$/, replacement: path.resolve(import.meta.dirname, 'src/web/lib/rc-render.ts') },
      // The browser's ResizeObserver instead of the polyfill the kit's helpers import (ADR 0034).
      { find: /^resize-observer-polyfill$/, replacement: path.resolve(import.meta.dirname, 'src/web/ui/light/native-resize-observer.ts') },
    ],
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    modulePreload: { resolveDependencies: preloadLists.resolve },
    rolldownOptions: {
      output: {
        codeSplitting: { groups: CHUNK_GROUPS },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: true } },
  },
});
