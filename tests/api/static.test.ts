// Static hosting of the built PWA (issue 2 item 2): hashed assets cached immutably, index.html,
// the service worker and the manifest never cached, SPA fallback for client routes, compression,
// helmet's CSP, and /api paths never falling back to the page. Runs on a tiny fake dist/.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { openDatabase } from '../../src/server/platform/db/database.ts';

let app: Awaited<ReturnType<typeof buildApp>>;
let dist: string;
const INDEX = '<!doctype html><html lang="zh-CN"><head><title>云枢</title></head><body><div id="root"></div></body></html>';
const BIG_JS = `console.log(${JSON.stringify('云枢'.repeat(2000))});`;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'yunshu-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  // First-screen pages (vite.config.ts firstScreenPages): index.html plus the page's preloads.
  fs.mkdirSync(path.join(dist, 'pages', 'portal'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'pages', 'portal.html'), INDEX.replace('</head>', '<link rel="modulepreload" href="/assets/home.js"></head>'));
  fs.writeFileSync(path.join(dist, 'pages', 'portal', 'bms.html'), INDEX.replace('</head>', '<link rel="modulepreload" href="/assets/landing.js"></head>'));
  fs.writeFileSync(path.join(dist, 'assets', 'index-AbC123.js'), BIG_JS);
  fs.writeFileSync(path.join(dist, 'assets', 'index-AbC123.css'), 'body{margin:0}');
  // As the build writes them (vite.config.ts precompress()).
  // Marked, so the test can tell the stored file from on-the-fly compression of the original.
  fs.writeFileSync(path.join(dist, 'assets', 'index-AbC123.js.br'), zlib.brotliCompressSync(`${BIG_JS}/*pre*/`));
  fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch",()=>{});');
  fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"云枢"}');
  // Static hosting does not need the database; a fresh in-memory PGlite keeps the app whole.
  app = await buildApp({
    handle: await openDatabase({ memory: true }),
    seed: false,
    logger: false,
    serveStatic: true,
    config: { distDir: dist, rateLimitPerMinute: 100_000 },
  });
});
afterAll(async () => {
  await app.close();
  await app.ctx.handle.close().catch(() => undefined);
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('static hosting', () => {
  it('serves hashed assets cached for a year, immutable, with their type', async () => {
    const js = await app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(js.headers['content-type']).toMatch(/javascript/);
    const css = await app.inject({ method: 'GET', url: '/assets/index-AbC123.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/text\/css/);
  });

  it('sends the pre-compressed file of the build when the client takes it', async () => {
    const br = await app.inject({ method: 'GET', url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(`${BIG_JS}/*pre*/`);
    const plain = await app.inject({ method: 'GET', url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_JS);
  });

  it('never caches the service worker or the manifest', async () => {
    for (const url of ['/sw.js', '/manifest.webmanifest']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('sends a first-screen page its own copy of index.html, every other path index.html', async () => {
    for (const [url, preload] of [
      ['/portal', 'home.js'],
      ['/portal/', 'home.js'],
      ['/portal?from=mail', 'home.js'],
      ['/portal/bms', 'landing.js'],
    ] as const) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain(preload);
    }
    for (const url of ['/portal/ecs', '/portal/bms/x', '/pages/portal', '/portal/bms%20', '/PORTAL']) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX);
    }
  });

  it('falls back to index.html (not cached) for client routes', async () => {
    for (const url of ['/', '/login', '/ecsManage', '/ecsManage/0123456789abcdef0123456789abcdef?tab=disks']) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(INDEX);
    }
  });

  it('answers 404 for a missing asset instead of the page', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/missing-XYZ.js' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<html');
  });

  it('keeps /api paths as JSON errors', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nope', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ title: '错误', description: '接口 GET /api/nope 不存在' });
  });

  it('compresses large answers', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('sends helmet headers with a strict CSP and a request id', async () => {
    const res = await app.inject({ method: 'GET', url: '/login' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toBeTruthy();
    const given = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'req-12345678' } });
    expect(given.headers['x-request-id']).toBe('req-12345678');
  });

  it("answers the API with OWASP's API header set, not a document's", async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-request-id']).toBeTruthy();
    for (const documentOnly of ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-download-options', 'x-xss-protection'])
      expect(res.headers[documentOnly], documentOnly).toBeUndefined();
    // A page keeps the document's set.
    expect((await app.inject({ method: 'GET', url: '/login' })).headers['cross-origin-opener-policy']).toBe('same-origin');
  });
});
