// Reference data through the real app (seed 000 §7 call table): vendors, regions, zones,
// tenant zones, charging packages and per-user column preferences.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { build, demoIds } from './helper.ts';

let app: Awaited<ReturnType<typeof build>>;
let ids: Awaited<ReturnType<typeof demoIds>>;
beforeAll(async () => {
  app = await build();
  ids = await demoIds(app.ctx.db);
});
afterAll(async () => {
  await app.close();
});

const ZONES_TOTAL = 25;
type Row = Record<string, any>;

async function get(account: string, url: string, lang?: string) {
  const c = await app.as(account);
  return c.req({ method: 'GET', url, lang });
}

describe('GET /api/vendors', () => {
  it('answers the six vendors in order_value order with their fields', async () => {
    const res = await get('member', '/api/vendors?__orders=order_value');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(6);
    expect(body.data.map((v: Row) => v.id)).toEqual(['openstack', 'ali', 'tencent', 'ctyun', 'hwyun', 'vmware']);
    expect(body.data.map((v: Row) => v.order_value)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(body.data[1]).toMatchObject({ id: 'ali', name_cn: '阿里云', name_en: 'Alibaba Cloud', cloud_type: 'public', order_value: 2 });
    for (const v of body.data) expect(Object.keys(v)).toEqual(expect.arrayContaining(['id', 'name_cn', 'name_en', 'cloud_type', 'order_value']));
    expect(body.data.filter((v: Row) => v.cloud_type === 'private').map((v: Row) => v.id)).toEqual(['openstack', 'vmware']);
  });

  it('sorts -order_value and filters cloud_type', async () => {
    const desc = (await get('member', '/api/vendors?__orders=-order_value')).json();
    expect(desc.data.map((v: Row) => v.id)).toEqual(['vmware', 'hwyun', 'ctyun', 'tencent', 'ali', 'openstack']);
    const priv = (await get('member', '/api/vendors?cloud_type=private&__orders=order_value')).json();
    expect(priv).toMatchObject({ count: 2, data: [{ id: 'openstack' }, { id: 'vmware' }] });
  });

  it('needs a session', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/vendors' })).statusCode).toBe(401);
  });
});

describe('GET /api/regions', () => {
  it("filters by public_cloud_provider and lists each region's zones in region_az", async () => {
    const res = await get('tenant_admin', '/api/regions?public_cloud_provider=ali');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(3);
    expect(body.data.map((r: Row) => r.name)).toEqual(['华东1（杭州）', '华北2（北京）', '华南1（深圳）']);
    for (const r of body.data) {
      expect(r.public_cloud_provider).toBe('ali');
      expect(r.region_id).toBe(r.id);
      expect(r.region_az.length).toBeGreaterThan(0);
      for (const z of r.region_az) expect(Object.keys(z).sort()).toEqual(['id', 'name']);
    }
    expect(body.data[0].region_az.map((z: Row) => z.name).sort()).toEqual(['杭州 可用区 H', '杭州 可用区 I', '杭州 可用区 J']);
  });

  it('names regions and zones in Traditional characters for a zh-TW reader', async () => {
    const regions = (await get('tenant_admin', '/api/regions?public_cloud_provider=tencent', 'zh-TW')).json();
    expect(regions.data.map((r: Row) => r.name)).toEqual(['華東地區（上海）', '華南地區（廣州）']);
    expect(regions.data[0].region_az.map((z: Row) => z.name).sort()).toEqual(['上海二區', '上海五區', '上海四區']);
    const azs = (await get('tenant_admin', '/api/azs?region.public_cloud_provider=openstack', 'zh-TW')).json();
    expect(azs.data.map((z: Row) => `${(z.region as Row).name} ${z.name}`)).toContain('華東-上海數據中心 上海可用區 A');
    const cn = (await get('tenant_admin', '/api/regions?public_cloud_provider=tencent', 'zh-CN')).json();
    expect(cn.data.map((r: Row) => r.name)).toEqual(['华东地区（上海）', '华南地区（广州）']);
  });

  it('takes comma-joined providers and sorts by sort_value, name and -sort_value', async () => {
    const both = (await get('tenant_admin', '/api/regions?public_cloud_provider=ali,hwyun&__limit=100')).json();
    expect(both.count).toBe(5);
    const sorts = both.data.map((r: Row) => r.sort_value);
    expect(sorts).toEqual([...sorts].sort((a: number, b: number) => a - b));
    const desc = (await get('tenant_admin', '/api/regions?__orders=-sort_value&__limit=100')).json();
    expect(desc.count).toBe(12);
    expect(desc.data.map((r: Row) => r.sort_value)).toEqual([...desc.data.map((r: Row) => r.sort_value)].sort((a: number, b: number) => b - a));
    const byName = (await get('tenant_admin', '/api/regions?__orders=name&__limit=100')).json().data.map((r: Row) => r.name);
    expect(byName.length).toBe(12);
    expect(byName).not.toEqual(desc.data.map((r: Row) => r.name).reverse());
  });

  it('with a product code, keeps only regions that have a zone open for it', async () => {
    const hz = await app.ctx.db.selectFrom('regions').select('id').where('name_en', '=', 'cn-hangzhou').executeTakeFirstOrThrow();
    const before = await app.ctx.db.selectFrom('azs').select(['id', 'product_codes']).where('region_id', '=', hz.id).execute();
    await app.ctx.db
      .updateTable('azs')
      .set({ product_codes: JSON.stringify(['instance', 'app_disaster_recovery']) })
      .where('region_id', '=', hz.id)
      .execute();
    try {
      const body = (await get('tenant_admin', '/api/regions?public_cloud_provider=ali&product_code=app_disaster_recovery')).json();
      expect(body.data.map((r: Row) => r.name)).toEqual(['华东1（杭州）']);
    } finally {
      for (const z of before)
        await app.ctx.db
          .updateTable('azs')
          .set({ product_codes: JSON.stringify(z.product_codes) })
          .where('id', '=', z.id)
          .execute();
    }
  });
});

describe('GET /api/azs', () => {
  it('sorts by -created_date', async () => {
    // Spread the creation dates so the order is observable.
    const zones = await app.ctx.db.selectFrom('azs').select('id').orderBy('id').execute();
    for (const [i, z] of zones.entries()) {
      await app.ctx.db
        .updateTable('azs')
        .set({ created_date: new Date(Date.UTC(2024, 0, 1) + ((i * 7) % zones.length) * 86_400_000) })
        .where('id', '=', z.id)
        .execute();
    }
    const res = await get('member', '/api/azs?__orders=-created_date&__limit=100');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(ZONES_TOTAL);
    const dates = body.data.map((z: Row) => new Date(z.created_date).getTime());
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(new Set(dates).size).toBe(ZONES_TOTAL);
  });

  it('filters region.public_cloud_provider and region_id, each zone carrying its region', async () => {
    const tencent = (await get('member', '/api/azs?__orders=-created_date&region.public_cloud_provider=tencent')).json();
    expect(tencent.count).toBe(5);
    for (const z of tencent.data) expect(z.region).toMatchObject({ public_cloud_provider: 'tencent' });
    const sh = await app.ctx.db.selectFrom('regions').select('id').where('name_en', '=', 'ap-shanghai').executeTakeFirstOrThrow();
    const one = (await get('member', `/api/azs?region_id=${sh.id}&__orders=sort_value`)).json();
    expect(one.count).toBe(3);
    expect(one.data.map((z: Row) => z.region_id)).toEqual([sh.id, sh.id, sh.id]);
    expect(one.data[0].region).toEqual({ id: sh.id, name: '华东地区（上海）', public_cloud_provider: 'tencent' });
    // Sorted by sort_value, which the seed made differ from insertion order.
    expect(one.data.map((z: Row) => z.name)).toEqual(['上海五区', '上海四区', '上海二区']);
  });
});

describe('GET /api/v1/azs', () => {
  it('filters enabled and product_code', async () => {
    const all = (await get('member', '/api/v1/azs?enabled=true&product_code=instance&__limit=100')).json();
    expect(all.count).toBe(ZONES_TOTAL);
    const [a, b] = await app.ctx.db.selectFrom('azs').select('id').orderBy('id').limit(2).execute();
    await app.ctx.db.updateTable('azs').set({ enabled: false }).where('id', '=', a!.id).execute();
    await app.ctx.db
      .updateTable('azs')
      .set({ product_codes: JSON.stringify(['oss']) })
      .where('id', '=', b!.id)
      .execute();
    try {
      const enabled = (await get('member', '/api/v1/azs?enabled=true&product_code=instance&__limit=100')).json();
      expect(enabled.count).toBe(ZONES_TOTAL - 2);
      expect(enabled.data.map((z: Row) => z.id)).not.toContain(a!.id);
      const disabled = (await get('member', '/api/v1/azs?enabled=false&__limit=100')).json();
      expect(disabled.data.map((z: Row) => z.id)).toEqual([a!.id]);
      const oss = (await get('member', '/api/v1/azs?product_code=oss&__limit=100')).json();
      expect(oss.data.map((z: Row) => z.id)).toContain(b!.id);
      const multi = (await get('member', '/api/v1/azs?enabled=true&product_code=oss,volume&__limit=100')).json();
      expect(multi.count).toBe(ZONES_TOTAL - 1);
      const none = (await get('member', '/api/v1/azs?product_code=no_such_product')).json();
      expect(none).toEqual({ count: 0, data: [] });
    } finally {
      await app.ctx.db.updateTable('azs').set({ enabled: true }).where('id', '=', a!.id).execute();
      await app.ctx.db
        .updateTable('azs')
        .set({ product_codes: JSON.stringify(['instance', 'volume', 'eip', 'vpc', 'dbinstance', 'nas', 'oss']) })
        .where('id', '=', b!.id)
        .execute();
    }
  });
});

describe('GET /api/tenants/{id}/synchronizedazs', () => {
  it("answers the tenant's zones with their region, filtered by product_code", async () => {
    const res = await get('tenant_admin', `/api/tenants/${ids.huadong}/synchronizedazs?product_code=instance`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(ZONES_TOTAL);
    for (const z of body.data) {
      expect(z.product_code).toBe('instance');
      expect(z.region).toEqual({ id: expect.any(String), name: expect.any(String), public_cloud_provider: expect.any(String) });
    }
    const all = (await get('tenant_admin', `/api/tenants/${ids.huadong}/synchronizedazs`)).json();
    expect(all.count).toBe(ZONES_TOTAL * 4);
    expect((await get('tenant_admin', `/api/tenants/${ids.huadong}/synchronizedazs?product_code=oss`)).json()).toEqual({ count: 0, data: [] });
  });

  it("answers 404 for another tenant's id, a malformed id and an unknown id", async () => {
    for (const id of [ids.huadong, 'not-an-id', '0'.repeat(32)]) {
      const res = await get('fin_admin', `/api/tenants/${id}/synchronizedazs?product_code=instance`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ title: '错误', description: '资源未找到' });
    }
    expect((await get('admin', `/api/tenants/${ids.huadong}/synchronizedazs?product_code=instance`)).json().count).toBe(ZONES_TOTAL);
  });
});

describe('GET /api/charging-pkgs', () => {
  it('answers platform packages for a product code', async () => {
    const body = (await get('tenant_admin', '/api/charging-pkgs?product_code=instance')).json();
    expect(body.count).toBe(2);
    expect(body.data.map((p: Row) => p.code).sort()).toEqual(['quantity', 'year']);
    for (const p of body.data) {
      expect(p.tenant_id).toBeNull();
      expect(Number.isInteger(p.unit_price_fen)).toBe(true);
    }
    const all = (await get('tenant_admin', '/api/charging-pkgs?__limit=100')).json();
    expect(all.count).toBe(34); // two packages (hourly, monthly) each for the cache and document databases, the shared disk, the FTP gateway, the object-storage capacity package and the bandwidth rental too
  });

  it("adds the tenant's own packages for tenant_id", async () => {
    const body = (await get('fin_admin', `/api/charging-pkgs?product_code=instance&tenant_id=${ids.finance}`)).json();
    expect(body.count).toBe(3);
    expect(body.data.find((p: Row) => p.tenant_id === ids.finance)).toMatchObject({ name: '金融專享包年', unit_price_fen: 25900 });
    const huadong = (await get('tenant_admin', `/api/charging-pkgs?product_code=instance&tenant_id=${ids.huadong}`)).json();
    expect(huadong.count).toBe(2);
  });

  it("answers 404 for another tenant's id without naming anything", async () => {
    const res = await get('tenant_admin', `/api/charging-pkgs?product_code=instance&tenant_id=${ids.finance}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('金融');
    expect(res.body).not.toContain('25900');
    const mixed = await get('tenant_admin', `/api/charging-pkgs?product_code=instance&tenant_id=${ids.huadong},${ids.finance}`);
    expect(mixed.statusCode).toBe(404);
  });
});

describe('persistent_fields', () => {
  it('round-trips per user and per route', async () => {
    const empty = await get('member', '/api/persistent_fields?route=ecsManage');
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ route: 'ecsManage', fields_item: null });

    const member = await app.as('member');
    const fields = JSON.stringify(['name', 'status', 'ip']);
    const saved = await member.req({ method: 'POST', url: '/api/v1/persistent_fields', payload: { route: 'ecsManage', fields_item: fields } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ route: 'ecsManage', fields_item: fields });
    expect((await get('member', '/api/persistent_fields?route=ecsManage')).json()).toEqual({ route: 'ecsManage', fields_item: fields });

    // Saving again replaces; another route and another user are untouched.
    const next = JSON.stringify(['name']);
    await member.req({ method: 'POST', url: '/api/v1/persistent_fields', payload: { route: 'ecsManage', fields_item: next } });
    expect((await get('member', '/api/persistent_fields?route=ecsManage')).json().fields_item).toBe(next);
    expect((await get('member', '/api/persistent_fields?route=volumeManage')).json().fields_item).toBeNull();
    expect((await get('approver', '/api/persistent_fields?route=ecsManage')).json().fields_item).toBeNull();
    const rows = await app.ctx.db
      .selectFrom('persistent_fields')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(rows.n).toBe(1);
  });

  it('refuses routes whose columns are not persisted, naming the rule', async () => {
    const member = await app.as('member');
    for (const route of ['databaseDetail_account', 'officeServiceManage', 'siteMessasgesSet']) {
      const res = await member.req({ method: 'POST', url: '/api/v1/persistent_fields', payload: { route, fields_item: '["name"]' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'route', rule: 'persistence_unsupported', description: 'route：该页面不支持保存自定义列' });
    }
    const tw = await member.req({ method: 'GET', url: '/api/persistent_fields?route=databaseDetail_database', lang: 'zh-TW' });
    expect(tw.statusCode).toBe(400);
    expect(tw.json()).toMatchObject({ title: '錯誤', field: 'route', rule: 'persistence_unsupported' });
  });

  it('validates the route', async () => {
    const missing = await get('member', '/api/persistent_fields');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ field: 'route' });
    const bad = await get('member', '/api/persistent_fields?route=' + encodeURIComponent('<script>'));
    expect(bad.json()).toMatchObject({ field: 'route', rule: 'invalid_format' });
    expect((await app.inject({ method: 'POST', url: '/api/v1/persistent_fields', payload: { route: 'x', fields_item: 'y' } })).statusCode).toBe(401);
  });
});
