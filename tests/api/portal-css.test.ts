// A portal template's CSS stays in its box (issue 27, decision 0044): the server parses it with
// postcss when it is saved and again whenever it is served, and emits only rules that, wrapped in
// the web's `@scope ([data-tpl-scope]) { … }`, stay inside that one rule. The escape that turned
// every visitor's page red (`} body { … } @scope (.nothing) {`) is refused at save with a localised
// 400 naming the line, and served as no CSS at all when a row already holds it; @import, @font-face,
// @layer, url()s to another origin and `</style` never reach the page.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postcss from 'postcss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type Helpers, type TestApp } from './helper.ts';

let app: TestApp & Helpers;
let dist: string;
let templateId: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'yunshu-tpl-css-'));
  fs.mkdirSync(path.join(dist, 'pages', 'portal'), { recursive: true });
  const page = (meta: string) => `<!doctype html><html lang="zh-CN"><head><title>云枢</title>${meta}</head><body><div id="root"></div></body></html>`;
  fs.writeFileSync(path.join(dist, 'index.html'), page(''));
  fs.writeFileSync(path.join(dist, 'pages', 'portal', 'bms.html'), page('<meta name="ys-early-get" content="auto_product_details/bms">'));
  app = await build({ serveStatic: true, config: { distDir: dist } });
  const bms = (await app.inject({ method: 'GET', url: '/api/auto_product_details/bms' })).json() as Details;
  templateId = bms.product_details.find((s) => s.type === 'template')!.auto_template!.id;
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

type Details = { product_details: { type: string; auto_template?: { id: string; css_code: string } }[] };

const ESCAPE = '.calc{color:#1f2329} } body { background: red !important } @scope (.nothing) { .x{color:red}';
const HOSTILE = [
  '@charset "utf-8";',
  '@import url(//evil.example/a.css);',
  '@import "https://evil.example/b.css";',
  '@namespace svg url(http://www.w3.org/2000/svg);',
  '@font-face { font-family: x; src: url(https://evil.example/f.woff2) }',
  '@layer site { body { background: red } }',
  '@keyframes spin { to { transform: rotate(1turn) } }',
  '.calc { color: #1f2329; background: url(https://evil.example/x.png) }',
  '.calc-title { background-image: url("//evil.example/y.png") }',
  '.calc-total { background: image-set("https://evil.example/z.png" 1x) }',
  '.calc strong { background: url(/api/v1/account) }',
  '.calc label { content: "</style><script>window.pwned=1</script>" }',
  '.calc select { background: url(/portal/ok.png) }',
  '.calc input { background-image: url(data:image/png;base64,iVBORw0KGgo=) }',
  '@media (min-width: 600px) { .calc { padding: 24px } body { margin: 0 } }',
].join('\n');

/** Wrapped as the web wraps it, the CSS is one @scope rule holding only rules, group rules and comments. */
function expectInsideScope(css: string) {
  const root = postcss.parse(`@scope ([data-tpl-scope="t"]) {\n${css}\n}`);
  expect(root.nodes).toHaveLength(1);
  const scope = root.nodes[0]!;
  expect(scope.type === 'atrule' && scope.name).toBe('scope');
  if (scope.type === 'atrule') scope.walkAtRules((a) => void expect(['media', 'supports', 'container']).toContain(a.name));
  expect(css).not.toMatch(/<|@import|@font-face|@layer|@charset|@namespace|@scope|evil|\/api\//i);
}

const put = async (css_code: string, lang?: string) => {
  const admin = await app.as('admin');
  const current = (await admin.req({ method: 'GET', url: `/api/v1/customize_pages/${templateId}` })).json() as Record<string, unknown>;
  const { id: _id, updated_at: _u, ...body } = current;
  return admin.req({ method: 'PUT', url: `/api/v1/customize_pages/${templateId}`, payload: { ...body, css_code }, lang });
};

/** The template's CSS as visitors get it: the template itself, the landing page's API answer and the page's data block. */
async function servedCss(): Promise<string[]> {
  const own = (await app.inject({ method: 'GET', url: `/api/v1/customize_pages/${templateId}` })).json() as { css_code: string };
  const api = (await app.inject({ method: 'GET', url: '/api/auto_product_details/bms' })).json() as Details;
  const html = (await app.inject({ method: 'GET', url: '/portal/bms' })).body;
  const block = /<script type="application\/json" data-ys-early="[^"]+" data-lang="[^"]+">([\s\S]*?)<\/script>/.exec(html)![1]!;
  const inline = JSON.parse(block) as Details;
  const of = (d: Details) => d.product_details.find((s) => s.type === 'template')!.auto_template!.css_code;
  return [own.css_code, of(api), of(inline)];
}

describe('saving a template', () => {
  it('refuses the scope escape with a localised 400 naming the line, and keeps the stored CSS', async () => {
    const before = await app.ctx.db.selectFrom('portal_templates').select('css_code').where('id', '=', templateId).executeTakeFirstOrThrow();
    for (const [lang, text] of [
      ['zh-CN', '第 2 行无法解析'],
      ['zh-TW', '第 2 行無法解析'],
    ] as const) {
      const res = await put(`.calc{color:#1f2329}\n${ESCAPE.slice(ESCAPE.indexOf('}') + 1)}`, lang);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().description).toContain(text);
    }
    expect((await put(ESCAPE)).statusCode).toBe(400);
    expect((await put('.calc{color:red}</style><script>window.pwned=1</script>')).statusCode).toBe(400);
    const after = await app.ctx.db.selectFrom('portal_templates').select('css_code').where('id', '=', templateId).executeTakeFirstOrThrow();
    expect(after.css_code).toBe(before.css_code);
  });

  it('stores only the rules that stay in the box: no @import, remote url(), @font-face, @layer or </style', async () => {
    const res = await put(HOSTILE);
    expect(res.statusCode, res.body).toBe(200);
    const stored = await app.ctx.db.selectFrom('portal_templates').select('css_code').where('id', '=', templateId).executeTakeFirstOrThrow();
    expect(res.json().css_code).toBe(stored.css_code);
    expectInsideScope(stored.css_code);
    // What is harmless survives: colours, same-site and data: images, the media query.
    expect(stored.css_code).toContain('color: #1f2329;');
    expect(stored.css_code).toContain('url(/portal/ok.png)');
    expect(stored.css_code).toContain('url(data:image/png;base64,iVBORw0KGgo=)');
    expect(stored.css_code).toMatch(/@media \(min-width: 600px\) \{\s*\.calc \{\s*padding: 24px;/);
    for (const css of await servedCss()) expect(css).toBe(stored.css_code);
  });

  it('keeps an ordinary template as it was meant (the seed calculator still styles its box)', async () => {
    const res = await put('.calc{padding:16px;border:1px solid #d6e4ff}.calc select,.calc input{margin-left:8px}');
    expect(res.statusCode).toBe(200);
    expect(res.json().css_code).toBe('.calc {\n  padding: 16px;\n  border: 1px solid #d6e4ff;\n}\n.calc select,.calc input {\n  margin-left: 8px;\n}');
  });
});

describe('serving a template whose row holds hostile CSS (stored before the check)', () => {
  const store = (css_code: string) => app.ctx.db.updateTable('portal_templates').set({ css_code }).where('id', '=', templateId).execute();

  it('serves the scope escape as no CSS at all, on the API and in the page', async () => {
    await store(ESCAPE);
    for (const css of await servedCss()) expect(css).toBe('');
  });

  it('serves the rest reduced to rules inside the scope, on the API and in the page', async () => {
    // A string broken by a newline: postcss reads one value, a browser ends the string at the line
    // break and would then see `}}` close the rule and the scope.
    await store(`${HOSTILE}\n.calc { font-family: "x\n}}\nbody { background: red } "; }`);
    for (const css of await servedCss()) {
      expectInsideScope(css);
      expect(css).not.toMatch(/red|font-family/);
      expect(css).toContain('url(/portal/ok.png)');
    }
  });
});
