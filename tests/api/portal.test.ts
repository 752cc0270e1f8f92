// The public portal's API: landing pages (GET /api/auto_product_details/{productId}) for every
// product route of the spec, articles with offset paging, and templates / custom pages that only the
// platform administrators may write (others 403, anonymous 401), validated field by field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from './helper.ts';
import { ROUTE_TABLE } from '../../src/domain/navigation/route-table.ts';
import { internalPath, isBuyNow, type ProductDetails } from '../../src/domain/portal-content.ts';

let app: Awaited<ReturnType<typeof build>>;
beforeAll(async () => {
  app = await build();
});
afterAll(async () => {
  await app.close();
});

const LANDING_KEYS = [
  ...ROUTE_TABLE.filter(
    (r) => r.area === 'portal' && r.name.startsWith('portal_') && !['portal_portalAccountInfo', 'portal_portalHandlePhone'].includes(r.name),
  ).map((r) => r.name.slice('portal_'.length)),
  'Logistics',
  'Park',
  'Storage',
];
const routeMatches = (path: string) =>
  ROUTE_TABLE.some((r) =>
    new RegExp(`^${r.path.replace(/\/:[^/?]+(\?)?/g, (_m, opt?: string) => (opt ? '(?:/[^/]+)?' : '/[^/]+'))}$`).test(path.split('?')[0]!),
  );

describe('landing pages', () => {
  it('every product route has a banner and ≥ 3 sections with sizes whose prices grow, in both languages', async () => {
    expect(LANDING_KEYS.length).toBe(53);
    for (const key of LANDING_KEYS) {
      for (const lang of ['zh-CN', 'zh-TW']) {
        const res = await app.inject({ method: 'GET', url: `/api/auto_product_details/${key}`, headers: { 'accept-language': lang } });
        expect(res.statusCode, key).toBe(200);
        const d = res.json() as ProductDetails;
        expect(d.product_advert.length, key).toBeGreaterThan(0);
        expect(d.product_details.length, key).toBeGreaterThanOrEqual(3);
        const specs = d.product_details.find((s) => s.type === 'specs');
        if (!specs || specs.type !== 'specs') throw new Error(`${key} has no specs`);
        const prices = specs.rows.map((r) => r.price_fen);
        expect(new Set(prices).size, key).toBe(prices.length);
        expect(
          [...prices].sort((a, b) => a - b),
          key,
        ).toEqual(prices);
        // Every internal button leads to a route of the spec; external ones are https.
        for (const b of d.product_advert[0]!.buttons) {
          if (b.is_inner) expect(routeMatches(internalPath(b.link)!), `${key} ${b.link}`).toBe(true);
          else expect(b.link.startsWith('https://'), key).toBe(true);
        }
      }
    }
  });

  it('answers in the caller language; the buy-now banner of the bare-metal page; templates embedded in their section', async () => {
    const cn = (await app.inject({ method: 'GET', url: '/api/auto_product_details/bms' })).json() as ProductDetails;
    const tw = (await app.inject({ method: 'GET', url: '/api/auto_product_details/bms', headers: { 'accept-language': 'zh-TW' } })).json() as ProductDetails;
    expect(cn.name).toBe('裸金属服务器');
    expect(tw.name).toBe('裸機伺服器');
    expect(isBuyNow(cn.product_advert[0]!.buttons[0]!.name)).toBe(true);
    expect(isBuyNow(tw.product_advert[0]!.buttons[0]!.name)).toBe(true);
    expect(cn.product_advert[0]!.buttons[0]!.link).toBe('/bmsBuy');
    const specs = cn.product_details.find((s) => s.type === 'specs');
    expect(specs && specs.type === 'specs' && specs.rows[0]!.flavor).toBe('2 核 4 GB');
    const tpl = cn.product_details.find((s) => s.type === 'template');
    expect(tpl && tpl.type === 'template' && tpl.auto_template.js_code).toContain('calc');
    expect(cn.product_details[0]!.top_title).toBe('产品优势');
  });

  it('lists every landing page as a card with its category', async () => {
    const res = (await app.inject({ method: 'GET', url: '/api/v1/portal/products', headers: { 'accept-language': 'zh-TW' } })).json() as {
      count: number;
      data: { product_id: string; name: string; category: string }[];
    };
    expect(res.count).toBe(53);
    expect(res.data.find((p) => p.product_id === 'ebs')).toMatchObject({ name: '雲端硬碟', category: 'storage' });
  });

  it('unknown or malformed product ids answer a localised 404', async () => {
    for (const url of ['/api/auto_product_details/nope', '/api/auto_product_details/%3Cscript%3E']) {
      const res = await app.inject({ method: 'GET', url, headers: { 'accept-language': 'zh-TW' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ title: expect.any(String), description: expect.any(String) });
    }
  });
});

describe('articles', () => {
  it('lists 20+ announcements and news newest first, pages without overlap, and reads one', async () => {
    for (const kind of ['announcement', 'news']) {
      const first = (await app.inject({ method: 'GET', url: `/api/v1/portal/articles?kind=${kind}&__limit=10&__offset=0` })).json() as {
        count: number;
        data: { id: string; published_at: string; title: string }[];
      };
      expect(first.count).toBeGreaterThanOrEqual(20);
      expect(first.data).toHaveLength(10);
      const times = first.data.map((a) => a.published_at);
      expect([...times].sort().reverse()).toEqual(times);
      const second = (await app.inject({ method: 'GET', url: `/api/v1/portal/articles?kind=${kind}&__limit=10&__offset=10` })).json() as {
        data: { id: string }[];
      };
      expect(second.data).toHaveLength(10);
      expect(second.data.some((a) => first.data.some((b) => b.id === a.id))).toBe(false);
      const one = await app.inject({ method: 'GET', url: `/api/v1/portal/articles/${first.data[0]!.id}`, headers: { 'accept-language': 'zh-TW' } });
      expect(one.statusCode).toBe(200);
      expect((one.json() as { body: string[] }).body.length).toBeGreaterThan(0);
    }
    const help = (await app.inject({ method: 'GET', url: '/api/v1/portal/articles?kind=help&__limit=100' })).json() as { count: number };
    expect(help.count).toBeGreaterThanOrEqual(8);
  });

  it('refuses a bad kind or limit with 400 naming the field; unknown article 404', async () => {
    const bad = await app.inject({ method: 'GET', url: '/api/v1/portal/articles?kind=secrets' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('kind');
    const big = await app.inject({ method: 'GET', url: '/api/v1/portal/articles?kind=news&__limit=1000' });
    expect(big.statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/api/v1/portal/articles/0123456789abcdef0123456789abcdef' })).statusCode).toBe(404);
  });
});

describe('templates and custom pages', () => {
  const body = {
    kind: 'custom_page',
    name: '测试页面',
    html_code: '<p>{{ a }}</p>',
    css_code: 'p{color:red}',
    js_code: '',
    data_json: { a: 1 },
    published: false,
  };

  it('administrators create, read, update and delete; visitors read only published ones', async () => {
    const admin = await app.as('admin');
    const created = await admin.req({ method: 'POST', url: '/api/v1/customize_pages', payload: body });
    expect(created.statusCode).toBe(201);
    const id = (created.json() as { id: string }).id;
    expect((await app.inject({ method: 'GET', url: `/api/v1/customize_pages/${id}` })).statusCode).toBe(404);
    expect((await admin.req({ method: 'GET', url: `/api/v1/customize_pages/${id}` })).statusCode).toBe(200);
    const updated = await admin.req({ method: 'PUT', url: `/api/v1/customize_pages/${id}`, payload: { ...body, name: '已发布页面', published: true } });
    expect(updated.statusCode).toBe(200);
    const seen = await app.inject({ method: 'GET', url: `/api/v1/customize_pages/${id}` });
    expect(seen.statusCode).toBe(200);
    expect((seen.json() as { name: string }).name).toBe('已发布页面');
    const list = (await admin.req({ method: 'GET', url: '/api/v1/customize_pages?kind=custom_page' })).json() as { data: { id: string }[] };
    expect(list.data.some((p) => p.id === id)).toBe(true);
    expect((await admin.req({ method: 'DELETE', url: `/api/v1/customize_pages/${id}` })).statusCode).toBe(200);
    expect((await admin.req({ method: 'GET', url: `/api/v1/customize_pages/${id}` })).statusCode).toBe(404);
  });

  it('anyone else: 401 signed out, 403 for tenant roles, nothing written', async () => {
    const before = await app.ctx.db
      .selectFrom('portal_templates')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect((await app.inject({ method: 'POST', url: '/api/v1/customize_pages', payload: body })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/v1/customize_pages' })).statusCode).toBe(401);
    const [anyId] = (await app.ctx.db.selectFrom('portal_templates').select('id').execute()).map((r) => r.id);
    for (const account of ['tenant_admin', 'member', 'fin_admin']) {
      const c = await app.as(account);
      const posted = await c.req({ method: 'POST', url: '/api/v1/customize_pages', payload: body });
      expect(posted.statusCode, account).toBe(403);
      expect(posted.json()).toEqual({ title: expect.any(String), description: expect.any(String) });
      expect((await c.req({ method: 'GET', url: '/api/v1/customize_pages' })).statusCode).toBe(403);
      expect((await c.req({ method: 'PUT', url: `/api/v1/customize_pages/${anyId}`, payload: body })).statusCode).toBe(403);
      expect((await c.req({ method: 'DELETE', url: `/api/v1/customize_pages/${anyId}` })).statusCode).toBe(403);
    }
    const after = await app.ctx.db
      .selectFrom('portal_templates')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('validates: missing name, unknown kind, oversize code, unknown field → 400 naming the field', async () => {
    const admin = await app.as('admin');
    const cases: [Record<string, unknown>, string][] = [
      [{ ...body, name: '  ' }, 'name'],
      [{ ...body, kind: 'script' }, 'kind'],
      [{ ...body, html_code: 'x'.repeat(100_001) }, 'html_code'],
      [{ ...body, data_json: 'text' }, 'data_json'],
      [{ ...body, owner: 'me' }, 'unrecognized_keys'],
    ];
    for (const [payload, field] of cases) {
      const res = await admin.req({ method: 'POST', url: '/api/v1/customize_pages', payload });
      expect(res.statusCode, field).toBe(400);
      expect(JSON.stringify(res.json()), field).toContain(field);
    }
    expect((await admin.req({ method: 'PUT', url: '/api/v1/customize_pages/0123456789abcdef0123456789abcdef', payload: body })).statusCode).toBe(404);
  });

  it('the template frame is served sandboxed with a policy that reaches nothing', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/template-frame' });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain('sandbox allow-scripts');
    expect(csp).not.toContain('allow-same-origin');
    expect(csp).toContain("connect-src 'none'");
  });
});
