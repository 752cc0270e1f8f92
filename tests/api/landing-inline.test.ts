// A product landing page's HTML carries its data (ADR 0033 addendum): the server puts the answer of
// GET /api/auto_product_details/<id> into the page as a JSON data block in the request's language, so
// the page renders whole on its first render. The block is exactly the API's answer, never runs, and
// no text in the data (a template's html_code is administrator-written) can close it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp, type Helpers } from './helper.ts';

let app: TestApp & Helpers;
let dist: string;
const page = (meta: string) =>
  `<!doctype html><html lang="zh-CN"><head><title>云枢</title><link rel="modulepreload" href="/assets/landing.js">${meta}</head><body><div id="root"></div></body></html>`;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'yunshu-landing-'));
  fs.mkdirSync(path.join(dist, 'pages', 'portal'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), page(''));
  // As vite.config.ts firstScreenPages writes them.
  fs.writeFileSync(path.join(dist, 'pages', 'portal', 'bms.html'), page('<meta name="ys-early-get" content="auto_product_details/bms">'));
  fs.writeFileSync(path.join(dist, 'pages', 'portal', 'gone.html'), page('<meta name="ys-early-get" content="auto_product_details/gone">'));
  app = await build({ serveStatic: true, config: { distDir: dist } });
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

/** The data blocks of an HTML page: language and raw text. */
function blocks(html: string): { path: string; lang: string; text: string }[] {
  return [...html.matchAll(/<script type="application\/json" data-ys-early="([^"]+)" data-lang="([^"]+)">([\s\S]*?)<\/script>/g)].map((m) => ({
    path: m[1]!,
    lang: m[2]!,
    text: m[3]!,
  }));
}

describe('landing page data in the HTML', () => {
  it('carries the API answer in the reader’s language, and keeps the early-get name', async () => {
    for (const lang of ['zh-CN', 'zh-TW'] as const) {
      const res = await app.inject({ method: 'GET', url: '/portal/bms', headers: { 'accept-language': lang } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers.vary).toMatch(/accept-language/i);
      expect(res.body).toContain('<meta name="ys-early-get" content="auto_product_details/bms">');
      const found = blocks(res.body);
      expect(found).toHaveLength(1);
      expect(found[0]!.path).toBe('auto_product_details/bms');
      expect(found[0]!.lang).toBe(lang);
      const api = await app.inject({ method: 'GET', url: '/api/auto_product_details/bms', headers: { 'accept-language': lang } });
      expect(JSON.parse(found[0]!.text)).toEqual(api.json());
    }
    const tw = blocks((await app.inject({ method: 'GET', url: '/portal/bms', headers: { 'accept-language': 'zh-TW' } })).body)[0]!;
    expect((JSON.parse(tw.text) as { name: string }).name).toBe('裸機伺服器');
  });

  it('sends the page without data for a product that does not exist, and index.html elsewhere', async () => {
    const gone = await app.inject({ method: 'GET', url: '/portal/gone' });
    expect(gone.statusCode).toBe(200);
    expect(blocks(gone.body)).toEqual([]);
    expect(gone.body).toContain('auto_product_details/gone');
    const other = await app.inject({ method: 'GET', url: '/ecsManage' });
    expect(blocks(other.body)).toEqual([]);
  });

  it('a template’s </script>, <!-- and line separators cannot leave the block', async () => {
    const admin = await app.as('admin');
    const details = (await app.inject({ method: 'GET', url: '/api/auto_product_details/bms' })).json() as {
      product_details: { type: string; auto_template?: { id: string; name: string; css_code: string; js_code: string; data_json: unknown } }[];
    };
    const tpl = details.product_details.find((s) => s.type === 'template')!.auto_template!;
    const hostile = "<p>x</p></script><script>window.pwned=1</script><!--<script>\u2028\u2029$&$'";
    const put = await admin.req({
      method: 'PUT',
      url: `/api/v1/customize_pages/${tpl.id}`,
      payload: {
        kind: 'template',
        name: tpl.name,
        html_code: hostile,
        css_code: tpl.css_code,
        js_code: tpl.js_code,
        data_json: tpl.data_json,
        published: true,
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    const html = (await app.inject({ method: 'GET', url: '/portal/bms' })).body;
    const found = blocks(html);
    expect(found).toHaveLength(1);
    expect(found[0]!.text).not.toMatch(/<|\u2028|\u2029/);
    expect(html).not.toContain('window.pwned=1</script>');
    const parsed = JSON.parse(found[0]!.text) as typeof details;
    expect(parsed.product_details.find((s) => s.type === 'template')!.auto_template).toMatchObject({ html_code: hostile });
    // Only the one data block and no script the page did not have before.
    expect(html.match(/<script/g)).toHaveLength(1);
  });
});
