// The service catalogue (GET /api/v1/service-catalog): public, in the seed's header_data /
// footer_data shape, texts in the caller's language; its products answer by id, unknown ids 404
// with a localised error. The routes it yields follow the domain rule (internal, linked, not static).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from './helper.ts';
import { catalogueRoutes } from '../../src/domain/navigation/catalogue.ts';
import { ROUTE_TABLE } from '../../src/domain/navigation/route-table.ts';

let app: Awaited<ReturnType<typeof build>>;
beforeAll(async () => {
  app = await build();
});
afterAll(async () => {
  await app.close();
});

interface Product {
  id: string;
  name: string;
  link: string | null;
  is_inner: boolean;
  is_static_html: boolean;
  console_route: string | null;
  buy_route: string | null;
  highlights: string[];
}
type Cat = {
  header_data: { name: string; classify_group: { auto_classify_catalog: { name: string; auto_product_catalog: Product[] }[] }[] }[];
  footer_data: { name: string; auto_classify_catalog: { auto_product_catalog: Product[] }[] }[];
};

const products = (c: Cat): Product[] => [
  ...c.header_data.flatMap((h) => h.classify_group.flatMap((g) => g.auto_classify_catalog.flatMap((x) => x.auto_product_catalog))),
  ...c.footer_data.flatMap((f) => f.auto_classify_catalog.flatMap((x) => x.auto_product_catalog)),
];

describe('service catalogue', () => {
  it('answers without a session, grouped as the seed describes, in zh-CN and zh-TW', async () => {
    const cn = await app.inject({ method: 'GET', url: '/api/v1/service-catalog', headers: { 'accept-language': 'zh-CN' } });
    expect(cn.statusCode).toBe(200);
    const cat = cn.json() as Cat;
    expect(cat.header_data.map((h) => h.name)).toEqual(['计算', '存储', '网络', '安全']);
    expect(cat.footer_data.map((f) => f.name)).toEqual(['支持与服务']);
    const ecs = products(cat).find((p) => p.name === '云主机')!;
    expect(ecs).toMatchObject({ console_route: 'ecsManage', buy_route: 'ecsBuy', is_inner: true, is_static_html: false });
    const tw = (await app.inject({ method: 'GET', url: '/api/v1/service-catalog', headers: { 'accept-language': 'zh-TW' } })).json() as Cat;
    expect(tw.header_data.map((h) => h.name)).toEqual(['計算', '儲存', '網路', '安全']);
    expect(products(tw).find((p) => p.id === ecs.id)!.name).toBe('雲主機');
  });

  it('yields routes for internal, linked, non-static products only, none clashing with a route of the spec', async () => {
    const cat = (await app.inject({ method: 'GET', url: '/api/v1/service-catalog' })).json() as Cat;
    const routes = catalogueRoutes(
      cat,
      ROUTE_TABLE.map((r) => r.path),
    );
    const all = products(cat);
    expect(routes.length).toBe(all.filter((p) => p.is_inner && !p.is_static_html && p.link).length);
    expect(routes.map((r) => r.path)).toContain('/product/ecs');
    expect(routes.map((r) => r.path)).not.toContain('/docs/whitepaper/manual.html');
    for (const r of routes) expect(all.find((p) => p.id === r.productId)!.is_inner).toBe(true);
    // Every console/buy route a product names is a route of the spec.
    const names = new Set(ROUTE_TABLE.map((r) => r.name));
    for (const p of all) for (const n of [p.console_route, p.buy_route]) if (n) expect(names.has(n)).toBe(true);
  });

  it('answers a product by id; an unknown or oversized id is a localised 404', async () => {
    const cat = (await app.inject({ method: 'GET', url: '/api/v1/service-catalog' })).json() as Cat;
    const nat = products(cat).find((p) => p.console_route === 'natManage')!;
    const one = await app.inject({ method: 'GET', url: `/api/v1/service-catalog/products/${nat.id}`, headers: { 'accept-language': 'zh-TW' } });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: nat.id, name: 'NAT 閘道', buy_route: 'natBuy' });
    expect(one.json().highlights.length).toBeGreaterThan(0);
    for (const id of ['0123456789abcdef0123456789abcdef', 'x'.repeat(65)]) {
      const res = await app.inject({ method: 'GET', url: `/api/v1/service-catalog/products/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ title: expect.any(String), description: expect.any(String) });
    }
  });
});
